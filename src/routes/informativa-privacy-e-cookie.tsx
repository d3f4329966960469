import { createFileRoute } from '@tanstack/react-router'
import { PrivacyNotice } from '../features/static/PrivacyNotice'

/** The privacy notice; it states the retention periods as configured (issue 28 point 2: a public read by the page). */
export const Route = createFileRoute('/informativa-privacy-e-cookie')({
  staticData: { title: { page: 'Informativa privacy e cookie' } },
  component: PrivacyNotice,
})
