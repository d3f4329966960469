/**
 * One question in the editor (spec 002 §2–§3; platform-frontend §3.4): its text, answer type ('Tipo di
 * risposta'), values for 'Lista valori' and 'Scelta multipla' (one per line), 'Obbligatoria', and the
 * buttons 'Sposta su', 'Sposta giù', 'Rimuovi' — keyboard operable, each named with the question's
 * position. A predefined question shows its text only (the rest is the platform's).
 */
import { TIPI_DOMANDA, chiaveErrore, type DomandaEditor, type TipoDomanda } from '../../../lib/questionario-editor'

export interface DomandaCardProps {
  idSezione: string
  domanda: DomandaEditor
  posizione: number
  errori: Readonly<Record<string, string>>
  puoSalire: boolean
  puoScendere: boolean
  rimovibile: boolean
  motivoNonRimovibile: string | null
  onChange(patch: Partial<Pick<DomandaEditor, 'titolo' | 'tipo' | 'opzioni' | 'obbligatoria'>>): void
  onSposta(delta: -1 | 1): void
  onRimuovi(): void
}

/** Element id of a question's control (`campo`: titolo, tipo, opzioni, obbligatoria, su, giu, rimuovi). */
export const idCampo = (idSezione: string, idDomanda: string, campo: string) => `q-${idSezione}-${idDomanda}-${campo}`

export function DomandaCard(p: DomandaCardProps) {
  const d = p.domanda
  const id = (campo: string) => idCampo(p.idSezione, d.id, campo)
  const errTitolo = p.errori[chiaveErrore(p.idSezione, d.id)]
  const errOpzioni = p.errori[chiaveErrore(p.idSezione, d.id, 'opzioni')]
  const nome = `domanda ${p.posizione}`
  return (
    <fieldset className="pd-domanda border rounded p-3 mb-3" data-domanda={d.id}>
      <legend className="h6 float-none w-auto px-1 mb-2">{`Domanda ${p.posizione}`}{d.predefinita ? ' (predefinita)' : ''}</legend>
      <div className="mb-3">
        <label htmlFor={id('titolo')} className="form-label fw-semibold">Testo della domanda *</label>
        <input
          id={id('titolo')} type="text" className={`form-control${errTitolo ? ' is-invalid' : ''}`} value={d.titolo} maxLength={500}
          aria-invalid={errTitolo ? true : undefined} aria-describedby={errTitolo ? `${id('titolo')}-errore` : undefined}
          onChange={(e) => p.onChange({ titolo: e.target.value })}
        />
        {errTitolo && <div id={`${id('titolo')}-errore`} className="invalid-feedback d-block">{errTitolo}</div>}
      </div>
      {d.predefinita ? (
        <p className="small text-secondary mb-3">Domanda predefinita: si può modificare solo il testo; è sempre obbligatoria.</p>
      ) : (
        <>
          <div className="mb-3">
            <label htmlFor={id('tipo')} className="form-label fw-semibold">Tipo di risposta</label>
            <select id={id('tipo')} className="form-select" value={d.tipo} onChange={(e) => p.onChange({ tipo: e.target.value as TipoDomanda })}>
              {TIPI_DOMANDA.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
            </select>
            {d.tipo === 'range' && <p className="small text-secondary mt-1 mb-0">Il cittadino sceglie un valore da 1 a 5.</p>}
          </div>
          {(d.tipo === 'select' || d.tipo === 'checkbox') && (
            <div className="mb-3">
              <label htmlFor={id('opzioni')} className="form-label fw-semibold">Valori (uno per riga) *</label>
              <textarea
                id={id('opzioni')} rows={4} className={`form-control${errOpzioni ? ' is-invalid' : ''}`} value={d.opzioni.join('\n')}
                aria-invalid={errOpzioni ? true : undefined} aria-describedby={errOpzioni ? `${id('opzioni')}-errore` : undefined}
                onChange={(e) => p.onChange({ opzioni: e.target.value.split('\n') })}
              />
              {errOpzioni && <div id={`${id('opzioni')}-errore`} className="invalid-feedback d-block">{errOpzioni}</div>}
            </div>
          )}
          <div className="form-check mb-3">
            <input id={id('obbligatoria')} type="checkbox" className="form-check-input" checked={d.obbligatoria} onChange={(e) => p.onChange({ obbligatoria: e.target.checked })} />
            <label htmlFor={id('obbligatoria')} className="form-check-label">Risposta obbligatoria</label>
          </div>
        </>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button id={id('su')} type="button" className="btn btn-outline-primary btn-sm" disabled={!p.puoSalire} aria-label={`Sposta su la ${nome}`} onClick={() => p.onSposta(-1)}>Sposta su</button>
        <button id={id('giu')} type="button" className="btn btn-outline-primary btn-sm" disabled={!p.puoScendere} aria-label={`Sposta giù la ${nome}`} onClick={() => p.onSposta(1)}>Sposta giù</button>
        <button
          id={id('rimuovi')} type="button" className="btn btn-outline-danger btn-sm" disabled={!p.rimovibile} aria-label={`Rimuovi la ${nome}`}
          aria-describedby={!p.rimovibile && p.motivoNonRimovibile ? `${id('rimuovi')}-motivo` : undefined} onClick={p.onRimuovi}
        >
          Rimuovi
        </button>
      </div>
      {!p.rimovibile && p.motivoNonRimovibile && <p id={`${id('rimuovi')}-motivo`} className="small text-secondary mt-2 mb-0">{p.motivoNonRimovibile}</p>}
    </fieldset>
  )
}
