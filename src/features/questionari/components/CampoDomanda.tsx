/**
 * One editable survey question (Q4 of the compile wizard; reusable by any section form): checkbox group,
 * radio group, select, text/textarea with a character counter, number, date, time, flag, star rating —
 * as `tipoCampo` decides. Required questions are marked '*'; the error sits under the field, linked by
 * `aria-describedby`, with `aria-invalid` on the control.
 */
import type { Domanda, RispostaForm } from '../domande'
import { limitiValutazione, opzioni, tipoCampo } from '../domande'
import { RatingInput } from './RatingInput'

export interface CampoDomandaProps {
  domanda: Domanda
  value: RispostaForm | undefined
  onChange(value: RispostaForm): void
  required: boolean
  error?: string | null
  /** prefix of the element ids (unique per page) */
  idPrefix: string
  disabled?: boolean
}

export function CampoDomanda({ domanda: d, value, onChange, required, error, idPrefix, disabled }: CampoDomandaProps) {
  const id = `${idPrefix}-${d.id}`
  const errId = `${id}-errore`
  const invalid = !!error
  const describedBy = invalid ? errId : undefined
  const t = tipoCampo(d)
  const mark = required ? '*' : ''
  const errorNode = invalid ? (
    <div id={errId} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null

  if (t === 'checkbox' || t === 'radio') {
    const selected = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []
    return (
      <fieldset className="mb-4" aria-describedby={describedBy} data-domanda={d.id}>
        <legend className="fs-6 fw-semibold mb-2">
          {d.title}
          {mark}
          {t === 'checkbox' && <span className="d-block small fw-normal">Puoi scegliere più risposte</span>}
        </legend>
        {opzioni(d).map((o, i) => {
          const optId = `${id}-${i}`
          const checked = selected.includes(o)
          return (
            <div className="form-check my-1" key={o}>
              <input
                className="form-check-input"
                type={t}
                id={optId}
                name={id}
                value={o}
                checked={checked}
                disabled={disabled}
                aria-invalid={invalid || undefined}
                onChange={(e) => {
                  if (t === 'radio') onChange(o)
                  else onChange(e.target.checked ? [...selected, o] : selected.filter((x) => x !== o))
                }}
              />
              <label className="form-check-label" htmlFor={optId}>
                {o}
              </label>
            </div>
          )
        })}
        {errorNode}
      </fieldset>
    )
  }

  if (t === 'rating') {
    const { min, max } = limitiValutazione(d)
    return (
      <div className="mb-4" data-domanda={d.id}>
        <RatingInput
          id={id}
          legend={d.title}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          min={min}
          max={max}
          required={required}
          invalid={invalid}
          describedBy={describedBy}
          disabled={disabled}
        />
        {errorNode}
      </div>
    )
  }

  if (t === 'flag') {
    return (
      <div className="form-check mb-4" data-domanda={d.id}>
        <input
          className="form-check-input"
          type="checkbox"
          id={id}
          checked={value === true || value === 'true'}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {d.title}
          {mark}
        </label>
        {errorNode}
      </div>
    )
  }

  const text = typeof value === 'string' ? value : ''
  if (t === 'select') {
    return (
      <div className="select-wrapper mb-4" data-domanda={d.id}>
        <label htmlFor={id}>
          {d.title}
          {mark}
        </label>
        <select
          id={id}
          value={text}
          disabled={disabled}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Seleziona</option>
          {opzioni(d).map((o) => (
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
  const common = {
    id,
    value: text,
    disabled,
    required,
    maxLength: d.maxLength,
    className: `form-control${invalid ? ' is-invalid' : ''}`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': [describedBy, d.maxLength !== undefined ? counterId : undefined].filter(Boolean).join(' ') || undefined,
  }
  return (
    <div className="form-group mb-4" data-domanda={d.id}>
      <label htmlFor={id} className="active">
        {d.title}
        {mark}
      </label>
      {t === 'textarea' ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={t === 'number' ? 'text' : t === 'date' ? 'date' : 'text'}
          inputMode={t === 'number' ? 'decimal' : undefined}
          placeholder={t === 'time' ? 'hh:mm' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {d.maxLength !== undefined && (
        <small id={counterId} className="form-text d-block">
          {text.length} / {d.maxLength} caratteri
        </small>
      )}
      {errorNode}
    </div>
  )
}
