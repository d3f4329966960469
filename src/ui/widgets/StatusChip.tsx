/**
 * Status chip (spec 000 §3 'Status chip'): the value shown upper-case, underscores as spaces
 * ('NON_COMPILATA' → 'NON COMPILATA'), coloured by group: done/active green, pending/sent blue,
 * ended/removed red, anything else neutral.
 */
import './widgets.css'

const GREEN = ['ATTIVO', 'COMPILATA', 'COMPILATO', 'COMPLETATO', 'ACTIVE', 'ABILITATA']
const BLUE = ['INVIATO', 'IN CORSO', 'PROGRAMMATA', 'ATTIVABILE', 'TERMINABILE', 'IN BOZZA', 'DRAFT']
const RED = ['TERMINATO', 'ELIMINATO', 'CANCELLATO', 'FALLITO', 'INACTIVE']

/** 'non_compilata' → 'NON COMPILATA'. */
export function statusLabel(value: string): string {
  return value.replace(/_/g, ' ').trim().toUpperCase()
}

/** bootstrap-italia chip colour class of a status. */
export function statusColor(value: string): string {
  const label = statusLabel(value)
  if (GREEN.includes(label)) return 'chip-success'
  if (BLUE.includes(label)) return 'chip-primary'
  if (RED.includes(label)) return 'chip-danger'
  return 'chip-secondary'
}

/** A status chip: a label, not a control (no hover inversion, no transition). */
export function StatusChip({ value }: { value: string }) {
  return (
    <span className={`chip chip-simple pd-chip-static m-0 ${statusColor(value)}`}>
      <span className="chip-label">{statusLabel(value)}</span>
    </span>
  )
}
