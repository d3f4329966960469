/** Full-page loader while the loader counter is above zero (spec 000 §4 "Loader"). */
import { useLoaderCount } from '../stores/loader'

export function LoaderOverlay() {
  const count = useLoaderCount()
  if (count <= 0) return null
  return (
    <div className="pd-loader-overlay" role="status" aria-live="polite" data-testid="loader-overlay">
      <div className="progress-spinner progress-spinner-active" aria-hidden="true" />
      <span className="visually-hidden">Caricamento in corso</span>
    </div>
  )
}
