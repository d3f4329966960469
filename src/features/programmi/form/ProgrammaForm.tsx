/**
 * Create/edit form of a programme (spec 002 §5; platform-backend §1.1, §2.1): codice, nome, nome breve,
 * intervento (RFD/SCD; a DSCU creates SCD only), bando, CUP, start and end dates ('gg-mm-aaaa'), targets.
 * Errors show after the first submit, summarised and focused; the submit needs the server (offline guard).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { validaProgramma, type ProgrammaFormValues } from '../../../lib/gestione-form'
import { OnlineOnlyReason, useOnlineOnly } from '../../../ui/offline-data'
import { FieldError, RequiredMark } from '../../servizi/form/FieldError'
import { Campo, HINT_DATA } from './Campo'
import { ErroriForm } from './ErroriForm'
import { ObiettiviFieldset } from './ObiettiviFieldset'

export const POLICY_LABELS = { RFD: 'RFD – Rete dei servizi di Facilitazione Digitale', SCD: 'SCD – Servizio Civile Digitale' } as const

export interface ProgrammaFormProps {
  initial: ProgrammaFormValues
  /** policies the caller may choose (DSCU: SCD only) */
  policies: readonly ('RFD' | 'SCD')[]
  submitLabel: string
  /** sends the valid values; rejects with the Italian message to show */
  onSubmit(values: ProgrammaFormValues): Promise<void>
  onCancel(): void
}

export function ProgrammaForm({ initial, policies, submitLabel, onSubmit, onCancel }: ProgrammaFormProps) {
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const guard = useOnlineOnly()
  const errors = useMemo(() => validaProgramma(values), [values])
  const shown = (k: string) => (submitted ? errors[k] : undefined)
  const set = <K extends keyof ProgrammaFormValues>(k: K) => (v: ProgrammaFormValues[K]) => setValues((s) => ({ ...s, [k]: v }))

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

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="programma-form">
      <p className="small text-secondary">*Campo obbligatorio</p>
      <ErroriForm ref={summary} count={Object.keys(errors).length} visible={submitted && !serverError} />
      {serverError && <div className="alert alert-danger" role="alert">{serverError}</div>}
      <h2 className="h4 mb-3">Dati del programma</h2>
      <Campo id="programma-codice" label="Codice" required maxLength={50} value={values.codice} onChange={set('codice')} error={shown('codice')} />
      <Campo id="programma-nome" label="Nome" required maxLength={200} value={values.nome} onChange={set('nome')} error={shown('nome')} />
      <Campo id="programma-nome-breve" label="Nome breve" required maxLength={100} value={values.nomeBreve} onChange={set('nomeBreve')} error={shown('nomeBreve')} />
      <fieldset className="mb-4" aria-describedby={shown('policy') ? 'programma-policy-error' : undefined}>
        <legend className="h6">Intervento<RequiredMark required /></legend>
        {policies.map((p) => (
          <div className="form-check" key={p}>
            <input className="form-check-input" type="radio" name="programma-policy" id={`programma-policy-${p}`} value={p}
              checked={values.policy === p} onChange={() => set('policy')(p)} aria-invalid={shown('policy') ? true : undefined} />
            <label className="form-check-label" htmlFor={`programma-policy-${p}`}>{POLICY_LABELS[p]}</label>
          </div>
        ))}
        <FieldError id="programma-policy-error" message={shown('policy')} />
      </fieldset>
      <Campo id="programma-bando" label="Bando" maxLength={500} value={values.bando} onChange={set('bando')} error={shown('bando')} />
      <Campo id="programma-cup" label="CUP" maxLength={50} value={values.cup} onChange={set('cup')} error={shown('cup')}
        hint="Facoltativo: se vuoto o già usato da un altro programma, il sistema ne registra uno con un suffisso." />
      <div className="row">
        <div className="col-12 col-md-6">
          <Campo id="programma-data-inizio" label="Data di inizio" required hint={HINT_DATA} value={values.dataInizio} onChange={set('dataInizio')} error={shown('dataInizio')} />
        </div>
        <div className="col-12 col-md-6">
          <Campo id="programma-data-fine" label="Data di fine" required hint={HINT_DATA} value={values.dataFine} onChange={set('dataFine')} error={shown('dataFine')} />
        </div>
      </div>
      <ObiettiviFieldset idPrefix="programma" value={values.obiettivi} onChange={set('obiettivi')} errors={submitted ? errors : {}} />
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
