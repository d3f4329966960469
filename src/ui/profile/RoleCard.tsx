/** Role card of a profile (spec 000 §3 "Role card" display rules, via `roleCardLines`). */
import { roleCardLines, type RoleCardProfile } from './role-card'

export function RoleCardDetails({ profile }: { profile: RoleCardProfile }) {
  const l = roleCardLines(profile)
  return (
    <span className="d-block">
      <span className="d-block fw-semibold">{l.title}</span>
      {l.programma && (
        <span className="d-block small">
          <span className="text-secondary">Programma: </span>
          {l.programma}
        </span>
      )}
      {l.progetto && (
        <span className="d-block small">
          <span className="text-secondary">Progetto: </span>
          {l.progetto}
        </span>
      )}
      {l.ente && (
        <span className="d-block small">
          <span className="text-secondary">Ente: </span>
          {l.ente}
        </span>
      )}
    </span>
  )
}

export function RoleCard({ profile, current }: { profile: RoleCardProfile; current?: boolean }) {
  return (
    <div className="card card-bg rounded shadow-sm h-100 pd-role-card" data-testid="role-card">
      <div className="card-body">
        {current && <span className="badge bg-primary mb-2">Ruolo attuale</span>}
        <RoleCardDetails profile={profile} />
      </div>
    </div>
  )
}
