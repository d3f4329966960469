import { createFileRoute } from '@tanstack/react-router'
import { requireLogin } from '../../auth/guards'
import { PersonalArea, personalAreaReads } from '../../features/profile/PersonalArea'
import { prefetchRead } from '../../api/prefetch'

export const Route = createFileRoute('/area-personale/')({
  staticData: { title: { page: 'Area personale' } },
  beforeLoad: requireLogin(),
  loader: (ctx) => prefetchRead(ctx, () => personalAreaReads()),
  codeSplitGroupings: [['loader', 'component']],
  component: PersonalArea,
})
