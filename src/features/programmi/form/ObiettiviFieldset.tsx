/**
 * Targets by date (platform-backend §1.1): for each of the four families up to 5 steps, each a value
 * reached by a date. Steps are added and removed with buttons, so an empty form costs four Tab stops.
 */
import { FAMIGLIE_OBIETTIVI, HINT, MAX_PASSI, type FormErrors, type ObiettiviForm } from './obiettivi-labels'
import { Campo, HINT_DATA } from '../../../ui/form/fields'

export interface ObiettiviFieldsetProps {
  idPrefix: string
  value: ObiettiviForm
  onChange(next: ObiettiviForm): void
  errors: FormErrors
}

export function ObiettiviFieldset({ idPrefix, value, onChange, errors }: ObiettiviFieldsetProps) {
  return (
    <fieldset className="mb-4">
      <legend className="h4">Obiettivi</legend>
      <p className="small text-secondary">{HINT}</p>
      {FAMIGLIE_OBIETTIVI.map(({ key, label }) => {
        const passi = value[key]
        const set = (i: number, campo: 'valore' | 'data', v: string) =>
          onChange({ ...value, [key]: passi.map((p, j) => (j === i ? { ...p, [campo]: v } : p)) })
        return (
          <fieldset key={key} className="border rounded p-3 mb-3" data-testid={`obiettivi-${key}`}>
            <legend className="h6 float-none w-auto px-2 mb-0">{label}</legend>
            {passi.length === 0 && <p className="small text-secondary mb-2">Nessun obiettivo indicato.</p>}
            {passi.map((p, i) => (
              <div key={i} className="row g-2 align-items-start">
                <div className="col-12 col-md-4">
                  <Campo id={`${idPrefix}-${key}-${i}-valore`} label={`${label}: valore ${i + 1}`} value={p.valore} inputMode="numeric"
                    onChange={(v) => set(i, 'valore', v)} error={errors[`obiettivi.${key}.${i}.valore`]} className="mb-3" />
                </div>
                <div className="col-12 col-md-5">
                  <Campo id={`${idPrefix}-${key}-${i}-data`} label={`${label}: entro la data ${i + 1}`} value={p.data} hint={HINT_DATA}
                    onChange={(v) => set(i, 'data', v)} error={errors[`obiettivi.${key}.${i}.data`]} className="mb-3" />
                </div>
                <div className="col-12 col-md-3 pt-md-4">
                  <button type="button" className="btn btn-outline-danger btn-sm"
                    onClick={() => onChange({ ...value, [key]: passi.filter((_, j) => j !== i) })}>
                    Rimuovi<span className="visually-hidden"> obiettivo {i + 1} di {label}</span>
                  </button>
                </div>
              </div>
            ))}
            {passi.length < MAX_PASSI && (
              <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => onChange({ ...value, [key]: [...passi, { valore: '', data: '' }] })}>
                Aggiungi obiettivo<span className="visually-hidden"> di {label}</span>
              </button>
            )}
          </fieldset>
        )
      })}
    </fieldset>
  )
}
