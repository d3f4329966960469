/** Frame and small states of the bodies, sites and users detail pages (loading, not available): those of programmi/PageFrame.tsx. */
import { NonDisponibile as NonDisponibileScheda } from '../programmi/PageFrame'

export { Caricamento, Frame as DetailFrame } from '../programmi/PageFrame'

/** The page's data could not be read: offline and not kept, or an error (with 'Riprova'; it may be a matter of access). */
export function NonDisponibile({ title, missing, onRetry }: { title: string; missing: boolean; onRetry(): void }) {
  return <NonDisponibileScheda titolo={title} missing={missing} onRetry={onRetry} avvisoAccesso />
}
