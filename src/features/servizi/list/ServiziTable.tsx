/**
 * Columns of the services list (spec 002 §2: Nome, ID, Tipo di servizio, Data, Sede, Stato) and the title
 * of a row's accordion item on phones. The name links to the detail; rows not yet confirmed by the server
 * carry the synchronisation chip and '—' as ID.
 */
import { formatDisplayDate } from '../../../lib/dates'
import { AppLink } from '../../../ui/AppLink'
import type { Column } from '../../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { SyncChip } from '../../campo'
import type { RigaServizio } from './servizi-list'

export const serviceUrl = (routeId: string) => `/area-amministrativa/servizi/${encodeURIComponent(routeId)}/info`

export const SERVIZI_COLUMNS: readonly Column<RigaServizio>[] = [
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

/** Title of a row's accordion item: name and date. */
export function servizioSummary(r: RigaServizio) {
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      {r.nome}
      <span className="small text-secondary fw-normal">{formatDisplayDate(r.data)}</span>
    </span>
  )
}

/** The note under the table when a row reads NON ATTIVO. */
export function nonAttivoNote(rows: readonly RigaServizio[], text: string) {
  return rows.some((r) => r.stato === 'NON ATTIVO') ? <p className="small text-secondary mb-2" data-testid="non-attivo-spiegazione">{text}</p> : null
}
