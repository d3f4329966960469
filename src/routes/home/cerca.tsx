import { createFileRoute } from '@tanstack/react-router'
import { SearchPage } from '../../features/shell/SearchPage'

export const Route = createFileRoute('/home/cerca')({
  staticData: { title: { page: 'Cerca' } },
  component: SearchPage,
})
