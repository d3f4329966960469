import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../auth/guards'
import { RichiestaAssistenzaPage } from '../features/assistenza/RichiestaAssistenzaPage'

export const Route = createFileRoute('/richiesta-assistenza')({
  staticData: { title: { page: 'Richiesta di assistenza tecnica' } },
  beforeLoad: requireLogin(),
  component: RichiestaAssistenzaPage,
})
