import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '../features/auth/ErrorPage'

/** `/errore/{code}`: error page with the catalogue entry of `code` (spec 000 §2.1, §8). */
export const Route = createFileRoute('/errore_/$code')({
  staticData: { title: { page: ({ params }) => `Errore ${params.code}` } },
  component: ErrorCodeRoute,
})

function ErrorCodeRoute() {
  const { code } = Route.useParams()
  return <ErrorPage code={code} />
}
