/**
 * Field sync of a facilitator or volunteer (permission list.serv; FAC/VOL only, else 403 U06; issue 25 point 2,
 * src/api/contract/campo.ts): `GET /api/campo/sync` (one page of a whole or incremental sync),
 * `GET /api/campo/servizio/{id}` (one service read online) and `GET /api/campo/archivio` (the services older
 * than the window). The ids come in the query (a GET has no body) and are matched against the caller's profiles
 * here (403 A10 when none matches). Answers are never cached. Each page of the sync and each service read is recorded in
 * the access register with the number of citizens it carried (`config.registro`, issue 28 part 1).
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CampoArchivioSchema, CampoServizioSchema, CampoSyncPaginaSchema } from '../../src/api/contract/campo'
import type { Database } from '../db/types'
import { archivioCampo, servizioCampo } from '../domain/campo'
import { CursoreCodec, paginaSync } from '../domain/campo-sync'
import { isUuid, parseIdParam } from '../domain/db-errors'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'

const QueryId = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)))
const ProfiloQuerySchema = v.object({ idProgramma: QueryId, idProgetto: QueryId, idEnte: QueryId })
/** an unusable cursor is not an error (a whole sync starts): only its length is bounded */
const SyncQuerySchema = v.object({ ...ProfiloQuerySchema.entries, cursore: v.optional(v.pipe(v.string(), v.maxLength(4096))) })
const ArchivioQuerySchema = v.object({
  ...ProfiloQuerySchema.entries,
  prima: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)),
  cursore: v.optional(v.pipe(v.string(), v.maxLength(200))),
})
const LABELS = { idProgramma: 'programma', idProgetto: 'progetto', idEnte: 'ente', cursore: 'cursore', prima: 'data' }
const TAG = ['Lavoro sul campo']
const access = { kind: 'permission' as const, codes: ['list.serv'] }

export default async function campoRoutes(app: FastifyInstance, opts: { db: Database; cursorSecret: string }): Promise<void> {
  const codec = new CursoreCodec(opts.cursorSecret)

  app.get('/campo/sync', { config: { access, registro: { entita: 'campo', azione: 'lettura', daRisposta: (r) => ({ righe: (r as { cittadini: unknown[] }).cittadini.length }) }, doc: {
    summary: 'Sincronizzazione sul campo: una pagina della sincronizzazione completa o incrementale', tags: TAG, query: SyncQuerySchema, response: CampoSyncPaginaSchema,
  } } }, async (request, reply) => {
    const q = parseBody(SyncQuerySchema, request.query, LABELS)
    reply.header('cache-control', 'no-store')
    return paginaSync(opts.db, codec, resolveCaller(request, q), q.cursore)
  })

  // recorded with the server id from the answer (the path may hold the device id)
  app.get('/campo/servizio/:id', { config: { access, registro: { entita: 'servizio', azione: 'lettura', daRisposta: (r) => {
    const a = r as { servizio: { id: number }; cittadini: unknown[] }
    return { idEntita: a.servizio.id, righe: a.cittadini.length }
  } }, doc: {
    summary: 'Un servizio del profilo con questionari e cittadini (anche fuori dalla finestra), per id o per id del dispositivo', tags: TAG, query: ProfiloQuerySchema, response: CampoServizioSchema, errors: [404],
  } } }, async (request, reply) => {
    const q = parseBody(ProfiloQuerySchema, request.query, LABELS)
    // the server id, or the device id (UUID) a service was created with on one of the facilitator's devices
    const raw = (request.params as { id?: string }).id
    const id = typeof raw === 'string' && isUuid(raw) ? raw.toLowerCase() : parseIdParam(raw)
    reply.header('cache-control', 'no-store')
    return servizioCampo(opts.db, resolveCaller(request, q), id)
  })

  app.get('/campo/archivio', { config: { access, doc: {
    summary: 'Archivio dei servizi del profilo anteriori a una data, 50 per pagina', tags: TAG, query: ArchivioQuerySchema, response: CampoArchivioSchema,
  } } }, async (request, reply) => {
    const q = parseBody(ArchivioQuerySchema, request.query, LABELS)
    reply.header('cache-control', 'no-store')
    return archivioCampo(opts.db, resolveCaller(request, q), q.prima, q.cursore)
  })
}
