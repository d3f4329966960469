/**
 * A compiled section shown read-only (Q1–Q3 in the compile wizard, all four in the read-only view): a
 * heading and a description list of question → answers ('Nessuna risposta' when empty). An unreadable
 * section says so instead of failing. `escludi` leaves out questions drawn elsewhere (Q1's corrections).
 */
import type { SezioneTemplateWire } from '../../../api/contract/questionario'
import type { DecodedSection } from '../../../lib/survey-sections'
import '../questionari.css'
import { righeSezione } from '../lettura'

export interface SezioneSolaLetturaProps {
  /** heading of the section (none when the page already shows it) */
  titolo?: string
  sezione: SezioneTemplateWire | null
  /** decoded answers; null = unreadable */
  risposte: DecodedSection | null
  /** heading level of the title (default 2) */
  livello?: 2 | 3
  headingId?: string
  /** ids of questions not to list */
  escludi?: ReadonlySet<string>
}

export function SezioneSolaLettura({ titolo, sezione, risposte, livello = 2, headingId, escludi }: SezioneSolaLetturaProps) {
  const Heading = livello === 2 ? 'h2' : 'h3'
  const righe = righeSezione(sezione, risposte).filter((r) => !escludi?.has(r.id))
  return (
    <section className="mb-4" aria-labelledby={titolo ? headingId : undefined}>
      {titolo && (
        <Heading id={headingId} className="h4 mb-3">
          {titolo}
        </Heading>
      )}
      {risposte === null ? (
        <p className="alert alert-warning">Questa sezione non è leggibile.</p>
      ) : righe.length === 0 ? (
        <p>Questa sezione è vuota</p>
      ) : (
        <dl className="pd-readonly-answers">
          {righe.map((r) => (
            <div key={r.id} data-domanda={r.id}>
              <dt>{r.titolo}</dt>
              <dd>
                {r.valori.length === 0 ? (
                  <span className="text-muted">Nessuna risposta</span>
                ) : r.valori.length === 1 ? (
                  r.valori[0]
                ) : (
                  <ul className="mb-0 ps-3">
                    {r.valori.map((v) => (
                      <li key={v}>{v}</li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
