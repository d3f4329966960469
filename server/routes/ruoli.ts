/**
 * Role management routes (server/domain/ruoli/ruoli.ts; src/api/contract/ruoli.ts), under `/api`; the list
 * `POST /ruolo/all` is served by the generic list routes (server/routes/liste.ts):
 * | route | permission | answer |
 * |---|---|---|
 * | GET /gruppo/all | list.ruoli | Gruppo[] |
 * | GET /ruolo/:codice | view.ruoli | DettaglioRuolo (404 R14) |
 * | POST /ruolo | new.ruoli | 201 {codice} (409 R01, 400 G02) |
 * | PUT /ruolo/:codice | add.upd.permessi | {codice} (409 R01/R09, 404 R14) |
 * | DELETE /ruolo/:codice | del.ruoli | {codice} (409 R10/R11/R12, 404 R14) |
 * Roles are global: no per-id scope. The detail carries `versione`; update and delete send it in their JSON body
 * (issue 27: 428 V02 without it, 409 V01 with the current detail when stale).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AggiornaRuoloBodySchema, CreaRuoloBodySchema } from '../../src/api/contract/ruoli'
import type { Database } from '../db/types'
import { ApiError, badRequest } from '../errors'
import { isUniqueViolation } from '../domain/db-errors'
import { aggiornaRuolo, creaRuolo, dettaglioRuolo, eliminaRuolo, gruppiConPermessi } from '../domain/ruoli/ruoli'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'

import { perm } from '../auth/route-access'
/** A concurrent create or rename with the same name loses on the unique index: 409 R01, not 500. */
const nameRace = (err: unknown): never => {
  throw isUniqueViolation(err) ? new ApiError(409, 'R01') : err
}

const LABELS = { nome: 'nome del ruolo', gruppi: 'gruppi di permessi' }
const TAG = ['Ruoli e permessi']

/** The `:codice` path parameter (400 G02 when it cannot be a role code). */
function codiceOf(request: FastifyRequest): string {
  const code = (request.params as { codice?: string }).codice ?? ''
  if (!/^[\w .-]{1,100}$/.test(code)) throw badRequest('G02', 'Il codice del ruolo non è valido.')
  return code
}

export default async function ruoliRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  app.get('/gruppo/all', { config: { ...perm('list.ruoli'), doc: { summary: 'Gruppi di permessi con i loro permessi', tags: TAG } } }, async () => gruppiConPermessi(db))
  app.get('/ruolo/:codice', { config: { ...perm('view.ruoli'), doc: { summary: 'Dettaglio di un ruolo', tags: TAG } } }, async (request) => dettaglioRuolo(db, codiceOf(request)))
  app.post('/ruolo', { config: { ...perm('new.ruoli'), doc: { summary: 'Crea un ruolo', tags: TAG, body: CreaRuoloBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = parseBody(CreaRuoloBodySchema, request.body, LABELS)
    const out = await db.transaction((tx) => creaRuolo(tx, b)).catch(nameRace)
    reply.code(201)
    return out
  })
  app.put('/ruolo/:codice', { config: { ...perm('add.upd.permessi'), doc: { summary: 'Aggiorna nome e permessi di un ruolo', tags: TAG, body: AggiornaRuoloBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const codice = codiceOf(request)
    const b = parseBody(AggiornaRuoloBodySchema, request.body, LABELS)
    const base = versioneDelCorpo(request.body)
    return db.transaction((tx) => aggiornaRuolo(tx, codice, b, base)).catch(nameRace)
  })
  app.delete('/ruolo/:codice', { config: { ...perm('del.ruoli'), doc: { summary: 'Elimina un ruolo', tags: TAG, errors: [409], versioned: true } } }, async (request) => {
    const codice = codiceOf(request)
    const base = versioneDelCorpo(request.body)
    return db.transaction((tx) => eliminaRuolo(tx, codice, base))
  })
}
