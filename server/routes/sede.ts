/**
 * Site routes (platform-backend §2.5, §2.6; spec 002 §5; server/domain/amministrazione/sedi.ts), under
 * `/api`; per-id checks of project, body and site (§4.4, 403 A02). Operations on a body-site need the
 * permission of the body's role there (gestore: *.sede.gest.prgt / add.fac; partner: *.sede.partner /
 * add.fac.partner), checked in the domain:
 * | route | permission | answer |
 * |---|---|---|
 * | POST /sede | any of add.sede.gest.prgt, add.sede.partner | 201 {id} |
 * | POST /sede/:id | any of view.card.enti, upd.sede.gest.prgt, upd.sede.partner | SchedaSede |
 * | PUT /sede/:id | any of upd.sede.gest.prgt, upd.sede.partner | {id, versione} (issue 27: `versione` in the body, 428 V02 / 409 V01) |
 * | POST /sede/associa/ente/:idEnte/sede/:idSede/progetto/:idProgetto/ruoloEnte/:ruoloEnte | any of add.sede.gest.prgt, add.sede.partner | 201 {id} |
 * | DELETE /sede/cancellaOTerminaAssociazione/ente/:idEnte/sede/:idSede/progetto/:idProgetto | any of del.sede.gest.prgt, del.sede.partner | {id} |
 * | POST /sede/associa/facilitatore | any of add.fac, add.fac.partner | 201 {id} (user) |
 * | POST /sede/cancellaOTerminaAssociazione/facilitatore | any of add.fac, add.fac.partner | {id} |
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AssociaFacilitatoreBodySchema, ProfiloOnlyBodySchema, SchedaSedeSchema, SedeBodySchema, TerminaFacilitatoreBodySchema } from '../../src/api/contract/gestione'
import type { Database } from '../db/types'
import { badRequest } from '../errors'
import {
  aggiornaSede, associaFacilitatore, associaSede, cancellaOTerminaSede, creaSede, schedaSede, terminaFacilitatore,
} from '../domain/amministrazione/sedi'
import { versioneDelCorpo } from '../domain/versioni'
import { body, callerOf, param, permAny, write } from './amministrazione-comune'

const permessi = (request: FastifyRequest) => request.auth?.permessi ?? []

const TAG = ['Sedi']

export default async function sedeRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const profile = (request: FastifyRequest) => callerOf(request, body(ProfiloOnlyBodySchema, request.body))

  app.post('/sede', { config: { ...permAny('add.sede.gest.prgt', 'add.sede.partner'), doc: { summary: 'Crea una sede', tags: TAG, body: SedeBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(SedeBodySchema, request.body)
    callerOf(request, b)
    const out = await write(db, (tx) => creaSede(tx, b))
    reply.code(201)
    return out
  })

  app.post('/sede/:id', { config: { ...permAny('view.card.enti', 'upd.sede.gest.prgt', 'upd.sede.partner'), doc: { summary: 'Scheda di una sede', tags: TAG, body: ProfiloOnlyBodySchema, response: SchedaSedeSchema } } }, async (request) => schedaSede(db, profile(request), param(request, 'id')))

  app.put('/sede/:id', { config: { ...permAny('upd.sede.gest.prgt', 'upd.sede.partner'), doc: { summary: 'Aggiorna una sede', tags: TAG, body: SedeBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(SedeBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => aggiornaSede(tx, caller, param(request, 'id'), b, base))
  })

  app.post('/sede/associa/ente/:idEnte/sede/:idSede/progetto/:idProgetto/ruoloEnte/:ruoloEnte', { config: { ...permAny('add.sede.gest.prgt', 'add.sede.partner'), doc: { summary: 'Associa una sede all’ente nel progetto (gestore o partner)', tags: TAG, body: ProfiloOnlyBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const ruoloEnte = (request.params as { ruoloEnte: string }).ruoloEnte
    if (ruoloEnte !== 'gestore' && ruoloEnte !== 'partner') throw badRequest('G02', 'Il ruolo dell\'ente deve essere "gestore" o "partner".')
    const caller = profile(request)
    const k = { idEnte: param(request, 'idEnte'), idSede: param(request, 'idSede'), idProgetto: param(request, 'idProgetto'), ruoloEnte: ruoloEnte as 'gestore' | 'partner' }
    const out = await write(db, (tx) => associaSede(tx, caller, permessi(request), k))
    reply.code(201)
    return out
  })

  app.delete('/sede/cancellaOTerminaAssociazione/ente/:idEnte/sede/:idSede/progetto/:idProgetto', { config: { ...permAny('del.sede.gest.prgt', 'del.sede.partner'), doc: { summary: 'Cancella o termina l’associazione di una sede', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = profile(request)
    const k = { idEnte: param(request, 'idEnte'), idSede: param(request, 'idSede'), idProgetto: param(request, 'idProgetto') }
    return write(db, (tx) => cancellaOTerminaSede(tx, caller, permessi(request), k))
  })

  app.post('/sede/associa/facilitatore', { config: { ...permAny('add.fac', 'add.fac.partner'), doc: { summary: 'Associa un facilitatore o volontario a una sede', tags: TAG, body: AssociaFacilitatoreBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(AssociaFacilitatoreBodySchema, request.body)
    const caller = callerOf(request, b)
    const out = await write(db, (tx) => associaFacilitatore(tx, caller, permessi(request), b))
    reply.code(201)
    return out
  })

  app.post('/sede/cancellaOTerminaAssociazione/facilitatore', { config: { ...permAny('add.fac', 'add.fac.partner'), doc: { summary: 'Cancella o termina l’associazione di un facilitatore', tags: TAG, body: TerminaFacilitatoreBodySchema, errors: [409] } } }, async (request) => {
    const b = body(TerminaFacilitatoreBodySchema, request.body)
    const caller = callerOf(request, b)
    return write(db, (tx) => terminaFacilitatore(tx, caller, permessi(request), b))
  })
}
