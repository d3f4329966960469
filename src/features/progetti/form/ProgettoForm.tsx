/**
 * Create/edit form of a project (spec 002 §5; platform-backend §2.2): nome, nome breve, CUP, start and
 * end dates within the programme's ('gg-mm-aaaa'), targets. Errors show after the first submit,
 * summarised and focused; the submit needs the server (offline guard).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { validaProgetto, wireToInput, type ProgettoFormValues } from '../../../lib/gestione-form'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { Campo, HINT_DATA } from '../../programmi/form/Campo'
import { ErroriForm } from '../../programmi/form/ErroriForm'
import { ObiettiviFieldset } from '../../programmi/form/ObiettiviFieldset'

export interface ProgettoFormProps {
  initial: ProgettoFormValues
  /** the programme: name and wire dates bounding the project's */
  programma: { nome: string; dataInizio: string; dataFine: string }
  submitLabel: string
  onSubmit(values: ProgettoFormValues): Promise<void>
  onCancel(): void
}

export function ProgettoForm({ initial, programma, submitLabel, onSubmit, onCancel }: ProgettoFormProps) {
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const guard = useOnlineOnly()
  const errors = useMemo(() => validaProgetto(values, programma), [values, programma])
  const shown = (k: string) => (submitted ? errors[k] : undefined)
  const set = <K extends keyof ProgettoFormValues>(k: K) => (v: ProgettoFormValues[K]) => setValues((s) => ({ ...s, [k]: v }))

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
      setServerError(err instanceof Error ? err.message : String(err))
      summary.current?.focus()
    } finally {
      setSaving(false)
    }
  }

  const hintDate = `${HINT_DATA}. Il programma ${programma.nome} va dal ${wireToInput(programma.dataInizio)} al ${wireToInput(programma.dataFine)}.`
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="progetto-form">
      <p className="small text-secondary">*Campo obbligatorio</p>
      <ErroriForm ref={summary} count={Object.keys(errors).length} visible={submitted && !serverError} />
      {serverError && <div className="alert alert-danger" role="alert">{serverError}</div>}
      <h2 className="h4 mb-3">Dati del progetto</h2>
      <Campo id="progetto-nome" label="Nome" required maxLength={200} value={values.nome} onChange={set('nome')} error={shown('nome')} />
      <Campo id="progetto-nome-breve" label="Nome breve" required maxLength={100} value={values.nomeBreve} onChange={set('nomeBreve')} error={shown('nomeBreve')} />
      <Campo id="progetto-cup" label="CUP" maxLength={50} value={values.cup} onChange={set('cup')} error={shown('cup')}
        hint="Facoltativo: se vuoto o già usato da un altro progetto, il sistema ne registra uno con un suffisso." />
      <div className="row">
        <div className="col-12 col-md-6">
          <Campo id="progetto-data-inizio" label="Data di inizio" required hint={hintDate} value={values.dataInizio} onChange={set('dataInizio')} error={shown('dataInizio')} />
        </div>
        <div className="col-12 col-md-6">
          <Campo id="progetto-data-fine" label="Data di fine" required hint={HINT_DATA} value={values.dataFine} onChange={set('dataFine')} error={shown('dataFine')} />
        </div>
      </div>
      <ObiettiviFieldset idPrefix="progetto" value={values.obiettivi} onChange={set('obiettivi')} errors={submitted ? errors : {}} />
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <span className="d-inline-flex flex-column">
          <button type="submit" className={`btn btn-primary${guard.blocked ? ' disabled' : ''}`} disabled={saving} {...guard.controlProps}>
            {saving ? 'Salvataggio…' : submitLabel}
          </button>
          <OnlineOnlyReason guard={guard} />
        </span>
        <button type="button" className="btn btn-outline-primary" onClick={onCancel} disabled={saving}>Annulla</button>
      </div>
    </form>
  )
}
