/**
 * Table of the services (spec 002 §2 columns: Nome, ID, Tipo di servizio, Data, Sede, Stato); accordion
 * rows on phones. The name links to the detail; rows not yet confirmed by the server carry the
 * synchronisation chip and '—' as ID.
 */
import { formatDisplayDate } from '../../../lib/dates'
import { AppLink } from '../../../ui/AppLink'
import { ResponsiveTable, type Column } from '../../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { SyncChip } from '../../campo'
import type { RigaServizio } from './servizi-list'

export const serviceUrl = (routeId: string) => `/area-amministrativa/servizi/${encodeURIComponent(routeId)}/info`

const COLUMNS: Column<RigaServizio>[] = [
  {
    key: 'nome',
    header: 'Nome',
    cell: (r) => (
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        <AppLink to={serviceUrl(r.routeId)} className="fw-semibold">{r.nome}</AppLink>
        {r.syncState && <SyncChip state={r.syncState} />}
      </span>
    ),
  },
  { key: 'id', header: 'ID', cell: (r) => (r.id !== null ? r.id : <span aria-label="non ancora assegnato">—</span>) },
  { key: 'tipologia', header: 'Tipo di servizio', cell: (r) => r.tipologia.join(', ') },
  { key: 'data', header: 'Data', cell: (r) => formatDisplayDate(r.data) },
  { key: 'sede', header: 'Sede', cell: (r) => r.nomeSede },
  { key: 'stato', header: 'Stato', cell: (r) => <StatusChip value={r.stato} /> },
]

export function ServiziTable({ rows }: { rows: readonly RigaServizio[] }) {
  return (
    <ResponsiveTable
      caption="Elenco servizi"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.key}
      summary={(r) => (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {r.nome}
          <span className="small text-secondary fw-normal">{formatDisplayDate(r.data)}</span>
        </span>
      )}
    />
  )
}
