/**
 * Star rating MIN–MAX of the compact variant (spec 000 §5 "Rating", spec 002 §9: bounds 1 to 5) as a
 * radio group: keyboard operable with the arrow keys, each star labelled 'N stelle su MAX', focus
 * outlined (survey.css). When invalid, `aria-invalid` goes on the radios — a `fieldset` (role group)
 * does not support it (issue 15 point 5).
 */
import './survey.css'

export interface StarRatingProps {
  /** prefix of the radios' ids: `${id}-${index}` (the first one is the focus target of an error) */
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

export function StarRating({ id, legend, value, onChange, min = 1, max = 5, required, invalid, describedBy, disabled }: StarRatingProps) {
  const current = Number(value) || 0
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i)
  return (
    // `aria-required` is not allowed on a fieldset (role group): the radios carry the native `required`
    // (the forms using this are `noValidate`, so no browser bubble)
    <fieldset className="pd-rating" aria-describedby={describedBy}>
      <legend className="fs-6 fw-semibold mb-2">
        {legend}
        {required && '*'}
      </legend>
      <div className="pd-rating-stars">
        {values.map((n, i) => {
          const inputId = `${id}-${i}`
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
                aria-invalid={invalid || undefined}
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
