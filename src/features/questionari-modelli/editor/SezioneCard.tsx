/**
 * One section in the editor (spec 002 §2): Q1 and Q2 read-only (the platform's questions), Q3, Q4 and
 * added sections with their questions ({@link DomandaCard}) and 'Aggiungi domanda'; an added section
 * also has its title and 'Sposta su', 'Sposta giù', 'Rimuovi sezione'.
 */
import {
  chiaveErrore, domandaRimovibile, domandaSpostabile, type DomandaEditor, type SezioneEditor,
} from '../../../lib/questionario-editor'
import { DomandaCard } from './DomandaCard'

export interface SezioneCardProps {
  sezione: SezioneEditor
  posizione: number
  errori: Readonly<Record<string, string>>
  puoSalire: boolean
  puoScendere: boolean
  onTitolo(titolo: string): void
  onSpostaSezione(delta: -1 | 1): void
  onRimuoviSezione(): void
  onAggiungiDomanda(): void
  onDomanda(idDomanda: string, patch: Partial<Pick<DomandaEditor, 'titolo' | 'tipo' | 'opzioni' | 'obbligatoria'>>): void
  onSpostaDomanda(idDomanda: string, delta: -1 | 1): void
  onRimuoviDomanda(idDomanda: string): void
}

/** Element id of a section's control (`campo`: titolo, su, giu, rimuovi, aggiungi). */
export const idSezioneCampo = (idSezione: string, campo: string) => `s-${idSezione}-${campo}`

export function SezioneCard(p: SezioneCardProps) {
  const s = p.sezione
  const headingId = idSezioneCampo(s.id, 'intestazione')
  const errSezione = p.errori[chiaveErrore(s.id)]
  const errTitolo = p.errori[chiaveErrore(s.id, 'titolo')]
  const etichetta = s.chiave ? `${s.chiave} – ${s.titolo}` : `Sezione ${p.posizione}: ${s.titolo.trim() || 'senza titolo'}`
  return (
    <section className="card card-bg mb-4 p-3 p-lg-4 pd-sezione" aria-labelledby={headingId} data-sezione={s.id}>
      <h3 id={headingId} className="h5">{etichetta}</h3>
      {s.bloccata ? (
        <>
          <p className="small text-secondary">Sezione bloccata: le domande sono definite dalla piattaforma e non si possono modificare.</p>
          <ol className="mb-0">{s.domande.map((d) => <li key={d.id}>{d.titolo}</li>)}</ol>
        </>
      ) : (
        <>
          {s.chiave === null && (
            <div className="mb-3">
              <label htmlFor={idSezioneCampo(s.id, 'titolo')} className="form-label fw-semibold">Titolo della sezione *</label>
              <input
                id={idSezioneCampo(s.id, 'titolo')} type="text" className={`form-control${errTitolo ? ' is-invalid' : ''}`} value={s.titolo} maxLength={500}
                aria-invalid={errTitolo ? true : undefined} aria-describedby={errTitolo ? `${idSezioneCampo(s.id, 'titolo')}-errore` : undefined}
                onChange={(e) => p.onTitolo(e.target.value)}
              />
              {errTitolo && <div id={`${idSezioneCampo(s.id, 'titolo')}-errore`} className="invalid-feedback d-block">{errTitolo}</div>}
              <div className="d-flex flex-wrap gap-2 mt-2">
                <button id={idSezioneCampo(s.id, 'su')} type="button" className="btn btn-outline-primary btn-sm" disabled={!p.puoSalire} aria-label={`Sposta su la sezione ${p.posizione}`} onClick={() => p.onSpostaSezione(-1)}>Sposta su</button>
                <button id={idSezioneCampo(s.id, 'giu')} type="button" className="btn btn-outline-primary btn-sm" disabled={!p.puoScendere} aria-label={`Sposta giù la sezione ${p.posizione}`} onClick={() => p.onSpostaSezione(1)}>Sposta giù</button>
                <button id={idSezioneCampo(s.id, 'rimuovi')} type="button" className="btn btn-outline-danger btn-sm" onClick={p.onRimuoviSezione}>Rimuovi sezione</button>
              </div>
            </div>
          )}
          {errSezione && <div className="alert alert-danger" role="alert">{errSezione}</div>}
          {s.domande.map((d, i) => (
            <DomandaCard
              key={d.id}
              idSezione={s.id}
              domanda={d}
              posizione={i + 1}
              errori={p.errori}
              puoSalire={domandaSpostabile(s, d.id, -1)}
              puoScendere={domandaSpostabile(s, d.id, 1)}
              rimovibile={domandaRimovibile(s, d)}
              motivoNonRimovibile={d.predefinita ? null : s.domande.length <= 1 ? 'La sezione deve contenere almeno una domanda.' : null}
              onChange={(patch) => p.onDomanda(d.id, patch)}
              onSposta={(delta) => p.onSpostaDomanda(d.id, delta)}
              onRimuovi={() => p.onRimuoviDomanda(d.id)}
            />
          ))}
          <button id={idSezioneCampo(s.id, 'aggiungi')} type="button" className="btn btn-outline-primary" onClick={p.onAggiungiDomanda}>
            {`Aggiungi domanda in ${s.chiave ?? `sezione ${p.posizione}`}`}
          </button>
        </>
      )}
    </section>
  )
}
