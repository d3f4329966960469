/**
 * Mass upload of services (issue 10 point 5; platform-frontend §7.4; platform-backend §8), under `/api`
 * (the jobs list and the monitoring table are served by the generic list routes: entities
 * `monitoraggiocaricamenti` and `caricamentiAggregati`):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /caricamentoMassivo/contesti | vis.mntr | ContestoUpload[] (REG, REGP, REPP; [] for the others) |
 * | POST /caricamentoMassivo?idProgetto&idEnte&formato | vis.mntr + an upload role | 202 {idCaricamento, jobUuid, totaleRighe} |
 * | POST /caricamentoMassivo/modello/:formato | vis.mntr | the CSV or XLSX template |
 * | POST /registroAttivita/polling/:jobUuid | vis.mntr | CaricamentoRiga of a job the caller sees, else 404 C01 |
 * | POST /registroAttivita/:id/report | vis.mntr | the job's report as CSV; 409 G02 while it is not SUCCESS |
 * | POST /monitoraggiocaricamenti/riepilogo | vis.mntr | the monitoring counters over the filtered rows (monitoraggio.ts) |
 *
 * The upload's body is the file itself (`text/csv`, the XLSX media type or `application/octet-stream`),
 * streamed to `DATA_DIR/caricamenti/{jobUuid}.{csv|xlsx}` with a 50 MB cap (413 G02 beyond it), then read
 * once to check it (lettore.ts: encoding, header, zip bomb, row limit → 400 G02 with the Italian reason),
 * then moved into the file storage (`caricamenti/{jobUuid}.{ext}`: local or S3, so that any process can run
 * the job) before the job is created IN_PROGRESS (server/domain/caricamenti/avvio.ts) and queued as a job of the
 * queue (server/jobs/caricamenti.ts). A role that does not
 * upload answers 403 A02; a project or body outside the caller's upload contexts 403 A10; a job already
 * running for the same project and body 409 CM01. No row is written before the file passed its checks.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { MAX_FILE_BYTES, MEDIA_TYPE, MonitoraggioListaBodySchema, UploadQuerySchema } from '../../src/api/contract/caricamenti'
import { ProfileIdsSchema } from '../../src/api/contract/common'
import type { AppConfig } from '../config'
import type { Database } from '../db/types'
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors'
import { registraCaricamento, verificaNessunoInCorso } from '../domain/caricamenti/avvio'
import { contestiUpload, RUOLI_UPLOAD } from '../domain/caricamenti/contesti'
import { FileRifiutato, verificaFile } from '../domain/caricamenti/lettore'
import { caricamentoVisibile } from '../domain/caricamenti/lista'
import { modelloCsv, modelloXlsx } from '../domain/caricamenti/modello'
import { riepilogoMonitoraggio } from '../domain/caricamenti/monitoraggio'
import { reportChunks } from '../domain/caricamenti/report'
import { parseIdParam } from '../domain/db-errors'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { JOB_STATUS, type JobRunner } from '../jobs/caricamenti'

import { perm } from '../auth/route-access'
const MB = Math.round(MAX_FILE_BYTES / 1024 / 1024)
const TAG = ['Caricamento massivo']
const tooLarge = () => new ApiError(413, 'G02', `Il file supera il limite di ${MB} MB: dividilo in più file.`)

/** Passes at most `max` bytes through, failing with 413 G02 beyond. */
class ByteLimit extends Transform {
  private seen = 0
  constructor(private readonly max: number) { super() }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.max) return done(tooLarge())
    done(null, chunk)
  }
}

export interface CaricamentoMassivoOptions { db: Database; config: AppConfig; runner: JobRunner }

export default async function caricamentoMassivoRoutes(app: FastifyInstance, opts: CaricamentoMassivoOptions): Promise<void> {
  const { db, runner } = opts
  const folder = join(opts.config.dataDir, 'caricamenti')
  const profile = (request: FastifyRequest) => resolveCaller(request, parseBody(ProfileIdsSchema, request.body))

  // the upload's body is the file, streamed (never buffered): the parser hands the stream over
  app.addContentTypeParser([MEDIA_TYPE.csv, MEDIA_TYPE.xlsx, 'application/octet-stream', 'application/vnd.ms-excel'],
    (_request, payload, done) => done(null, payload))

  app.post('/caricamentoMassivo/contesti', { config: { ...perm('vis.mntr'), doc: { summary: 'Progetti ed enti in cui l’utente può caricare servizi', tags: TAG, body: ProfileIdsSchema } } }, async (request) => contestiUpload(db, profile(request)))

  app.post('/caricamentoMassivo', { config: { ...perm('vis.mntr'), upload: true, registro: { entita: 'caricamento', azione: 'modifica', dettaglio: 'servizi e cittadini da file' }, doc: {
    summary: 'Carica un file CSV o XLSX di servizi da importare', tags: TAG, query: UploadQuerySchema, status: 202, errors: [409, 413],
    description: `Il corpo è il file (al massimo ${MB} MB); l’importazione prosegue in background: seguila con /registroAttivita/polling/{jobUuid}.`,
    body: { mediaType: [MEDIA_TYPE.csv, MEDIA_TYPE.xlsx], description: 'Il file da importare, CSV o XLSX.' },
  } } }, async (request, reply) => {
    const body = request.body
    const stream = body instanceof Readable ? body : null
    try {
      const query = v.safeParse(UploadQuerySchema, request.query)
      if (!query.success) throw badRequest('G02', 'Indica progetto, ente e formato del file (csv o xlsx).')
      const { idProgetto, idEnte, formato } = query.output
      const caller = resolveCaller(request, { idProgetto, idEnte })
      if (!(RUOLI_UPLOAD as readonly string[]).includes(caller.codiceRuolo)) throw forbidden('A02')
      const contesto = (await contestiUpload(db, caller)).find((c) => c.idProgetto === idProgetto && c.idEnte === idEnte)
      if (!contesto) throw forbidden('A10')
      if (!stream) throw badRequest('G02', 'Carica un file CSV o XLSX.')
      const declared = Number(request.headers['content-length'] ?? 0)
      if (declared > MAX_FILE_BYTES) throw tooLarge()
      await verificaNessunoInCorso(db, idProgetto, idEnte)

      const jobUuid = randomUUID().replace(/-/g, '')
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const percorso = join(folder, `${jobUuid}.${formato}`)
      const chiave = `caricamenti/${jobUuid}.${formato}`
      let totaleRighe: number
      try {
        await pipeline(stream, new ByteLimit(MAX_FILE_BYTES), createWriteStream(percorso, { mode: 0o600 }))
        totaleRighe = await verificaFile(percorso, formato)
        // into the file storage: any process may run the job (issue 14 point 1)
        await app.storage.put(chiave, createReadStream(percorso))
      } catch (err) {
        if (err instanceof FileRifiutato) throw badRequest('G02', err.message)
        throw err
      } finally {
        rmSync(percorso, { force: true })
      }
      const p = caller.principal
      let idCaricamento: number
      try {
        idCaricamento = await registraCaricamento(db, {
          idEnte, idProgetto, idProgramma: contesto.idProgramma, operatore: `${p.nome} ${p.cognome}`, idUtente: p.userId, codiceRuolo: caller.codiceRuolo,
          jobUuid, formato, chiave, totaleRighe,
        })
      } catch (err) {
        // another upload into the same project and body started meanwhile: 409 CM01
        await app.storage.delete(chiave)
        throw err
      }
      await runner.enqueue(idCaricamento)
      reply.code(202)
      return { idCaricamento, jobUuid, totaleRighe }
    } finally {
      // a refused upload leaves the rest of the body unread: drop it
      if (stream && !stream.readableEnded) stream.resume()
    }
  })

  app.post('/caricamentoMassivo/modello/:formato', { config: { ...perm('vis.mntr'), doc: { summary: 'Scarica il modello del file di caricamento (csv o xlsx)', tags: TAG, body: ProfileIdsSchema, response: { mediaType: ['text/csv', MEDIA_TYPE.xlsx], description: 'Il modello in CSV (formato csv) o XLSX (formato xlsx).' } } } }, async (request, reply) => {
    profile(request)
    const formato = (request.params as { formato: string }).formato
    if (formato === 'csv') {
      return reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="modello_caricamento_servizi.csv"').send(modelloCsv())
    }
    if (formato === 'xlsx') {
      return reply.header('content-type', MEDIA_TYPE.xlsx)
        .header('content-disposition', 'attachment; filename="modello_caricamento_servizi.xlsx"').send(await modelloXlsx())
    }
    throw notFound('C01')
  })

  app.post('/registroAttivita/polling/:jobUuid', { config: { ...perm('vis.mntr'), doc: { summary: 'Stato di un caricamento in corso', tags: TAG, body: ProfileIdsSchema } } }, async (request) => {
    const jobUuid = (request.params as { jobUuid: string }).jobUuid
    if (!/^[0-9a-f]{32}$/.test(jobUuid)) throw notFound('C01')
    const job = await caricamentoVisibile(db, profile(request), { jobUuid })
    if (!job) throw notFound('C01')
    return job
  })

  app.post('/registroAttivita/:id/report', { config: { ...perm('vis.mntr'), doc: { summary: 'Scarica il report riga per riga di un caricamento completato', tags: TAG, body: ProfileIdsSchema, errors: [409], response: { mediaType: 'text/csv', description: 'Esito di ogni riga del file (CSV).' } } } }, async (request, reply) => {
    const id = parseIdParam((request.params as { id: string }).id)
    const job = await caricamentoVisibile(db, profile(request), { id })
    if (!job) throw notFound('C01')
    if (job.stato !== JOB_STATUS.SUCCESS) throw conflict('G02', 'Il report è disponibile solo per i caricamenti completati.')
    return reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${job.jobUuid}_report_righe.csv"`)
      .send(Readable.from(reportChunks(db, id), { objectMode: false }))
  })

  app.post('/monitoraggiocaricamenti/riepilogo', { config: { ...perm('vis.mntr'), doc: { summary: 'Riepilogo del monitoraggio dei caricamenti', tags: TAG, body: MonitoraggioListaBodySchema } } }, async (request) => {
    const body = parseBody(MonitoraggioListaBodySchema, request.body)
    return riepilogoMonitoraggio(db, resolveCaller(request, body), body.filtroRequest)
  })
}
