/**
 * Non-modal banner at the bottom of the page: 'È disponibile una nuova versione' + 'Aggiorna'.
 * Shown only when a new service worker is waiting and no form is dirty; 'Più tardi' hides it until
 * the next page load. 'Aggiorna' while the outbox is sending does not reload: the banner says
 * "Invio in corso: l'aggiornamento partirà al termine" and the update starts once the outbox is idle
 * (`update-store.ts`). Rendered once by the shell (`src/ui/shell/AppShell.tsx`).
 */
import { useState } from 'react'
import { useAnyFormDirty } from './dirty-forms'
import { requestUpdate, useUpdateState } from './update-store'

/** Text shown while an accepted update waits for the outbox. */
export const UPDATE_DEFERRED_TEXT = "Invio in corso: l'aggiornamento partirà al termine"

export function UpdatePrompt() {
  const state = useUpdateState()
  const formDirty = useAnyFormDirty()
  const [dismissed, setDismissed] = useState(false)
  if (state === 'none' || formDirty || (dismissed && state === 'available')) return null
  return (
    <section
      className="pd-update-prompt position-fixed bottom-0 start-0 end-0 bg-white border-top shadow p-3"
      style={{ zIndex: 1040 }}
      aria-labelledby="pd-update-prompt-title"
      role="status"
    >
      <div className="container d-flex flex-wrap align-items-center justify-content-between gap-2">
        <p id="pd-update-prompt-title" className="mb-0 fw-semibold">
          {state === 'deferred' ? UPDATE_DEFERRED_TEXT : 'È disponibile una nuova versione'}
        </p>
        {state === 'available' && (
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setDismissed(true)}>
              Più tardi
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => requestUpdate()}>
              Aggiorna
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
