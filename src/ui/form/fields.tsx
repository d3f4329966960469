/**
 * The one field family of the forms (bootstrap-italia markup; spec 000 §5, spec 002 §5 '*Campo
 * obbligatorio'): the pieces every field is made of — `RequiredMark` (the '*' after a required field's
 * label), `FieldError` (the Italian message under a field, referenced by its `aria-describedby`),
 * `describedBy` (the ids a field points to: hint, then error) — and the fields built on them: `TextField`
 * (text input), `Campo` (the text input of the programme and project forms), `SelectField` (select), plus
 * `RequiredNote` under a form. Composite fields (checkbox groups, radio fieldsets) use the pieces.
 * Generic: no feature knowledge.
 */
import type { InputHTMLAttributes } from 'react'

/** The Italian message under a field (referenced by the field's `aria-describedby`); nothing without a message. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <div id={id} className="invalid-feedback d-block" data-testid={`error-${id}`}>
      {message}
    </div>
  )
}

/** The '*' after a required field's label (spec 000 §5: '*Campo obbligatorio' note). */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? <span aria-hidden> *</span> : null
}

/** The `aria-describedby` of field `id`: `{id}-hint` when it has a hint, `{id}-error` when it shows an error. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

interface Common {
  id: string
  label: string
  error?: string | null
  required?: boolean
  hint?: string
  className?: string
}

export interface TextFieldProps extends Common, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'className' | 'required'> {
  value: string
  onChange(value: string): void
  /**
   * How the input states that it is required: `aria-required` (default) or the native `required`
   * attribute (the programme and project forms, see {@link Campo}; their forms are `noValidate`).
   */
  requiredAs?: 'aria' | 'native'
}

/** A text input with label ('*' when required), hint and error. */
export function TextField({ id, label, error, required = false, hint, className = 'mb-4', value, onChange, requiredAs = 'aria', ...rest }: TextFieldProps) {
  return (
    <div className={`form-group ${className}`}>
      <label htmlFor={id} className="active">
        {label}
        <RequiredMark required={required} />
      </label>
      <input
        id={id}
        type="text"
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={requiredAs === 'native' ? required : undefined}
        aria-required={requiredAs === 'aria' ? required || undefined : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      {hint && <small id={`${id}-hint`} className="form-text">{hint}</small>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export interface CampoProps extends Common {
  value: string
  onChange(value: string): void
  onBlur?(): void
  maxLength?: number
  inputMode?: 'text' | 'numeric'
  placeholder?: string
}

/**
 * The text field of the programme and project forms: a {@link TextField} with the native `required`
 * attribute and autocomplete off.
 */
export function Campo(props: CampoProps) {
  return <TextField {...props} requiredAs="native" autoComplete="off" />
}

/** Hint of a date field: the format the date is typed in. */
export const HINT_DATA = 'Formato gg-mm-aaaa, per esempio 01-03-2025'

export interface SelectFieldProps extends Common {
  value: string
  onChange(value: string): void
  options: readonly { value: string; label: string }[]
  /** first, empty option (e.g. 'Seleziona') */
  placeholder?: string
  disabled?: boolean
}

/** A select with label ('*' when required), hint and error. */
export function SelectField({ id, label, error, required = false, hint, className = 'mb-4', value, onChange, options, placeholder = 'Seleziona', disabled }: SelectFieldProps) {
  return (
    <div className={`select-wrapper ${className}`}>
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {hint && <small id={`${id}-hint`} className="form-text">{hint}</small>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** The note under a form with required fields. */
export function RequiredNote() {
  return <p className="small text-secondary">*Campo obbligatorio</p>
}
