/**
 * 'Compilazione questionario' (spec 002 §2 survey compilation; platform-frontend §3.5 "Compile wizard UI"):
 * route `/area-amministrativa/servizi/$serviceId/cittadini/compila/$idQuestionarioCompilato`.
 * Four steps Q1–Q4 with the step indicator (progress bar on phones); Q1–Q3 read-only, decoded from the
 * instance (`useQuestionarioCampo`), titles and labels from the service's template snapshot
 * (`useCampoRiferimenti().templateSnapshot`); Q4 editable from the template's Q4 questions (required,
 * dependencies, maxLength, rating 1–5). 'Invia questionario' saves on the device through
 * `compilaQuestionario` (sent by the outbox, offline included), then goes back to the service's citizens
 * with a toast. While the citizen's Q1 shows no recorded consent, the wizard opens at step Q1, which asks
 * the consent (type and date, ConsensoFieldset; issue 8 point 1) before going on; it is sent with Q4. The form is marked dirty while it holds unsaved answers. Only FAC/VOL compile: managers
 * get a notice and the link to the read-only view.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { QuestionarioTemplate } from '../../api/contract/questionario'
import { useSession } from '../../auth/session'
import { navigateTo } from '../../auth/navigation'
import { toWireDate } from '../../lib/dates'
import { encodeSection } from '../../lib/survey-sections'
import { REQUIRED_NOTE } from '../../lib/validation'
import { useDirtyForm } from '../../pwa/dirty-forms'
import { showToast } from '../../ui/stores/toasts'
import { compilaQuestionario, isFieldRole, SyncChip, useCampoRiferimenti, useQuestionarioCampo, type QuestionarioLocale } from '../campo'
import {
  motivoSolaLettura, NUMERO_STEP, pathCittadiniServizio, pathQuestionarioCompilato, stepIniziale, stepPrecedente, stepSuccessivo, ULTIMO_STEP,
} from './compila'
import { useBreadcrumbQuestionario } from './breadcrumb'
import { CampoDomanda } from './components/CampoDomanda'
import { ConsensoFieldset } from './components/ConsensoFieldset'
import { consensoDaForm, consensoIniziale, erroriConsenso, serveConsenso, type ConsensoForm } from './consenso'
import { LinkInterno } from './components/LinkInterno'
import { SezioneSolaLettura } from './components/SezioneSolaLettura'
import { Avviso, Caricamento } from './components/Stato'
import { StepIndicator } from './components/StepIndicator'
import {
  domandeOrdinate, isObbligatoria, isVisibile, risposteIniziali, SEZIONI, sezioneDaRisposte, sezioneDelTemplate, stesseRisposte,
  templateDiIstanza, titoloSezione, validaRisposte, type RispostaForm, type RisposteForm,
} from './domande'
import { decodeSectionSafe } from './lettura'

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
  const sezQ4 = sezioni[3] ?? null
  const [iniziali] = useState<RisposteForm>(() => risposteIniziali(sezQ4, decodeSectionSafe(q.sezioneQ4Questionario)))
  // asked once: the consent the citizen has not given yet (Q1 without 18–19)
  const [chiediConsenso] = useState(() => serveConsenso(q.sezioneQ1Questionario))
  const [oggi] = useState(() => toWireDate(new Date()))
  const [consenso, setConsenso] = useState<ConsensoForm>(() => consensoIniziale(oggi))
  const [consensoVerificato, setConsensoVerificato] = useState(false)
  const [step, setStep] = useState(() => (chiediConsenso ? 0 : stepIniziale(q1, q2, q3)))
  const [risposte, setRisposte] = useState<RisposteForm>(iniziali)
  const [inviato, setInviato] = useState(false)
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState(false)
  const [errore, setErrore] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const moved = useRef(false)

  const titoli = SEZIONI.map((k, i) => titoloSezione(sezioni[i] ?? null, k))
  const errori = inviato ? validaRisposte(sezQ4, risposte) : {}
  const erroriCons = chiediConsenso && consensoVerificato ? erroriConsenso(consenso, oggi) : {}
  const dirty = !done && (!stesseRisposte(risposte, iniziali) || consenso.tipo !== '')
  useDirtyForm(`compila-questionario-${q.idCittadinoServizioLocale}`, dirty)

  useEffect(() => {
    // focus the step heading after a step change (not on the first render)
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])

  const set = (qid: string, value: RispostaForm) => setRisposte((r) => ({ ...r, [qid]: value }))

  /** False (and the first consent field focused) while the consent asked at step Q1 is not valid. */
  const consensoValido = (): boolean => {
    if (!chiediConsenso) return true
    setConsensoVerificato(true)
    const e = erroriConsenso(consenso, oggi)
    if (Object.keys(e).length === 0) return true
    const field = e.tipo ? formRef.current?.querySelector<HTMLElement>('[name="pd-consenso-tipo"]') : formRef.current?.querySelector<HTMLElement>('#pd-consenso-data')
    field?.focus()
    return false
  }

  const avanti = () => {
    if (step === 0 && !consensoValido()) return
    setStep(stepSuccessivo)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (step !== ULTIMO_STEP || pending) return
    setInviato(true)
    setErrore(null)
    const found = validaRisposte(sezQ4, risposte)
    const first = domandeOrdinate(sezQ4).find((d) => found[d.id])
    if (first) {
      const el = formRef.current?.querySelector<HTMLElement>(`[data-domanda="${first.id}"] input, [data-domanda="${first.id}"] select, [data-domanda="${first.id}"] textarea`)
      el?.focus()
      return
    }
    if (chiediConsenso && Object.keys(erroriConsenso(consenso, oggi)).length > 0) {
      // (reached only by a consent changed back: step Q1 checks it) the fields are on step Q1
      setConsensoVerificato(true)
      setStep(0)
      return
    }
    setPending(true)
    try {
      await compilaQuestionario(q.idCittadinoServizioLocale, encodeSection(sezioneDaRisposte('Q4', sezQ4, risposte)), chiediConsenso ? consensoDaForm(consenso) : null)
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
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-busy={pending}>
        <h2 ref={headingRef} tabIndex={-1} className="h3 mb-3" data-testid="titolo-step">
          {titoli[step]}
        </h2>
        {step < ULTIMO_STEP ? (
          <>
            <p className="small">Dati raccolti all&apos;aggiunta del cittadino: non modificabili.</p>
            <SezioneSolaLettura sezione={sezioni[step] ?? null} risposte={[q1, q2, q3][step] ?? null} />
            {step === 0 && chiediConsenso && (
              <ConsensoFieldset value={consenso} onChange={setConsenso} errors={erroriCons} oggi={oggi} disabled={pending} />
            )}
          </>
        ) : (
          <>
            <p className="small">{REQUIRED_NOTE}</p>
            {nErrori > 0 && (
              <div className="alert alert-danger" role="alert" data-testid="errori-q4">
                {nErrori === 1 ? 'Una risposta da controllare.' : `${nErrori} risposte da controllare.`}
              </div>
            )}
            {domandeOrdinate(sezQ4)
              .filter((d) => isVisibile(d, risposte))
              .map((d) => (
                <CampoDomanda
                  key={d.id}
                  domanda={d}
                  idPrefix="q4"
                  value={risposte[d.id]}
                  onChange={(v) => set(d.id, v)}
                  required={isObbligatoria(d, sezQ4)}
                  error={errori[d.id] ?? null}
                  disabled={pending}
                />
              ))}
            {domandeOrdinate(sezQ4).length === 0 && <p>Il modello non contiene domande per questa sezione.</p>}
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
          {step < ULTIMO_STEP ? (
            <button type="button" className="btn btn-primary" onClick={avanti}>
              Step successivo
            </button>
          ) : (
            <button type="submit" className="btn btn-primary" disabled={pending || domandeOrdinate(sezQ4).length === 0}>
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
