/**
 * One implementation of the programme and project forms' shell (spec 002 §5; platform-backend §2.1–2.2):
 * `useFormGestione` keeps the values, validates them (`valida`: field → Italian message), shows the errors
 * after the first submit (summary focused), sends the valid values once (offline guard: the submit needs the
 * server) and shows the server's message; `FormGestione` renders the form around the entity's own fields:
 * summary, section title, the fields, start and end dates ('gg-mm-aaaa'), the targets, submit and cancel.
 */
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { ApiCallError } from '../../../api/client'
import { campoErroreServer, type FormErrors, type ObiettiviForm } from '../../../lib/gestione-form'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { Campo, HINT_DATA } from '../../../ui/form/fields'
import { ErroriForm } from './ErroriForm'
import { ObiettiviFieldset } from './ObiettiviFieldset'

/** The values every managed form has: dates ('gg-mm-aaaa' as typed) and targets. */
export interface ValoriGestione { dataInizio: string; dataFine: string; obiettivi: ObiettiviForm }

/** The state of a managed form (see the module comment). */
export function useFormGestione<V extends ValoriGestione>(initial: V, valida: (v: V) => FormErrors, onSubmit: (v: V) => Promise<void>) {
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  // a server refusal about one field (e.g. P09 on the code): shown on that field until it is changed
  const [serverFieldErrors, setServerFieldErrors] = useState<FormErrors>({})
  const summary = useRef<HTMLDivElement>(null)
  const guard = useOnlineOnly()
  const errors = useMemo(() => ({ ...valida(values), ...serverFieldErrors }), [values, valida, serverFieldErrors])
  const shown = (k: string) => (submitted ? errors[k] : undefined)
  const set = <K extends keyof V>(k: K) => (v: V[K]) => {
    setValues((s) => ({ ...s, [k]: v }))
    setServerFieldErrors((e) => {
      if (!(k in e)) return e
      const rest = { ...e }
      delete rest[k as string]
      return rest
    })
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (guard.blocked || saving) return
    setSubmitted(true)
    setServerError(null)
    if (Object.keys(errors).length > 0) {
      summary.current?.focus()
      return
    }
    setSaving(true)
    try {
      await onSubmit(values)
    } catch (err) {
      const api = err instanceof Error && err.cause instanceof ApiCallError ? err.cause : undefined
      const campo = campoErroreServer(api?.errorCode)
      if (api && campo) setServerFieldErrors({ [campo]: api.fromServer ? api.message : (err as Error).message })
      else setServerError(err instanceof Error ? err.message : String(err))
      summary.current?.focus()
    } finally {
      setSaving(false)
    }
  }
  return { values, set, errors, shown, submitted, saving, serverError, summary, guard, submit }
}

/** The state `useFormGestione` answers. */
export type StatoFormGestione<V extends ValoriGestione> = ReturnType<typeof useFormGestione<V>>

/** The form around the entity's own fields (`children`); ids are `${prefix}-…`. */
export function FormGestione<V extends ValoriGestione>({ form: f, prefix, titolo, hintInizio = HINT_DATA, submitLabel, onCancel, children }: {
  form: StatoFormGestione<V>; prefix: string; titolo: string; hintInizio?: string; submitLabel: string; onCancel(): void; children: ReactNode
}) {
  const guard = f.guard
  return (
    <form noValidate onSubmit={(e) => void f.submit(e)} data-testid={`${prefix}-form`}>
      <ErroriForm ref={f.summary} count={Object.keys(f.errors).length} visible={f.submitted && !f.serverError} />
      {f.serverError && <div className="alert alert-danger" role="alert">{f.serverError}</div>}
      <h2 className="h4 mb-3">{titolo}</h2>
      {children}
      <div className="row">
        <div className="col-12 col-md-6">
          <Campo id={`${prefix}-data-inizio`} label="Data di inizio" required hint={hintInizio} value={f.values.dataInizio} onChange={f.set('dataInizio')} error={f.shown('dataInizio')} />
        </div>
        <div className="col-12 col-md-6">
          <Campo id={`${prefix}-data-fine`} label="Data di fine" required hint={HINT_DATA} value={f.values.dataFine} onChange={f.set('dataFine')} error={f.shown('dataFine')} />
        </div>
      </div>
      <ObiettiviFieldset idPrefix={prefix} value={f.values.obiettivi} onChange={f.set('obiettivi')} errors={f.submitted ? f.errors : {}} />
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <span className="d-inline-flex flex-column">
          <button type="submit" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={f.saving} {...guard.controlProps}>
            {f.saving ? 'Salvataggio…' : submitLabel}
          </button>
          <OnlineOnlyReason guard={guard} />
        </span>
        <button type="button" className="btn btn-outline-primary" onClick={onCancel} disabled={f.saving}>Annulla</button>
      </div>
    </form>
  )
}
