/**
 * 'Compilazione questionario' (spec 002 §2 survey compilation; platform-frontend §3.5 "Compile wizard UI"):
 * route `/area-amministrativa/servizi/$serviceId/cittadini/compila/$idQuestionarioCompilato`.
 * Four steps Q1–Q4 with the step indicator (progress bar on phones), decoded from the instance
 * (`useQuestionarioCampo`), titles and labels from the service's template snapshot
 * (`useCampoRiferimenti().templateSnapshot`): Q1 shows the citizen's data and lets the facilitator
 * correct the correctable ones (`CorrezioniQ1`, issue 8 point 5: checked against their enumerations
 * before leaving the step and before sending, sent as `…DaAggiornare` with the compilation); Q2–Q3
 * read-only; Q4 editable (the shared renderer, compact variant: required, dependencies, maxLength, rating
 * 1–5) followed by the sections the template adds after Q4 (src/lib/survey-extra-sections.ts; issue 24
 * point 4), each under its own heading, validated and sent with Q4. While the citizen's Q1 shows no recorded consent, the wizard opens at step Q1, which also asks
 * the consent (type and date, ConsensoFieldset; issue 8 point 1) before going on; it is sent with Q4 and
 * the corrections. 'Invia questionario' saves on the device through `compilaQuestionario` (sent by the
 * outbox, offline included), then goes back to the service's citizens with a toast. The form is marked
 * dirty while it holds unsaved answers. Only FAC/VOL compile: managers get a notice and the link to the
 * read-only view.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { QuestionarioTemplate } from '../../api/contract/questionario'
import { useSession } from '../../auth/session'
import { navigateTo } from '../../auth/navigation'
import { toWireDate } from '../../lib/dates'
import {
  encodeAnswers, initialAnswers, questionsOf, sameAnswers, validateAnswers, visibleQuestions, type FormAnswer, type FormAnswers,
} from '../../lib/survey-questions'
import { haCorrezioni, type CorrezioniCittadino } from '../../lib/q1-corrections'
import { sectionHeader } from '../../lib/survey-sections'
import { domandeAggiuntive, encodeSezioniAggiuntive, risposteAggiuntiveIniziali } from '../../lib/survey-extra-sections'
import { REQUIRED_NOTE } from '../../lib/validation'
import { useDirtyForm } from '../../pwa/dirty-forms'
import { showToast } from '../../ui/stores/toasts'
import { compilaQuestionario, isFieldRole, SyncChip, useCampoRiferimenti, useQuestionarioCampo, type QuestionarioLocale } from '../campo'
import {
  INTRO_STEP, motivoSolaLettura, NUMERO_STEP, pathCittadiniServizio, pathQuestionarioCompilato, stepIniziale, stepPrecedente, stepSuccessivo, ULTIMO_STEP,
} from './compila'
import { firstControlId, SurveySectionFields } from '../../ui/survey'
import { useBreadcrumbQuestionario } from './breadcrumb'
import { ConsensoFieldset } from './components/ConsensoFieldset'
import { CorrezioniQ1, useCorrezioniQ1 } from './components/CorrezioniQ1'
import { consensoDaForm, consensoIniziale, erroriConsenso, OPZIONI_CONSENSO, serveConsenso, type ConsensoForm } from './consenso'
import { LinkInterno } from './components/LinkInterno'
import { SezioneSolaLettura } from './components/SezioneSolaLettura'
import { Avviso, Caricamento } from './components/Stato'
import { StepIndicator } from './components/StepIndicator'
import { SEZIONI, sezioneDelTemplate, templateDiIstanza, titoloSezione } from './domande'
import { decodeSectionSafe } from './lettura'

/** Prefix of the ids of Q4's controls. */
const ID_PREFIX_Q4 = 'q4'

export interface CompilaQuestionarioPageProps {
  serviceId: string
  idQuestionarioCompilato: string
}

function Intestazione({ serviceId, children }: { serviceId: string; children?: ReactNode }) {
  return (
    <>
      <p className="text-uppercase small fw-semibold mb-1">Questionario</p>
      <h1 className="mb-3">Compilazione questionario</h1>
      <p className="mb-4">
        <LinkInterno to={pathCittadiniServizio(serviceId)}>Vai alla lista cittadini</LinkInterno>
      </p>
      {children}
    </>
  )
}

export function CompilaQuestionarioPage({ serviceId, idQuestionarioCompilato }: CompilaQuestionarioPageProps) {
  const session = useSession()
  const ruolo = session.profilo?.codiceRuolo
  useBreadcrumbQuestionario(serviceId, 'compila', idQuestionarioCompilato)
  return (
    <div className="container-xxl py-4" data-testid="compila-questionario">
      {isFieldRole(ruolo) ? (
        <CompilaCampo serviceId={serviceId} id={idQuestionarioCompilato} />
      ) : (
        <Intestazione serviceId={serviceId}>
          <Avviso titolo="Compilazione non consentita">
            <p>{motivoSolaLettura(ruolo, null)}</p>
            <LinkInterno to={pathQuestionarioCompilato(serviceId, idQuestionarioCompilato)}>Visualizza questionario</LinkInterno>
          </Avviso>
        </Intestazione>
      )}
    </div>
  )
}

function CompilaCampo({ serviceId, id }: { serviceId: string; id: string }) {
  const q = useQuestionarioCampo(id)
  const rif = useCampoRiferimenti()
  if (q === undefined || rif === undefined) return <Caricamento />
  if (q === null) {
    return (
      <Intestazione serviceId={serviceId}>
        <Avviso titolo="Questionario non trovato" tipo="warning">
          <p>Il questionario richiesto non è presente su questo dispositivo.</p>
        </Avviso>
      </Intestazione>
    )
  }
  const template = templateDiIstanza(rif, q.idQuestionarioTemplate)
  if (!template) {
    return (
      <Intestazione serviceId={serviceId}>
        <Avviso titolo="Modello del questionario non disponibile" tipo="warning">
          <p>Il modello di questo questionario non è ancora sul dispositivo. Collegati alla rete per aggiornare i dati e riprova.</p>
        </Avviso>
      </Intestazione>
    )
  }
  const motivo = motivoSolaLettura('FAC', q.statoQuestionario)
  if (motivo) {
    return (
      <Intestazione serviceId={serviceId}>
        <Avviso titolo="Questionario già compilato">
          <p>{motivo}</p>
          <LinkInterno to={pathQuestionarioCompilato(serviceId, id)}>Visualizza questionario</LinkInterno>
        </Avviso>
      </Intestazione>
    )
  }
  return <Wizard key={q.idCittadinoServizioLocale} serviceId={serviceId} q={q} template={template} />
}

function Wizard({ serviceId, q, template }: { serviceId: string; q: QuestionarioLocale; template: QuestionarioTemplate }) {
  const sezioni = useMemo(() => SEZIONI.map((k) => sezioneDelTemplate(template, k)), [template])
  const [q1, q2, q3] = useMemo(
    () => [decodeSectionSafe(q.sezioneQ1Questionario), decodeSectionSafe(q.sezioneQ2Questionario), decodeSectionSafe(q.sezioneQ3Questionario)],
    [q.sezioneQ1Questionario, q.sezioneQ2Questionario, q.sezioneQ3Questionario],
  )
  const domandeQ4 = useMemo(() => questionsOf(sezioni[3] ?? null, 'compact'), [sezioni])
  // the sections after Q4, asked with it (question ids are unique in a template: one answers map)
  const aggiuntive = useMemo(() => domandeAggiuntive(template.sezioniQuestionarioTemplate, 'compact'), [template])
  const domande = useMemo(() => [...domandeQ4, ...aggiuntive.flatMap((a) => a.domande)], [domandeQ4, aggiuntive])
  const [iniziali] = useState<FormAnswers>(() => ({
    ...initialAnswers(domandeQ4, decodeSectionSafe(q.sezioneQ4Questionario)),
    ...risposteAggiuntiveIniziali(aggiuntive, q.sezioniAggiuntiveQuestionario),
  }))
  // asked once: the consent the citizen has not given yet (Q1 without 18–19)
  const [chiediConsenso] = useState(() => serveConsenso(q.sezioneQ1Questionario))
  const [oggi] = useState(() => toWireDate(new Date()))
  const [consenso, setConsenso] = useState<ConsensoForm>(() => consensoIniziale(oggi))
  const [consensoVerificato, setConsensoVerificato] = useState(false)
  const [step, setStep] = useState(() => (chiediConsenso ? 0 : stepIniziale(q1, q2, q3)))
  const [risposte, setRisposte] = useState<FormAnswers>(iniziali)
  const [inviato, setInviato] = useState(false)
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  /** control to focus after the next step change instead of the heading */
  const focusAfterStep = useRef<string | null>(null)
  const correzioniQ1 = useCorrezioniQ1(sezioni[0] ?? null, q1, pending)

  const titoli = SEZIONI.map((k, i) => titoloSezione(sezioni[i] ?? null, k))
  const errori = inviato ? validateAnswers(domande, risposte, 'compact') : {}
  const erroriCons = chiediConsenso && consensoVerificato ? erroriConsenso(consenso, oggi) : {}
  const dirty = !done && (!sameAnswers(risposte, iniziali) || correzioniQ1.dirty || consenso.tipo !== '')
  useDirtyForm(`compila-questionario-${q.idCittadinoServizioLocale}`, dirty)

  useEffect(() => {
    // focus the step heading after a step change (not on the first render), or the field to correct
    const target = focusAfterStep.current ? document.getElementById(focusAfterStep.current) : headingRef.current
    focusAfterStep.current = null
    if (moved.current) target?.focus()
    moved.current = true
  }, [step])

  /**
   * Checks step Q1 (its corrections, and the consent when asked) and shows the errors of both:
   * `correzioni` to send (maybe none) when the step is valid, else null and `primo` the id of the first
   * field to fix (the corrections come first on the page).
   */
  const verificaQ1 = (): { correzioni: CorrezioniCittadino | null; primo: string | null } => {
    const correzioni = correzioniQ1.verifica()
    let primoConsenso: string | null = null
    if (chiediConsenso) {
      setConsensoVerificato(true)
      const e = erroriConsenso(consenso, oggi)
      if (e.tipo) primoConsenso = `pd-consenso-${OPZIONI_CONSENSO[0].value}`
      else if (e.data) primoConsenso = 'pd-consenso-data'
    }
    if (correzioni !== null && primoConsenso === null) return { correzioni, primo: null }
    return { correzioni: null, primo: (correzioni === null ? correzioniQ1.primoErrore() : null) ?? primoConsenso }
  }

  /** 'Step successivo': from Q1 only when its corrections and the consent asked are valid. */
  const avanti = () => {
    if (step === 0) {
      const { correzioni, primo } = verificaQ1()
      if (correzioni === null) {
        if (primo) document.getElementById(primo)?.focus()
        return
      }
    }
    setStep(stepSuccessivo)
  }

  const set = (qid: string, value: FormAnswer) => setRisposte((r) => ({ ...r, [qid]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (step !== ULTIMO_STEP || pending) return
    setInviato(true)
    setErrore(null)
    const { correzioni, primo } = verificaQ1()
    if (correzioni === null) {
      // a wrong value or a missing consent in Q1: back to its step, on the field
      focusAfterStep.current = primo
      setStep(0)
      return
    }
    const found = validateAnswers(domande, risposte, 'compact')
    const first = visibleQuestions(domande, risposte).find((d) => found[d.id])
    if (first) {
      document.getElementById(firstControlId(ID_PREFIX_Q4, first, 'compact'))?.focus()
      return
    }
    setPending(true)
    try {
      const q4 = encodeAnswers(sectionHeader('Q4'), domandeQ4, risposte)
      const extra = encodeSezioniAggiuntive(aggiuntive, risposte)
      await compilaQuestionario(q.idCittadinoServizioLocale, q4, chiediConsenso ? consensoDaForm(consenso) : null, haCorrezioni(correzioni) ? correzioni : undefined, extra)
      setDone(true)
      showToast({
        status: 'success',
        title: 'Questionario compilato',
        message: 'Il questionario è salvato sul dispositivo e verrà inviato automaticamente.',
      })
      navigateTo(pathCittadiniServizio(serviceId))
    } catch (err) {
      setErrore(err instanceof Error && err.message ? err.message : 'Non è stato possibile salvare il questionario. Riprova.')
    } finally {
      setPending(false)
    }
  }

  const nErrori = Object.keys(errori).length
  return (
    <Intestazione serviceId={serviceId}>
      <div className="mb-3">
        <SyncChip state={q.syncState} />
      </div>
      <StepIndicator steps={titoli} current={step} />
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={pending}>
        <h2 ref={headingRef} tabIndex={-1} className="h3 mb-3" data-testid="titolo-step">
          {titoli[step]}
        </h2>
        {step === 0 ? (
          <>
            <CorrezioniQ1 {...correzioniQ1.props} />
            {chiediConsenso && <ConsensoFieldset value={consenso} onChange={setConsenso} errors={erroriCons} oggi={oggi} disabled={pending} />}
          </>
        ) : step < ULTIMO_STEP ? (
          <>
            <p className="small" data-testid="intro-step">{INTRO_STEP[step]}</p>
            <SezioneSolaLettura sezione={sezioni[step] ?? null} risposte={[q1, q2, q3][step] ?? null} />
          </>
        ) : (
          <>
            <p className="small">{REQUIRED_NOTE}</p>
            {nErrori > 0 && (
              <div className="alert alert-danger" role="alert" data-testid="errori-q4">
                {nErrori === 1 ? 'Una risposta da controllare.' : `${nErrori} risposte da controllare.`}
              </div>
            )}
            <SurveySectionFields questions={domandeQ4} answers={risposte} onChange={set} variant="compact" idPrefix={ID_PREFIX_Q4} errors={errori} disabled={pending} />
            {domandeQ4.length === 0 && <p>Il modello non contiene domande per questa sezione.</p>}
            {aggiuntive.map(({ sezione, domande: d }, i) => (
              <section key={sezione.id} className="mt-4" aria-labelledby={`sezione-aggiuntiva-${i}`} data-testid="sezione-aggiuntiva">
                <h3 id={`sezione-aggiuntiva-${i}`} className="h4 mb-3">
                  {sezione.title}
                </h3>
                <SurveySectionFields questions={d} answers={risposte} onChange={set} variant="compact" idPrefix={ID_PREFIX_Q4} errors={errori} disabled={pending} />
              </section>
            ))}
          </>
        )}
        {errore && (
          <div className="alert alert-danger" role="alert" data-testid="errore-salvataggio">
            {errore}
          </div>
        )}
        <nav className="d-flex flex-wrap gap-2 justify-content-between mt-4" aria-label="Navigazione tra gli step">
          <button type="button" className="btn btn-outline-primary" disabled={step === 0 || pending} onClick={() => setStep(stepPrecedente)}>
            Step precedente
          </button>
          {/* distinct keys: the button clicked to reach Q4 must not become the submit button while its click is handled */}
          {step < ULTIMO_STEP ? (
            <button key="avanti" type="button" className="btn btn-primary" onClick={avanti}>
              Step successivo
            </button>
          ) : (
            <button key="invia" type="submit" className="btn btn-primary" disabled={pending || domande.length === 0}>
              Invia questionario
            </button>
          )}
        </nav>
        <p className="visually-hidden" aria-live="polite">
          Step {step + 1} di {NUMERO_STEP}: {titoli[step]}
        </p>
      </form>
    </Intestazione>
  )
}
