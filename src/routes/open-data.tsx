import { createFileRoute } from '@tanstack/react-router'
import { OpenDataPage } from '../features/open-data/OpenDataPage'

export const Route = createFileRoute('/open-data')({
  staticData: { title: { page: 'Open data' } },
  component: OpenDataPage,
})
