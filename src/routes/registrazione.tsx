import { createFileRoute, redirect } from '@tanstack/react-router'
import { getSessionState } from '../auth/session'
import { RegistrationPage } from '../features/auth/RegistrationPage'

/** `/registrazione`: first access only (a logged user whose registration is still to do). */
export const Route = createFileRoute('/registrazione')({
  staticData: { title: { page: 'Registrazione' } },
  beforeLoad: () => {
    const s = getSessionState()
    if (s.status !== 'authenticated') throw redirect({ to: '/auth', replace: true })
    if (s.user?.integrazione && !s.needsProfileChoice) throw redirect({ to: '/', replace: true })
  },
  component: RegistrationPage,
})
