import { createFileRoute } from '@tanstack/react-router'
import { publicOrAnyPermission } from '../../features/shell/guards'
import { ReportDatiPage, reportDatiReads } from '../../features/area-dati/ReportDatiPage'
import { parseReportSearch } from '../../features/area-dati/search'
import { prefetchRead } from '../../api/prefetch'

/** 'Report dati' (issue 11 point 1): filters in the URL; logged users need tab.dshb or view.dshb (spec 000 §2.1–2.2). */
export const Route = createFileRoute('/area-dati/report-dati')({
  staticData: { title: { page: 'Report dati', section: 'Area dati' } },
  validateSearch: parseReportSearch,
  beforeLoad: publicOrAnyPermission(['tab.dshb', 'view.dshb']),
  loader: (ctx) => prefetchRead(ctx, () => reportDatiReads(parseReportSearch(ctx.location.search))),
  codeSplitGroupings: [['loader', 'component']],
  component: function ReportDati() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <ReportDatiPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  },
})
