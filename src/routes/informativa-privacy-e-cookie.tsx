import { createFileRoute } from '@tanstack/react-router'
import { PrivacyNotice } from '../features/static/PrivacyNotice'
import { prefetchRead } from '../api/prefetch'
import { periodiConservazioneQuery } from '../features/conservazione'

/** The privacy notice; it states the retention periods as configured (issue 28 point 2: a public read). */
export const Route = createFileRoute('/informativa-privacy-e-cookie')({
  staticData: { title: { page: 'Informativa privacy e cookie' } },
  loader: (ctx) => prefetchRead(ctx, () => [periodiConservazioneQuery()]),
  codeSplitGroupings: [['loader', 'component']],
  component: PrivacyNotice,
})
