import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../auth/guards'
import { PersonalArea } from '../../features/profile/PersonalArea'

export const Route = createFileRoute('/area-personale/')({
  staticData: { title: { page: 'Area personale' } },
  beforeLoad: requireLogin(),
  component: PersonalArea,
})
