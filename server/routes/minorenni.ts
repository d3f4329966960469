/**
 * Minors configuration routes (server/domain/minorenni/minorenni.ts; src/api/contract/minorenni.ts), under
 * `/api`; the table `POST /configurazioneminorenni/all` is served by the generic list routes (liste.ts):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /configurazioneminorenni/programmi | gest.conf.min | ProgrammaAbilitabile[] |
 * | POST /configurazioneminorenni/salva | gest.conf.min | {id} (201 on create; M01–M05, 404 C01) |
 * | POST /configurazioneminorenni/elimina | gest.conf.min | {id} (404 M01) |
 * | GET /configurazioneminorenni/dettaglio?idProgramma|idServizio | any role | the configuration or {} |
 * Rows and detail carry `versione`; a save with `id` and a revoke send it (issue 27: 428 V02 without it, 409 V01
 * with the current detail when stale). A create (no `id`) needs none.
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { EliminaMinorenniBodySchema, ProgrammiAbilitabiliBodySchema, SalvaMinorenniBodySchema } from '../../src/api/contract/minorenni'
import type { Database } from '../db/types'
import { badRequest } from '../errors'
import { dettaglioMinorenni, eliminaMinorenni, programmiAbilitabili, salvaMinorenni } from '../domain/minorenni/minorenni'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'

import { perm } from '../auth/route-access'
const LABELS = { intervento: 'intervento', dataDecorrenza: 'data di decorrenza', criterioRicerca: 'ricerca', id: 'configurazione', idProgramma: 'programma' }
const QueryId = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)))
const DettaglioQuerySchema = v.object({ idProgramma: QueryId, idServizio: QueryId })

const TAG = ['Minorenni']

export default async function minorenniRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  // the configuration's programme is data, not the caller's profile: the caller is resolved without it
  app.post('/configurazioneminorenni/programmi', { config: { ...perm('gest.conf.min'), doc: { summary: 'Programmi che si possono abilitare ai minorenni', tags: TAG, body: ProgrammiAbilitabiliBodySchema } } }, async (request) => {
    const b = parseBody(ProgrammiAbilitabiliBodySchema, request.body, LABELS)
    return programmiAbilitabili(db, resolveCaller(request, {}), b.intervento, b.criterioRicerca)
  })
  app.post('/configurazioneminorenni/salva', { config: { ...perm('gest.conf.min'), doc: { summary: 'Crea o modifica una configurazione per i minorenni', description: 'Risponde 201 quando crea (senza id), 200 quando modifica.', tags: TAG, body: SalvaMinorenniBodySchema, errors: [409], versioned: true } } }, async (request, reply) => {
    const b = parseBody(SalvaMinorenniBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, {})
    const base = b.id ? versioneDelCorpo(request.body) : undefined
    const out = await db.transaction((tx) => salvaMinorenni(tx, caller, b, base))
    if (!b.id) reply.code(201)
    return out
  })
  app.post('/configurazioneminorenni/elimina', { config: { ...perm('gest.conf.min'), doc: { summary: 'Elimina una configurazione per i minorenni', tags: TAG, body: EliminaMinorenniBodySchema, errors: [404], versioned: true } } }, async (request) => {
    const b = parseBody(EliminaMinorenniBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, {})
    const base = versioneDelCorpo(request.body)
    return db.transaction((tx) => eliminaMinorenni(tx, caller, b.id, base))
  })
  app.get('/configurazioneminorenni/dettaglio', { config: { access: { kind: 'role' }, doc: { summary: 'Regole per i minorenni di un programma o di un servizio', tags: TAG, query: DettaglioQuerySchema } } }, async (request) => {
    const q = parseBody(DettaglioQuerySchema, request.query, LABELS)
    if (q.idProgramma === undefined && q.idServizio === undefined) throw badRequest('G02', 'Indica il programma o il servizio.')
    return dettaglioMinorenni(db, q)
  })
}
