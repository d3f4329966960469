/**
 * Survey template detail `/area-amministrativa/questionari/{id}` (spec 002 §2–§3; platform-frontend §1.4,
 * §3.4; platform-backend §2.9, §7): name, description, ID, state, version and its history, defaults, the
 * programmes whose active template it is; the actions the profile holds — 'Modifica' (upd.quest.templ),
 * 'Clona' (new.quest.templ), 'Elimina' (del.quest.templ), 'Imposta come default RFD/SCD' (upd.quest.templ),
 * 'Associa a un programma' (upd.rel.quest_prgm) — and the sections drawn read-only by THE survey renderer.
 * A replaced version is read-only and links to its successor.
 */
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { QuestionarioTemplateDettaglioSchema, sezioneFromWire, TIPI_DEFAULT, type QuestionarioTemplateDettaglio, type TipoDefault } from '../../api/contract/questionario-template'
import type { SezioneTemplateWire } from '../../api/contract/questionario'
import { QueryProvider } from '../../api/query'
import { hasAll, heldPermissions } from '../../auth/permissions'
import { useSession } from '../../auth/session'
import { formatDisplayDateTime } from '../../lib/dates'
import { questionsOf } from '../../lib/survey-questions'
import { AppLink } from '../../ui/AppLink'
import { showToast } from '../../ui/stores/toasts'
import { SurveySectionFields } from '../../ui/survey'
import { ConfirmModal } from '../../ui/widgets/ConfirmModal'
import { useEsecuzione } from '../../ui/widgets/useConferma'
import { ConflittoAzione, useAzioneVersionata } from '../../ui/conflitto'
import { StatusChip } from '../../ui/widgets/StatusChip'
import { messaggioErrore } from '../../api/error-message'
import { associaProgramma, dettaglioQuery, eliminaTemplate, impostaDefault, programmiQuery } from './api'
import { useRegisterBreadcrumbLabels } from '../../ui/breadcrumb/labels'
import { questionarioPath } from './lista'

function Dati({ d }: { d: QuestionarioTemplateDettaglio }) {
  const righe: [string, ReactNode][] = [
    ['ID', <code key="id">{d['survey-id']}</code>],
    ['Descrizione', d['survey-description'] || '—'],
    ['Stato', d['survey-status'] ? <StatusChip value={d['survey-status']} /> : '—'],
    ['Versione', String(d.versione)],
    ['Data ultima modifica', d['last-update'] ? formatDisplayDateTime(d['last-update']) : '—'],
    ['Default SCD', d['default-SCD'] ? 'Sì' : 'No'],
    ['Default RFD', d['default-RFD'] ? 'Sì' : 'No'],
    ['Programmi associati', d.programmi.length > 0 ? d.programmi.map((p) => p.nome).join(', ') : 'Nessuno'],
    ['In uso', d.inUso ? 'Sì: usato da servizi registrati' : 'No'],
  ]
  return (
    <dl className="row mb-4">
      {righe.map(([k, val]) => (
        <div key={k} className="col-12 col-md-6 col-lg-4 mb-3">
          <dt className="small text-secondary fw-normal">{k}</dt>
          <dd className="mb-0 fw-semibold text-break">{val}</dd>
        </div>
      ))}
    </dl>
  )
}

function Azioni({ d }: { d: QuestionarioTemplateDettaglio }) {
  const held = heldPermissions(useSession())
  const navigate = useNavigate()
  const uid = useId()
  const [conferma, setConferma] = useState(false)
  const { busy, errore, setErrore, esegui: run } = useEsecuzione()
  // issue 27: the delete acts on the detail's version; a newer one is shown and asked again
  const conVersione = useAzioneVersionata({
    lettura: { valori: { nome: d['survey-name'], descrizione: d['survey-description'], stato: d['survey-status'] }, versione: d.versione },
    daCorrente: (c) => {
      const r = v.safeParse(QuestionarioTemplateDettaglioSchema, c)
      return r.success ? { valori: { nome: r.output['survey-name'], descrizione: r.output['survey-description'], stato: r.output['survey-status'] }, versione: r.output.versione } : null
    },
    campi: { nome: { label: 'Nome' }, descrizione: { label: 'Descrizione' }, stato: { label: 'Stato' } },
    soggetto: 'Il questionario',
  })
  const [programma, setProgramma] = useState('')
  const id = d['survey-id'] ?? ''
  const corrente = d.idVersioneSuccessiva === null
  const puoModificare = hasAll(held, ['upd.quest.templ'])
  const puoAssociare = hasAll(held, ['upd.rel.quest_prgm'])
  const programmi = useQuery({ ...programmiQuery(), enabled: puoAssociare && corrente })

  // the page's actions share the one confirmed-action behaviour (the text worded for the action)
  const esegui = (azione: string, work: () => Promise<unknown>, ok: string) =>
    run(async () => {
      await work()
      showToast({ status: 'success', message: ok })
    }, (err) => (err instanceof ConflittoAzione ? err.message : messaggioErrore(err, azione)))
  const imposta = (tipo: TipoDefault) => void esegui(`impostare il questionario come default ${tipo}`, () => impostaDefault(id, tipo), `Questionario impostato come default ${tipo}.`)
  const associa = () => {
    if (!programma) {
      setErrore('Scegli il programma da associare.')
      return
    }
    void esegui('associare il questionario al programma', () => associaProgramma(Number(programma), id), 'Questionario associato al programma.')
  }
  const elimina = async () => {
    if (await esegui('eliminare il questionario', () => conVersione((versione) => eliminaTemplate(id, versione)), 'Questionario eliminato.')) {
      setConferma(false)
      void navigate({ to: '/area-amministrativa/questionari' })
    }
  }

  if (!corrente) {
    return (
      <div className="alert alert-info" role="note">
        <p className="mb-2">{`Questa è la versione ${d.versione}: è stata sostituita da una più recente. I servizi registrati con questa versione continuano a usarla.`}</p>
        <AppLink to={questionarioPath(d.idVersioneSuccessiva ?? '')}>Vai alla versione successiva</AppLink>
      </div>
    )
  }
  return (
    <div className="mb-4">
      <div className="d-flex flex-wrap gap-2 mb-3">
        {puoModificare && <AppLink to={`${questionarioPath(id)}/modifica`} className="btn btn-primary">Modifica</AppLink>}
        {hasAll(held, ['new.quest.templ']) && <AppLink to={`${questionarioPath(id)}/clona`} className="btn btn-outline-primary">Clona</AppLink>}
        {puoModificare && TIPI_DEFAULT.map((tipo) => (
          (tipo === 'RFD' ? d['default-RFD'] : d['default-SCD']) ? null : (
            <button key={tipo} type="button" className="btn btn-outline-primary" disabled={busy} onClick={() => imposta(tipo)}>{`Imposta come default ${tipo}`}</button>
          )
        ))}
        {hasAll(held, ['del.quest.templ']) && (
          <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={() => { setErrore(null); setConferma(true) }}>Elimina</button>
        )}
      </div>
      {puoAssociare && (
        <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
          <div>
            <label htmlFor={`${uid}-programma`} className="form-label fw-semibold">Associa a un programma</label>
            <select id={`${uid}-programma`} className="form-select" value={programma} onChange={(e) => setProgramma(e.target.value)}>
              <option value="">Scegli un programma</option>
              {(programmi.data ?? []).map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
            </select>
          </div>
          <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={associa}>Associa</button>
        </div>
      )}
      {errore && !conferma && <div className="alert alert-danger" role="alert">{errore}</div>}
      <ConfirmModal
        isOpen={conferma} title="Elimina questionario" confirmLabel="Elimina" busyLabel="Eliminazione in corso…" danger busy={busy} error={errore}
        onCancel={() => { setConferma(false); setErrore(null) }} onConfirm={() => void elimina()}
      >
        <p className="mb-0">{`Confermi di voler eliminare il questionario «${d['survey-name']}»? L’operazione non si può annullare.`}</p>
      </ConfirmModal>
    </div>
  )
}

function Sezioni({ d }: { d: QuestionarioTemplateDettaglio }) {
  const uid = useId()
  const sezioni = d['survey-sections'].map(sezioneFromWire).filter((s): s is SezioneTemplateWire => s !== null)
  return (
    <>
      <h2 className="h4 mt-4">Sezioni e domande</h2>
      {sezioni.map((s, i) => (
        <section key={s.id} className="card card-bg p-3 p-lg-4 mb-4" aria-labelledby={`${uid}-${i}`}>
          <h3 id={`${uid}-${i}`} className="h5">{s.title}</h3>
          <SurveySectionFields questions={questionsOf(s)} answers={{}} onChange={() => undefined} variant="compact" idPrefix={`${uid}-${i}`} disabled />
        </section>
      ))}
    </>
  )
}

function Contenuto({ id }: { id: string }) {
  const q = useQuery(dettaglioQuery(id))
  const d = q.data
  useRegisterBreadcrumbLabels({ [questionarioPath(id)]: d?.['survey-name'] })
  if (q.isPending) return <p role="status" aria-live="polite" className="text-secondary">Caricamento in corso…</p>
  if (!d) {
    return (
      <div className="alert alert-warning" role="alert">
        <h1 className="h4">Questionario non disponibile</h1>
        <p className="mb-2">Il questionario non esiste o non è visibile con il tuo ruolo.</p>
        <AppLink to="/area-amministrativa/questionari">Torna all’elenco dei questionari</AppLink>
      </div>
    )
  }
  return (
    <>
      <p className="text-uppercase small fw-semibold text-secondary mb-1">Questionario</p>
      <h1 className="mb-3">{d['survey-name']}</h1>
      <Dati d={d} />
      <Azioni d={d} />
      {d.versioni.length > 1 && (
        <>
          <h2 className="h5">Versioni</h2>
          <ol className="mb-4">
            {d.versioni.map((ver) => (
              <li key={ver.id}>
                {ver.id === id ? <strong>{`Versione ${ver.versione} (questa)`}</strong> : <AppLink to={questionarioPath(ver.id)}>{`Versione ${ver.versione}`}</AppLink>}
                {` del ${formatDisplayDateTime(ver.dataOra)}`}{ver.corrente ? ' – in vigore' : ''}
              </li>
            ))}
          </ol>
        </>
      )}
      <Sezioni d={d} />
    </>
  )
}

export function DettaglioPage({ id }: { id: string }) {
  return (
    <div className="container-xxl pd-page py-4 py-lg-5" data-testid="questionario-dettaglio">
      <QueryProvider>
        <Contenuto key={id} id={id} />
      </QueryProvider>
    </div>
  )
}
