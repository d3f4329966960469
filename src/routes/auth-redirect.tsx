import { createFileRoute, redirect } from '@tanstack/react-router'
import { getSessionState } from '../auth/session'
import { AuthRedirectPage } from '../features/auth/AuthRedirectPage'

/** `/auth-redirect` (spec 000 §2.1, §8 A02): a logged-in user goes to '/', anyone else to '/auth'. */
export const Route = createFileRoute('/auth-redirect')({
  staticData: { title: { page: 'Accesso' } },
  beforeLoad: () => {
    throw redirect({ to: getSessionState().status === 'authenticated' ? '/' : '/auth', replace: true })
  },
  component: AuthRedirectPage,
})
