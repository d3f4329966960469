import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../auth/guards'
import { SearchPage } from '../../features/community/SearchPage'

export const Route = createFileRoute('/home/cerca')({
  staticData: { title: { page: 'Cerca' } },
  beforeLoad: requireLogin(),
  component: SearchPage,
})
