/**
 * Technical assistance (issue 11 point 4; platform-backend §12; spec 002 §7), under `/api`:
 * | route | access | answer |
 * |---|---|---|
 * | POST /assistenza/tematiche | role | Tematica[] (the form appends 'Altro') |
 * | POST /assistenza/apriTicket | role, eligible (FAC on RFD, VOL on SCD, REG…DEPP) else 403 A02 | 201 TicketAperto; 400/413 G02 with the reason |
 * The received tickets are listed by the generic list routes (entity `ticketassistenza`, `list.ticket`).
 * The request body may reach 16 MB (10 MB of attachments, compressed and base64-encoded).
 */
import type { FastifyInstance } from 'fastify'
import { ApriTicketBodySchema } from '../../src/api/contract/assistenza'
import { assistenzaAbilitata } from '../../src/lib/assistenza'
import type { AppConfig } from '../config'
import type { Database } from '../db/types'
import { forbidden } from '../errors'
import { apriTicket, tematiche } from '../domain/assistenza/ticket'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import type { Mailer } from '../mail/index'

export interface AssistenzaRoutesOptions { db: Database; config: AppConfig; mailer: Mailer }

const LABELS = { areaTematica: 'area tematica', altraAreaTematica: 'altra area tematica', oggetto: 'oggetto', descrizione: 'descrizione', fileData: 'allegati' }

export default async function assistenzaRoutes(app: FastifyInstance, opts: AssistenzaRoutesOptions): Promise<void> {
  const { db } = opts
  const role = { access: { kind: 'role' as const } }

  app.post('/assistenza/tematiche', { config: { ...role, doc: { summary: 'Aree tematiche dell’assistenza tecnica', tags: ['Assistenza'] } } }, async () => tematiche(db))

  app.post('/assistenza/apriTicket', { config: { ...role, upload: true, doc: { summary: 'Apre una richiesta di assistenza tecnica (con allegati)', tags: ['Assistenza'], body: ApriTicketBodySchema, status: 201, errors: [413] } }, bodyLimit: 16 * 1024 * 1024 }, async (request, reply) => {
    const body = parseBody(ApriTicketBodySchema, request.body, LABELS)
    const caller = resolveCaller(request, body)
    if (!assistenzaAbilitata(caller.codiceRuolo, caller.profilo.policy)) throw forbidden('A02', 'Il servizio di assistenza tecnica non è disponibile per il tuo ruolo.')
    const aperto = await apriTicket({ db, storage: app.storage, mailer: opts.mailer, helpDesk: opts.config.mail.helpDesk }, caller, body)
    reply.code(201)
    return aperto
  })
}
