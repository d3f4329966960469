/**
 * User routes of the administrative area (platform-backend §1.2, §2.10; server/domain/amministrazione/utenti.ts),
 * under `/api`; scoped callers reach only users linked to their programme or project (403 A02):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /utente | new.utente | 201 {id} |
 * | POST /utente/:id | view.card.utenti | SchedaUtente |
 * | PUT /utente/:id/ruolo | add.del.ruolo.utente | {id} |
 * | DELETE /utente/:id/ruolo/:codiceRuolo | add.del.ruolo.utente | {id} |
 * The creation and the role changes are recorded in the access register (`config.registro`, issue 28 part 1).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ProfiloOnlyBodySchema, RuoloUtenteBodySchema, SchedaUtenteSchema, UtenteBodySchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import { badRequest } from '../errors'
import { aggiungiRuolo, creaUtente, rimuoviRuolo, schedaUtente } from '../domain/amministrazione/utenti'
import { body, callerOf, param, perm, write } from './amministrazione-comune'

const TAG = ['Utenti']

export default async function utenteRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const profile = (request: FastifyRequest) => callerOf(request, body(ProfiloOnlyBodySchema, request.body))

  app.post('/utente', { config: { ...perm('new.utente'), registro: { entita: 'utente', azione: 'modifica', dettaglio: 'creazione', daRisposta: (r) => ({ idEntita: (r as { id?: number }).id ?? null }) }, doc: { summary: 'Crea un utente', tags: TAG, body: UtenteBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(UtenteBodySchema, request.body)
    callerOf(request, b)
    const out = await write(db, (tx) => creaUtente(tx, b))
    reply.code(201)
    return out
  })

  app.post('/utente/:id', { config: { ...perm('view.card.utenti'), doc: { summary: 'Scheda di un utente', tags: TAG, body: ProfiloOnlyBodySchema, response: SchedaUtenteSchema } } }, async (request) => schedaUtente(db, profile(request), param(request, 'id')))

  app.put('/utente/:id/ruolo', { config: { ...perm('add.del.ruolo.utente'), registro: { entita: 'utente', azione: 'modifica', idParam: 'id', dettaglio: 'ruolo aggiunto' }, doc: { summary: 'Aggiunge un ruolo all’utente', tags: TAG, body: RuoloUtenteBodySchema, errors: [409] } } }, async (request) => {
    const b = body(RuoloUtenteBodySchema, request.body)
    const caller = callerOf(request, b)
    return write(db, (tx) => aggiungiRuolo(tx, caller, param(request, 'id'), b.codiceRuolo))
  })

  app.delete('/utente/:id/ruolo/:codiceRuolo', { config: { ...perm('add.del.ruolo.utente'), registro: { entita: 'utente', azione: 'modifica', idParam: 'id', dettaglio: 'ruolo tolto' }, doc: { summary: 'Toglie un ruolo all’utente', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request)
    const code = (request.params as { codiceRuolo: string }).codiceRuolo
    if (!/^[\w .-]{1,100}$/.test(code)) throw badRequest('G02', 'Il codice del ruolo non è valido.')
    return write(db, (tx) => rimuoviRuolo(tx, caller, param(request, 'id'), code))
  })
}
