/**
 * Step Q1 of the compilation (issue 8 point 5; platform-frontend §3.5): the citizen's data as recorded,
 * read-only where they cannot change (the fiscal code, and the gender and age band it determines), and
 * the correctable ones (education, occupation, province, citizenship; gender and age band of a citizen
 * identified by a document) as fields of the shared renderer, filled with the recorded values. The
 * corrections travel with the compilation (`…DaAggiornare`), offline too.
 */
import { useMemo, useState } from 'react'
import type { SezioneTemplateWire } from '../../../api/contract/questionario'
import { correzioniDaQ1, domandeCorreggibili, valoriIniziali, type CorrezioniCittadino, type DomandaCorreggibile } from '../../../lib/q1-corrections'
import { CF_NON_PRESENTE } from '../../../lib/survey-instance'
import { questionsOf, sameAnswers, type FormAnswer, type FormAnswers } from '../../../lib/survey-questions'
import { answersOf, type DecodedSection } from '../../../lib/survey-sections'
import { firstControlId, SurveySectionFields } from '../../../ui/survey'
import { SezioneSolaLettura } from './SezioneSolaLettura'
import { INTRO_STEP } from '../compila'

/** Prefix of the ids of the Q1 fields. */
export const ID_PREFIX_Q1 = 'q1'

export interface CorrezioniQ1Props {
  sezione: SezioneTemplateWire | null
  /** the recorded Q1 (null: unreadable) */
  q1: DecodedSection | null
  domande: readonly DomandaCorreggibile[]
  risposte: FormAnswers
  errori: Readonly<Record<string, string>>
  onChange(id: string, value: FormAnswer): void
  conCodiceFiscale: boolean
  disabled?: boolean
}

export function CorrezioniQ1({ sezione, q1, domande, risposte, errori, onChange, conCodiceFiscale, disabled }: CorrezioniQ1Props) {
  const n = Object.keys(errori).length
  if (domande.length === 0) {
    return (
      <>
        <p className="small" data-testid="intro-step">{INTRO_STEP[0]}</p>
        <SezioneSolaLettura sezione={sezione} risposte={q1} />
      </>
    )
  }
  return (
    <>
      <p className="small" data-testid="intro-step">
        Controlla i dati del cittadino e correggi quelli errati: le correzioni vengono salvate con il questionario, anche senza connessione.
        {conCodiceFiscale && ' Genere e fascia di età derivano dal codice fiscale e non si possono modificare.'}
      </p>
      {n > 0 && (
        <div className="alert alert-danger" role="alert" data-testid="errori-q1">
          {n === 1 ? 'Un dato da controllare.' : `${n} dati da controllare.`}
        </div>
      )}
      <SezioneSolaLettura sezione={sezione} risposte={q1} escludi={new Set(domande.map((d) => d.domanda.id))} />
      <SurveySectionFields
        questions={domande.map((d) => d.domanda)}
        answers={risposte}
        onChange={onChange}
        variant="compact"
        idPrefix={ID_PREFIX_Q1}
        errors={errori}
        disabled={disabled}
      />
    </>
  )
}

/** State of step Q1's corrections for the wizard. */
export interface StatoCorrezioniQ1 {
  /** props of {@link CorrezioniQ1} */
  props: CorrezioniQ1Props
  /** the form differs from the recorded data */
  dirty: boolean
  /** checks the form and shows its errors; the corrections to send (maybe none), or null when some value is wrong */
  verifica(): CorrezioniCittadino | null
  /** id of the control to focus after a failed {@link StatoCorrezioniQ1.verifica} */
  primoErrore(): string | null
}

/**
 * The wizard's state of step Q1: the correctable questions of the template's Q1 for this citizen (a
 * citizen without 'Codice fiscale non presente' in question 1 has a fiscal code), filled with the
 * recorded values; errors shown once checked, then kept up to date while typing.
 */
export function useCorrezioniQ1(sezione: SezioneTemplateWire | null, q1: DecodedSection | null, disabled: boolean): StatoCorrezioniQ1 {
  const conCodiceFiscale = q1 === null || answersOf(q1, '1')[0] !== CF_NON_PRESENTE
  const domande = useMemo(() => (q1 === null ? [] : domandeCorreggibili(questionsOf(sezione, 'compact'), conCodiceFiscale)), [sezione, q1, conCodiceFiscale])
  const [iniziali] = useState<FormAnswers>(() => valoriIniziali(domande, q1?.answers ?? {}))
  const [risposte, setRisposte] = useState<FormAnswers>(iniziali)
  const [errori, setErrori] = useState<Record<string, string>>({})
  const [controllato, setControllato] = useState(false)
  const onChange = (id: string, value: FormAnswer) => {
    const next = { ...risposte, [id]: value }
    setRisposte(next)
    if (controllato) setErrori(correzioniDaQ1(domande, iniziali, next).errori)
  }
  const check = () => correzioniDaQ1(domande, iniziali, risposte)
  return {
    props: { sezione, q1, domande, risposte, errori, onChange, conCodiceFiscale, disabled },
    dirty: !sameAnswers(risposte, iniziali),
    verifica: () => {
      const r = check()
      setControllato(true)
      setErrori(r.errori)
      return Object.keys(r.errori).length > 0 ? null : r.correzioni
    },
    primoErrore: () => {
      const found = check().errori
      const first = domande.find((d) => found[d.domanda.id])
      return first ? firstControlId(ID_PREFIX_Q1, first.domanda, 'compact') : null
    },
  }
}
