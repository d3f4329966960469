/**
 * `GET /api/campo/bootstrap?idProgramma&idProgetto&idEnte` (permission list.serv; FAC/VOL only, else
 * 403 U06): the field snapshot of the profile (src/api/contract/campo.ts). The ids come in the query (a
 * GET has no body) and are matched against the caller's profiles here (403 A10 when none matches).
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { Database } from '../db/types'
import { campoBootstrap } from '../domain/campo'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'

const QueryId = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)))
const BootstrapQuerySchema = v.object({ idProgramma: QueryId, idProgetto: QueryId, idEnte: QueryId })

export default async function campoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/campo/bootstrap', { config: { access: { kind: 'permission', codes: ['list.serv'] }, doc: { summary: 'Dati per il lavoro sul campo offline (sedi, enti, questionario)', tags: ['Lavoro sul campo'], query: BootstrapQuerySchema } } }, async (request, reply) => {
    const ids = parseBody(BootstrapQuerySchema, request.query, { idProgramma: 'programma', idProgetto: 'progetto', idEnte: 'ente' })
    reply.header('cache-control', 'no-store')
    return campoBootstrap(opts.db, resolveCaller(request, ids))
  })
}
