/**
 * Progress of a long whole field sync (issue 25 point 2): 'Primo allineamento in corso: 3.200 di 18.676
 * record' with a progress bar, shown while the pages of a whole sync arrive (one page is too short to show).
 * The sentence sits in a polite live region that is always in the page: it is announced when the sync
 * starts and when it ends, not at every page; the count is read from the progress bar.
 * Shown on the facilitator's services list and in the sync centre.
 */
import { useAvanzamentoSync } from './sync'

/** The sentence of a whole sync: the first one on this device, or one the server asked again. */
export const PRIMO_ALLINEAMENTO = 'Primo allineamento in corso'
export const ALLINEAMENTO_COMPLETO = 'Allineamento completo in corso'

// Italian leaves 4-digit numbers ungrouped by default: '3.200', as in the rest of the counts
const numero = new Intl.NumberFormat('it-IT', { useGrouping: 'always' })

/** '3.200 di 18.676 record' (exported for tests). */
export function conteggioRecord(inviati: number, totale: number): string {
  return `${numero.format(inviati)} di ${numero.format(totale)} record`
}

/** The progress of the running whole sync of the current profile (nothing visible when none). */
export function AllineamentoCampo({ className = 'mb-4' }: { className?: string }) {
  const a = useAvanzamentoSync()
  const attivo = a !== null && a.modalita === 'completa' && a.totale > 0 ? a : null
  const titolo = attivo ? (attivo.primo ? PRIMO_ALLINEAMENTO : ALLINEAMENTO_COMPLETO) : ''
  const percent = attivo ? Math.min(100, Math.round((attivo.inviati / attivo.totale) * 100)) : 0
  return (
    <div className={attivo ? className : undefined} data-testid="allineamento-campo">
      <p className={attivo ? 'mb-2 fw-semibold' : 'visually-hidden'}>
        <span role="status" aria-live="polite">
          {titolo}
        </span>
        {attivo && <span data-testid="allineamento-campo-conteggio">{`: ${conteggioRecord(attivo.inviati, attivo.totale)}`}</span>}
      </p>
      {attivo && (
        <>
          <div className="progress mb-2" style={{ maxWidth: '32rem' }}>
            <div
              className="progress-bar"
              role="progressbar"
              aria-label="Record scaricati su questo dispositivo"
              aria-valuemin={0}
              aria-valuemax={attivo.totale}
              aria-valuenow={attivo.inviati}
              aria-valuetext={conteggioRecord(attivo.inviati, attivo.totale)}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="small mb-0">Resta connesso finché l’allineamento non è completato: i servizi compaiono man mano che arrivano su questo dispositivo.</p>
        </>
      )}
    </div>
  )
}
