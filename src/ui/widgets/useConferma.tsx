/**
 * The one behaviour of a confirmed action (issue 26 point 4), for every confirmation dialog of the app
 * (ConfirmModal): 'Conferma' runs the action with the buttons disabled; when it succeeds the caller closes the
 * dialog (and moves on), when it fails the dialog STAYS OPEN, the buttons come back and the dialog says why
 * (`error`, the one mapping of src/api/error-message.ts unless the caller words it): the user learns the action
 * failed and loses nothing typed. The client's toast of the same failure is the write's own (src/api/write.ts).
 * - {@link useEsecuzione}: the running state and the error of a dialog whose caller draws it;
 * - {@link useConferma}: the whole dialog for a page's simple confirmations, `ask({ title, text, confirmLabel, run })`.
 */
import { useState, type ReactNode } from 'react'
import { messaggioErrore } from '../../api/error-message'
import { ConflittoAzione } from '../conflitto'
import { ConfirmModal } from './ConfirmModal'

export interface Esecuzione {
  busy: boolean
  /** the text of the last failure (null: none), for ConfirmModal's `error` */
  errore: string | null
  setErrore(e: string | null): void
  /** runs `run`: true when it succeeded, false when it failed (`errore` then says why, worded by `testo` when given) */
  esegui(run: () => Promise<unknown>, testo?: (err: unknown) => string | Promise<string>): Promise<boolean>
}

/**
 * The default wording of a failure: a record changed meanwhile says so (issue 27, ConflittoAzione of
 * src/ui/conflitto: the dialog stays open and asks again), else the catalogue's ({@link messaggioErrore}).
 */
const testoDefault = (err: unknown): string | Promise<string> => (err instanceof ConflittoAzione ? err.message : messaggioErrore(err))

/** The running state of a confirmed action; `testo` words a failure (default: {@link testoDefault}). */
export function useEsecuzione(testo: (err: unknown) => string | Promise<string> = testoDefault): Esecuzione {
  const [busy, setBusy] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)
  const esegui = async (run: () => Promise<unknown>, testoDi = testo) => {
    setBusy(true)
    setErrore(null)
    try {
      await run()
      return true
    } catch (err) {
      setErrore(await testoDi(err))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, errore, setErrore, esegui }
}

export interface Richiesta {
  title: string
  text: ReactNode
  confirmLabel: string
  /** default 'Attendere…' */
  busyLabel?: string
  /** default true: a destructive action */
  danger?: boolean
  run(): Promise<unknown>
}

/** A page's confirmation dialog: `ask(r)` opens it; the dialog closes when `r.run` succeeds, says why when it fails. */
export function useConferma(): { ask(r: Richiesta): void; dialog: ReactNode } {
  const [req, setReq] = useState<Richiesta | null>(null)
  const { busy, errore, setErrore, esegui } = useEsecuzione()
  const close = () => {
    setReq(null)
    setErrore(null)
  }
  const confirm = async () => {
    if (req && (await esegui(req.run))) close()
  }
  const dialog = (
    <ConfirmModal isOpen={req !== null} title={req?.title ?? ''} confirmLabel={req?.confirmLabel} busyLabel={req?.busyLabel} danger={req?.danger ?? true}
      busy={busy} error={errore} onConfirm={() => void confirm()} onCancel={close}>
      {req?.text}
    </ConfirmModal>
  )
  return { ask: (r) => { setErrore(null); setReq(r) }, dialog }
}
