/**
 * One confirmation dialog for a page's destructive actions: `ask({ title, text, confirmLabel, run })`
 * opens it; 'Conferma' runs `run` (errors were already shown by the catalogue's toast) and closes it.
 */
import { useState, type ReactNode } from 'react'
import { ConfirmModal } from './ConfirmModal'

export interface Richiesta { title: string; text: string; confirmLabel: string; run(): Promise<unknown> }

export function useConferma(): { ask(r: Richiesta): void; dialog: ReactNode } {
  const [req, setReq] = useState<Richiesta | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!req) return
    setBusy(true)
    try {
      await req.run()
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false)
      setReq(null)
    }
  }
  const dialog = (
    <ConfirmModal isOpen={req !== null} title={req?.title ?? ''} confirmLabel={req?.confirmLabel} danger busy={busy} onConfirm={() => void confirm()} onCancel={() => setReq(null)}>
      {req?.text}
    </ConfirmModal>
  )
  return { ask: setReq, dialog }
}
