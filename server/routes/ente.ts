/**
 * Body routes (platform-backend §1.1, §2.3, §2.4, §2.7; server/domain/amministrazione/enti*.ts,
 * referenti.ts), under `/api`; per-id checks of programme, project and body (§4.4, 403 A02):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /ente | any of add.enti.gest.prgm, add.enti.gest.prgt, add.ente.partner | 201 {id} |
 * | POST /ente/:id | view.card.enti | SchedaEnte |
 * | PUT /ente/:id | upd.card.enti | {id, versione} (issue 27: `versione` in the body, 428 V02 / 409 V01) |
 * | DELETE /ente/:idEnte/cancellagestoreprogramma/:idProgramma | add.enti.gest.prgm | {id} |
 * | PUT /ente/:idEnte/terminagestoreprogramma/:idProgramma | add.enti.gest.prgm | {id} |
 * | DELETE /ente/:idEnte/cancellagestoreprogetto/:idProgetto | add.enti.gest.prgt | {id} |
 * | PUT /ente/:idEnte/terminagestoreprogetto/:idProgetto | add.enti.gest.prgt | {id} |
 * | PUT /ente/partner/associa/:idEnte/progetto/:idProgetto | add.ente.partner | {id} |
 * | DELETE /ente/:idEnte/cancellaentepartner/:idProgetto | del.ente.partner | {id} |
 * | PUT /ente/:idEnte/terminaentepartner/:idProgetto | del.ente.partner | {id} |
 * | POST /ente/associa/referenteDelegato/gestoreProgramma | add.ref_del.gest.prgm | 201 {id} (user) |
 * | POST /ente/associa/referenteDelegato/gestoreProgetto | add.ref_del.gest.prgt | 201 {id} |
 * | POST /ente/associa/referenteDelegato/partner | add.ref_del.partner | 201 {id} |
 * | DELETE /ente/referenteDelegato/{tipo}/:idEntita/ente/:idEnte/utente/:idUtente | del.ref_del.{…} as above | {id} |
 * The links (managing body, partner, referents) are associations, not edits of a versioned record: no `versione`.
 */
import type { FastifyInstance } from 'fastify'
import { EnteBodySchema, ProfiloOnlyBodySchema, ReferenteBodySchema, SchedaEnteSchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import { aggiornaEnte, creaEnte, schedaEnte } from '../domain/amministrazione/enti'
import {
  associaPartner, cancellaGestoreProgetto, cancellaGestoreProgramma, cancellaPartner, terminaGestoreProgetto, terminaGestoreProgramma, terminaPartner,
} from '../domain/amministrazione/enti-progetto'
import { associaReferente, rimuoviReferente } from '../domain/amministrazione/referenti'
import type { TipoReferente } from '../domain/amministrazione/enti-stati'
import { versioneDelCorpo } from '../domain/versioni'
import { body, callerOf, param, perm, permAny, write } from './amministrazione-comune'

const REFERENTI: { tipo: TipoReferente; add: string; del: string }[] = [
  { tipo: 'gestoreProgramma', add: 'add.ref_del.gest.prgm', del: 'del.ref_del.gest.prgm' },
  { tipo: 'gestoreProgetto', add: 'add.ref_del.gest.prgt', del: 'del.ref_del.gest.prgt' },
  { tipo: 'partner', add: 'add.ref_del.partner', del: 'del.ref_del.partner' },
]

const TAG = ['Enti']

export default async function enteRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const profile = (raw: unknown, request: Parameters<typeof callerOf>[0]) => callerOf(request, body(ProfiloOnlyBodySchema, raw))

  app.post('/ente', { config: { ...permAny('add.enti.gest.prgm', 'add.enti.gest.prgt', 'add.ente.partner'), doc: { summary: 'Crea un ente', tags: TAG, body: EnteBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(EnteBodySchema, request.body)
    callerOf(request, b)
    const created = await write(db, (tx) => creaEnte(tx, b))
    reply.code(201)
    return created
  })

  app.post('/ente/:id', { config: { ...perm('view.card.enti'), doc: { summary: 'Scheda di un ente', tags: TAG, body: ProfiloOnlyBodySchema, response: SchedaEnteSchema } } }, async (request) => schedaEnte(db, profile(request.body, request), param(request, 'id')))

  app.put('/ente/:id', { config: { ...perm('upd.card.enti'), doc: { summary: 'Aggiorna un ente', tags: TAG, body: EnteBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(EnteBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => aggiornaEnte(tx, caller, param(request, 'id'), b, base))
  })

  app.delete('/ente/:idEnte/cancellagestoreprogramma/:idProgramma', { config: { ...perm('add.enti.gest.prgm'), doc: { summary: 'Toglie l’ente gestore dal programma', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => cancellaGestoreProgramma(tx, caller, param(request, 'idEnte'), param(request, 'idProgramma')))
  })
  app.put('/ente/:idEnte/terminagestoreprogramma/:idProgramma', { config: { ...perm('add.enti.gest.prgm'), doc: { summary: 'Termina l’ente gestore del programma', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => terminaGestoreProgramma(tx, caller, param(request, 'idEnte'), param(request, 'idProgramma')))
  })
  app.delete('/ente/:idEnte/cancellagestoreprogetto/:idProgetto', { config: { ...perm('add.enti.gest.prgt'), doc: { summary: 'Toglie l’ente gestore dal progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => cancellaGestoreProgetto(tx, caller, param(request, 'idEnte'), param(request, 'idProgetto')))
  })
  app.put('/ente/:idEnte/terminagestoreprogetto/:idProgetto', { config: { ...perm('add.enti.gest.prgt'), doc: { summary: 'Termina l’ente gestore del progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => terminaGestoreProgetto(tx, caller, param(request, 'idEnte'), param(request, 'idProgetto')))
  })

  app.put('/ente/partner/associa/:idEnte/progetto/:idProgetto', { config: { ...perm('add.ente.partner'), doc: { summary: 'Associa un ente partner al progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => associaPartner(tx, caller, param(request, 'idEnte'), param(request, 'idProgetto')))
  })
  app.delete('/ente/:idEnte/cancellaentepartner/:idProgetto', { config: { ...perm('del.ente.partner'), doc: { summary: 'Toglie un ente partner dal progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => cancellaPartner(tx, caller, param(request, 'idEnte'), param(request, 'idProgetto')))
  })
  app.put('/ente/:idEnte/terminaentepartner/:idProgetto', { config: { ...perm('del.ente.partner'), doc: { summary: 'Termina un ente partner del progetto', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request.body, request)
    return write(db, (tx) => terminaPartner(tx, caller, param(request, 'idEnte'), param(request, 'idProgetto')))
  })

  for (const r of REFERENTI) {
    app.post(`/ente/associa/referenteDelegato/${r.tipo}`, { config: { ...perm(r.add), doc: { summary: `Associa un referente o delegato (${r.tipo})`, tags: TAG, body: ReferenteBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
      const b = body(ReferenteBodySchema, request.body)
      const caller = callerOf(request, b)
      const out = await write(db, (tx) => associaReferente(tx, caller, r.tipo, b))
      reply.code(201)
      return out
    })
    app.delete(`/ente/referenteDelegato/${r.tipo}/:idEntita/ente/:idEnte/utente/:idUtente`, { config: { ...perm(r.del), doc: { summary: `Rimuove un referente o delegato (${r.tipo})`, tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
      const caller = profile(request.body, request)
      return write(db, (tx) => rimuoviReferente(tx, caller, r.tipo, param(request, 'idEntita'), param(request, 'idEnte'), param(request, 'idUtente')))
    })
  }
}
