import { createFileRoute } from '@tanstack/react-router'
import { PrivacyNotice } from '../features/static/PrivacyNotice'

export const Route = createFileRoute('/informativa-privacy-e-cookie')({
  staticData: { title: { page: 'Informativa privacy e cookie' } },
  component: PrivacyNotice,
})
