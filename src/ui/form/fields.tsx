/**
 * Labelled form fields of the administrative forms (bootstrap-italia markup): a text input and a select,
 * each with its '*' for required fields (spec 002 §5 '*Campo obbligatorio') and its Italian error under
 * it, tied by `aria-describedby` and `aria-invalid`. Generic: no feature knowledge.
 */
import type { InputHTMLAttributes } from 'react'

export function FieldMessage({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <div id={id} className="invalid-feedback d-block" data-testid={`error-${id}`}>
      {message}
    </div>
  )
}

interface Common {
  id: string
  label: string
  error?: string | null
  required?: boolean
  hint?: string
  className?: string
}

export interface TextFieldProps extends Common, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value' | 'className'> {
  value: string
  onChange(value: string): void
}

/** A text input with label, hint and error. */
export function TextField({ id, label, error, required = false, hint, className = 'mb-4', value, onChange, ...rest }: TextFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`form-group ${className}`}>
      <label htmlFor={id} className="active">
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      <input
        id={id}
        type="text"
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...rest}
      />
      {hint && <small id={`${id}-hint`} className="form-text">{hint}</small>}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  )
}

export interface SelectFieldProps extends Common {
  value: string
  onChange(value: string): void
  options: readonly { value: string; label: string }[]
  /** first, empty option (e.g. 'Seleziona') */
  placeholder?: string
  disabled?: boolean
}

/** A select with label, hint and error. */
export function SelectField({ id, label, error, required = false, hint, className = 'mb-4', value, onChange, options, placeholder = 'Seleziona', disabled }: SelectFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`select-wrapper ${className}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      <select
        id={id}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {hint && <small id={`${id}-hint`} className="form-text">{hint}</small>}
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  )
}

/** The note under a form with required fields. */
export function RequiredNote() {
  return <p className="small text-secondary">*Campo obbligatorio</p>
}
