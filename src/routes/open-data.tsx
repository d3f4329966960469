import { createFileRoute } from '@tanstack/react-router'
import { OpenDataPage } from '../features/open-data/OpenDataPage'
import { prefetchRead } from '../api/prefetch'
import { openDataQuery } from '../features/open-data'

export const Route = createFileRoute('/open-data')({
  staticData: { title: { page: 'Open data' } },
  loader: (ctx) => prefetchRead(ctx, () => [openDataQuery()]),
  codeSplitGroupings: [['loader', 'component']],
  component: OpenDataPage,
})
