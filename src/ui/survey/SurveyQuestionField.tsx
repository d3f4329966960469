/**
 * THE renderer of one editable template question (issue 8 point 12), in two variants of the same markup
 * rules (src/lib/survey-questions.ts decides the kind):
 * - 'compact': the facilitator's compilation on a desk — bootstrap-italia form controls, a select for long
 *   single choices, stars for the rating, required questions marked '*', a counter 'N / MAX caratteri';
 * - 'phone': the citizen's survey page — one column, full-width choices about 44 px tall, the rating as
 *   big numbered buttons '1'…'5' ('4 su 5'), native date/time/number inputs, '*' with '(obbligatoria)'
 *   for screen readers, 'Caratteri usati: N su MAX'.
 * Every variant: a group of choices is a `fieldset` with its `legend`; the error sits under the question,
 * linked with `aria-describedby`; `aria-invalid` is set on the controls (the checkboxes and radios of a
 * group, never the `fieldset`). Ids: `${idPrefix}-${id}` for a single control, `${idPrefix}-${id}-${i}`
 * for the i-th option ({@link firstControlId} gives the one to focus). The wrapper carries
 * `data-question={id}`. Used by the compilation wizard, the phone page and (later) a template editor's preview.
 */
import type { ReactNode } from 'react'
import type { FormAnswer, SurveyQuestion, SurveyVariant } from '../../lib/survey-questions'
import { StarRating } from './StarRating'
import './survey.css'

export interface SurveyQuestionFieldProps {
  question: SurveyQuestion
  value: FormAnswer | undefined
  onChange(value: FormAnswer): void
  variant: SurveyVariant
  /** prefix of the element ids (unique per page) */
  idPrefix: string
  error?: string | null
  disabled?: boolean
}

/** Id of the first focusable control of a question (to move the focus to the first error). */
export function firstControlId(idPrefix: string, q: SurveyQuestion, variant: SurveyVariant): string {
  const group = q.kind === 'checkbox' || q.kind === 'radio' || q.kind === 'rating' || (q.kind === 'select' && variant === 'phone')
  return group ? `${idPrefix}-${q.id}-0` : `${idPrefix}-${q.id}`
}

/** The required mark: '*' (compact), '*' plus '(obbligatoria)' for screen readers (phone). */
function Mark({ on, variant }: { on: boolean; variant: SurveyVariant }) {
  if (!on) return null
  if (variant === 'compact') return <>*</>
  return (
    <>
      {' '}
      <span aria-hidden="true">*</span>
      <span className="visually-hidden"> (obbligatoria)</span>
    </>
  )
}

export function SurveyQuestionField({ question: q, value, onChange, variant, idPrefix, error, disabled }: SurveyQuestionFieldProps) {
  const phone = variant === 'phone'
  const id = `${idPrefix}-${q.id}`
  const errId = `${id}-errore`
  const invalid = !!error
  const describedBy = invalid ? errId : undefined
  const errorNode: ReactNode = invalid ? (
    <div id={errId} className={`invalid-feedback d-block${phone ? ' pd-survey-error' : ''}`}>
      {error}
    </div>
  ) : null
  const kind = phone && q.kind === 'select' ? 'radio' : q.kind

  if (kind === 'checkbox' || kind === 'radio') {
    const selected = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []
    return (
      <fieldset className={phone ? 'pd-survey-question' : 'mb-4'} aria-describedby={describedBy} data-question={q.id}>
        <legend className={phone ? 'pd-survey-legend' : 'fs-6 fw-semibold mb-2'}>
          {q.title}
          <Mark on={q.required} variant={variant} />
          {!phone && kind === 'checkbox' && <span className="d-block small fw-normal">Puoi scegliere più risposte</span>}
        </legend>
        {phone && kind === 'checkbox' && <p className="pd-survey-hint">Puoi scegliere più risposte.</p>}
        {q.options.map((o, i) => {
          const optId = `${id}-${i}`
          return (
            <div className={phone ? 'form-check pd-survey-choice' : 'form-check my-1'} key={o}>
              <input
                className={phone ? undefined : 'form-check-input'}
                type={kind}
                id={optId}
                name={id}
                value={o}
                checked={selected.includes(o)}
                disabled={disabled}
                aria-invalid={invalid || undefined}
                onChange={(e) => {
                  if (kind === 'radio') onChange(o)
                  else onChange(e.target.checked ? [...selected, o] : selected.filter((x) => x !== o))
                }}
              />
              <label className={phone ? undefined : 'form-check-label'} htmlFor={optId}>
                {o}
              </label>
            </div>
          )
        })}
        {errorNode}
      </fieldset>
    )
  }

  if (kind === 'rating') {
    const min = q.min ?? 1
    const max = q.max ?? 5
    const current = typeof value === 'string' ? value : ''
    if (!phone) {
      return (
        <div className="mb-4" data-question={q.id}>
          <StarRating
            id={id}
            legend={q.title}
            value={current}
            onChange={onChange}
            min={min}
            max={max}
            required={q.required}
            invalid={invalid}
            describedBy={describedBy}
            disabled={disabled}
          />
          {errorNode}
        </div>
      )
    }
    const hintId = `${id}-aiuto`
    return (
      <fieldset className="pd-survey-question" aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')} data-question={q.id}>
        <legend className="pd-survey-legend">
          {q.title}
          <Mark on={q.required} variant={variant} />
        </legend>
        <p id={hintId} className="pd-survey-hint">
          Da {min} (per niente) a {max} (moltissimo).
        </p>
        <div className="pd-survey-rating">
          {Array.from({ length: max - min + 1 }, (_, i) => String(min + i)).map((n, i) => {
            const optId = `${id}-${i}`
            return (
              <span key={n} className="pd-survey-rating-item">
                <input
                  id={optId}
                  className="btn-check"
                  type="radio"
                  name={id}
                  value={n}
                  checked={current === n}
                  disabled={disabled}
                  aria-label={`${n} su ${max}`}
                  aria-invalid={invalid || undefined}
                  onChange={() => onChange(n)}
                />
                <label htmlFor={optId} className="btn btn-outline-primary pd-survey-rating-btn">
                  <span aria-hidden="true" className="pd-survey-star">
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

  if (kind === 'flag') {
    const input = (
      <input
        className={phone ? undefined : 'form-check-input'}
        type="checkbox"
        id={id}
        checked={value === true || value === 'true'}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={(phone && q.required) || undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    )
    const label = (
      <label className={phone ? undefined : 'form-check-label'} htmlFor={id}>
        {q.title}
        <Mark on={q.required} variant={variant} />
      </label>
    )
    return phone ? (
      <div className="pd-survey-question" data-question={q.id}>
        <div className="form-check pd-survey-choice">
          {input}
          {label}
        </div>
        {errorNode}
      </div>
    ) : (
      <div className="form-check mb-4" data-question={q.id}>
        {input}
        {label}
        {errorNode}
      </div>
    )
  }

  const text = typeof value === 'string' ? value : ''
  if (kind === 'select') {
    return (
      <div className="select-wrapper mb-4" data-question={q.id}>
        <label htmlFor={id}>
          {q.title}
          <Mark on={q.required} variant={variant} />
        </label>
        <select
          id={id}
          value={text}
          disabled={disabled}
          required={q.required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Seleziona</option>
          {q.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        {errorNode}
      </div>
    )
  }

  const counterId = `${id}-contatore`
  const withCounter = q.maxLength !== undefined && (!phone || kind === 'text' || kind === 'textarea')
  const common = {
    id,
    value: text,
    disabled,
    maxLength: q.maxLength,
    className: `form-control${invalid ? ' is-invalid' : ''}`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': (phone ? [withCounter ? counterId : null, describedBy] : [describedBy, withCounter ? counterId : null]).filter(Boolean).join(' ') || undefined,
    ...(phone ? { 'aria-required': q.required || undefined } : { required: q.required }),
  }
  const inputType = phone ? (kind === 'textarea' || kind === 'text' ? 'text' : kind) : kind === 'date' ? 'date' : 'text'
  return (
    <div className={phone ? 'pd-survey-question' : 'form-group mb-4'} data-question={q.id}>
      <label htmlFor={id} className={phone ? 'pd-survey-legend d-block' : 'active'}>
        {q.title}
        <Mark on={q.required} variant={variant} />
      </label>
      {kind === 'textarea' ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={inputType}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          placeholder={!phone && kind === 'time' ? 'hh:mm' : undefined}
          min={phone && kind === 'number' ? q.min : undefined}
          max={phone && kind === 'number' ? q.max : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {withCounter &&
        (phone ? (
          <p id={counterId} className="pd-survey-hint mt-1 mb-0">
            Caratteri usati: {text.length} su {q.maxLength}
          </p>
        ) : (
          <small id={counterId} className="form-text d-block">
            {text.length} / {q.maxLength} caratteri
          </small>
        ))}
      {errorNode}
    </div>
  )
}
