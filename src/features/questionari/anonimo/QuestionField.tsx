/**
 * One question of the anonymous survey, drawn for a phone (spec 002 §2; platform-frontend §3.1 question
 * types): multiple choice as a checkbox group, single choice as radios, the 1–5 rating as five big radio
 * buttons, free text, number, date, time, a single flag. Groups are `fieldset`s with a `legend`; required
 * questions carry '*'; the error (if any) is linked with `aria-describedby`.
 */
import type { Answer, Question } from './form'

export interface QuestionFieldProps {
  q: Question
  value: Answer | undefined
  error: string | null
  onChange: (value: Answer) => void
}

/** id of the first focusable control of a question (to move focus to the first error). */
export function firstControlId(q: Question): string {
  return q.kind === 'checkbox' || q.kind === 'radio' || q.kind === 'rating' ? `pd-q-${q.id}-0` : `pd-q-${q.id}`
}

const Required = ({ on }: { on: boolean }) =>
  on ? (
    <>
      <span aria-hidden="true">*</span>
      <span className="visually-hidden"> (obbligatoria)</span>
    </>
  ) : null

export function QuestionField({ q, value, error, onChange }: QuestionFieldProps) {
  const errId = `pd-q-${q.id}-errore`
  const describedBy = error ? errId : undefined
  const errorNode = error ? (
    <div id={errId} className="invalid-feedback d-block pd-anon-error">
      {error}
    </div>
  ) : null

  if (q.kind === 'checkbox') {
    const chosen = Array.isArray(value) ? value : []
    return (
      <fieldset className="pd-anon-question" aria-describedby={describedBy} data-question={q.id}>
        <legend className="pd-anon-legend">
          {q.title} <Required on={q.required} />
        </legend>
        <p className="pd-anon-hint">Puoi scegliere più risposte.</p>
        {q.options.map((opt, i) => {
          const id = `pd-q-${q.id}-${i}`
          return (
            <div className="form-check pd-anon-choice" key={opt}>
              <input
                id={id}
                type="checkbox"
                name={`q-${q.id}`}
                value={opt}
                checked={chosen.includes(opt)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => onChange(e.target.checked ? [...chosen, opt] : chosen.filter((c) => c !== opt))}
              />
              <label htmlFor={id}>{opt}</label>
            </div>
          )
        })}
        {errorNode}
      </fieldset>
    )
  }

  if (q.kind === 'radio') {
    return (
      <fieldset className="pd-anon-question" aria-describedby={describedBy} data-question={q.id}>
        <legend className="pd-anon-legend">
          {q.title} <Required on={q.required} />
        </legend>
        {q.options.map((opt, i) => {
          const id = `pd-q-${q.id}-${i}`
          return (
            <div className="form-check pd-anon-choice" key={opt}>
              <input
                id={id}
                type="radio"
                name={`q-${q.id}`}
                value={opt}
                checked={value === opt}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(opt)}
              />
              <label htmlFor={id}>{opt}</label>
            </div>
          )
        })}
        {errorNode}
      </fieldset>
    )
  }

  if (q.kind === 'rating') {
    const min = q.min ?? 1
    const max = q.max ?? 5
    const values = Array.from({ length: max - min + 1 }, (_, i) => String(min + i))
    const hintId = `pd-q-${q.id}-aiuto`
    return (
      <fieldset className="pd-anon-question" aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')} data-question={q.id}>
        <legend className="pd-anon-legend">
          {q.title} <Required on={q.required} />
        </legend>
        <p id={hintId} className="pd-anon-hint">
          Da {min} (per niente) a {max} (moltissimo).
        </p>
        <div className="pd-anon-rating">
          {values.map((n, i) => {
            const id = `pd-q-${q.id}-${i}`
            return (
              <span key={n} className="pd-anon-rating-item">
                <input
                  id={id}
                  className="btn-check"
                  type="radio"
                  name={`q-${q.id}`}
                  value={n}
                  checked={value === n}
                  aria-label={`${n} su ${max}`}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(n)}
                />
                <label htmlFor={id} className="btn btn-outline-primary pd-anon-rating-btn">
                  <span aria-hidden="true" className="pd-anon-star">
                    ★
                  </span>
                  {n}
                </label>
              </span>
            )
          })}
        </div>
        {errorNode}
      </fieldset>
    )
  }

  if (q.kind === 'boolean') {
    const id = `pd-q-${q.id}`
    return (
      <div className="pd-anon-question" data-question={q.id}>
        <div className="form-check pd-anon-choice">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={q.required || undefined}
            onChange={(e) => onChange(e.target.checked)}
          />
          <label htmlFor={id}>
            {q.title} <Required on={q.required} />
          </label>
        </div>
        {errorNode}
      </div>
    )
  }

  const id = `pd-q-${q.id}`
  const text = typeof value === 'string' ? value : ''
  const counterId = `pd-q-${q.id}-caratteri`
  const withCounter = (q.kind === 'textarea' || q.kind === 'text') && q.maxLength !== undefined
  const describe = [withCounter ? counterId : null, describedBy].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value: text,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describe,
    'aria-required': q.required || undefined,
  }
  return (
    <div className="pd-anon-question" data-question={q.id}>
      <label htmlFor={id} className="pd-anon-legend d-block">
        {q.title} <Required on={q.required} />
      </label>
      {q.kind === 'textarea' ? (
        <textarea {...common} rows={4} maxLength={q.maxLength} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={q.kind === 'text' ? 'text' : q.kind}
          inputMode={q.kind === 'number' ? 'decimal' : undefined}
          min={q.kind === 'number' ? q.min : undefined}
          max={q.kind === 'number' ? q.max : undefined}
          maxLength={q.kind === 'text' ? q.maxLength : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {withCounter && (
        <p id={counterId} className="pd-anon-hint mt-1 mb-0">
          Caratteri usati: {text.length} su {q.maxLength}
        </p>
      )}
      {errorNode}
    </div>
  )
}
