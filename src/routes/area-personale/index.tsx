import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../auth/guards'
import { PersonalArea } from '../../features/profile/PersonalArea'

export const Route = createFileRoute('/area-personale/')({
  beforeLoad: requireLogin(),
  component: PersonalArea,
})
