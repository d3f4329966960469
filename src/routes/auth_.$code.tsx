import { createFileRoute } from '@tanstack/react-router'
import { parseAuthSearch } from '../features/auth/auth-search'
import { LoginCallback } from '../features/auth/LoginCallback'
import { URL_TOKEN, pathParams } from '../lib/route-params'

/** `/auth/{code}`: the pre-auth code as the last path segment (spec 000 §2.1). */
export const Route = createFileRoute('/auth_/$code')({
  staticData: { title: { page: 'Accesso in corso' } },
  params: pathParams({ code: URL_TOKEN }),
  validateSearch: parseAuthSearch,
  component: AuthCodeRoute,
})

function AuthCodeRoute() {
  const { code } = Route.useParams()
  const { state } = Route.useSearch()
  return <LoginCallback code={code} state={state} />
}
