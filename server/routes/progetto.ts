/**
 * Project lifecycle routes (platform-backend §2.2, §2.3; server/domain/amministrazione/progetti.ts), under
 * `/api`; every route checks the project (or, on create, the programme) against the caller's profile
 * (§4.4, 403 A02):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /progetto?idProgramma= | add.prgt | 201 ProgettoCreato |
 * | POST /progetto/:id | any of view.card.prgm.full, list.prgt | SchedaProgetto |
 * | PUT /progetto/:id | upd.car.prgt | Avviso + versione |
 * | PUT /progetto/attiva/:id | act.prgt | {id, versione} |
 * | PUT /progetto/termina/:id | term.prgt | {id, versione} |
 * | DELETE /progetto/:id | del.prgt | {id} |
 * The card carries `dettaglioProgetto.versione`; update, activate, terminate and delete send it as `versione`
 * (issue 27: 428 V02 without it, 409 V01 with the current card when stale; server/domain/versioni.ts).
 * | PUT /progetto/:id/assegna/enteGestore/:idEnte | add.enti.gest.prgt | {id} |
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { ProfiloOnlyBodySchema, ProgettoBodySchema, SchedaProgettoSchema, TerminaBodySchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import {
  aggiornaProgetto, assegnaGestoreProgetto, attivaProgetto, creaProgetto, eliminaProgetto, schedaProgetto, terminaProgetto,
} from '../domain/amministrazione/progetti'
import { parseIdParam } from '../domain/db-errors'
import { versioneDelCorpo } from '../domain/versioni'
import { body, callerOf, param, perm, permAny, write } from './amministrazione-comune'

const CreaQuerySchema = v.object({ idProgramma: v.string() })
const TAG = ['Progetti']

export default async function progettoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  app.post('/progetto', { config: { ...perm('add.prgt'), doc: { summary: 'Crea un progetto nel programma indicato', tags: TAG, body: ProgettoBodySchema, query: CreaQuerySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(ProgettoBodySchema, request.body)
    const caller = callerOf(request, b)
    const idProgramma = parseIdParam(body(CreaQuerySchema, request.query).idProgramma)
    const created = await write(db, (tx) => creaProgetto(tx, caller, idProgramma, b))
    reply.code(201)
    return created
  })

  app.post('/progetto/:id', { config: { ...permAny('view.card.prgm.full', 'list.prgt'), doc: { summary: 'Scheda di un progetto', tags: TAG, body: ProfiloOnlyBodySchema, response: SchedaProgettoSchema } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    return schedaProgetto(db, caller, param(request, 'id'))
  })

  app.put('/progetto/:id', { config: { ...perm('upd.car.prgt'), doc: { summary: 'Aggiorna un progetto', tags: TAG, body: ProgettoBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(ProgettoBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => aggiornaProgetto(tx, caller, param(request, 'id'), b, base))
  })

  app.put('/progetto/attiva/:id', { config: { ...perm('act.prgt'), doc: { summary: 'Attiva un progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => attivaProgetto(tx, caller, param(request, 'id'), base))
  })

  app.put('/progetto/termina/:id', { config: { ...perm('term.prgt'), doc: { summary: 'Termina un progetto', tags: TAG, body: TerminaBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(TerminaBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => terminaProgetto(tx, caller, param(request, 'id'), b, base))
  })

  app.delete('/progetto/:id', { config: { ...perm('del.prgt'), doc: { summary: 'Elimina un progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => eliminaProgetto(tx, caller, param(request, 'id'), base))
  })

  app.put('/progetto/:id/assegna/enteGestore/:idEnte', { config: { ...perm('add.enti.gest.prgt'), doc: { summary: 'Assegna l’ente gestore del progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    return write(db, (tx) => assegnaGestoreProgetto(tx, caller, param(request, 'id'), param(request, 'idEnte')))
  })
}
