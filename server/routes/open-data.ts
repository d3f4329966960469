/**
 * Open data (issue 11 point 3; platform-backend §10; platform-frontend §7.3), under `/api`:
 * | route | access | answer |
 * |---|---|---|
 * | GET /open-data | public | OpenDataInfo: metadata and the monthly files, newest first |
 * | GET /open-data/file/:mese | public | the month's CSV streamed as an attachment; +1 download; 404 C01 when absent |
 * | GET /open-data/dcat.jsonld | public | DCAT-AP_IT JSON-LD (`application/ld+json`) |
 * | POST /open-data/genera | gen.opendata | 202 {mese, idJob}: this month's file generated again in the background |
 *
 * The generation and the monthly schedule are kinds of the job queue (server/jobs/index.ts).
 */
import type { FastifyInstance } from 'fastify'
import { MESE_RE, NOTA_ANONIMIZZAZIONE, nomeFileOpenData, OpenDataInfoSchema, type OpenDataInfo } from '../../src/api/contract/open-data'
import type { AppConfig } from '../config'
import type { Database } from '../db/types'
import { notFound } from '../errors'
import { generaSuRichiesta } from '../domain/opendata/calendario'
import { DESCRIZIONE_DATASET, descrizioneDcat, LICENZA, TITOLO_DATASET } from '../domain/opendata/dcat'
import { meseDi } from '../domain/opendata/genera'
import { anniDeiFile, contaDownload, fileDelMese, filePubblicati } from '../domain/opendata/pubblicati'
import type { JobQueue } from '../jobs/coda'
import { annotaRegistro } from '../domain/registro/hook'

export interface OpenDataRoutesOptions {
  db: Database
  config: AppConfig
  jobs: JobQueue
  /** the clock (tests) */
  now?: () => Date
}

const TAG = ['Open data']

/** 'YYYY, YYYY, …' from `min` to `max`. */
export function anniCopertura(min: number | null, max: number | null): string {
  if (min === null || max === null) return ''
  return Array.from({ length: max - min + 1 }, (_, i) => String(min + i)).join(', ')
}

export default async function openDataRoutes(app: FastifyInstance, opts: OpenDataRoutesOptions): Promise<void> {
  const { db, jobs } = opts
  const now = opts.now ?? (() => new Date())
  const pub = { access: { kind: 'public' as const } }

  app.get('/open-data', { config: { ...pub, doc: { summary: 'Descrizione del dataset aperto e dei suoi file mensili', tags: TAG, response: OpenDataInfoSchema } } }, async (_request, reply): Promise<OpenDataInfo> => {
    const rows = await filePubblicati(db)
    const { min, max } = anniDeiFile(rows)
    reply.header('cache-control', 'no-cache')
    return {
      titolo: TITOLO_DATASET,
      descrizione: DESCRIZIONE_DATASET,
      licenza: LICENZA,
      periodicita: 'Mensile',
      anniCopertura: anniCopertura(min, max),
      dataUltimaPubblicazione: rows[0]?.dataPubblicazione.toISOString() ?? null,
      notaAnonimizzazione: NOTA_ANONIMIZZAZIONE,
      dcatUrl: '/api/open-data/dcat.jsonld',
      files: rows.map((r) => ({
        mese: r.mese, dimensione: r.dimensione, righe: r.righe, righeGeneralizzate: r.righeGeneralizzate, righeSoppresse: r.righeSoppresse,
        conteggioDownload: r.conteggioDownload, dataPubblicazione: r.dataPubblicazione.toISOString(), url: `/api/open-data/file/${r.mese}`,
      })),
    }
  })

  app.get('/open-data/file/:mese', { config: { ...pub, registro: { entita: 'open_data', azione: 'esportazione', idParam: 'mese' }, doc: { summary: 'Scarica il file open data di un mese (AAAA-MM)', tags: TAG, response: { mediaType: 'text/csv', description: 'I servizi del mese, anonimizzati (CSV).' } } } }, async (request, reply) => {
    const mese = (request.params as { mese: string }).mese
    if (!MESE_RE.test(mese)) throw notFound('C01')
    const row = await fileDelMese(db, mese)
    const opened = row ? await app.storage.get(row.chiave) : null
    if (!row || !opened) throw notFound('C01')
    await contaDownload(db, row.id)
    annotaRegistro(request, { righe: row.righe })
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${nomeFileOpenData(mese)}"`)
      .header('cache-control', 'no-store')
      .send(opened.stream)
  })

  app.get('/open-data/dcat.jsonld', { config: { ...pub, doc: { summary: 'Metadati DCAT-AP_IT del dataset', tags: TAG, response: { mediaType: 'application/ld+json', description: 'Catalogo, dataset e distribuzioni in JSON-LD.' } } } }, async (_request, reply) => {
    const rows = await filePubblicati(db)
    return reply.header('content-type', 'application/ld+json; charset=utf-8').header('cache-control', 'no-cache')
      .send(JSON.stringify(descrizioneDcat(opts.config.publicUrl, rows, anniDeiFile(rows))))
  })

  app.post('/open-data/genera', { config: { access: { kind: 'permission', codes: ['gen.opendata'] }, doc: { summary: 'Avvia ora la generazione del file open data del mese', tags: TAG, status: 202 } } }, async (_request, reply) => {
    const at = now()
    const idJob = await generaSuRichiesta(jobs, at, db)
    reply.code(202)
    return { mese: meseDi(at), idJob }
  })
}
