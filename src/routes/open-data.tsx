import { createFileRoute } from '@tanstack/react-router'
import { OpenData } from '../features/static/OpenData'

export const Route = createFileRoute('/open-data')({
  component: OpenData,
})
