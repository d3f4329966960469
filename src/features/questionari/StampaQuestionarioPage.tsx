/**
 * Printable survey (spec 002 §2: `/area-amministrativa/servizi/{serviceId}/stampa-questionario/{idQuestionario}`,
 * full page without the shell — `isBarePage`; issue 8 point 4), drawn with the shared paper renderer
 * (`PrintedQuestion`, src/ui/survey) and a 'Stampa' button (`window.print()`, hidden in print):
 * - `idQuestionario` naming a citizen's survey: THAT citizen's questionnaire, read-only — every question
 *   of the template's four sections and of the sections it adds after Q4 (src/lib/survey-extra-sections.ts)
 *   with the citizen's answers marked or written in; a section not yet
 *   compiled (Q4 and the added sections before the compilation) is left blank, to be filled in by hand. Facilitators read it from
 *   the device (offline too), or online when it is not there; managers read it online
 *   (`questionarioCompilatoQuery`);
 * - {@link STAMPA_MODELLO_VUOTO} ('modello') — or a template id, as older links did: the blank template
 *   of the service, with empty boxes ('Stampa questionario vuoto' of the citizens tab). Facilitators take
 *   the template from the device (`templatePerStampa`), managers from the service card's snapshot.
 * Fields hidden from survey forms are never printed; hidden questions only when they carry an answer.
 * Both prints end with the consent text the citizen signs (ConsensoDaFirmare, issue 8 point 1).
 */
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { QuestionarioTemplate, StatoQuestionarioWire } from '../../api/contract/questionario'
import { QueryProvider } from '../../api/query'
import { trackEvent } from '../../api/track-event'
import { getSessionState, useSession } from '../../auth/session'
import { formatDisplayDate } from '../../lib/dates'
import { displayValues, questionsOf, readerTitle } from '../../lib/survey-questions'
import { PrintedQuestion } from '../../ui/survey'
import { isFieldRole, useCampoRiferimenti, useQuestionarioCampo, useServizioCampo } from '../campo'
import { pathCittadiniServizio } from './compila'
import { ConsensoDaFirmare } from './components/ConsensoDaFirmare'
import { LinkInterno } from './components/LinkInterno'
import { Avviso, Caricamento } from './components/Stato'
import { SEZIONI, sezioneDelTemplate, templateDiIstanza, titoloSezione } from './domande'
import { decodeSectionSafe, risposteFuoriModello } from './lettura'
import { decodeSezioniAggiuntive, sezioniAggiuntive } from '../../lib/survey-extra-sections'
import type { SezioneTemplateWire } from '../../api/contract/questionario'
import type { DecodedSection } from '../../lib/survey-sections'
import { questionarioCompilatoQuery, schedaServizioQuery } from './online'
import './questionari.css'

/** `idQuestionario` of the blank print: the service's template without answers. */
export const STAMPA_MODELLO_VUOTO = 'modello'

/** Print page of a citizen's survey (`id` = its server or device id) or, with {@link STAMPA_MODELLO_VUOTO}, of the blank template. */
export const pathStampaQuestionario = (serviceId: string, id: string) =>
  `/area-amministrativa/servizi/${encodeURIComponent(serviceId)}/stampa-questionario/${encodeURIComponent(id)}`

export interface StampaQuestionarioPageProps {
  serviceId: string
  idQuestionario: string
}

/** A citizen's survey to print: the four section strings (Q4 null until compiled) and what names it. */
export interface RisposteDaStampare {
  sezioni: readonly [string, string, string, string | null]
  /** answers to the sections after Q4 (absent or [] before the compilation) */
  aggiuntive?: readonly string[]
  stato: StatoQuestionarioWire
  idCittadino: number | null
  /** 'Servizio «nome» del DD-MM-YYYY', when known */
  servizio: string | null
}

const STATO_LABEL: Record<StatoQuestionarioWire, string> = { NON_COMPILATA: 'NON COMPILATA', INVIATO: 'INVIATO', COMPILATA: 'COMPILATA' }

const descriviServizio = (nome: string | null | undefined, data: string | null | undefined) =>
  nome ? `Servizio «${nome}»${data ? ` del ${formatDisplayDate(data)}` : ''}` : null

/**
 * The server reads of the page for the current session, for its route loader (src/api/prefetch.ts): online,
 * the service's card (the blank template) and the citizen's survey; none for a facilitator or volunteer.
 */
export function stampaQuestionarioReads(serviceId: string, idQuestionario: string) {
  const { profilo } = getSessionState()
  if (!profilo || isFieldRole(profilo.codiceRuolo)) return []
  return idQuestionario === STAMPA_MODELLO_VUOTO ? [schedaServizioQuery(serviceId)] : [questionarioCompilatoQuery(idQuestionario), schedaServizioQuery(serviceId)]
}

export function StampaQuestionarioPage({ serviceId, idQuestionario }: StampaQuestionarioPageProps) {
  const session = useSession()
  return (
    <QueryProvider>
      {isFieldRole(session.profilo?.codiceRuolo) ? (
        <StampaCampo serviceId={serviceId} idQuestionario={idQuestionario} />
      ) : (
        <StampaOnline serviceId={serviceId} idQuestionario={idQuestionario} />
      )}
    </QueryProvider>
  )
}

function Pagina({ serviceId, children }: { serviceId: string; children: ReactNode }) {
  return (
    <div className="container py-4 pd-print-page" data-testid="stampa-questionario">
      <div className="pd-no-print d-flex flex-wrap gap-3 align-items-center mb-4">
        <LinkInterno to={pathCittadiniServizio(serviceId)}>Torna al servizio</LinkInterno>
      </div>
      {children}
    </div>
  )
}

function StampaCampo({ serviceId, idQuestionario }: { serviceId: string; idQuestionario: string }) {
  const rif = useCampoRiferimenti()
  const istanza = useQuestionarioCampo(idQuestionario)
  const servizio = useServizioCampo(serviceId)
  if (rif === undefined || istanza === undefined || servizio === undefined) return <Pagina serviceId={serviceId}><Caricamento /></Pagina>
  const vuoto = idQuestionario === STAMPA_MODELLO_VUOTO
  const template = templatePerStampa(rif, idQuestionario, vuoto ? null : (istanza?.idQuestionarioTemplate ?? null), servizio?.idQuestionarioTemplateSnapshot ?? null)
  if (istanza && !vuoto) {
    const risposte: RisposteDaStampare = {
      sezioni: [istanza.sezioneQ1Questionario, istanza.sezioneQ2Questionario, istanza.sezioneQ3Questionario, istanza.sezioneQ4Questionario],
      aggiuntive: istanza.sezioniAggiuntiveQuestionario ?? [],
      stato: istanza.statoQuestionario,
      idCittadino: istanza.idCittadino ?? null,
      servizio: descriviServizio(servizio?.nome, servizio?.data),
    }
    return <Pagina serviceId={serviceId}>{template ? <ModuloStampabile template={template} risposte={risposte} /> : <NonDisponibile />}</Pagina>
  }
  // not a survey on this device: the blank template, or the survey read online
  const blank = vuoto || (rif !== null && templateDiIstanza(rif, idQuestionario) !== null)
  if (blank) return <Pagina serviceId={serviceId}>{template ? <ModuloStampabile template={template} /> : <NonDisponibile />}</Pagina>
  return <StampaRisposteOnline serviceId={serviceId} idQuestionario={idQuestionario} templateLocale={template} />
}

/**
 * Template to print on the device: `idQuestionario` may name a citizen's survey (its template), a
 * template, or nothing known — then the service's snapshot, then the programme's ATTIVO template.
 */
export function templatePerStampa(
  rif: { template: QuestionarioTemplate | null; templateSnapshot: QuestionarioTemplate[] } | null,
  idQuestionario: string,
  idTemplateIstanza: string | null,
  idTemplateServizio: string | null,
): QuestionarioTemplate | null {
  if (!rif) return null
  for (const id of [idTemplateIstanza, idQuestionario, idTemplateServizio]) {
    const t = id ? templateDiIstanza(rif, id) : null
    if (t) return t
  }
  return rif.template
}

function StampaOnline({ serviceId, idQuestionario }: { serviceId: string; idQuestionario: string }) {
  if (idQuestionario !== STAMPA_MODELLO_VUOTO) return <StampaRisposteOnline serviceId={serviceId} idQuestionario={idQuestionario} templateLocale={null} />
  return <StampaVuotaOnline serviceId={serviceId} />
}

function StampaVuotaOnline({ serviceId }: { serviceId: string }) {
  const scheda = useQuery(schedaServizioQuery(serviceId))
  if (scheda.isPending) return <Pagina serviceId={serviceId}><Caricamento /></Pagina>
  return <Pagina serviceId={serviceId}>{scheda.data ? <ModuloStampabile template={scheda.data.questionarioTemplateSnapshot} /> : <NonDisponibile />}</Pagina>
}

/** A citizen's survey read online, its template from the service card (or the device's, for facilitators). */
function StampaRisposteOnline({ serviceId, idQuestionario, templateLocale }: { serviceId: string; idQuestionario: string; templateLocale: QuestionarioTemplate | null }) {
  const istanza = useQuery(questionarioCompilatoQuery(idQuestionario))
  const scheda = useQuery({ ...schedaServizioQuery(serviceId), enabled: templateLocale === null })
  if (istanza.isPending || (templateLocale === null && scheda.isPending)) return <Pagina serviceId={serviceId}><Caricamento /></Pagina>
  if (istanza.isError) {
    return (
      <Pagina serviceId={serviceId}>
        <Avviso titolo="Questionario del cittadino non disponibile" tipo="warning">
          <p>Non è stato possibile leggere le risposte del cittadino. Verifica la connessione e riprova.</p>
          <div className="d-flex flex-wrap gap-3 align-items-center">
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void istanza.refetch()}>
              Riprova
            </button>
            <LinkInterno to={pathStampaQuestionario(serviceId, STAMPA_MODELLO_VUOTO)}>Stampa questionario vuoto</LinkInterno>
          </div>
        </Avviso>
      </Pagina>
    )
  }
  const q = istanza.data
  const template = templateLocale ?? scheda.data?.questionarioTemplateSnapshot ?? null
  const card = scheda.data?.dettaglioServizio
  const risposte: RisposteDaStampare = {
    sezioni: [q.sezioneQ1Questionario, q.sezioneQ2Questionario, q.sezioneQ3Questionario, q.sezioneQ4Questionario],
    aggiuntive: q.sezioniAggiuntiveQuestionario ?? [],
    stato: q.statoQuestionario,
    idCittadino: q.idCittadino,
    servizio: descriviServizio(card?.nomeServizio, card?.dataServizio),
  }
  return <Pagina serviceId={serviceId}>{template ? <ModuloStampabile template={template} risposte={risposte} /> : <NonDisponibile />}</Pagina>
}

function NonDisponibile() {
  return (
    <Avviso titolo="Questionario non disponibile" tipo="warning">
      <p>Il modello del questionario non è disponibile. Collegati alla rete e riprova.</p>
    </Avviso>
  )
}

export interface ModuloStampabileProps {
  template: QuestionarioTemplate
  /** a citizen's answers: the form is printed filled in; absent: the blank form */
  risposte?: RisposteDaStampare
}

/** One printed section: its template section, title, and the citizen's answers when compiled. */
interface ParteStampa {
  chiave: string
  sezione: SezioneTemplateWire | null
  titolo: string
  /** a citizen's survey whose section is compiled */
  compilata: boolean
  /** decoded answers (null: unreadable, or not compiled) */
  decoded: DecodedSection | null
}

/** The sections to print: Q1–Q4, then the sections the template adds after Q4 (compiled with Q4). */
function partiDaStampare(template: QuestionarioTemplate, risposte: RisposteDaStampare | undefined): ParteStampa[] {
  const fisse = SEZIONI.map((k, i): ParteStampa => {
    const sezione = sezioneDelTemplate(template, k)
    const testo = risposte ? risposte.sezioni[i] : null
    const compilata = risposte !== undefined && testo !== null && testo !== undefined
    return { chiave: k, sezione, titolo: titoloSezione(sezione, k), compilata, decoded: compilata ? decodeSectionSafe(testo) : null }
  })
  const q4 = fisse[3]?.compilata ?? false
  const risposteAggiuntive = decodeSezioniAggiuntive(risposte?.aggiuntive)
  const aggiunte = sezioniAggiuntive(template.sezioniQuestionarioTemplate).map((s, i): ParteStampa => ({
    chiave: `aggiuntiva-${i}`, sezione: s, titolo: s.title, compilata: q4, decoded: q4 ? (risposteAggiuntive.get(s.id) ?? decodeSectionSafe(null)) : null,
  }))
  return [...fisse, ...aggiunte]
}

/** The form of a template ready to print: blank, or filled in with a citizen's answers. */
export function ModuloStampabile({ template, risposte }: ModuloStampabileProps) {
  return (
    <article aria-labelledby="titolo-stampa">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="text-uppercase small fw-semibold mb-1">{risposte ? 'Questionario del cittadino' : 'Questionario'}</p>
          <h1 id="titolo-stampa" className="h2">
            {template.nomeQuestionarioTemplate}
          </h1>
          {template.descrizioneQuestionarioTemplate && <p>{template.descrizioneQuestionarioTemplate}</p>}
          {risposte && (
            <ul className="list-unstyled mb-0" data-testid="stampa-cittadino">
              <li>{risposte.idCittadino !== null ? `Cittadino ${risposte.idCittadino}` : 'Cittadino in attesa di invio al server'}</li>
              {risposte.servizio && <li>{risposte.servizio}</li>}
              <li>Stato del questionario: {STATO_LABEL[risposte.stato]}</li>
            </ul>
          )}
        </div>
        <button type="button" className="btn btn-primary pd-no-print" onClick={() => {
          void trackEvent({ event: 'download', event_type: 'stampa', event_value: 'questionario', category: 'questionari' })
          window.print()
        }}>
          Stampa
        </button>
      </div>
      <p className="small">Le domande contrassegnate con * sono obbligatorie.</p>
      {partiDaStampare(template, risposte).map(({ chiave: k, sezione, titolo, compilata, decoded }) => {
        const valori = (id: string) => (decoded && Object.hasOwn(decoded.answers, id) ? (decoded.answers[id] ?? []) : [])
        const domande = questionsOf(sezione).filter((q) => !q.hidden || valori(q.id).length > 0)
        const extra = compilata ? risposteFuoriModello(sezione, decoded) : []
        if (!sezione || domande.length + extra.length === 0) return null
        return (
          <section key={k} className="mb-4" aria-labelledby={`stampa-${k}`}>
            <h2 id={`stampa-${k}`} className="h4 border-bottom pb-2 mb-3">
              {titolo}
            </h2>
            {risposte && !compilata && <p className="small">Sezione non ancora compilata: da compilare a mano.</p>}
            {compilata && decoded === null && <p className="alert alert-warning">Questa sezione non è leggibile.</p>}
            <ol className="ps-3">
              {domande.map((q) => (
                <li key={q.id} className="pd-print-question mb-3" data-question={q.id}>
                  <p className="fw-semibold mb-2">
                    {readerTitle(q)}
                    {q.required && '*'}
                  </p>
                  {q.hidden ? (
                    <div className="pd-print-box pd-print-answer p-1">{displayValues(q, valori(q.id)).join(', ')}</div>
                  ) : (
                    <PrintedQuestion question={q} values={compilata && decoded ? valori(q.id) : undefined} />
                  )}
                </li>
              ))}
              {extra.map((r) => (
                <li key={r.id} className="pd-print-question mb-3" data-question={r.id}>
                  <p className="fw-semibold mb-2">{r.titolo}</p>
                  <div className="pd-print-box pd-print-answer p-1">{r.valori.join(', ')}</div>
                </li>
              ))}
            </ol>
          </section>
        )
      })}
      <ConsensoDaFirmare />
    </article>
  )
}
