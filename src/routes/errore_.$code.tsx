import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '../features/auth/ErrorPage'
import { ERROR_CODE, pathParams } from '../lib/route-params'

/** `/errore/{code}`: error page with the catalogue entry of `code` (spec 000 §2.1, §8). */
export const Route = createFileRoute('/errore_/$code')({
  staticData: { title: { page: ({ params }) => `Errore ${params.code}` } },
  params: pathParams({ code: ERROR_CODE }),
  component: ErrorCodeRoute,
})

function ErrorCodeRoute() {
  const { code } = Route.useParams()
  return <ErrorPage code={code} />
}
