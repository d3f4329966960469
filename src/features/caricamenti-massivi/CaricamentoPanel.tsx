/**
 * The upload form and the progress of the job it started (platform-frontend §7.4, fixed): the context
 * (project and body; a select when the profile offers several), the two templates, the file (CSV or
 * XLSX, at most 50 MB) and 'Carica'. The server checks the file before answering: a refused file shows
 * its Italian reason under the field. Then the job is polled every 2 seconds: 'Caricamento in corso'
 * with a progress bar and the warning not to start another upload, then the counters (Totale righe,
 * Righe scartate, Servizi caricati, Cittadini beneficiari) with 'Scarica il report', or the failure
 * message of spec 002 §8.
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { CaricamentoRiga, ContestoUpload } from '../../api/contract/caricamenti'
import { TOOLTIP_JOB_FALLITO } from '../../api/contract/caricamenti'
import { ApiCallError } from '../../api/client'
import { downloadModello, downloadReport, pollJob, uploadFile } from './api'
import { erroreFile, formatoDi, percentuale } from './file-check'
import { fallito } from './StatoJob'

export const POLL_MS = 2000

const num = (n: number) => n.toLocaleString('it-IT')
const ctxKey = (c: Pick<ContestoUpload, 'idProgetto' | 'idEnte'>) => `${c.idProgetto}-${c.idEnte}`

export function CaricamentoPanel({ contesti, onJobChange }: { contesti: readonly ContestoUpload[]; onJobChange?: () => void }) {
  const ids = { ctx: useId(), file: useId(), fileErr: useId(), help: useId() }
  const [scelto, setScelto] = useState(contesti.length === 1 ? ctxKey(contesti[0]!) : '')
  const [file, setFile] = useState<File | null>(null)
  const [errore, setErrore] = useState<string | null>(null)
  const [inviando, setInviando] = useState(false)
  const [job, setJob] = useState<CaricamentoRiga | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const contesto = contesti.find((c) => ctxKey(c) === scelto)
  const inCorso = job?.stato === 'IN_PROGRESS'

  useEffect(() => {
    if (!job || job.stato !== 'IN_PROGRESS') return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      pollJob(job.jobUuid, controller.signal).then((next) => {
        setJob(next)
        if (next.stato !== 'IN_PROGRESS') onJobChange?.()
      }, () => setJob({ ...job })) // network hiccup: poll again
    }, POLL_MS)
    return () => { clearTimeout(timer); controller.abort() }
  }, [job, onJobChange])

  async function carica() {
    const problem = !contesto ? 'Scegli il progetto e l’ente del caricamento.' : erroreFile(file)
    setErrore(problem)
    if (problem || !file || !contesto) return
    setInviando(true)
    try {
      const avviato = await uploadFile(file, formatoDi(file.name)!, contesto)
      setJob(await pollJob(avviato.jobUuid))
      onJobChange?.()
      setFile(null)
      if (inputRef.current) inputRef.current.value = ''
    } catch (e) {
      setErrore(e instanceof ApiCallError && e.status > 0 && e.status < 500 ? e.message : 'Non è stato possibile caricare il file. Riprova più tardi.')
    } finally {
      setInviando(false)
    }
  }

  return (
    <section aria-labelledby="pd-upload-title" className="mb-5">
      <h2 id="pd-upload-title" className="h4 mb-3">Carica un file</h2>
      <p className="mb-3">
        Carica i servizi erogati con i loro cittadini e i questionari compilati al di fuori di Punto Digitale: un file CSV (UTF-8) o XLSX
        con le 33 colonne del modello, al massimo 50 MB. Ogni riga viene controllata con le stesse regole dei moduli; le righe non valide
        sono elencate nel report con il motivo.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => { void downloadModello('csv') }}>Scarica il modello CSV</button>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => { void downloadModello('xlsx') }}>Scarica il modello XLSX</button>
      </div>
      {contesti.length > 1
        ? (
          <div className="select-wrapper mb-4">
            <label htmlFor={ids.ctx} className="active">Progetto ed ente<span aria-hidden> *</span></label>
            <select id={ids.ctx} className="form-select" value={scelto} required disabled={inCorso} onChange={(e) => setScelto(e.target.value)}>
              <option value="">Seleziona il progetto</option>
              {contesti.map((c) => <option key={ctxKey(c)} value={ctxKey(c)}>{`${c.nomeProgetto} – ${c.nomeEnte}`}</option>)}
            </select>
          </div>
          )
        : contesto && (
          <p className="mb-4" data-testid="upload-contesto">
            <span className="fw-semibold">Progetto:</span> {contesto.nomeProgetto} · <span className="fw-semibold">Ente:</span> {contesto.nomeEnte}
          </p>
        )}
      <div className="mb-3">
        <label htmlFor={ids.file} className="form-label fw-semibold">File da caricare (CSV o XLSX)<span aria-hidden> *</span></label>
        <input ref={inputRef} id={ids.file} type="file" className={`form-control${errore ? ' is-invalid' : ''}`} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={inCorso || inviando} aria-invalid={errore ? true : undefined} aria-describedby={errore ? `${ids.help} ${ids.fileErr}` : ids.help}
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setErrore(null) }} />
        <p id={ids.help} className="small text-secondary mt-1 mb-0">Al massimo 50 MB e 100.000 righe. Il CSV deve essere salvato con codifica UTF-8.</p>
        {errore && <p id={ids.fileErr} className="text-danger small mt-1 mb-0" role="alert" data-testid="upload-error">{errore}</p>}
      </div>
      <button type="button" className="btn btn-primary" disabled={inCorso || inviando} onClick={() => { void carica() }}>
        {inviando ? 'Controllo del file in corso…' : 'Carica'}
      </button>
      {job && <Avanzamento job={job} />}
    </section>
  )
}

function Avanzamento({ job }: { job: CaricamentoRiga }) {
  const percent = percentuale(job)
  return (
    <div className="card card-bg mt-4 p-3" data-testid="upload-job" aria-labelledby="pd-upload-job-title">
      <h3 id="pd-upload-job-title" className="h5">{`Caricamento ${job.id}`}</h3>
      <p role="status" aria-live="polite" className="fw-semibold mb-2" data-testid="upload-job-state">
        {job.stato === 'IN_PROGRESS' ? 'Caricamento in corso' : job.stato === 'SUCCESS' ? 'Caricamento completato' : 'Caricamento non riuscito'}
      </p>
      {job.stato === 'IN_PROGRESS' && (
        <>
          <p className="mb-2">L&apos;operazione potrebbe richiedere alcuni minuti. Non avviare un nuovo caricamento prima che questo sia terminato.</p>
          <div className="progress mb-2" style={{ maxWidth: '32rem' }}>
            <div className="progress-bar" role="progressbar" aria-label="Righe elaborate" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
              aria-valuetext={`${num(job.righeElaborate)} righe elaborate su ${num(job.totaleRighe)}`} style={{ width: `${percent}%` }} />
          </div>
          <p className="small mb-0" data-testid="upload-job-progress">{`${num(job.righeElaborate)} righe elaborate su ${num(job.totaleRighe)}`}</p>
        </>
      )}
      {job.stato === 'SUCCESS' && (
        <>
          <dl className="pd-upload-counters mb-3">
            <div><dt>Totale righe</dt><dd data-testid="upload-totale">{num(job.totaleRighe)}</dd></div>
            <div><dt>Righe scartate</dt><dd data-testid="upload-scartate">{num(job.righeScartate)}</dd></div>
            <div><dt>Servizi caricati</dt><dd data-testid="upload-servizi">{num(job.serviziCaricati)}</dd></div>
            <div><dt>Cittadini beneficiari</dt><dd data-testid="upload-cittadini">{num(job.cittadiniBeneficiari)}</dd></div>
          </dl>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => { void downloadReport(job) }}>Scarica il report</button>
        </>
      )}
      {fallito(job.stato) && <p className="mb-0 text-danger">{TOOLTIP_JOB_FALLITO}.</p>}
    </div>
  )
}
