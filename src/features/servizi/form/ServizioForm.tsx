/**
 * The 'Crea servizio' / 'Modifica servizio' form (platform-frontend §4.1; spec 000 §5): Nome, Ente
 * (read-only, from the profile), Sede, then the Q3 questions of the template. Errors appear under each
 * field once it was left or after a save attempt; a failed attempt announces how many fields to fix
 * and moves focus to the first one. What was typed is kept on any error. While it differs from the
 * initial values the form is marked dirty (the update prompt waits).
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { REQUIRED_NOTE } from '../../../lib/validation'
import { useDirtyForm } from '../../../pwa/dirty-forms'
import type { ServizioInput } from '../../campo'
import { Campo, describedBy, FieldError, RequiredMark } from '../../../ui/form/fields'
import { Q3Field } from './Q3Field'
import type { Q3Question } from './q3-questions'
import {
  isFormChanged, saveErrorMessage, toServizioInput, validateServizioForm, type ServizioFormContext, type ServizioFormValues,
} from './servizio-form'

export interface ServizioFormProps {
  mode: 'crea' | 'modifica'
  initial: ServizioFormValues
  questions: readonly Q3Question[]
  ctx: ServizioFormContext
  nomeEnte: string
  /** saves; a rejection's message (Italian) is shown above the form */
  onSave(input: ServizioInput): Promise<void>
  onCancel(): void
}

/** Element id of a field, for focus and labels. */
const fieldId = (key: string, questions: readonly Q3Question[]) => {
  if (key === 'nome') return 'servizio-nome'
  if (key === 'idSede') return 'servizio-sede'
  const q = questions.find((x) => x.id === key)
  return q && (q.kind === 'checkbox' || q.kind === 'competenze') ? `q3-${key}-0` : `q3-${key}`
}

export function ServizioForm({ mode, initial, questions, ctx, nomeEnte, onSave, onCancel }: ServizioFormProps) {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const uid = useId()
  useDirtyForm(`servizio-form-${uid}`, !saved && isFormChanged(initial, values))

  const errors = useMemo(() => validateServizioForm(values, questions, ctx), [values, questions, ctx])
  const shown = (key: string) => (submitted || touched.has(key) ? (errors[key] ?? null) : null)
  const touch = (key: string) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)))
  const order = ['nome', 'idSede', ...questions.map((q) => q.id)]
  const errorCount = order.filter((k) => errors[k]).length
  const dateQ = questions.find((q) => q.kind === 'date')

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    setSaveError(null)
    const first = order.find((k) => errors[k])
    if (first) {
      document.getElementById(fieldId(first, questions))?.focus()
      return
    }
    setSaving(true)
    try {
      await onSave(toServizioInput(values, questions))
      setSaved(true)
    } catch (err) {
      setSaveError(saveErrorMessage(err))
      setSaving(false)
      summaryRef.current?.focus()
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="servizio-form" aria-describedby={`${uid}-note`}>
      <p id={`${uid}-note`} className="small text-secondary">{REQUIRED_NOTE}</p>
      <div ref={summaryRef} tabIndex={-1} role="alert">
        {saveError && <div className="alert alert-danger">{saveError}</div>}
        {!saveError && submitted && errorCount > 0 && (
          <div className="alert alert-danger">
            {errorCount === 1 ? 'Il modulo contiene un errore: correggi il campo evidenziato.' : `Il modulo contiene ${errorCount} errori: correggi i campi evidenziati.`}
          </div>
        )}
      </div>

      <h2 className="h4 mt-3 mb-3">Dati del servizio</h2>
      <Campo id="servizio-nome" label="Nome" required maxLength={250} value={values.nome}
        onChange={(nome) => setValues((v) => ({ ...v, nome }))} onBlur={() => touch('nome')} error={shown('nome')} />
      <div className="form-group mb-4">
        <label htmlFor="servizio-ente" className="active">Ente</label>
        <input id="servizio-ente" type="text" className="form-control" value={nomeEnte} readOnly aria-readonly />
      </div>
      <div className="select-wrapper mb-4">
        <label htmlFor="servizio-sede" className="active">Sede<RequiredMark required /></label>
        <select
          id="servizio-sede"
          className={`form-select${shown('idSede') ? ' is-invalid' : ''}`}
          value={values.idSede}
          required
          disabled={ctx.sedi.length === 1 && values.idSede === String(ctx.sedi[0]!.id)}
          aria-invalid={shown('idSede') ? true : undefined}
          aria-describedby={describedBy('servizio-sede', null, shown('idSede'))}
          onChange={(e) => {
            setValues((v) => ({ ...v, idSede: e.target.value }))
            touch('idSede')
          }}
          onBlur={() => touch('idSede')}
        >
          <option value="">Seleziona la sede</option>
          {ctx.sedi.map((s) => (
            <option key={s.id} value={String(s.id)}>{s.nome}</option>
          ))}
        </select>
        {ctx.sedi.length === 0 && <small className="form-text">Nessuna sede è associata al tuo profilo: contatta il referente del progetto.</small>}
        <FieldError id="servizio-sede-error" message={shown('idSede')} />
      </div>

      <h2 className="h4 mt-4 mb-3">Informazioni sul servizio</h2>
      {questions.map((q) => (
        <Q3Field
          key={q.id}
          question={q}
          values={values.q3}
          error={shown(q.id)}
          minDate={q === dateQ ? ctx.progetto.dataInizio?.slice(0, 10) : null}
          maxDate={q === dateQ ? ctx.progetto.dataFine?.slice(0, 10) : null}
          onBlur={() => touch(q.id)}
          onChange={(patch) => {
            setValues((v) => ({ ...v, q3: { ...v.q3, ...patch } }))
            if (q.kind === 'checkbox' || q.kind === 'competenze' || q.kind === 'select' || q.kind === 'range') touch(q.id)
          }}
        />
      ))}

      <div className="d-flex flex-wrap gap-2 justify-content-end mt-4">
        <button type="button" className="btn btn-outline-primary" onClick={onCancel} disabled={saving}>Annulla</button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Salvataggio in corso…' : mode === 'crea' ? 'Crea servizio' : 'Salva'}
        </button>
      </div>
    </form>
  )
}
