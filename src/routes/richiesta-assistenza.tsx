import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../auth/guards'
import { AssistancePage } from '../features/shell/AssistancePage'

export const Route = createFileRoute('/richiesta-assistenza')({
  staticData: { title: { page: 'Richiesta di assistenza tecnica' } },
  beforeLoad: requireLogin(),
  component: AssistancePage,
})
