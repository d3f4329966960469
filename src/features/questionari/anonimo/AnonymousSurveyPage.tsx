/**
 * The citizen's anonymous survey `/servizi/questionario/{idQuestionario}/online/{token}` (spec 002 §2
 * "the anonymous online version lets the citizen fill only section Q4", §7; platform-frontend §3.6;
 * platform-backend §5.6). Public: no login, no session headers, drawn without the shell (`isBarePage`)
 * with its own minimal header. Steps:
 * 1. load `GET …/anonimo?t=` (T01 unknown link, T02 expired, Q02 already compiled → friendly pages);
 * 2. consent, when the citizen's consent is not recorded yet (`abilitatoConsensoTrattamentoDatiCittadino`
 *    false): 'Presa visione dell’informativa privacy' (required) → the submission records ONLINE consent;
 * 3. Q4, then the sections the template adds after Q4 (src/lib/survey-extra-sections.ts; issue 24 point 4),
 *    each under its own heading, then 'Invia questionario': the submission is stored in the phone's queue first
 *    (`queue.ts`, idempotency key kept with it) and sent; without network it stays queued and is sent on
 *    `online`, every 30 s, or when the page is reopened.
 * Answers typed so far and the loaded survey stay in `sessionStorage` (`draft.ts`): a reload, even
 * offline, loses nothing.
 *
 * The phases, their titles and the friendly error pages are in stati.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import type { CompilaAnonimoBody, QuestionarioAnonimo } from '../../../api/contract/questionario'
import { formatDisplayDate } from '../../../lib/dates'
import { useDirtyForm } from '../../../pwa/dirty-forms'
import { usePageTitle } from '../../../ui/shell/page-title'
import { fetchAnonimo } from './api'
import { cancellaBozza, leggiBozza, leggiModello, salvaBozza, salvaModello, type Bozza } from './draft'
import { encodeAnswers, questionError, questionsOf, validateAnswers, visibleQuestions, type FormAnswer } from '../../../lib/survey-questions'
import { domandeAggiuntive, encodeSezioniAggiuntive } from '../../../lib/survey-extra-sections'
import { firstControlId, SurveySectionFields } from '../../../ui/survey'
import { accodaInvio, flushInvii, inviaInCoda, invioInAttesa, type EsitoInvio } from './queue'
import { ERROR_PAGES, errorCodeOf, ID_PREFIX, MAX_Q4_LENGTH, MESSAGGIO_IN_CODA, MESSAGGIO_INVIATO, needsConsent, phaseTitle, PRODUCT_NAME, RETRY_INTERVAL_MS, type Phase } from './stati'
import './anonimo.css'

export { MESSAGGIO_IN_CODA, MESSAGGIO_INVIATO, PRODUCT_NAME, RETRY_INTERVAL_MS } from './stati'

export interface AnonymousSurveyPageProps {
  idQuestionario: string
  token: string
}

export function AnonymousSurveyPage({ idQuestionario, token }: AnonymousSurveyPageProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [data, setData] = useState<QuestionarioAnonimo | null>(null)
  const [bozza, setBozza] = useState<Bozza>(() => leggiBozza(idQuestionario))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [summary, setSummary] = useState<string | null>(null)
  const [consentError, setConsentError] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const mounted = useRef(true)
  const questionsQ4 = useMemo(() => (data ? questionsOf(data.sezioneQ4, 'phone') : []), [data])
  // the sections after Q4, asked on the same page (question ids are unique in a template: one answers map)
  const aggiuntive = useMemo(() => (data ? domandeAggiuntive(data.sezioniAggiuntive, 'phone') : []), [data])
  const questions = useMemo(() => [...questionsQ4, ...aggiuntive.flatMap((a) => a.domande)], [questionsQ4, aggiuntive])

  const safeSet = useCallback((p: Phase) => {
    if (mounted.current) setPhase(p)
  }, [])

  const showSurvey = useCallback(
    (d: QuestionarioAnonimo) => {
      setData(d)
      safeSet(needsConsent(d) && !leggiBozza(idQuestionario).consenso ? { kind: 'consent' } : { kind: 'form' })
    },
    [idQuestionario, safeSet],
  )

  const load = useCallback(async () => {
    safeSet({ kind: 'loading' })
    try {
      const d = await fetchAnonimo(idQuestionario, token)
      salvaModello(idQuestionario, token, d)
      if (mounted.current) showSurvey(d)
    } catch (e) {
      const code = errorCodeOf(e)
      const cached = code === 'offline' || code === 'generic' ? leggiModello(idQuestionario, token) : null
      if (cached) {
        if (mounted.current) showSurvey(cached)
        return
      }
      if (code === 'Q02') cancellaBozza(idQuestionario)
      safeSet({ kind: 'error', code })
    }
  }, [idQuestionario, token, safeSet, showSurvey])

  /** Applies the outcome of this instance's submission. */
  const applyOutcome = useCallback(
    (r: EsitoInvio) => {
      if (r.esito === 'inviato') {
        cancellaBozza(idQuestionario)
        safeSet({ kind: 'sent' })
      } else if (r.esito === 'in-attesa') {
        safeSet({ kind: 'queued' })
      } else if (r.errorCode === 'T01' || r.errorCode === 'T02' || r.errorCode === 'Q02' || r.errorCode === 'DP04') {
        // Q02 compiled, DP04 the citizen's data erased (issue 28): the draft has nowhere to go
        if (r.errorCode === 'Q02' || r.errorCode === 'DP04') cancellaBozza(idQuestionario)
        safeSet({ kind: 'error', code: r.errorCode })
      } else {
        // refused for its content (A04/A05/G02…): the answers are still in the draft, let the citizen retry
        setSummary(`Non è stato possibile inviare le risposte${r.errorCode ? ` (errore ${r.errorCode})` : ''}. Controlla le risposte e riprova.`)
        if (data) safeSet({ kind: 'form' })
        else void load()
      }
    },
    [data, idQuestionario, load, safeSet],
  )

  /** Sends the queue again and reflects this instance's entry. */
  const retry = useCallback(async () => {
    const results = await flushInvii()
    const mine = results.find((r) => r.idQuestionarioCompilato === idQuestionario)
    if (mine) applyOutcome(mine)
    else if (!(await invioInAttesa(idQuestionario))) applyOutcome({ chiave: '', idQuestionarioCompilato: idQuestionario, esito: 'inviato' })
  }, [applyOutcome, idQuestionario])

  // first load: a submission already queued on this phone wins over the survey; other queued
  // submissions (other links opened on this phone) are sent in the background
  useEffect(() => {
    mounted.current = true
    void (async () => {
      const pending = await invioInAttesa(idQuestionario)
      if (!mounted.current) return
      if (pending) {
        safeSet({ kind: 'queued' })
        void retry()
        return
      }
      void flushInvii()
      await load()
    })()
    return () => {
      mounted.current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link: the page is keyed by id and token
  }, [idQuestionario, token])

  // queued: retry on 'online' and every 30 s; failed load for lack of network: reload on 'online'
  const waiting = phase.kind === 'queued' ? 'queued' : phase.kind === 'error' && phase.code === 'offline' ? 'offline' : null
  const retryRef = useRef(retry)
  const loadRef = useRef(load)
  useEffect(() => {
    retryRef.current = retry
    loadRef.current = load
  })
  useEffect(() => {
    if (waiting === null) return
    const again = waiting === 'queued' ? () => void retryRef.current() : () => void loadRef.current()
    window.addEventListener('online', again)
    const timer = waiting === 'queued' ? setInterval(again, RETRY_INTERVAL_MS) : null
    return () => {
      window.removeEventListener('online', again)
      if (timer !== null) clearInterval(timer)
    }
  }, [waiting])

  // the document title names the phase ('Questionario inviato – Punto Digitale'); focus the page heading
  // when the step changes (not while loading)
  const title = phaseTitle(phase)
  usePageTitle(title)
  useEffect(() => {
    if (phase.kind !== 'loading' && phase.kind !== 'sending') headingRef.current?.focus()
  }, [phase.kind, title])

  // an app update must not reload the page while the citizen is typing or sending (the draft survives a
  // reload anyway, but the prompt would interrupt)
  useDirtyForm('questionario-anonimo', (phase.kind === 'form' && Object.keys(bozza.answers).length > 0) || phase.kind === 'sending')

  const updateBozza = (next: Bozza) => {
    setBozza(next)
    salvaBozza(idQuestionario, next)
  }

  const onAnswer = (qid: string, value: FormAnswer) => {
    const answers = { ...bozza.answers, [qid]: value }
    updateBozza({ ...bozza, answers })
    if (errors[qid] !== undefined) {
      const q = questions.find((x) => x.id === qid)
      const e = q ? questionError(q, value, 'phone') : null
      setErrors((prev) => {
        const copy = { ...prev }
        if (e) copy[qid] = e
        else delete copy[qid]
        return copy
      })
    }
  }

  const acceptConsent = (e: FormEvent) => {
    e.preventDefault()
    if (!bozza.consenso) {
      setConsentError(true)
      document.getElementById('pd-anon-consenso')?.focus()
      return
    }
    setConsentError(false)
    safeSet({ kind: 'form' })
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!data || phase.kind === 'sending') return
    const errs = validateAnswers(questions, bozza.answers, 'phone')
    setErrors(errs)
    const invalid = visibleQuestions(questions, bozza.answers).filter((q) => errs[q.id] !== undefined)
    if (invalid.length > 0) {
      setSummary(invalid.length === 1 ? 'Controlla la risposta evidenziata.' : `Controlla le ${invalid.length} risposte evidenziate.`)
      const first = invalid[0]
      if (first) document.getElementById(firstControlId(ID_PREFIX, first, 'phone'))?.focus()
      return
    }
    const sezioneQ4Questionario = encodeAnswers(data.sezioneQ4, questionsQ4, bozza.answers)
    const sezioniAggiuntiveQuestionario = encodeSezioniAggiuntive(aggiuntive, bozza.answers)
    if ([sezioneQ4Questionario, ...sezioniAggiuntiveQuestionario].some((s) => s.length > MAX_Q4_LENGTH)) {
      setSummary('Le risposte sono troppo lunghe: accorcia i testi e riprova.')
      return
    }
    setSummary(null)
    const body: CompilaAnonimoBody = { sezioneQ4Questionario, sezioniAggiuntiveQuestionario, ...(needsConsent(data) ? { consensoTrattamentoDati: true } : {}) }
    safeSet({ kind: 'sending' })
    const entry = await accodaInvio(idQuestionario, token, body)
    applyOutcome(await inviaInCoda(entry))
  }

  const status =
    phase.kind === 'loading'
      ? 'Caricamento del questionario…'
      : phase.kind === 'sending'
        ? 'Invio delle risposte in corso…'
        : phase.kind === 'queued'
          ? MESSAGGIO_IN_CODA
          : phase.kind === 'sent'
            ? MESSAGGIO_INVIATO
            : ''

  return (
    <div className="pd-anon">
      <header className="pd-anon-header">
        <p className="pd-anon-brand">{PRODUCT_NAME}</p>
      </header>
      <div className="pd-anon-body">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {data && (phase.kind === 'consent' || phase.kind === 'form' || phase.kind === 'sending') && (
          <p data-testid="anon-servizio">
            Servizio «{data.nomeServizio}»{data.dataServizio ? ` del ${formatDisplayDate(data.dataServizio)}` : ''}
          </p>
        )}
        <div role="status" aria-live="polite" className={status ? 'pd-anon-card fw-semibold' : undefined} data-testid="anon-status">
          {status}
        </div>

        {phase.kind === 'queued' && (
          <div className="pd-anon-card">
            <p>Puoi chiudere la pagina: se la chiudi, riaprila dal link quando sei connesso per completare l’invio.</p>
            <button type="button" className="btn btn-outline-primary btn-lg w-100" onClick={() => void retry()}>
              Riprova ora
            </button>
          </div>
        )}
        {phase.kind === 'sent' && <p>Le tue risposte aiutano a migliorare i servizi di facilitazione digitale. Puoi chiudere questa pagina.</p>}

        {phase.kind === 'error' && (
          <div className="pd-anon-card">
            <p className="mb-0" data-testid="anon-errore">
              {ERROR_PAGES[phase.code].text}
            </p>
            {ERROR_PAGES[phase.code].retry && (
              <button type="button" className="btn btn-primary btn-lg w-100 mt-3" onClick={() => void load()}>
                Riprova
              </button>
            )}
          </div>
        )}

        {phase.kind === 'consent' && (
          <form noValidate onSubmit={acceptConsent} className="pd-anon-card" aria-labelledby="pd-anon-consenso-titolo">
            <h2 id="pd-anon-consenso-titolo" className="h4">
              Informativa sulla privacy
            </h2>
            <p>
              Prima di compilare il questionario leggi l’
              <a href="/informativa-privacy-e-cookie" target="_blank" rel="noopener noreferrer">
                informativa sul trattamento dei dati personali
                <span className="visually-hidden"> (si apre in una nuova scheda)</span>
              </a>
              . Le tue risposte servono a valutare e migliorare il servizio di facilitazione digitale che hai ricevuto.
            </p>
            <div className="form-check pd-survey-choice mb-3">
              <input
                id="pd-anon-consenso"
                type="checkbox"
                checked={bozza.consenso}
                aria-required="true"
                aria-invalid={consentError || undefined}
                aria-describedby={consentError ? 'pd-anon-consenso-errore' : undefined}
                onChange={(e) => {
                  updateBozza({ ...bozza, consenso: e.target.checked })
                  if (e.target.checked) setConsentError(false)
                }}
              />
              <label htmlFor="pd-anon-consenso">
                Presa visione dell’informativa privacy<span aria-hidden="true">*</span>
              </label>
              {consentError && (
                <div id="pd-anon-consenso-errore" className="invalid-feedback d-block pd-survey-error">
                  Per continuare conferma di aver preso visione dell’informativa privacy.
                </div>
              )}
            </div>
            <p className="small">*Campo obbligatorio</p>
            <button type="submit" className="btn btn-primary btn-lg w-100">
              Avanti
            </button>
          </form>
        )}

        {data && (phase.kind === 'form' || phase.kind === 'sending') && (
          <form noValidate onSubmit={(e) => void submit(e)} aria-busy={phase.kind === 'sending'} aria-labelledby="pd-anon-q4-titolo">
            <div className="pd-anon-card">
              <h2 id="pd-anon-q4-titolo" className="h4">
                {data.sezioneQ4.title}
              </h2>
              <p className="small">*Campo obbligatorio</p>
              {summary && (
                <div role="alert" className="alert alert-danger" data-testid="anon-riepilogo-errori">
                  {summary}
                </div>
              )}
              <SurveySectionFields questions={questionsQ4} answers={bozza.answers} errors={errors} onChange={onAnswer} variant="phone" idPrefix={ID_PREFIX} />
            </div>
            {aggiuntive.map(({ sezione, domande }, i) => (
              <section key={sezione.id} className="pd-anon-card" aria-labelledby={`pd-anon-sezione-${i}`} data-testid="anon-sezione-aggiuntiva">
                <h2 id={`pd-anon-sezione-${i}`} className="h4">
                  {sezione.title}
                </h2>
                <SurveySectionFields questions={domande} answers={bozza.answers} errors={errors} onChange={onAnswer} variant="phone" idPrefix={ID_PREFIX} />
              </section>
            ))}
            <button type="submit" className="btn btn-primary btn-lg w-100" disabled={phase.kind === 'sending'}>
              {phase.kind === 'sending' ? 'Invio in corso…' : 'Invia questionario'}
            </button>
          </form>
        )}
      </div>
    </div>
  )
}
