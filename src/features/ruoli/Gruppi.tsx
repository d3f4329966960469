/**
 * Permission groups shown as a list (role page) or as checkboxes (role form): each group's code and
 * description, with its permissions under a disclosure ('Permessi del gruppo', native `<details>`).
 */
import type { Gruppo } from '../../api/contract/ruoli'

function Permessi({ g }: { g: Gruppo }) {
  return (
    <details className="mt-1">
      <summary className="small">{`Permessi del gruppo (${g.permessi.length})`}</summary>
      <ul className="small mb-0 mt-1">
        {g.permessi.map((p) => <li key={p.codice}><code>{p.codice}</code> — {p.descrizione}</li>)}
      </ul>
    </details>
  )
}

export function ElencoGruppi({ gruppi }: { gruppi: readonly Gruppo[] }) {
  return (
    <ul className="list-unstyled mb-0" data-testid="gruppi-ruolo">
      {gruppi.map((g) => (
        <li key={g.codice} className="border-bottom py-3">
          <span className="fw-semibold">{g.descrizione}</span> <span className="text-secondary small">({g.codice})</span>
          <Permessi g={g} />
        </li>
      ))}
    </ul>
  )
}

export interface SceltaGruppiProps {
  gruppi: readonly Gruppo[]
  scelti: readonly string[]
  disabled?: boolean
  errore?: string | null
  onChange(scelti: string[]): void
}

export function SceltaGruppi({ gruppi, scelti, disabled, errore, onChange }: SceltaGruppiProps) {
  const errId = 'pd-gruppi-errore'
  return (
    <fieldset className="mb-4" aria-describedby={errore ? errId : undefined} id="pd-gruppi">
      <legend className="h5">Gruppi di permessi*</legend>
      {errore && <div id={errId} className="invalid-feedback d-block mb-2">{errore}</div>}
      <ul className="list-unstyled mb-0">
        {gruppi.map((g) => {
          const id = `pd-gruppo-${g.codice.replace(/[^\w-]/g, '_')}`
          return (
            <li key={g.codice} className="border-bottom py-2">
              <div className="form-check my-0">
                <input
                  id={id}
                  type="checkbox"
                  checked={scelti.includes(g.codice)}
                  disabled={disabled}
                  onChange={(e) => onChange(e.target.checked ? [...scelti, g.codice] : scelti.filter((c) => c !== g.codice))}
                />
                <label htmlFor={id} className="fw-semibold">
                  {g.descrizione} <span className="text-secondary small fw-normal">({g.codice})</span>
                </label>
              </div>
              <Permessi g={g} />
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
