/**
 * A job's state (spec 002 §3, §8): a status chip ('In corso', 'Completato', 'Fallito'); a failed job adds an
 * information button whose tooltip says 'Per un problema tecnico imprevisto …' — shown on hover and on
 * keyboard focus, announced as the button's description, dismissed with Esc (WCAG 1.4.13).
 */
import { Icon } from 'design-react-kit'
import { useId, useState } from 'react'
import { etichettaStatoJob, STATI_JOB_FALLITI, TOOLTIP_JOB_FALLITO, type StatoJob as Stato } from '../../api/contract/caricamenti'
import { StatusChip } from '../../ui/widgets/StatusChip'
import './caricamenti.css'

export const fallito = (stato: string) => (STATI_JOB_FALLITI as readonly string[]).includes(stato as Stato)

export function StatoJob({ stato }: { stato: string }) {
  const id = useId()
  const [hidden, setHidden] = useState(false)
  const label = etichettaStatoJob(stato)
  if (!fallito(stato)) return <StatusChip value={label} />
  return (
    <span className={`pd-tooltip-wrap${hidden ? ' pd-tooltip-off' : ''}`} onMouseLeave={() => setHidden(false)}>
      <StatusChip value={label} />
      <button type="button" className="btn btn-link p-0 ms-1 pd-tooltip-btn" aria-describedby={id}
        onKeyDown={(e) => { if (e.key === 'Escape') setHidden(true) }} onBlur={() => setHidden(false)}>
        {/* an icon of the kit, not the character 'ⓘ', which the app's fonts lack (an empty box, issue 24 point 23) */}
        <Icon icon="it-info-circle" size="sm" color="primary" aria-hidden />
        <span className="visually-hidden">Perché il caricamento non è riuscito</span>
      </button>
      <span role="tooltip" id={id} className="pd-tooltip">{TOOLTIP_JOB_FALLITO}</span>
    </span>
  )
}
