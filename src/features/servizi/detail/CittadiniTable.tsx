/**
 * Table of the citizens of a service (accordion rows on phones): ID, gender, age band, survey state,
 * last change and the actions the state allows (spec 002 §4): 'Compila questionario', 'Invia
 * questionario', 'Visualizza questionario', 'Stampa questionario'. Unsent rows carry the sync chip.
 */
import { formatDisplayDateTime } from '../../../lib/dates'
import { AppLink } from '../../../ui/AppLink'
import { ResponsiveTable, type Column } from '../../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { SyncChip } from '../../campo'
import { azioniCittadino, type RigaCittadino } from './cittadini-list'
import { InviaQuestionarioSlot } from './slots'

export interface CittadiniTableProps {
  rows: readonly RigaCittadino[]
  serviceRouteId: string
  /** the viewer created the service (facilitator): compile and send */
  canWrite: boolean
}

const who = (r: RigaCittadino) => (r.idCittadino !== null ? ` del cittadino ${r.idCittadino}` : ' del cittadino in attesa di invio')

function Azioni({ r, serviceRouteId, canWrite }: { r: RigaCittadino } & Omit<CittadiniTableProps, 'rows'>) {
  const a = azioniCittadino(r, serviceRouteId, canWrite)
  return (
    <div className="d-flex flex-wrap gap-2">
      {a.compila && (
        <AppLink to={a.compila} className="btn btn-primary btn-sm">
          Compila questionario<span className="visually-hidden">{who(r)}</span>
        </AppLink>
      )}
      {a.invia && <InviaQuestionarioSlot idQuestionario={r.idQuestionario} />}
      {a.visualizza && (
        <AppLink to={a.visualizza} className="btn btn-outline-primary btn-sm" title="Visualizza questionario">
          Visualizza questionario<span className="visually-hidden">{who(r)}</span>
        </AppLink>
      )}
      {a.stampa && (
        <AppLink to={a.stampa} className="btn btn-link btn-sm">
          Stampa questionario<span className="visually-hidden">{who(r)}</span>
        </AppLink>
      )}
    </div>
  )
}

export function CittadiniTable({ rows, serviceRouteId, canWrite }: CittadiniTableProps) {
  const columns: Column<RigaCittadino>[] = [
    {
      key: 'id',
      header: 'ID cittadino',
      cell: (r) => (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {r.idCittadino ?? '—'}
          {r.syncState && <SyncChip state={r.syncState} />}
        </span>
      ),
    },
    { key: 'genere', header: 'Genere', cell: (r) => r.genere ?? '—' },
    { key: 'fascia', header: 'Fascia di età', cell: (r) => r.fasciaDiEta ?? '—' },
    { key: 'stato', header: 'Stato questionario', cell: (r) => <StatusChip value={r.stato} /> },
    { key: 'data', header: 'Ultimo aggiornamento', cell: (r) => formatDisplayDateTime(r.dataUltimoAggiornamento) || '—' },
    { key: 'azioni', header: 'Azioni', cell: (r) => <Azioni r={r} serviceRouteId={serviceRouteId} canWrite={canWrite} /> },
  ]
  return (
    <ResponsiveTable
      caption="Cittadini del servizio"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      summary={(r) => (
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {r.idCittadino !== null ? `Cittadino ${r.idCittadino}` : 'Cittadino in attesa di invio'}
          <StatusChip value={r.stato} />
        </span>
      )}
    />
  )
}
