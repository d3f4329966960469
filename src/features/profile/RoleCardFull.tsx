/**
 * Role card of the personal area with its `fullInfo` (spec 000 §3 "Role card"; issue 13): title (the
 * role), its 'Stato Ruolo' chip (ATTIVO, NON ATTIVO, TERMINATO…), the programme (REG, DEG) or the project (other scoped roles), the body (not for FAC and VOL),
 * then the facts of the role: services delivered, active facilitators, referents and delegates. Names
 * link to their pages only on the card of the profile in use and when its permissions open them (the
 * administrative pages are scoped to the chosen profile).
 */
import type { ReactNode } from 'react'
import type { FullInfo } from '../../api/contract/profilo'
import type { Profilo } from '../../api/contract/contesto'
import { AppLink } from '../../ui/AppLink'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { roleCardLines } from '../../ui/profile/role-card'

export interface CardLinks { programma: boolean; progetto: boolean; ente: boolean }

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mb-1">
      <dt className="d-inline small text-secondary fw-normal">{label}: </dt>
      <dd className="d-inline small mb-0">{children}</dd>
    </div>
  )
}

export function RoleCardFull({ profilo, info, current, links }: { profilo: Profilo; info: FullInfo; current: boolean; links: CardLinks }) {
  const lines = roleCardLines(profilo)
  const name = (label: string, text: string, to: string | null) => (to ? <AppLink to={to}>{text}<span className="visually-hidden"> ({label})</span></AppLink> : text)
  const programme = lines.programma && info.programma
    ? name('programma', info.programma.nome, links.programma ? `/area-amministrativa/programmi/${info.programma.id}/info` : null) : lines.programma
  const project = info.progetto && !lines.programma
    ? name('progetto', info.progetto.nome, links.progetto ? `/area-amministrativa/progetti/${info.progetto.id}/info` : null) : lines.progetto
  const body = lines.ente && info.ente ? name('ente', info.ente.nome, links.ente ? `/area-amministrativa/enti/${info.ente.id}` : null) : lines.ente
  return (
    <div className="card card-bg rounded shadow-sm h-100 pd-role-card" data-testid="role-card" data-ruolo={profilo.codiceRuolo}>
      <div className="card-body">
        {current && <span className="badge bg-primary mb-2">Ruolo attuale</span>}
        <h3 className="h6 fw-semibold mb-2">{lines.title}</h3>
        {info.stato && (
          <p className="mb-2 small d-flex align-items-center gap-2" data-testid="role-status">
            <span className="text-secondary">Stato Ruolo</span> <StatusChip value={info.stato} />
          </p>
        )}
        <dl className="mb-0">
          {programme && <Row label="Programma">{programme}</Row>}
          {project && <Row label="Progetto">{project}</Row>}
          {body && <Row label="Ente">{body}</Row>}
          {info.serviziErogati !== null && <Row label="Servizi erogati">{info.serviziErogati}</Row>}
          {info.nFacilitatori !== null && <Row label="Facilitatori attivi">{info.nFacilitatori}</Row>}
          {info.referenti !== null && (
            <Row label="Referenti e delegati">
              {info.referenti.length === 0 ? 'nessuno' : info.referenti.map((r) => `${r.nome} ${r.cognome} (${r.ruolo.toLowerCase()})`).join(', ')}
            </Row>
          )}
        </dl>
      </div>
    </div>
  )
}
