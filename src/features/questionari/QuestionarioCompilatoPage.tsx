/**
 * Read-only view of a citizen's survey (spec 002 §2, §4 'Visualizza questionario'): route
 * `/area-amministrativa/servizi/$serviceId/cittadini/compilato/$idQuestionarioCompilato`. All four
 * sections decoded with the template's titles and labels, then the sections the template adds after Q4
 * (src/lib/survey-extra-sections.ts) and any other answered section the instance holds. FAC/VOL read the device (`useQuestionarioCampo`,
 * template from `useCampoRiferimenti().templateSnapshot`); managers read online
 * `POST servizio/cittadino/questionarioCompilato/compilato/{id}` and the service card's template snapshot.
 */
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { QuestionarioTemplate, StatoQuestionarioWire } from '../../api/contract/questionario'
import { QueryProvider } from '../../api/query'
import { getSessionState, useSession } from '../../auth/session'
import { isFieldRole, SyncChip, useCampoRiferimenti, useQuestionarioCampo } from '../campo'
import type { RecordSyncState } from '../../offline'
import { useBreadcrumbQuestionario } from './breadcrumb'
import { pathCittadiniServizio } from './compila'
import { LinkInterno } from './components/LinkInterno'
import { SezioneSolaLettura } from './components/SezioneSolaLettura'
import { Avviso, Caricamento } from './components/Stato'
import { SEZIONI, sezioneDelTemplate, templateDiIstanza, titoloSezione } from './domande'
import { decodeSectionSafe } from './lettura'
import { decodeSezioniAggiuntive, sezioniAggiuntive } from '../../lib/survey-extra-sections'
import { questionarioCompilatoQuery, schedaServizioQuery } from './online'

export interface QuestionarioCompilatoPageProps {
  serviceId: string
  idQuestionarioCompilato: string
}

/** The four section strings of an instance (Q4 null until compiled). */
export interface SezioniIstanza {
  sezioneQ1Questionario: string
  sezioneQ2Questionario: string
  sezioneQ3Questionario: string
  sezioneQ4Questionario: string | null
  /** answers to the sections after Q4 (absent or [] before the compilation) */
  sezioniAggiuntiveQuestionario?: string[]
  statoQuestionario: StatoQuestionarioWire
}

const STATO_LABEL: Record<StatoQuestionarioWire, string> = { NON_COMPILATA: 'NON COMPILATA', INVIATO: 'INVIATO', COMPILATA: 'COMPILATA' }

function Cornice({ serviceId, children }: { serviceId: string; children?: ReactNode }) {
  return (
    <div className="container-xxl py-4" data-testid="questionario-compilato">
      <p className="text-uppercase small fw-semibold mb-1">Questionario</p>
      <h1 className="mb-3">Questionario del cittadino</h1>
      <p className="mb-4">
        <LinkInterno to={pathCittadiniServizio(serviceId)}>Vai alla lista cittadini</LinkInterno>
      </p>
      {children}
    </div>
  )
}

/** The four sections, read-only. */
export function VistaQuestionario({ istanza, template, syncState }: { istanza: SezioniIstanza; template: QuestionarioTemplate | null; syncState?: RecordSyncState }) {
  const testi = [istanza.sezioneQ1Questionario, istanza.sezioneQ2Questionario, istanza.sezioneQ3Questionario, istanza.sezioneQ4Questionario]
  const compilato = istanza.sezioneQ4Questionario !== null && istanza.sezioneQ4Questionario !== undefined
  const risposteAggiuntive = decodeSezioniAggiuntive(istanza.sezioniAggiuntiveQuestionario)
  const aggiuntive = sezioniAggiuntive(template?.sezioniQuestionarioTemplate)
  // answered sections the template does not list (template not on this device): shown with their own titles
  const altre = [...risposteAggiuntive.values()].filter((d) => !aggiuntive.some((s) => s.id === d.id))
  return (
    <>
      <p className="mb-4">
        <span className="me-2">Stato:</span>
        <span className="chip chip-simple pd-chip-static" data-testid="stato-questionario">
          <span className="chip-label">{STATO_LABEL[istanza.statoQuestionario]}</span>
        </span>
        {syncState && <SyncChip state={syncState} />}
      </p>
      {!template && <p className="alert alert-warning">Il modello del questionario non è disponibile: le domande sono indicate con il loro numero.</p>}
      {SEZIONI.map((k, i) => {
        const sezione = sezioneDelTemplate(template, k)
        const testo = testi[i]
        const titolo = titoloSezione(sezione, k)
        if (k === 'Q4' && (testo === null || testo === undefined)) {
          return (
            <section className="mb-4" key={k} aria-labelledby={`sezione-${k}`}>
              <h2 id={`sezione-${k}`} className="h4 mb-3">
                {titolo}
              </h2>
              <p>Il questionario non è ancora stato compilato.</p>
            </section>
          )
        }
        return <SezioneSolaLettura key={k} titolo={titolo} headingId={`sezione-${k}`} sezione={sezione} risposte={decodeSectionSafe(testo)} />
      })}
      {aggiuntive.map((s, i) => (compilato ? (
        <SezioneSolaLettura key={s.id} titolo={s.title} headingId={`sezione-aggiuntiva-${i}`} sezione={s} risposte={risposteAggiuntive.get(s.id) ?? decodeSectionSafe(null)} />
      ) : (
        <section className="mb-4" key={s.id} aria-labelledby={`sezione-aggiuntiva-${i}`}>
          <h2 id={`sezione-aggiuntiva-${i}`} className="h4 mb-3">
            {s.title}
          </h2>
          <p>Il questionario non è ancora stato compilato.</p>
        </section>
      )))}
      {altre.map((d, i) => (
        <SezioneSolaLettura key={d.id} titolo={d.title || d.id} headingId={`sezione-altra-${i}`} sezione={null} risposte={d} />
      ))}
    </>
  )
}

/**
 * The server reads of the page for the current session, for its route loader (src/api/prefetch.ts): the
 * survey and the service's card online; none for a facilitator or volunteer (the device's copy).
 */
export function questionarioCompilatoReads(serviceId: string, id: string) {
  const { profilo } = getSessionState()
  return profilo && !isFieldRole(profilo.codiceRuolo) ? [questionarioCompilatoQuery(id), schedaServizioQuery(serviceId)] : []
}

export function QuestionarioCompilatoPage({ serviceId, idQuestionarioCompilato }: QuestionarioCompilatoPageProps) {
  const session = useSession()
  useBreadcrumbQuestionario(serviceId, 'compilato', idQuestionarioCompilato)
  if (isFieldRole(session.profilo?.codiceRuolo)) return <VistaCampo serviceId={serviceId} id={idQuestionarioCompilato} />
  return (
    <QueryProvider>
      <VistaOnline serviceId={serviceId} id={idQuestionarioCompilato} />
    </QueryProvider>
  )
}

function VistaCampo({ serviceId, id }: { serviceId: string; id: string }) {
  const q = useQuestionarioCampo(id)
  const rif = useCampoRiferimenti()
  if (q === undefined || rif === undefined) return <Cornice serviceId={serviceId}><Caricamento /></Cornice>
  if (q === null) {
    return (
      <Cornice serviceId={serviceId}>
        <Avviso titolo="Questionario non trovato" tipo="warning">
          <p>Il questionario richiesto non è presente su questo dispositivo.</p>
        </Avviso>
      </Cornice>
    )
  }
  return (
    <Cornice serviceId={serviceId}>
      <VistaQuestionario istanza={q} template={templateDiIstanza(rif, q.idQuestionarioTemplate)} syncState={q.syncState} />
    </Cornice>
  )
}

function VistaOnline({ serviceId, id }: { serviceId: string; id: string }) {
  const istanza = useQuery(questionarioCompilatoQuery(id))
  const scheda = useQuery(schedaServizioQuery(serviceId))
  if (istanza.isPending || (scheda.isPending && !scheda.isError)) return <Cornice serviceId={serviceId}><Caricamento /></Cornice>
  if (istanza.isError) {
    return (
      <Cornice serviceId={serviceId}>
        <Avviso titolo="Questionario non disponibile" tipo="warning">
          <p>Non è stato possibile leggere il questionario. Verifica la connessione e riprova.</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void istanza.refetch()}>
            Riprova
          </button>
        </Avviso>
      </Cornice>
    )
  }
  // the card's snapshot is the template the service's surveys were created with
  const template = scheda.data?.questionarioTemplateSnapshot ?? null
  return (
    <Cornice serviceId={serviceId}>
      <VistaQuestionario istanza={istanza.data} template={template} />
    </Cornice>
  )
}
