import { createFileRoute } from '@tanstack/react-router'
import { AccessibilityStatement } from '../features/static/AccessibilityStatement'

export const Route = createFileRoute('/legal')({
  staticData: { title: { page: 'Dichiarazione di accessibilità' } },
  component: AccessibilityStatement,
})
