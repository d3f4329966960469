/**
 * Non-modal banner at the bottom of the page: 'È disponibile una nuova versione' + 'Aggiorna'.
 * Shown only when a new service worker is waiting and no form is dirty; 'Più tardi' hides it until
 * the next page load. Rendered once by the shell (`src/routes/__root.tsx`).
 */
import { useState } from 'react'
import { useAnyFormDirty } from './dirty-forms'
import { applyUpdate, useUpdateAvailable } from './update-store'

export function UpdatePrompt() {
  const available = useUpdateAvailable()
  const formDirty = useAnyFormDirty()
  const [dismissed, setDismissed] = useState(false)
  if (!available || formDirty || dismissed) return null
  return (
    <section
      className="pd-update-prompt position-fixed bottom-0 start-0 end-0 bg-white border-top shadow p-3"
      style={{ zIndex: 1040 }}
      aria-labelledby="pd-update-prompt-title"
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p id="pd-update-prompt-title" className="mb-0 fw-semibold">
          È disponibile una nuova versione
        </p>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDismissed(true)}>
            Più tardi
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => applyUpdate()}>
            Aggiorna
          </button>
        </div>
      </div>
    </section>
  )
}
