/**
 * Live preview of a template being edited (spec 002 §2; issue 10 point 1): the sections drawn by THE
 * survey renderer (src/ui/survey) from the schema the editor would save, as the facilitator compiles them
 * ('Facilitatore': every section, compact) or as the citizen sees them on the phone ('Cittadino': Q4,
 * spec 002 §2, and the sections added after it, which are asked with Q4 — src/lib/survey-extra-sections.ts). The answers typed here are kept only for the preview.
 */
import { useId, useState } from 'react'
import { SEZIONI_QUESTIONARIO } from '../../../api/contract/enums'
import { sezioneSchema, type ModelloEditor } from '../../../lib/questionario-editor'
import { questionsOf, type FormAnswer, type FormAnswers, type SurveyVariant } from '../../../lib/survey-questions'
import { SurveySectionFields } from '../../../ui/survey'

const SENZA_TESTO = 'Domanda senza testo'

export function Anteprima({ modello }: { modello: ModelloEditor }) {
  const [vista, setVista] = useState<SurveyVariant>('compact')
  const [answers, setAnswers] = useState<FormAnswers>({})
  const name = useId()
  const sezioni = modello.sezioni.filter((s) => vista === 'compact' || s.id === SEZIONI_QUESTIONARIO.Q4.id || s.chiave === null)
  return (
    <section aria-labelledby={`${name}-titolo`} className="pd-anteprima" data-testid="anteprima">
      <h2 id={`${name}-titolo`} className="h4">Anteprima</h2>
      <fieldset className="mb-3">
        <legend className="h6 mb-2">Mostra il questionario come lo vede</legend>
        <div className="form-check form-check-inline">
          <input className="form-check-input" type="radio" id={`${name}-fac`} name={`${name}-vista`} checked={vista === 'compact'} onChange={() => setVista('compact')} />
          <label className="form-check-label" htmlFor={`${name}-fac`}>Facilitatore</label>
        </div>
        <div className="form-check form-check-inline">
          <input className="form-check-input" type="radio" id={`${name}-cit`} name={`${name}-vista`} checked={vista === 'phone'} onChange={() => setVista('phone')} />
          <label className="form-check-label" htmlFor={`${name}-cit`}>Cittadino (Q4 e sezioni aggiunte)</label>
        </div>
      </fieldset>
      {sezioni.map((s) => {
        const questions = questionsOf(sezioneSchema(s), vista).map((q) => ({ ...q, title: q.title || SENZA_TESTO }))
        return (
          <div key={s.id} className="mb-4" data-sezione={s.id}>
            <h3 className="h5">{s.titolo.trim() || 'Sezione'}</h3>
            {questions.length === 0 ? <p className="text-secondary">Nessuna domanda.</p> : (
              <SurveySectionFields
                questions={questions}
                answers={answers}
                onChange={(id: string, value: FormAnswer) => setAnswers((a) => ({ ...a, [id]: value }))}
                variant={vista}
                idPrefix={`${name}-${s.id}`}
              />
            )}
          </div>
        )
      })}
    </section>
  )
}
