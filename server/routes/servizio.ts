/**
 * Service routes (spec 002 §7 "Services"; platform-backend §5.1), under `/api` (the list, its dropdowns
 * and its CSV are served by the generic list routes, server/routes/liste.ts):
 * | route | permission | answer |
 * |---|---|---|
 * | POST /servizio (idempotent) | new.serv | 201 {idServizio, versione} |
 * | PUT /servizio/:id (idempotent) | upd.card.serv | {idServizio, versione} |
 * | DELETE /servizio/:id (idempotent) | del.serv | {idServizio} |
 * | POST /servizio/:id/schedaDettaglio | view.card.serv | SchedaServizio |
 * | POST /servizio/facilitatore/sedi/dropdown | any of new.serv, upd.card.serv | [{id, nome}] |
 * | POST /questionarioTemplate/programma/:idProgramma | any of new.serv, upd.card.serv, view.card.serv, view.quest.templ | QuestionarioTemplate |
 * The card and the field records carry the service's `versione`; update and delete send it as `versione` (issue 27:
 * 428 V02 without it, 409 V01 with the current card when stale; server/domain/versioni.ts).
 */
import type { FastifyInstance } from 'fastify'
import { TemplateProgrammaBodySchema } from '../../src/api/contract/questionario'
import {
  IdServizioSchema, ProfiloBodySchema, SchedaServizioSchema, ServizioBodySchema,
} from '../../src/api/contract/servizio'
import type { Database } from '../db/types'
import { notFound } from '../errors'
import { runWrite } from '../idempotency'
import { isUniqueViolation, parseIdParam } from '../domain/db-errors'
import { resolveCaller } from '../domain/profile'
import { createServizio, deleteServizio, schedaServizio, servizioDaIdLocale, updateServizio, versioneServizio } from '../domain/servizi'
import { programmeForConfig } from '../domain/ambito'
import { sediFacilitatore } from '../domain/campo'
import { activeTemplate, templateToWire } from '../domain/template'
import { parseBody } from '../domain/validation'
import { FIELD_WORK_LABELS } from '../domain/field-labels'
import { versioneDelCorpo } from '../domain/versioni'

import { perm, permAny } from '../auth/route-access'
const TAG = ['Servizi']

export default async function servizioRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts
  const body = <S extends Parameters<typeof parseBody>[0]>(schema: S, raw: unknown) => parseBody(schema, raw, FIELD_WORK_LABELS)

  app.post('/servizio', { config: { ...perm('new.serv'), idempotency: 'user', doc: {
    summary: 'Crea un servizio', tags: TAG, body: ServizioBodySchema, status: 201, response: IdServizioSchema, errors: [409],
    description: 'Un secondo invio con lo stesso idLocale restituisce il servizio già creato invece di una copia.',
  } } }, async (request, reply) => {
    const b = body(ServizioBodySchema, request.body)
    const caller = resolveCaller(request, b)
    try {
      return await runWrite(db, request, reply, 201, (tx) => createServizio(tx, caller, b))
    } catch (err) {
      // a concurrent create with the same idLocale won the unique index: answer its service
      if (!b.idLocale || !isUniqueViolation(err)) throw err
      const existing = await servizioDaIdLocale(db, caller, b.idLocale)
      if (existing === undefined) throw err
      reply.code(201)
      return { idServizio: existing, versione: await versioneServizio(db, existing) }
    }
  })

  app.put('/servizio/:id', { config: { ...perm('upd.card.serv'), idempotency: 'user', doc: { summary: 'Aggiorna un servizio', tags: TAG, body: ServizioBodySchema, response: IdServizioSchema, errors: [409], versioned: true } } }, async (request, reply) => {
    const b = body(ServizioBodySchema, request.body)
    const caller = resolveCaller(request, b)
    const id = parseIdParam((request.params as { id: string }).id)
    const base = versioneDelCorpo(request.body)
    return runWrite(db, request, reply, 200, (tx) => updateServizio(tx, caller, id, b, base))
  })

  app.delete('/servizio/:id', { config: { ...perm('del.serv'), idempotency: 'user', doc: { summary: 'Elimina un servizio', tags: TAG, body: ProfiloBodySchema, response: IdServizioSchema, errors: [409], versioned: true } } }, async (request, reply) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    const id = parseIdParam((request.params as { id: string }).id)
    const base = versioneDelCorpo(request.body)
    return runWrite(db, request, reply, 200, (tx) => deleteServizio(tx, caller, id, base))
  })

  app.post('/servizio/:id/schedaDettaglio', { config: { ...perm('view.card.serv'), doc: { summary: 'Scheda di dettaglio di un servizio', tags: TAG, body: ProfiloBodySchema, response: SchedaServizioSchema } } }, async (request) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    return schedaServizio(db, caller, parseIdParam((request.params as { id: string }).id))
  })

  app.post('/servizio/facilitatore/sedi/dropdown', { config: { ...permAny('new.serv', 'upd.card.serv'), doc: { summary: 'Sedi in cui il facilitatore può registrare servizi', tags: TAG, body: ProfiloBodySchema } } }, async (request) => {
    return sediFacilitatore(db, resolveCaller(request, body(ProfiloBodySchema, request.body)))
  })

  /** The programme's ATTIVO template (QT06 when none), for a programme the caller's profile reaches
   *  (server/domain/ambito/programmi.ts; another programme answers 404 Q01, as if unknown). */
  app.post('/questionarioTemplate/programma/:idProgramma', { config: { ...permAny('new.serv', 'upd.card.serv', 'view.card.serv', 'view.quest.templ'), doc: { summary: 'Modello di questionario attivo del programma', tags: TAG, body: TemplateProgrammaBodySchema } } }, async (request) => {
    const caller = resolveCaller(request, body(TemplateProgrammaBodySchema, request.body))
    const idProgramma = parseIdParam((request.params as { idProgramma: string }).idProgramma)
    const prg = await programmeForConfig(db, caller, idProgramma)
    const template = await activeTemplate(db, prg.id)
    if (!template) throw notFound('QT06')
    return templateToWire(template)
  })
}
