import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../features/home/HomePage'

/** '/': landing for visitors, home (tab.home) for logged users. */
export const Route = createFileRoute('/')({
  staticData: { title: { page: 'Home' } },
  component: HomePage,
})
