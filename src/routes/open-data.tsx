import { createFileRoute } from '@tanstack/react-router'
import { OpenData } from '../features/static/OpenData'

export const Route = createFileRoute('/open-data')({
  staticData: { title: { page: 'Open data' } },
  component: OpenData,
})
