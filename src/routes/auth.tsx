import { createFileRoute, redirect } from '@tanstack/react-router'
import { getSessionState } from '../auth/session'
import { parseAuthSearch } from '../features/auth/auth-search'
import { LoginCallback } from '../features/auth/LoginCallback'
import { LoginPage } from '../features/auth/LoginPage'

/** `/auth`: login screen, or completion of the login when the provider sent `?code=` back. */
export const Route = createFileRoute('/auth')({
  staticData: { title: { page: 'Accedi' } },
  validateSearch: parseAuthSearch,
  beforeLoad: ({ search }) => {
    if (!search.code && !search.error && getSessionState().status === 'authenticated') throw redirect({ to: '/', replace: true })
  },
  component: AuthRoute,
})

function AuthRoute() {
  const { code, state, error } = Route.useSearch()
  return code ? <LoginCallback code={code} state={state} /> : <LoginPage providerError={error} />
}
