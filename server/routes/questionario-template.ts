/**
 * Survey template routes of the administrative area (spec 002 §7 "Survey templates"; platform-backend
 * §2.9, §7; server/domain/questionari/modelli.ts), under `/api`. The list, its dropdowns (`stati`,
 * `programmi`) and CSV are the generic list routes (server/routes/liste.ts, list.quest.templ).
 * | route | permission | answer |
 * |---|---|---|
 * | POST /questionarioTemplate/nuovo | new.quest.templ | the skeleton of a new template (default RFD sections) |
 * | POST /questionarioTemplate | new.quest.templ | 201 {survey-id, versione, nuovaVersione} (create, clone) |
 * | POST /questionarioTemplate/:id | view.quest.templ | QuestionarioTemplateDettaglio |
 * | PUT /questionarioTemplate/:id | upd.quest.templ | {survey-id, versione, nuovaVersione} (a new version when in use) |
 * | DELETE /questionarioTemplate/:id | del.quest.templ | {id} |
 * | PUT /questionarioTemplate/aggiornadefault/:id?tipoDefault=RFD\|SCD | upd.quest.templ | {survey-id, …} |
 * | PUT /programma/:idProgramma/aggiungi/:idQuestionario | upd.rel.quest_prgm | {id} |
 * Errors: 400 G02 (body, sections: the Italian reason), 403 A02 (scope), 404 QT05 / Q01, 409 QT02 / QT03 / P07.
 * Update and delete send the detail's `versione` (issue 27): 428 V02 without it, 409 V01 with the current detail.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ProfiloOnlyBodySchema } from '../../src/api/contract/gestione'
import { QuestionarioTemplateBodySchema, TipoDefaultQuerySchema } from '../../src/api/contract/questionario-template'
import type { Database } from '../db/types'
import {
  aggiornaTemplate, associaProgramma, creaTemplate, eliminaTemplate, impostaDefault, leggiTemplate, nuovoTemplate,
} from '../domain/questionari/modelli'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'
import { callerOf, param, perm, write } from './amministrazione-comune'

const LABELS: Record<string, string> = {
  'survey-name': 'nome del questionario', 'survey-description': 'descrizione del questionario', 'survey-sections': 'sezioni', tipoDefault: 'tipo di default',
}
const body = <S extends Parameters<typeof parseBody>[0]>(schema: S, raw: unknown) => parseBody(schema, raw, LABELS)
const idOf = (request: FastifyRequest, name = 'id') => String((request.params as Record<string, string>)[name] ?? '')

const TAG = ['Modelli di questionario']

export default async function questionarioTemplateRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  app.post('/questionarioTemplate/nuovo', { config: { ...perm('new.quest.templ'), doc: { summary: 'Bozza di un nuovo modello (con le sezioni fisse)', tags: TAG, body: ProfiloOnlyBodySchema } } }, async (request) => {
    callerOf(request, body(ProfiloOnlyBodySchema, request.body ?? {}))
    return nuovoTemplate(db)
  })

  app.post('/questionarioTemplate', { config: { ...perm('new.quest.templ'), doc: { summary: 'Crea un modello di questionario', tags: TAG, body: QuestionarioTemplateBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(QuestionarioTemplateBodySchema, request.body)
    callerOf(request, b)
    const saved = await write(db, (tx) => creaTemplate(tx, b))
    reply.code(201)
    return saved
  })

  app.post('/questionarioTemplate/:id', { config: { ...perm('view.quest.templ'), doc: { summary: 'Legge un modello di questionario', tags: TAG, body: ProfiloOnlyBodySchema } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body ?? {}))
    return leggiTemplate(db, caller, idOf(request))
  })

  app.put('/questionarioTemplate/:id', { config: { ...perm('upd.quest.templ'), doc: { summary: 'Aggiorna un modello di questionario', tags: TAG, body: QuestionarioTemplateBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const b = body(QuestionarioTemplateBodySchema, request.body)
    const caller = callerOf(request, b)
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => aggiornaTemplate(tx, caller, idOf(request), b, base))
  })

  app.delete('/questionarioTemplate/:id', { config: { ...perm('del.quest.templ'), doc: { summary: 'Elimina un modello di questionario', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409], versioned: true } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body ?? {}))
    const base = versioneDelCorpo(request.body)
    return write(db, (tx) => eliminaTemplate(tx, caller, idOf(request), base))
  })

  app.put('/questionarioTemplate/aggiornadefault/:id', { config: { ...perm('upd.quest.templ'), doc: { summary: 'Imposta il modello come predefinito (RFD o SCD)', tags: TAG, body: ProfiloOnlyBodySchema, query: TipoDefaultQuerySchema, errors: [409] } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body ?? {}))
    const { tipoDefault } = body(TipoDefaultQuerySchema, request.query)
    return write(db, (tx) => impostaDefault(tx, caller, idOf(request), tipoDefault))
  })

  app.put('/programma/:idProgramma/aggiungi/:idQuestionario', { config: { ...perm('upd.rel.quest_prgm'), doc: { summary: 'Associa un modello di questionario al programma', tags: TAG, body: ProfiloOnlyBodySchema, errors: [409] } } }, async (request) => {
    const caller = callerOf(request, body(ProfiloOnlyBodySchema, request.body ?? {}))
    return write(db, (tx) => associaProgramma(tx, caller, param(request, 'idProgramma'), idOf(request, 'idQuestionario')))
  })
}
