/**
 * The survey template editor (spec 002 §2–§3, §5; platform-frontend §3.4; issue 10 point 1):
 * `…/questionari/nuovo` (the default RFD sections, no name), `…/{id}/clona` (a copy named '… (copia)')
 * and `…/{id}/modifica`. Name and description required; sections Q1–Q4 fixed, Q1 and Q2 locked; questions
 * and added sections added, moved ('Sposta su' / 'Sposta giù') and removed — a section keeps at least one
 * question; a live preview ({@link Anteprima}) beside the form (below it on phones). 'Salva' validates
 * (`validateModello`, messages under the fields and a summary that takes the focus), then saves: editing a
 * template in use makes a new version, said before saving and in the toast.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { QuestionarioTemplateDettaglioSchema, sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../../../api/contract/questionario-template'
import type { SezioneTemplateWire } from '../../../api/contract/questionario'
import { QueryProvider } from '../../../api/query'
import {
  aggiungiDomanda, aggiungiSezione, chiaveErrore, modelloDaTemplate, modificaDomanda, rimuoviDomanda, rimuoviSezione, rinominaSezione,
  sezioneSpostabile, sezioniSchema, spostaDomanda, spostaSezione, validateModello, type ModelloEditor,
} from '../../../lib/questionario-editor'
import { AppLink } from '../../../ui/AppLink'
import { showToast } from '../../../ui/stores/toasts'
import { messaggioErrore } from '../../../api/error-message'
import { aggiornaTemplate, creaTemplate, dettaglioQuery, nuovoQuery, type DatiTemplate } from '../api'
import { useSalvataggioVersionato } from '../../../ui/conflitto'
import { useRegisterBreadcrumbLabels } from '../../../ui/breadcrumb/labels'
import { questionarioPath } from '../lista'
import { Anteprima } from './Anteprima'
import { idCampo } from './DomandaCard'
import { idSezioneCampo, SezioneCard } from './SezioneCard'
import '../questionari-modelli.css'

export type ModoEditor = 'nuovo' | 'clona' | 'modifica'

export interface EditorPageProps { modo: ModoEditor; id?: string }

const TITOLI: Record<ModoEditor, string> = { nuovo: 'Crea questionario', clona: 'Clona questionario', modifica: 'Modifica questionario' }

function modelloIniziale(d: QuestionarioTemplateDettaglio, modo: ModoEditor): ModelloEditor {
  const sezioni = d['survey-sections'].map(sezioneFromWire).filter((s): s is SezioneTemplateWire => s !== null)
  const nome = modo === 'clona' ? `${d['survey-name']} (copia)` : d['survey-name']
  return modelloDaTemplate(nome, d['survey-description'], sezioni)
}

/** What 'Salva' sends for the editor's state (also the merge's values of issue 27). */
const datiDi = (m: ModelloEditor): DatiTemplate => ({ nome: m.nome.trim(), descrizione: m.descrizione.trim(), sezioni: sezioniSchema(m).map(sezioneToWire) })

/** A 409's `corrente` (the template's detail) as what the editor would send, with its version. */
function daCorrente(corrente: unknown) {
  const r = v.safeParse(QuestionarioTemplateDettaglioSchema, corrente)
  return r.success ? { valori: datiDi(modelloIniziale(r.output, 'modifica')), versione: r.output.versione } : null
}

const titoliSezioni = (x: unknown) => (Array.isArray(x) ? (x as { title: string }[]).map((s) => s.title).join(', ') : '')
const CAMPI_CONFLITTO = { nome: { label: 'Nome del questionario' }, descrizione: { label: 'Descrizione' }, sezioni: { label: 'Sezioni e domande', format: titoliSezioni } }

function Form({ modo, id, dettaglio }: EditorPageProps & { dettaglio: QuestionarioTemplateDettaglio }) {
  const [m, setM] = useState<ModelloEditor>(() => modelloIniziale(dettaglio, modo))
  const [errori, setErrori] = useState<Record<string, string>>({})
  const [tentato, setTentato] = useState(false)
  const [salvataggio, setSalvataggio] = useState(false)
  const [erroreServer, setErroreServer] = useState<string | null>(null)
  const [annuncio, setAnnuncio] = useState('')
  const focusDopo = useRef<string[] | null>(null)
  const riepilogo = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const uid = useId()

  // after an edit that moves or adds controls, focus the first of the wanted ids that is enabled
  useEffect(() => {
    const wanted = focusDopo.current
    if (!wanted) return
    focusDopo.current = null
    for (const elId of wanted) {
      const el = document.getElementById(elId) as HTMLButtonElement | HTMLInputElement | null
      if (el && !el.disabled) {
        el.focus()
        return
      }
    }
  })

  const aggiorna = (next: ModelloEditor, focus?: string[], msg?: string) => {
    setM(next)
    if (tentato) setErrori(validateModello(next))
    if (focus) focusDopo.current = focus
    if (msg) setAnnuncio(msg)
  }
  const inUso = modo === 'modifica' && (dettaglio.inUso || dettaglio['survey-status'] === 'ATTIVO')
  const chiudi = (saved: { nuovaVersione: boolean; versione: number; 'survey-id': string }) => {
    showToast({
      status: 'success',
      message: saved.nuovaVersione
        ? `Questionario salvato: creata la versione ${saved.versione}. I servizi già registrati mantengono la versione precedente.`
        : 'Questionario salvato.',
    })
    void navigate({ to: questionarioPath(saved['survey-id']) })
  }
  // issue 27: an edit carries the detail's version; a 409 merges or opens the conflict view
  const versionato = useSalvataggioVersionato({
    lettura: modo === 'modifica' ? { valori: datiDi(modelloIniziale(dettaglio, modo)), versione: dettaglio.versione } : null,
    invia: (dati: DatiTemplate, versione) => aggiornaTemplate(id ?? '', dati, versione),
    daCorrente, campi: CAMPI_CONFLITTO, onSalvato: chiudi,
  })

  const salva = async (e: FormEvent) => {
    e.preventDefault()
    setTentato(true)
    setErroreServer(null)
    const found = validateModello(m)
    setErrori(found)
    if (Object.keys(found).length > 0) {
      riepilogo.current?.focus()
      return
    }
    setSalvataggio(true)
    try {
      if (modo === 'modifica' && id) await versionato.salva(datiDi(m))
      else chiudi(await creaTemplate(datiDi(m)))
    } catch (err) {
      setErroreServer(await messaggioErrore(err, 'salvare il questionario'))
      riepilogo.current?.focus()
    } finally {
      setSalvataggio(false)
    }
  }

  const elenco = Object.entries(errori)
  const fisse = m.sezioni.filter((s) => s.chiave !== null).length
  return (
    <>
    {versionato.vista}
    <form noValidate onSubmit={(e) => void salva(e)} aria-describedby={`${uid}-nota`} hidden={versionato.inConflitto}>
      <p id={`${uid}-nota`} className="text-secondary">I campi contrassegnati con * sono obbligatori.</p>
      <div ref={riepilogo} tabIndex={-1} className="pd-riepilogo-errori">
        {(elenco.length > 0 || erroreServer) && (
          <div className="alert alert-danger" role="alert">
            {erroreServer ?? (
              <>
                <p className="fw-semibold mb-1">{elenco.length === 1 ? 'Correggi 1 errore prima di salvare:' : `Correggi ${elenco.length} errori prima di salvare:`}</p>
                <ul className="mb-0">{elenco.slice(0, 10).map(([k, msg]) => <li key={k}>{msg}</li>)}</ul>
              </>
            )}
          </div>
        )}
      </div>
      {inUso && (
        <div className="alert alert-info" role="note">
          {`Questo questionario è in uso: salvando crei la versione ${dettaglio.versione + 1}. I servizi già registrati e i questionari già compilati o in attesa di invio mantengono la versione ${dettaglio.versione}; i nuovi servizi useranno la nuova versione.`}
        </div>
      )}
      <div className="row g-4">
        <div className="col-12 col-xl-7">
          <div className="mb-3">
            <label htmlFor={`${uid}-nome`} className="form-label fw-semibold">Nome del questionario *</label>
            <input
              id={`${uid}-nome`} type="text" className={`form-control${errori.nome ? ' is-invalid' : ''}`} value={m.nome} maxLength={200}
              aria-invalid={errori.nome ? true : undefined} aria-describedby={errori.nome ? `${uid}-nome-errore` : undefined}
              onChange={(e) => aggiorna({ ...m, nome: e.target.value })}
            />
            {errori.nome && <div id={`${uid}-nome-errore`} className="invalid-feedback d-block">{errori.nome}</div>}
          </div>
          <div className="mb-4">
            <label htmlFor={`${uid}-descrizione`} className="form-label fw-semibold">Descrizione del questionario *</label>
            <textarea
              id={`${uid}-descrizione`} rows={3} className={`form-control${errori.descrizione ? ' is-invalid' : ''}`} value={m.descrizione} maxLength={1000}
              aria-invalid={errori.descrizione ? true : undefined} aria-describedby={errori.descrizione ? `${uid}-descrizione-errore` : undefined}
              onChange={(e) => aggiorna({ ...m, descrizione: e.target.value })}
            />
            {errori.descrizione && <div id={`${uid}-descrizione-errore`} className="invalid-feedback d-block">{errori.descrizione}</div>}
          </div>
          <h2 className="h4">Sezioni</h2>
          {errori[chiaveErrore('sezioni')] && <div className="alert alert-danger" role="alert">{errori.sezioni}</div>}
          {m.sezioni.map((s, i) => (
            <SezioneCard
              key={s.id}
              sezione={s}
              posizione={i + 1}
              errori={errori}
              puoSalire={sezioneSpostabile(m, s.id, -1)}
              puoScendere={sezioneSpostabile(m, s.id, 1)}
              onTitolo={(t) => aggiorna(rinominaSezione(m, s.id, t))}
              onSpostaSezione={(delta) => aggiorna(spostaSezione(m, s.id, delta),
                [idSezioneCampo(s.id, delta < 0 ? 'su' : 'giu'), idSezioneCampo(s.id, delta < 0 ? 'giu' : 'su')],
                `Sezione spostata in posizione ${i + 1 + delta} di ${m.sezioni.length}.`)}
              onRimuoviSezione={() => aggiorna(rimuoviSezione(m, s.id), ['pd-aggiungi-sezione'], 'Sezione rimossa.')}
              onAggiungiDomanda={() => {
                const next = aggiungiDomanda(m, s.id, Date.now())
                const nuova = next.sezioni.find((x) => x.id === s.id)?.domande.at(-1)
                aggiorna(next, nuova ? [idCampo(s.id, nuova.id, 'titolo')] : undefined, 'Domanda aggiunta in fondo alla sezione.')
              }}
              onDomanda={(idDomanda, patch) => aggiorna(modificaDomanda(m, s.id, idDomanda, patch))}
              onSpostaDomanda={(idDomanda, delta) => {
                const pos = s.domande.findIndex((d) => d.id === idDomanda) + 1 + delta
                aggiorna(spostaDomanda(m, s.id, idDomanda, delta),
                  [idCampo(s.id, idDomanda, delta < 0 ? 'su' : 'giu'), idCampo(s.id, idDomanda, delta < 0 ? 'giu' : 'su')],
                  `Domanda spostata in posizione ${pos} di ${s.domande.length}.`)
              }}
              onRimuoviDomanda={(idDomanda) => aggiorna(rimuoviDomanda(m, s.id, idDomanda), [idSezioneCampo(s.id, 'aggiungi')], 'Domanda rimossa.')}
            />
          ))}
          <button
            id="pd-aggiungi-sezione" type="button" className="btn btn-outline-primary mb-4"
            onClick={() => {
              const next = aggiungiSezione(m, Date.now())
              const nuova = next.sezioni.at(-1)
              aggiorna(next, nuova ? [idSezioneCampo(nuova.id, 'titolo')] : undefined, 'Sezione aggiunta in fondo al questionario.')
            }}
          >
            Aggiungi sezione
          </button>
          <p className="small text-secondary">{`Le sezioni Q1–Q4 (${fisse}) sono sempre presenti; le sezioni aggiunte seguono la Q4.`}</p>
        </div>
        <div className="col-12 col-xl-5">
          <div className="pd-anteprima-colonna">
            <Anteprima modello={m} />
          </div>
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{annuncio}</p>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <button type="submit" className="btn btn-primary" disabled={salvataggio}>{salvataggio ? 'Salvataggio in corso…' : 'Salva'}</button>
        <AppLink to={modo === 'nuovo' || !id ? '/area-amministrativa/questionari' : questionarioPath(id)} className="btn btn-outline-secondary">Annulla</AppLink>
      </div>
    </form>
    </>
  )
}

function Caricamento({ modo, id }: EditorPageProps) {
  const q = useQuery(modo === 'nuovo' || !id ? nuovoQuery() : dettaglioQuery(id))
  const d = q.data
  useRegisterBreadcrumbLabels(id && d ? { [questionarioPath(id)]: d['survey-name'] } : {})
  if (q.isPending) return <p role="status" aria-live="polite" className="text-secondary">Caricamento in corso…</p>
  if (!d) {
    return (
      <div className="alert alert-warning" role="alert">
        <p className="mb-2">Non è stato possibile caricare il questionario. Controlla la connessione e riprova.</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => void q.refetch()}>Riprova</button>
      </div>
    )
  }
  if (modo === 'modifica' && d.idVersioneSuccessiva) {
    return (
      <div className="alert alert-info" role="status">
        <p className="mb-2">Questa versione è stata sostituita da una più recente e non si può modificare.</p>
        <AppLink to={questionarioPath(d.idVersioneSuccessiva)}>Vai alla versione successiva</AppLink>
      </div>
    )
  }
  return <Form modo={modo} id={id} dettaglio={d} />
}

export function EditorPage(props: EditorPageProps) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="questionario-editor">
      <h1 className="mb-3">{TITOLI[props.modo]}</h1>
      <QueryProvider>
        <Caricamento key={`${props.modo}-${props.id ?? ''}`} {...props} />
      </QueryProvider>
    </div>
  )
}
