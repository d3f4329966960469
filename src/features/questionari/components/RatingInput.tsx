/**
 * Star rating 1–MAX (spec 000 §5 "Rating", spec 002 §9: bounds 1 to 5) as a radio group: keyboard
 * operable with the arrow keys, each star labelled 'N stelle su MAX', focus outlined (questionari.css).
 */
import '../questionari.css'

export interface RatingInputProps {
  id: string
  /** fieldset legend (the question) */
  legend: string
  value: string
  onChange(value: string): void
  min?: number
  max?: number
  required?: boolean
  invalid?: boolean
  describedBy?: string
  disabled?: boolean
}

export function RatingInput({ id, legend, value, onChange, min = 1, max = 5, required, invalid, describedBy, disabled }: RatingInputProps) {
  const current = Number(value) || 0
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i)
  return (
    // `aria-required` is not allowed on a fieldset (role group): the radios carry the native `required`
    // (the forms using this are `noValidate`, so no browser bubble)
    <fieldset className="pd-rating" aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="fs-6 fw-semibold mb-2">
        {legend}
        {required && '*'}
      </legend>
      <div className="pd-rating-stars">
        {values.map((n) => {
          const inputId = `${id}-${n}`
          return (
            <span key={n}>
              <input
                type="radio"
                id={inputId}
                name={id}
                value={String(n)}
                checked={current === n}
                required={required}
                disabled={disabled}
                onChange={() => onChange(String(n))}
              />
              <label htmlFor={inputId} className={n <= current ? 'is-on' : ''}>
                <span aria-hidden="true">{n <= current ? '★' : '☆'}</span>
                <span className="visually-hidden">
                  {n} {n === 1 ? 'stella' : 'stelle'} su {max}
                </span>
              </label>
            </span>
          )
        })}
      </div>
    </fieldset>
  )
}
