/**
 * Duration input 'hh:mm' (spec 000 §5, §2.7): hours up to 3 digits, minutes up to 2 digits and at most
 * 59, no signs, 1–6 characters. Every keystroke is kept as typed (an invalid value is never turned into
 * another valid one: the form explains it with `durationError` of src/lib/duration.ts, passed as
 * `error`); on blur an unambiguous value is normalised ('5' → '5:00', '1:5' → '1:05', '1.30' → '1:30').
 * A controlled bootstrap-italia text field with its label, hint and error (`aria-invalid`,
 * `aria-describedby`).
 */
import { useId } from 'react'
import { normalizeDuration } from '../../lib/duration'
import { describedBy, RequiredMark } from '../form/fields'

export interface DurationInputProps {
  label: string
  value: string
  onChange(value: string): void
  /** called after the blur normalisation, with the value kept */
  onBlur?(value: string): void
  id?: string
  required?: boolean
  error?: string | null
  hint?: string
  disabled?: boolean
}

export function DurationInput({ label, value, onChange, onBlur, id, required, error, hint = 'Formato ore:minuti, ad esempio 1:30', disabled }: DurationInputProps) {
  const auto = useId()
  const inputId = id ?? `${auto}-durata`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return (
    <div className="form-group pd-duration-input">
      <label htmlFor={inputId} className="active">
        {label}
        <RequiredMark required={!!required} />
      </label>
      <input
        id={inputId}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={`form-control${error ? ' is-invalid' : ''}`}
        placeholder="hh:mm"
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, true, error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const kept = normalizeDuration(value)
          if (kept !== value) onChange(kept)
          onBlur?.(kept)
        }}
      />
      <small id={hintId} className="form-text">{hint}</small>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">{error}</div>
      )}
    </div>
  )
}
