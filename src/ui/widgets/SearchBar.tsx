/**
 * Search criterion of a list (spec 002 §2 list pattern): a labelled search field and a 'Cerca' button;
 * submitting (Enter or the button) calls `onSearch` with the trimmed text. Clearing the field and
 * submitting resets the search. `disabledReason` disables it and says why (e.g. offline).
 */
import { Icon } from 'design-react-kit'
import { useEffect, useId, useState } from 'react'

export interface SearchBarProps {
  label: string
  placeholder?: string
  /** the search currently applied (the field follows it when it changes from outside) */
  value: string
  onSearch(text: string): void
  disabledReason?: string | null
  /** upper-case what is typed (fiscal codes) */
  upperCase?: boolean
  maxLength?: number
}

export function SearchBar({ label, placeholder, value, onSearch, disabledReason, upperCase, maxLength = 200 }: SearchBarProps) {
  const [text, setText] = useState(value)
  const id = useId()
  useEffect(() => setText(value), [value])
  const disabled = !!disabledReason
  return (
    <form
      role="search"
      className="pd-search-bar"
      onSubmit={(e) => {
        e.preventDefault()
        if (!disabled) onSearch(text.trim())
      }}
    >
      <label htmlFor={`${id}-q`} className="form-label fw-semibold">{label}</label>
      <div className="input-group">
        <input
          id={`${id}-q`}
          type="search"
          className="form-control"
          placeholder={placeholder}
          value={text}
          maxLength={maxLength}
          disabled={disabled}
          aria-describedby={disabled ? `${id}-why` : undefined}
          onChange={(e) => setText(upperCase ? e.target.value.toUpperCase() : e.target.value)}
        />
        <button type="submit" className="btn btn-primary d-inline-flex align-items-center" disabled={disabled}>
          <Icon icon="it-search" size="sm" color="white" aria-hidden />
          <span className="ms-1">Cerca</span>
        </button>
      </div>
      {disabled && <p id={`${id}-why`} className="small text-secondary mt-1 mb-0">{disabledReason}</p>}
    </form>
  )
}
