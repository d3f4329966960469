/**
 * One Q3 question of the service form, rendered by kind (q3-questions.ts): date (within the project's
 * dates), duration (DurationInput), checkboxes, the two-level competences, a textarea with a character
 * counter (question 28: 600), and the generic text / number / time / select / rating 1–5.
 * Field ids are `q3-<questionId>`.
 */
import { DurationInput } from '../../../ui/widgets/DurationInput'
import { CheckboxGroup } from './CheckboxGroup'
import { CompetenzeField } from './CompetenzeField'
import { FieldError, RequiredMark } from '../../../ui/form/fields'
import type { Q3Question } from './q3-questions'
import type { ServizioFormValues } from './servizio-form'

export interface Q3FieldProps {
  question: Q3Question
  values: ServizioFormValues['q3']
  onChange(patch: ServizioFormValues['q3']): void
  onBlur(): void
  error?: string | null
  /** 'YYYY-MM-DD' bounds of the date question */
  minDate?: string | null
  maxDate?: string | null
}

const list = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : [])
const text = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''))

export function Q3Field({ question: q, values, onChange, onBlur, error, minDate, maxDate }: Q3FieldProps) {
  const id = `q3-${q.id}`
  const errorId = `${id}-error`
  const value = values[q.id]
  if (q.kind === 'checkbox') {
    return <CheckboxGroup id={id} legend={q.title} options={q.options} selected={list(value)} required={q.required} error={error} onChange={(v) => onChange({ [q.id]: v })} />
  }
  if (q.kind === 'competenze') {
    return (
      <CompetenzeField
        id={id}
        question={q}
        level1={list(value)}
        level2={list(q.level2Id ? values[q.level2Id] : undefined)}
        error={error}
        onChange={(l1, l2) => onChange(q.level2Id ? { [q.id]: l1, [q.level2Id]: l2 } : { [q.id]: l1 })}
      />
    )
  }
  if (q.kind === 'duration') {
    return <DurationInput id={id} label={q.title} value={text(value)} required={q.required} error={error} onChange={(v) => onChange({ [q.id]: v })} onBlur={onBlur} />
  }
  const described = error ? errorId : undefined
  const common = {
    id,
    value: text(value),
    required: q.required,
    'aria-invalid': error ? true : undefined,
    onBlur,
  }
  const label = (
    <label htmlFor={id} className="active">
      {q.title}
      <RequiredMark required={q.required} />
    </label>
  )
  if (q.kind === 'textarea') {
    const max = q.maxLength ?? 600
    const length = [...text(value)].length
    const counterId = `${id}-counter`
    return (
      <div className="form-group mb-4">
        {label}
        <textarea
          {...common}
          className={`form-control${error ? ' is-invalid' : ''}`}
          rows={4}
          maxLength={max}
          aria-describedby={[counterId, described].filter(Boolean).join(' ')}
          onChange={(e) => onChange({ [q.id]: e.target.value.slice(0, max) })}
        />
        <small id={counterId} className="form-text">{`${length} caratteri su ${max}`}</small>
        <span className="visually-hidden" aria-live="polite">{length >= max ? `Hai raggiunto il limite massimo di ${max} caratteri` : ''}</span>
        <FieldError id={errorId} message={error} />
      </div>
    )
  }
  if (q.kind === 'select' || q.kind === 'range') {
    const options = q.kind === 'range' ? Array.from({ length: (q.maximum ?? 5) - (q.minimum ?? 1) + 1 }, (_, i) => String((q.minimum ?? 1) + i)) : q.options
    return (
      <div className="select-wrapper mb-4">
        {label}
        <select {...common} className={`form-select${error ? ' is-invalid' : ''}`} aria-describedby={described} onChange={(e) => onChange({ [q.id]: e.target.value })}>
          <option value="">Seleziona</option>
          {options.map((o) => (
            <option key={o} value={o}>{o}</option>
          ))}
        </select>
        <FieldError id={errorId} message={error} />
      </div>
    )
  }
  const type = q.kind === 'date' ? 'date' : q.kind === 'time' ? 'time' : 'text'
  return (
    <div className="form-group mb-4">
      {label}
      <input
        {...common}
        type={type}
        inputMode={q.kind === 'number' ? 'decimal' : undefined}
        className={`form-control${error ? ' is-invalid' : ''}`}
        min={q.kind === 'date' ? (minDate ?? undefined) : undefined}
        max={q.kind === 'date' ? (maxDate ?? undefined) : undefined}
        maxLength={q.kind === 'text' && q.maxLength ? q.maxLength : undefined}
        aria-describedby={described}
        onChange={(e) => onChange({ [q.id]: e.target.value })}
      />
      <FieldError id={errorId} message={error} />
    </div>
  )
}
