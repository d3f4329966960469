/**
 * Opening hours of a site (spec 002 §3 "Site", §5): for each day Lunedì…Domenica two windows, each an
 * opening and a closing time (`<input type="time">`), with the per-field messages of src/lib/sede-indirizzo.ts.
 */
import type { FasciaGiorno, Giorno } from '../../api/contract/gestione'
import { GIORNI_SETTIMANA, type CampoFascia, type ErroriFascia } from '../../lib/sede-indirizzo'
import { RequiredMark } from '../../ui/form/fields'

const CAMPI: { campo: CampoFascia; label: string }[] = [
  { campo: 'apertura1', label: 'Apertura' }, { campo: 'chiusura1', label: 'Chiusura' },
  { campo: 'apertura2', label: 'Riapertura' }, { campo: 'chiusura2', label: 'Chiusura' },
]

export interface OrariFieldProps {
  value: Partial<Record<Giorno, FasciaGiorno>>
  onChange(value: Partial<Record<Giorno, FasciaGiorno>>): void
  errors: Partial<Record<Giorno, ErroriFascia>>
  /** message of the whole week (no opening time) */
  error?: string
}

export function OrariField({ value, onChange, errors, error }: OrariFieldProps) {
  const set = (g: Giorno, campo: CampoFascia, v: string) => onChange({ ...value, [g]: { ...value[g], [campo]: v } })
  return (
    <fieldset className="mb-4" aria-describedby={error ? 'orari-error' : 'orari-hint'} data-testid="orari-sede">
      <legend className="h6 fw-semibold">Orari di apertura<RequiredMark required /></legend>
      <p id="orari-hint" className="small text-secondary">Per ogni giorno puoi indicare due fasce orarie (mattina e pomeriggio). Lascia vuoti i giorni di chiusura.</p>
      {error && <div id="orari-error" className="invalid-feedback d-block mb-2" data-testid="error-orari">{error}</div>}
      {GIORNI_SETTIMANA.map(({ code, label }) => {
        const e = errors[code] ?? {}
        return (
          <fieldset key={code} className="border-bottom pb-2 mb-3">
            <legend className="small fw-semibold mb-1" style={{ fontSize: '1rem' }}>{label}</legend>
            <div className="row g-2">
              {CAMPI.map(({ campo, label: l }) => {
                const id = `orario-${code}-${campo}`
                const fascia = campo.endsWith('1') ? 'prima fascia' : 'seconda fascia'
                return (
                  <div key={campo} className="col-6 col-md-3">
                    <label htmlFor={id} className="small d-block">{`${l} (${fascia})`}</label>
                    <input
                      id={id}
                      type="time"
                      className={`form-control${e[campo] ? ' is-invalid' : ''}`}
                      value={value[code]?.[campo] ?? ''}
                      onChange={(ev) => set(code, campo, ev.target.value)}
                      aria-label={`${label}: ${l} (${fascia})`}
                      aria-invalid={e[campo] ? true : undefined}
                      aria-describedby={e[campo] ? `${id}-error` : undefined}
                    />
                    {e[campo] && <div id={`${id}-error`} className="invalid-feedback d-block">{e[campo]}</div>}
                  </div>
                )
              })}
            </div>
          </fieldset>
        )
      })}
    </fieldset>
  )
}
