import { createFileRoute } from '@tanstack/react-router'
import { AccessibilityStatement } from '../features/static/AccessibilityStatement'

export const Route = createFileRoute('/legal')({
  component: AccessibilityStatement,
})
