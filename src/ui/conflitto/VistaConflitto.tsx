/**
 * The side-by-side conflict view (issue 27 points 2–3), shared by the online forms and the sync centre: for
 * each field changed on both sides (the `conflitti` of src/lib/merge3.ts) it shows 'La tua modifica' beside
 * 'Modificato da altri il …' and a radio group named by the field's label — 'Mantieni la mia' / 'Usa quella
 * salvata' (arrow keys move within a group, Tab between groups). 'Salva' is enabled once every field has a
 * choice. Controlled: the caller keeps `scelte` and builds the record with `applicaScelte`. The fields the merge
 * took from the saved version without asking (`presiDaAltri`) are listed read-only. When it opens the view's
 * heading takes the focus; the error of a failed save is announced (role=alert), the choices' progress too
 * (role=status).
 */
import { useEffect, useId, useRef } from 'react'
import type { Conflitto, Scelta } from '../../lib/merge3'
import { formatValore, testoModificatoDaAltri } from './testi'

/** How a field is named and its value shown. */
export interface CampoVista {
  label: string
  format?(v: unknown): string
}

/** The fields by dotted path, or a function of the path (nested Q3 answers: 'q3.29'). */
export type CampiVista = Readonly<Record<string, CampoVista>> | ((percorso: string) => CampoVista | undefined)

export interface VistaConflittoProps {
  conflitti: readonly Conflitto[]
  campi: CampiVista
  /** when the saved version changed (ISO); absent: 'Modificato da altri' */
  modificatoIl?: string | null
  scelte: Readonly<Record<string, Scelta>>
  onScelta(percorso: string, scelta: Scelta): void
  onSalva(): void
  onAnnulla?(): void
  /** the paths taken from the saved version without asking (src/ui/conflitto/testi.ts campiPresiDaAltri) */
  presiDaAltri?: readonly string[]
  /** the save is running: buttons disabled */
  busy?: boolean
  /** why the last save failed */
  errore?: string | null
  /** default 'Modifica in conflitto' */
  titolo?: string
  /** heading level, default 2 */
  livello?: 2 | 3
}

function campoDi(campi: CampiVista, percorso: string): CampoVista {
  const c = typeof campi === 'function' ? campi(percorso) : campi[percorso]
  return c ?? { label: percorso }
}

export function VistaConflitto(p: VistaConflittoProps) {
  const id = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  const scelti = p.conflitti.filter((c) => p.scelte[c.percorso] !== undefined).length
  const completo = scelti === p.conflitti.length
  const altri = testoModificatoDaAltri(p.modificatoIl)
  const presi = p.presiDaAltri ?? []
  const Heading = p.livello === 3 ? 'h3' : 'h2'
  return (
    <section className="pd-conflitto border rounded p-3 mb-4" aria-labelledby={`${id}-t`} data-testid="vista-conflitto">
      <Heading id={`${id}-t`} ref={headingRef} tabIndex={-1} className="h4">{p.titolo ?? 'Modifica in conflitto'}</Heading>
      <p>
        Mentre modificavi, qualcun altro ha salvato questo record. Quello che hai scritto non è andato perso: per
        ogni campo cambiato da entrambi scegli quale valore salvare.
      </p>
      {presi.length > 0 && (
        <div className="mb-3">
          <p className="mb-1">
            {presi.length === 1
              ? 'Un campo modificato solo da altri è stato preso dalla versione salvata:'
              : `${presi.length} campi modificati solo da altri sono stati presi dalla versione salvata:`}
          </p>
          <ul className="mb-0">
            {presi.map((percorso) => <li key={percorso}>{campoDi(p.campi, percorso).label}</li>)}
          </ul>
        </div>
      )}
      {p.conflitti.map((c, i) => {
        const campo = campoDi(p.campi, c.percorso)
        const fmt = campo.format ?? formatValore
        const gid = `${id}-c${i}`
        return (
          <fieldset key={c.percorso} className="border-top pt-3 mb-3" data-campo={c.percorso}>
            <legend className="h6 fw-bold mb-2">{campo.label}</legend>
            <div className="row g-2 mb-2">
              <div className="col-12 col-md-6">
                <p className="small fw-semibold mb-1" id={`${gid}-mt`}>La tua modifica</p>
                <p className="mb-0 text-break" id={`${gid}-mv`}>{fmt(c.mine)}</p>
              </div>
              <div className="col-12 col-md-6">
                <p className="small fw-semibold mb-1" id={`${gid}-tt`}>{altri}</p>
                <p className="mb-0 text-break" id={`${gid}-tv`}>{fmt(c.theirs)}</p>
              </div>
            </div>
            {(['mine', 'theirs'] as const).map((s) => (
              <div className="form-check form-check-inline" key={s}>
                <input className="form-check-input" type="radio" id={`${gid}-${s}`} name={`${gid}-scelta`} value={s}
                  checked={p.scelte[c.percorso] === s} disabled={p.busy}
                  aria-describedby={s === 'mine' ? `${gid}-mv` : `${gid}-tv`}
                  onChange={() => p.onScelta(c.percorso, s)} />
                <label className="form-check-label" htmlFor={`${gid}-${s}`}>
                  {s === 'mine' ? 'Mantieni la mia' : 'Usa quella salvata'}
                </label>
              </div>
            ))}
          </fieldset>
        )
      })}
      <p role="status" className="small mb-2">
        {completo ? 'Hai scelto per tutti i campi: puoi salvare.' : `Scelte fatte: ${scelti} di ${p.conflitti.length}.`}
      </p>
      {p.errore && <div className="alert alert-danger" role="alert">{p.errore}</div>}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={!completo || p.busy} onClick={p.onSalva}>
          {p.busy ? 'Salvataggio…' : 'Salva'}
        </button>
        {p.onAnnulla && (
          <button type="button" className="btn btn-outline-primary" disabled={p.busy} onClick={p.onAnnulla}>Annulla</button>
        )}
      </div>
    </section>
  )
}
