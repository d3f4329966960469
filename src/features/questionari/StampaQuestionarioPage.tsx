/**
 * Printable blank survey (spec 002 §2: `/area-amministrativa/servizi/{serviceId}/stampa-questionario/{idQuestionario}`,
 * full page without the shell — `isBarePage`): every question of the template's four sections with
 * empty boxes (check boxes for multiple choices, circles for single choices, lines for texts, five boxes
 * for the rating), the fields hidden from survey forms excluded, then the consent text the citizen signs
 * (ConsensoDaFirmare, issue 8 point 1). A 'Stampa' button calls `window.print()`
 * and is hidden in print (questionari.css). The template comes from the device for FAC/VOL
 * (`useCampoRiferimenti`), from the
 * service card's snapshot online for managers. `idQuestionario` is the citizen's survey the row's
 * 'Stampa questionario' names (or a template id): see `templatePerStampa`.
 */
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { QuestionarioTemplate } from '../../api/contract/questionario'
import { QueryProvider } from '../../api/query'
import { useSession } from '../../auth/session'
import { isFieldRole, useCampoRiferimenti, useQuestionarioCampo, useServizioCampo } from '../campo'
import { pathCittadiniServizio } from './compila'
import { ConsensoDaFirmare } from './components/ConsensoDaFirmare'
import { LinkInterno } from './components/LinkInterno'
import { Avviso, Caricamento } from './components/Stato'
import {
  domandeOrdinate, isObbligatoria, limitiValutazione, opzioni, SEZIONI, sezioneDelTemplate, templateDiIstanza, tipoCampo, titoloSezione, type Domanda,
} from './domande'
import { schedaServizioQuery } from './online'
import './questionari.css'

export interface StampaQuestionarioPageProps {
  serviceId: string
  idQuestionario: string
}

export function StampaQuestionarioPage({ serviceId, idQuestionario }: StampaQuestionarioPageProps) {
  const session = useSession()
  if (isFieldRole(session.profilo?.codiceRuolo)) return <StampaCampo serviceId={serviceId} idQuestionario={idQuestionario} />
  return (
    <QueryProvider>
      <StampaOnline serviceId={serviceId} />
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
  const template = templatePerStampa(rif, idQuestionario, istanza?.idQuestionarioTemplate ?? null, servizio?.idQuestionarioTemplateSnapshot ?? null)
  return <Pagina serviceId={serviceId}>{template ? <ModuloStampabile template={template} /> : <NonDisponibile />}</Pagina>
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

function StampaOnline({ serviceId }: { serviceId: string }) {
  const scheda = useQuery(schedaServizioQuery(serviceId))
  if (scheda.isPending) return <Pagina serviceId={serviceId}><Caricamento /></Pagina>
  return <Pagina serviceId={serviceId}>{scheda.data ? <ModuloStampabile template={scheda.data.questionarioTemplateSnapshot} /> : <NonDisponibile />}</Pagina>
}

function NonDisponibile() {
  return (
    <Avviso titolo="Questionario non disponibile" tipo="warning">
      <p>Il modello del questionario non è disponibile. Collegati alla rete e riprova.</p>
    </Avviso>
  )
}

/** The blank form of a template, ready to print. */
export function ModuloStampabile({ template }: { template: QuestionarioTemplate }) {
  return (
    <article aria-labelledby="titolo-stampa">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
        <div>
          <p className="text-uppercase small fw-semibold mb-1">Questionario</p>
          <h1 id="titolo-stampa" className="h2">
            {template.nomeQuestionarioTemplate}
          </h1>
          {template.descrizioneQuestionarioTemplate && <p>{template.descrizioneQuestionarioTemplate}</p>}
        </div>
        <button type="button" className="btn btn-primary pd-no-print" onClick={() => window.print()}>
          Stampa
        </button>
      </div>
      <p className="small">Le domande contrassegnate con * sono obbligatorie.</p>
      {SEZIONI.map((k) => {
        const sezione = sezioneDelTemplate(template, k)
        const domande = domandeOrdinate(sezione).filter((d) => !d.hidden)
        if (!sezione || domande.length === 0) return null
        return (
          <section key={k} className="mb-4" aria-labelledby={`stampa-${k}`}>
            <h2 id={`stampa-${k}`} className="h4 border-bottom pb-2 mb-3">
              {titoloSezione(sezione, k)}
            </h2>
            <ol className="ps-3">
              {domande.map((d) => (
                <li key={d.id} className="pd-print-question mb-3" data-domanda={d.id}>
                  <p className="fw-semibold mb-2">
                    {d.title}
                    {isObbligatoria(d, sezione) && '*'}
                  </p>
                  <RispostaVuota domanda={d} />
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

function RispostaVuota({ domanda: d }: { domanda: Domanda }) {
  const t = tipoCampo(d)
  if (t === 'checkbox' || t === 'radio' || t === 'select') {
    const cls = t === 'checkbox' ? 'pd-print-check' : 'pd-print-check pd-print-radio'
    return (
      <>
        {t === 'checkbox' && <p className="small mb-1">Puoi scegliere più risposte</p>}
        {t !== 'checkbox' && <p className="small mb-1">Scegli una sola risposta</p>}
        <ul className="list-unstyled mb-0">
          {opzioni(d).map((o) => (
            <li key={o} className="mb-1">
              <span className={cls} aria-hidden="true" />
              {o}
            </li>
          ))}
        </ul>
      </>
    )
  }
  if (t === 'rating') {
    const { min, max } = limitiValutazione(d)
    return (
      <p className="mb-0">
        {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
          <span key={n} className="me-3">
            <span className="pd-print-check" aria-hidden="true" />
            {n}
          </span>
        ))}
      </p>
    )
  }
  if (t === 'flag') {
    return (
      <p className="mb-0">
        <span className="pd-print-check" aria-hidden="true" />
        Sì
      </p>
    )
  }
  if (t === 'textarea') {
    return (
      <div>
        <span className="visually-hidden">Spazio per la risposta</span>
        <div className="pd-print-lines" />
        <div className="pd-print-lines" />
        <div className="pd-print-lines" />
      </div>
    )
  }
  const hint = t === 'date' ? 'gg/mm/aaaa' : t === 'time' ? 'hh:mm' : null
  return (
    <div className="pd-print-box p-1 small text-muted">
      <span className="visually-hidden">Spazio per la risposta</span>
      {hint}
    </div>
  )
}
