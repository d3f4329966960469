/** The 'DA SINCRONIZZARE' chip next to a record not yet confirmed by the server (issue #3 point 5). */
import type { RecordSyncState } from '../../offline'

export function SyncChip({ state }: { state: RecordSyncState }) {
  if (state === 'confermato') return null
  const text = state === 'attenzione' ? 'RICHIEDE ATTENZIONE' : state === 'invio' ? 'IN INVIO' : 'DA SINCRONIZZARE'
  return <span className={`chip chip-simple pd-chip-static ${state === 'attenzione' ? 'chip-danger' : 'chip-warning'}`} data-sync-state={state}><span className="chip-label">{text}</span></span>
}
