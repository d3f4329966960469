/**
 * Programme lifecycle routes (platform-backend §2.1, §2.3; server/domain/amministrazione/programmi.ts),
 * under `/api`; every route checks the programme against the caller's profile (§4.4, 403 A02):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /programma | new.prgm | 201 ProgrammaCreato |
 * | POST /programma/:id | view.card.prgm.full | SchedaProgramma |
 * | POST /programma/:id/sedi | view.card.prgm.full | SediProgramma (detail steps 1 and 4) |
 * | PUT /programma/:id | upd.enti.card.prgm | Avviso + versione |
 * | PUT /programma/termina/:id | end.prgm | {id, versione} |
 * | DELETE /programma/:id | del.prgm | {id} |
 * The card carries `dettaglioProgramma.versione`; update, terminate and delete send it as `versione` (issue 27:
 * 428 V02 without it, 409 V01 with the current card when stale; server/domain/versioni.ts).
 * | PUT /programma/:id/assegna/entegestore/:idEnte | add.enti.gest.prgm | {id} |
 */
import type { FastifyInstance } from 'fastify'
import { ProfiloOnlyBodySchema, ProgrammaBodySchema, SchedaProgrammaSchema, TerminaBodySchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import { forbidden } from '../errors'
import {
  aggiornaProgramma, assegnaGestoreProgramma, creaProgramma, eliminaProgramma, schedaProgramma, terminaProgramma,
} from '../domain/amministrazione/programmi'
import { sediProgramma } from '../domain/amministrazione/programma-sedi'
import { versioneDelCorpo } from '../domain/versioni'
import { body, callerOf, param, perm, write } from './amministrazione-comune'

const TAG = ['Programmi']

export default async function programmaRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  app.post('/programma', { config: { ...perm('new.prgm'), doc: { summary: 'Crea un programma', tags: TAG, body: ProgrammaBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(ProgrammaBodySchema, request.body)
    const caller = callerOf(request, b)
    // DSCU creates SCD programmes only (its scope, platform-backend §4.4)
    if (caller.codiceRuolo === 'DSCU' && b.policy !== 'SCD') throw forbidden('A02', 'Il tuo profilo può creare solo programmi del Servizio Civile Digitale.')
    const created = await write(db, (tx) => creaProgramma(tx, b))
    reply.code(201)
    return created
  })

  app.post('/programma/:id', { config: { ...perm('view.card.prgm.full'), doc: { summary: 'Scheda di un programma', tags: TAG, body: ProfiloOnlyBodySchema, response: SchedaProgrammaSchema } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    return schedaProgramma(db, caller, param(request, 'id'))
  })

  app.post('/programma/:id/sedi', { config: { ...perm('view.card.prgm.full'), doc: { summary: 'Sedi del programma', tags: TAG, body: ProfiloOnlyBodySchema } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    return sediProgramma(db, caller, param(request, 'id'))
  })

  app.put('/programma/:id', { config: { ...perm('upd.enti.card.prgm'), doc: { summary: 'Aggiorna un programma', tags: TAG, body: ProgrammaBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(ProgrammaBodySchema, request.body)
    const caller = callerOf(request, b)
    if (caller.codiceRuolo === 'DSCU' && b.policy !== 'SCD') throw forbidden('A02')
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => aggiornaProgramma(tx, caller, param(request, 'id'), b, base))
  })

  app.put('/programma/termina/:id', { config: { ...perm('end.prgm'), doc: { summary: 'Termina un programma', tags: TAG, body: TerminaBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(TerminaBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => terminaProgramma(tx, caller, param(request, 'id'), b, base))
  })

  app.delete('/programma/:id', { config: { ...perm('del.prgm'), doc: { summary: 'Elimina un programma', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => eliminaProgramma(tx, caller, param(request, 'id'), base))
  })

  app.put('/programma/:id/assegna/entegestore/:idEnte', { config: { ...perm('add.enti.gest.prgm'), doc: { summary: 'Assegna l’ente gestore del programma', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body))
    return write(db, (tx) => assegnaGestoreProgramma(tx, caller, param(request, 'id'), param(request, 'idEnte')))
  })
}
