/**
 * Notification routes (spec 001 §7; issue 12 point 7), under `/api`. A user only ever reads or changes
 * their own rows: `{id}` in `/user/{id}/…` must be the caller (403 A02), and ids of other users' rows are
 * ignored by read/delete.
 * | route | access |
 * |---|---|
 * | GET /user/:id/notifications, GET /user/:id/notifications/count | list.ntf.nr |
 * | POST /user/:id/notifications/read (all), /notification/:ids/read, /notification/:ids/delete | list.ntf.nr |
 * | POST /notifications/stream/ticket | list.ntf.nr |
 * | GET /notifications/stream?ticket= | the ticket (public route: EventSource cannot send headers) |
 *
 * Live stream (server-sent events): `EventSource` cannot send the `authToken`/`userRole` headers, and an
 * ID token in a URL would leak into access logs and history for its whole hour. So an authenticated POST
 * issues a ticket: `userId.expiry.nonce` signed with HMAC-SHA256 (key derived from the server secret, so
 * every process of one deployment accepts it), valid {@link TICKET_TTL_S} s, bound to one user, usable only
 * on the stream and only once (issue 25 point 5): its first use is recorded in the shared database
 * (server/domain/notifiche/biglietti.ts), a second one — on any process — is refused 401 NT01. At most
 * {@link MAX_STREAMS_PER_USER} streams per user per process: one more ends the user's oldest
 * (server/events/user-streams.ts; the app then polls and retries later). The stream sends
 * `event: notifica` with `{unread, id}` at connection and after each committed notification of the user,
 * and a `: ping` comment every {@link HEARTBEAT_MS} ms; the subscription ends when the client disconnects.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerResponse } from 'node:http'
import * as v from 'valibot'
import { NotificationQuerySchema, parseIdList } from '../../src/api/contract/notifiche'
import type { AppConfig } from '../config'
import type { Database } from '../db/types'
import { badRequest, forbidden, unauthorized } from '../errors'
import { runWrite } from '../idempotency'
import { parseIdParam } from '../domain/db-errors'
import { StreamTicketQuerySchema } from '../openapi/doc-schemas'
import { parseBody } from '../domain/validation'
import { configureNotificationMail } from '../domain/notifiche/crea'
import { deleteNotifications, listNotifications, markRead, unreadCount } from '../domain/notifiche/elenco'
import { consumeStreamTicket } from '../domain/notifiche/biglietti'
import type { EventHub } from '../events/index'
import { userStreams } from '../events/user-streams'

export const TICKET_TTL_S = 60
export const HEARTBEAT_MS = 25_000
/** Open streams per user in one process (a few tabs and devices; the app opens one per tab). */
export const MAX_STREAMS_PER_USER = 5
import { perm as permission } from '../auth/route-access'

const perm = permission('list.ntf.nr')
const ProfileBody = v.looseObject({})
const TAG = ['Notifiche']

/** The caller's user id; 403 A02 when the path's `:id` is another user. */
function ownUser(request: FastifyRequest): number {
  const userId = request.auth?.principal.userId
  if (userId === undefined || parseIdParam((request.params as { id: string }).id) !== userId) throw forbidden('A02')
  return userId
}

function idsOf(request: FastifyRequest): number[] {
  const ids = parseIdList((request.params as { ids: string }).ids)
  if (!ids) throw badRequest('G02', 'Elenco di notifiche non valido.')
  return ids
}

/** A verified ticket: its user, its unique id (the nonce) and its expiry (seconds since the epoch). */
export interface StreamTicket { userId: number; id: string; expiresAt: number }

/** Signs and verifies stream tickets (`userId.expiry.nonce.mac`). */
export function ticketSigner(secret: string) {
  const key = createHmac('sha256', secret).update('pd-notification-stream').digest()
  const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64url')
  return {
    issue(userId: number, now = Date.now()): string {
      const data = `${userId}.${Math.floor(now / 1000) + TICKET_TTL_S}.${randomBytes(12).toString('base64url')}`
      return `${data}.${mac(data)}`
    },
    /** The ticket's user, id and expiry, or null when malformed, forged or expired (not whether it was used). */
    verify(ticket: string, now = Date.now()): StreamTicket | null {
      const m = /^(\d{1,9})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(ticket)
      if (!m) return null
      const expected = Buffer.from(mac(`${m[1]}.${m[2]}.${m[3]}`))
      const given = Buffer.from(m[4] as string)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      if (Number(m[2]) * 1000 < now) return null
      return { userId: Number(m[1]), id: m[3] as string, expiresAt: Number(m[2]) }
    },
  }
}

export default async function notificheRoutes(app: FastifyInstance, opts: { db: Database; config: AppConfig; hub: EventHub; mailEnabled: boolean }): Promise<void> {
  const { db, hub } = opts
  configureNotificationMail({ enabled: opts.mailEnabled, publicUrl: opts.config.publicUrl })
  const tickets = ticketSigner(opts.config.citizenHashSecret)
  const streams = userStreams<ServerResponse>(MAX_STREAMS_PER_USER)

  app.get('/user/:id/notifications', { config: { ...perm, perIdCheck: true, doc: { summary: 'Notifiche dell’utente, paginate', tags: TAG, query: NotificationQuerySchema } } }, async (request) => {
    const userId = ownUser(request)
    return listNotifications(db, userId, parseBody(NotificationQuerySchema, request.query, {}))
  })
  app.get('/user/:id/notifications/count', { config: { ...perm, perIdCheck: true, doc: { summary: 'Numero di notifiche non lette', tags: TAG } } }, async (request) => ({ unread: await unreadCount(db, ownUser(request)) }))
  app.post('/user/:id/notifications/read', { config: { ...perm, perIdCheck: true, doc: { summary: 'Segna come lette tutte le notifiche', tags: TAG } } }, async (request, reply) => {
    const userId = ownUser(request)
    return runWrite(db, request, reply, 200, (tx) => markRead(tx, userId, null))
  })
  app.post('/notification/:ids/read', { config: { ...perm, doc: { summary: 'Segna come lette le notifiche indicate (id separati da virgola)', tags: TAG, body: ProfileBody } } }, async (request, reply) => {
    parseBody(ProfileBody, request.body ?? {}, {})
    const userId = request.auth?.principal.userId as number
    const ids = idsOf(request)
    return runWrite(db, request, reply, 200, (tx) => markRead(tx, userId, ids))
  })
  app.post('/notification/:ids/delete', { config: { ...perm, doc: { summary: 'Elimina le notifiche indicate (id separati da virgola)', tags: TAG } } }, async (request, reply) => {
    const userId = request.auth?.principal.userId as number
    const ids = idsOf(request)
    return runWrite(db, request, reply, 200, (tx) => deleteNotifications(tx, userId, ids))
  })

  app.post('/notifications/stream/ticket', { config: { ...perm, doc: { summary: 'Biglietto monouso per aprire il flusso delle notifiche', tags: TAG } } }, async (request) => {
    return { ticket: tickets.issue(request.auth?.principal.userId as number), expires_in: TICKET_TTL_S }
  })

  app.get('/notifications/stream', { config: { access: { kind: 'public' }, doc: {
    summary: 'Flusso in tempo reale delle notifiche (server-sent events)', tags: TAG, query: StreamTicketQuerySchema,
    description: `Pubblico ma autorizzato dal biglietto (monouso, valido 60 secondi): un EventSource non può inviare il token. Evento \`notifica\` con {unread, id}. Al più ${MAX_STREAMS_PER_USER} flussi aperti per utente: uno in più chiude il più vecchio.`,
    response: { mediaType: 'text/event-stream', description: 'Eventi `notifica` con il numero di notifiche non lette.' },
  } } }, async (request, reply) => {
    const raw = (request.query as { ticket?: unknown }).ticket
    if (typeof raw !== 'string' || raw === '') throw badRequest('G02', 'Manca il biglietto di collegamento.')
    const ticket = tickets.verify(raw)
    // single use: of two requests with one ticket, on any process, only the first opens a stream
    if (ticket === null || !(await consumeStreamTicket(db, ticket.id, ticket.expiresAt))) throw unauthorized('NT01')
    const userId = ticket.userId
    const unread = await unreadCount(db, userId)
    const res = reply.raw
    let closed = false
    const send = (chunk: string) => { if (!closed) res.write(chunk) }
    let unsubscribe: () => void = () => undefined
    const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
    heartbeat.unref()
    const cleanup = () => {
      if (closed) return
      closed = true
      streams.delete(userId, res)
      clearInterval(heartbeat)
      unsubscribe()
      // a client that went away leaves the socket half open (the answer never ends by itself): without
      // this, each closed stream kept a socket until the process stopped
      if (!res.writableEnded) res.destroy()
    }
    reply.hijack()
    // the client may have gone while the ticket and the count were read: its 'close' has passed already
    if (res.destroyed || request.raw.socket?.destroyed) {
      cleanup()
      return
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    })
    streams.add(userId, res)
    request.raw.on('close', cleanup)
    res.on('close', cleanup)
    send(`retry: 5000\nevent: notifica\ndata: ${JSON.stringify({ unread, id: null })}\n\n`)
    try {
      unsubscribe = await hub.subscribe(userId, (id) => {
        void unreadCount(db, userId).then((n) => send(`event: notifica\ndata: ${JSON.stringify({ unread: n, id })}\n\n`))
          .catch((err: unknown) => request.log.warn({ err }, 'notification stream: count failed'))
      })
      if (closed) unsubscribe()
    } catch (err) {
      request.log.error({ err }, 'notification stream: LISTEN failed')
      cleanup()
      res.end()
    }
  })

  // open streams never end by themselves: close them before the server waits for its connections
  // the e-mail switch is process-wide (one app per process in production): an app closing turns it off
  app.addHook('onClose', () => { configureNotificationMail({ enabled: false, publicUrl: '' }) })
  app.addHook('preClose', async () => {
    for (const res of streams.all()) res.end()
    await hub.close()
  })
}
