/**
 * The consent fields of the compilation's step Q1 (issue 8 point 1): a group 'Consenso al trattamento dei
 * dati personali' with the type as radio buttons (Cartaceo / Email / Online) and the date (native date
 * input, at most today), each with its error announced and linked (aria-describedby), and a note that
 * the consent is recorded once per citizen.
 */
import { OPZIONI_CONSENSO, type ConsensoForm } from '../consenso'

export interface ConsensoFieldsetProps {
  value: ConsensoForm
  onChange(value: ConsensoForm): void
  errors: Partial<Record<keyof ConsensoForm, string>>
  /** 'YYYY-MM-DD', the latest date allowed */
  oggi: string
  disabled?: boolean
}

export function ConsensoFieldset({ value, onChange, errors, oggi, disabled }: ConsensoFieldsetProps) {
  const tipoErr = errors.tipo ? 'pd-consenso-tipo-errore' : undefined
  const dataErr = errors.data ? 'pd-consenso-data-errore' : undefined
  return (
    <fieldset className="border rounded p-3 mb-4" data-testid="consenso" aria-describedby="pd-consenso-nota">
      <legend className="h5 float-none w-auto px-1 mb-2">Consenso al trattamento dei dati personali</legend>
      <p id="pd-consenso-nota" className="small mb-3">
        Il cittadino dà il consenso una sola volta: se lo ha già dato in un altro servizio, resta valido il primo.
        Con «Cartaceo» il cittadino firma il modulo del questionario stampato.
      </p>
      <fieldset className="mb-3" aria-describedby={tipoErr} data-domanda="consenso-tipo">
        <legend className="fs-6 fw-semibold mb-2">Come ha dato il consenso il cittadino?*</legend>
        {OPZIONI_CONSENSO.map((o) => (
          <div className="form-check my-1" key={o.value}>
            <input
              className="form-check-input"
              type="radio"
              id={`pd-consenso-${o.value}`}
              name="pd-consenso-tipo"
              value={o.value}
              checked={value.tipo === o.value}
              disabled={disabled}
              aria-invalid={errors.tipo ? true : undefined}
              onChange={() => onChange({ ...value, tipo: o.value })}
            />
            <label className="form-check-label" htmlFor={`pd-consenso-${o.value}`}>
              {o.label}
            </label>
          </div>
        ))}
        {errors.tipo && (
          <div id={tipoErr} className="invalid-feedback d-block">
            {errors.tipo}
          </div>
        )}
      </fieldset>
      <div className="form-group mb-0" data-domanda="consenso-data">
        <label htmlFor="pd-consenso-data" className="active">
          Data del consenso*
        </label>
        <input
          id="pd-consenso-data"
          type="date"
          className={`form-control${errors.data ? ' is-invalid' : ''}`}
          value={value.data}
          max={oggi}
          required
          disabled={disabled}
          aria-invalid={errors.data ? true : undefined}
          aria-describedby={dataErr}
          onChange={(e) => onChange({ ...value, data: e.target.value })}
        />
        {errors.data && (
          <div id={dataErr} className="invalid-feedback d-block">
            {errors.data}
          </div>
        )}
      </div>
    </fieldset>
  )
}
