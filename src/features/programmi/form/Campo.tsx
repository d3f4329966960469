/**
 * A labelled text field of the programme/project forms: '*' on required fields, the Italian error under
 * it (linked by `aria-describedby`, `aria-invalid`), an optional hint (e.g. the date format).
 */
import { FieldError, RequiredMark } from '../../servizi/form/FieldError'

export interface CampoProps {
  id: string
  label: string
  value: string
  onChange(value: string): void
  onBlur?(): void
  error?: string | null
  required?: boolean
  hint?: string
  maxLength?: number
  inputMode?: 'text' | 'numeric'
  placeholder?: string
  className?: string
}

export function Campo({ id, label, value, onChange, onBlur, error, required = false, hint, maxLength, inputMode, placeholder, className = 'mb-4' }: CampoProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`form-group ${className}`}>
      <label htmlFor={id} className="active">{label}<RequiredMark required={required} /></label>
      <input
        id={id}
        type="text"
        className={`form-control${error ? ' is-invalid' : ''}`}
        value={value}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {hint && <small id={`${id}-hint`} className="form-text">{hint}</small>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

export const HINT_DATA = 'Formato gg-mm-aaaa, per esempio 01-03-2025'
