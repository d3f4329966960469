import { createFileRoute } from '@tanstack/react-router'
import { ErrorPage } from '../features/auth/ErrorPage'

/** `/errore`: generic error page with the 55 s automatic logout. */
export const Route = createFileRoute('/errore')({
  staticData: { title: { page: 'Errore' } },
  component: () => <ErrorPage />,
})
