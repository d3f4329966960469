/**
 * Table of the citizens of a service (accordion rows on phones): the citizen — masked fiscal code or
 * document number and the time added (issue 8 point 2) —, gender, age band, survey state (with the link's
 * expiry once sent, issue 8 point 3), last change and the actions the state allows (spec 002 §4):
 * 'Compila questionario', 'Invia questionario' (or 'Invia di nuovo'), 'Visualizza questionario', 'Stampa
 * questionario', each naming its citizen for screen readers. Unsent rows carry the sync chip.
 */
import { formatDisplayDateTime } from '../../../lib/dates'
import { shortMask } from '../../../lib/masked-identity'
import { AppLink } from '../../../ui/AppLink'
import { ResponsiveTable, type Column } from '../../../ui/widgets/ResponsiveTable'
import { StatusChip } from '../../../ui/widgets/StatusChip'
import { SyncChip } from '../../campo'
import { azioniCittadino, chiCittadino, identificativoDi, testoAggiunta, testoLink, type RigaCittadino } from './cittadini-list'
import { InviaQuestionarioSlot } from './slots'

export interface CittadiniTableProps {
  rows: readonly RigaCittadino[]
  serviceRouteId: string
  /** the viewer created the service (facilitator): compile and send */
  canWrite: boolean
}

function Azioni({ r, serviceRouteId, canWrite }: { r: RigaCittadino } & Omit<CittadiniTableProps, 'rows'>) {
  const a = azioniCittadino(r, serviceRouteId, canWrite)
  const who = chiCittadino(r)
  return (
    <div className="d-flex flex-wrap gap-2">
      {a.compila && (
        <AppLink to={a.compila} className="btn btn-primary btn-sm">
          Compila questionario<span className="visually-hidden">{who}</span>
        </AppLink>
      )}
      {a.invia && <InviaQuestionarioSlot idQuestionario={r.idQuestionario} inviato={a.inviaDiNuovo} descrizione={who} />}
      {a.visualizza && (
        <AppLink to={a.visualizza} className="btn btn-outline-primary btn-sm" title="Visualizza questionario">
          Visualizza questionario<span className="visually-hidden">{who}</span>
        </AppLink>
      )}
      {a.stampa && (
        <AppLink to={a.stampa} className="btn btn-link btn-sm">
          Stampa questionario<span className="visually-hidden">{who}</span>
        </AppLink>
      )}
    </div>
  )
}

/** The masked identity: bullets for the eye, a short form for screen readers ('RSS…90…'). */
function Identificativo({ r }: { r: RigaCittadino }) {
  const mask = identificativoDi(r)
  return (
    <>
      <span className="font-monospace text-nowrap" aria-hidden="true" data-testid="identificativo-cittadino">{mask}</span>
      <span className="visually-hidden">{r.identificativoMascherato ? shortMask(r.identificativoMascherato) : 'non disponibile'}</span>
    </>
  )
}

function Cittadino({ r }: { r: RigaCittadino }) {
  const aggiunto = testoAggiunta(r.dataOraAggiunta)
  return (
    <span className="d-inline-flex flex-column">
      <span className="d-inline-flex flex-wrap align-items-center gap-2">
        <Identificativo r={r} />
        {r.syncState && <SyncChip state={r.syncState} />}
      </span>
      {aggiunto && <small className="text-secondary">{aggiunto}</small>}
    </span>
  )
}

function Stato({ r }: { r: RigaCittadino }) {
  const link = testoLink(r)
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      <StatusChip value={r.stato} />
      {link && <small className="text-secondary" data-testid="scadenza-link">{link}</small>}
    </span>
  )
}

export function CittadiniTable({ rows, serviceRouteId, canWrite }: CittadiniTableProps) {
  const columns: Column<RigaCittadino>[] = [
    { key: 'cittadino', header: 'Cittadino', cell: (r) => <Cittadino r={r} /> },
    { key: 'genere', header: 'Genere', cell: (r) => r.genere ?? '—' },
    { key: 'fascia', header: 'Fascia di età', cell: (r) => r.fasciaDiEta ?? '—' },
    { key: 'stato', header: 'Stato questionario', cell: (r) => <Stato r={r} /> },
    { key: 'data', header: 'Ultimo aggiornamento', cell: (r) => formatDisplayDateTime(r.dataUltimoAggiornamento) || '—' },
    { key: 'azioni', header: 'Azioni', cell: (r) => <Azioni r={r} serviceRouteId={serviceRouteId} canWrite={canWrite} /> },
  ]
  return (
    <ResponsiveTable
      caption="Cittadini del servizio"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      summary={(r) => {
        const aggiunto = testoAggiunta(r.dataOraAggiunta)
        return (
          <span className="d-inline-flex flex-wrap align-items-center gap-2">
            <Identificativo r={r} />
            {aggiunto && <small className="text-secondary">{aggiunto}</small>}
            <StatusChip value={r.stato} />
          </span>
        )
      }}
    />
  )
}
