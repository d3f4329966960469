/**
 * Citizens-of-a-service and questionnaire routes (spec 002 §7 "Services"/"Citizens"; platform-backend
 * §5.2–5.6), under `/api`:
 * | route | access | answer |
 * |---|---|---|
 * | POST /servizio/cittadino | upd.card.serv | CittadinoTrovato[] |
 * | POST /servizio/cittadino/:idServizio (idempotent) | upd.card.serv | 201 {id, idQuestionario} |
 * | POST /servizio/cittadino/all/:idServizio?currPage&pageSize | view.card.serv.citt | CittadiniServizioRisposta |
 * | POST /servizio/cittadino/stati/dropdown/:idServizio | view.card.serv.citt | string[] |
 * | POST /servizio/cittadino/questionarioCompilato/compilato/:id | view.card.serv.citt | QuestionarioCompilato |
 * | POST /servizio/cittadino/questionarioCompilato/:id/compila (idempotent) | wrt.quest.citt.serv | {idQuestionarioCompilato, statoQuestionario} |
 * | POST /servizio/cittadino/questionarioCompilato/:id/invia | wrt.quest.citt.serv | {link, token, scadenza} |
 * | POST /servizio/cittadino/servizio/:idServizio/questionarioCompilato/inviaATutti | wrt.quest.citt.serv | {questionari: [{idQuestionario, idCittadino, identificativoMascherato, link, token, scadenza}]} |
 * | GET /servizio/cittadino/questionarioCompilato/:id/anonimo?t= | public | QuestionarioAnonimo |
 * | POST /servizio/cittadino/questionarioCompilato/:id/compila/anonimo?t= (idempotent by token) | public | {idQuestionarioCompilato, statoQuestionario} |
 * The two anonymous routes are rate-limited per client IP (server/rate-limit.ts): {@link PUBLIC_SURVEY_LIMIT}
 * each, and their wrong links (404) count against `FAILED_LINK_LIMIT`.
 * `invia` and `inviaATutti` are deliberately NOT idempotent-by-key: their answers carry clear tokens,
 * which must never be stored; repeating them just issues new links that replace the previous ones.
 * The search, the addition, the citizens tab, the survey read (opened or printed) and its compilation are recorded in
 * the access register (`config.registro`, issue 28 part 1: the tab as entity `servizio` with its row count), as are
 * the citizen's own opening and sending of a survey through the link (no user: `dettaglio` 'link del cittadino').
 * `inviaATutti` is one request (one transaction) rather than one `invia` per citizen: the sheet of links
 * is all or nothing, with no half-sent service after a dropped connection.
 */
import type { FastifyInstance } from 'fastify'
import {
  AggiungiCittadinoBodySchema, AggiungiCittadinoRispostaSchema, CittadiniServizioBodySchema, CittadiniServizioRispostaSchema,
  RicercaCittadinoBodySchema, RicercaCittadinoRispostaSchema,
} from '../../src/api/contract/cittadino'
import {
  CompilaAnonimoBodySchema, CompilaQuestionarioBodySchema, CompilaQuestionarioRispostaSchema, InviaATuttiRispostaSchema, InviaQuestionarioRispostaSchema,
} from '../../src/api/contract/questionario'
import { PaginazioneQuerySchema, ProfiloBodySchema } from '../../src/api/contract/servizio'
import type { Database } from '../db/types'
import { runWrite } from '../idempotency'
import { addCittadino, listCittadiniServizio, searchCittadini, statiQuestionariServizio } from '../domain/cittadini-servizio'
import { parseIdParam } from '../domain/db-errors'
import { resolveCaller } from '../domain/profile'
import { compilaAnonimo, compilaQuestionario, inviaATutti, inviaQuestionario, readAnonimo, readQuestionario } from '../domain/questionari/istanze'
import { parseBody } from '../domain/validation'
import { PUBLIC_SURVEY_LIMIT } from '../rate-limit'
import { FIELD_WORK_LABELS } from '../domain/field-labels'
import { LinkTokenQuerySchema } from '../openapi/doc-schemas'

const TAG = ['Cittadini del servizio e questionari']
/** the access register's count and id of a search: a single match names the citizen (issue 28 part 1) */
const trovati = (r: unknown) => {
  const rows = r as { idCittadino: number }[]
  return { righe: rows.length, idEntita: rows.length === 1 ? rows[0]!.idCittadino : null }
}

import { perm } from '../auth/route-access'
/** anyone with the link: limited per client IP, wrong links counted (`FAILED_LINK_LIMIT`) */
const PUBLIC_SURVEY = { access: { kind: 'public' as const }, rateLimit: PUBLIC_SURVEY_LIMIT, failedLinkLimit: true }

export default async function cittadinoServizioRoutes(app: FastifyInstance, opts: { db: Database; citizenHashSecret: string }): Promise<void> {
  const { db, citizenHashSecret: secret } = opts
  const body = <S extends Parameters<typeof parseBody>[0]>(schema: S, raw: unknown) => parseBody(schema, raw, FIELD_WORK_LABELS)
  const param = (request: { params: unknown }, name: string) => (request.params as Record<string, string>)[name] ?? ''
  const token = (request: { query: unknown }) => (request.query as Record<string, unknown> | undefined)?.t

  app.post('/servizio/cittadino', { config: { ...perm('upd.card.serv'), registro: { entita: 'cittadino', azione: 'ricerca', daRisposta: trovati }, doc: { summary: 'Cerca un cittadino per codice fiscale o documento', tags: TAG, body: RicercaCittadinoBodySchema, response: RicercaCittadinoRispostaSchema } } }, async (request) => {
    const b = body(RicercaCittadinoBodySchema, request.body)
    return searchCittadini(db, resolveCaller(request, b), b, secret)
  })

  app.post('/servizio/cittadino/:idServizio', { config: { ...perm('upd.card.serv'), idempotency: 'user', registro: { entita: 'cittadino', azione: 'modifica', daRisposta: (r) => ({ idEntita: (r as { id: number }).id }) }, doc: { summary: 'Aggiunge un cittadino al servizio', tags: TAG, body: AggiungiCittadinoBodySchema, status: 201, response: AggiungiCittadinoRispostaSchema, errors: [409] } } }, async (request, reply) => {
    const b = body(AggiungiCittadinoBodySchema, request.body)
    const caller = resolveCaller(request, b)
    const id = parseIdParam(param(request, 'idServizio'))
    return runWrite(db, request, reply, 201, (tx) => addCittadino(tx, caller, id, b, secret))
  })

  app.post('/servizio/cittadino/all/:idServizio', { config: { ...perm('view.card.serv.citt'), registro: { entita: 'servizio', azione: 'lettura', idParam: 'idServizio', daRisposta: (r) => ({ righe: (r as { cittadini: unknown[] }).cittadini.length }) }, doc: { summary: 'Elenco paginato dei cittadini del servizio', tags: TAG, body: CittadiniServizioBodySchema, query: PaginazioneQuerySchema, response: CittadiniServizioRispostaSchema } } }, async (request) => {
    const b = body(CittadiniServizioBodySchema, request.body)
    const page = body(PaginazioneQuerySchema, request.query)
    return listCittadiniServizio(db, resolveCaller(request, b), parseIdParam(param(request, 'idServizio')), b, page, secret)
  })

  app.post('/servizio/cittadino/stati/dropdown/:idServizio', { config: { ...perm('view.card.serv.citt'), doc: { summary: 'Stati dei questionari del servizio (filtro)', tags: TAG, body: ProfiloBodySchema } } }, async (request) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    return statiQuestionariServizio(db, caller, parseIdParam(param(request, 'idServizio')))
  })

  app.post('/servizio/cittadino/questionarioCompilato/compilato/:id', { config: { ...perm('view.card.serv.citt'), registro: { entita: 'questionario', azione: 'lettura', idParam: 'id' }, doc: { summary: 'Legge il questionario compilato di un cittadino', tags: TAG, body: ProfiloBodySchema } } }, async (request) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    return readQuestionario(db, caller, param(request, 'id'))
  })

  app.post('/servizio/cittadino/questionarioCompilato/:id/compila', { config: { ...perm('wrt.quest.citt.serv'), idempotency: 'user', registro: { entita: 'questionario', azione: 'modifica', idParam: 'id' }, doc: { summary: 'Compila il questionario per conto del cittadino', tags: TAG, body: CompilaQuestionarioBodySchema, response: CompilaQuestionarioRispostaSchema, errors: [409] } } }, async (request, reply) => {
    const b = body(CompilaQuestionarioBodySchema, request.body)
    const caller = resolveCaller(request, b)
    return runWrite(db, request, reply, 200, (tx) => compilaQuestionario(tx, caller, param(request, 'id'), b, secret))
  })

  app.post('/servizio/cittadino/questionarioCompilato/:id/invia', { config: { ...perm('wrt.quest.citt.serv'), doc: { summary: 'Crea il link del questionario da inviare al cittadino', tags: TAG, body: ProfiloBodySchema, response: InviaQuestionarioRispostaSchema, errors: [409] } } }, async (request, reply) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    return runWrite(db, request, reply, 200, (tx) => inviaQuestionario(tx, caller, param(request, 'id')))
  })

  app.post('/servizio/cittadino/servizio/:idServizio/questionarioCompilato/inviaATutti', { config: { ...perm('wrt.quest.citt.serv'), doc: { summary: 'Crea i link dei questionari di tutti i cittadini del servizio', tags: TAG, body: ProfiloBodySchema, response: InviaATuttiRispostaSchema } } }, async (request, reply) => {
    const caller = resolveCaller(request, body(ProfiloBodySchema, request.body))
    const id = parseIdParam(param(request, 'idServizio'))
    return runWrite(db, request, reply, 200, (tx) => inviaATutti(tx, caller, id))
  })

  app.get('/servizio/cittadino/questionarioCompilato/:id/anonimo', { config: { ...PUBLIC_SURVEY, registro: { entita: 'questionario', azione: 'lettura', idParam: 'id', dettaglio: 'link del cittadino' }, doc: { summary: 'Apre il questionario dal link ricevuto dal cittadino', tags: TAG, query: LinkTokenQuerySchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return readAnonimo(db, param(request, 'id'), token(request))
  })

  app.post('/servizio/cittadino/questionarioCompilato/:id/compila/anonimo', { config: { ...PUBLIC_SURVEY, idempotency: 'token', registro: { entita: 'questionario', azione: 'modifica', idParam: 'id', dettaglio: 'link del cittadino' }, doc: { summary: 'Il cittadino invia il questionario dal suo link', tags: TAG, body: CompilaAnonimoBodySchema, query: LinkTokenQuerySchema, response: CompilaQuestionarioRispostaSchema, errors: [409] } } }, async (request, reply) => {
    const b = body(CompilaAnonimoBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => compilaAnonimo(tx, param(request, 'id'), token(request), b))
  })
}
