/**
 * Time limits of the connections and readable answers to bodies over the limit (issue 25 points 1 and 8;
 * README "Tempi massimi e limiti"). The values come from the configuration (server/config.ts `limits`).
 *
 * - headers: a request whose headers are not complete after `headersTimeoutMs` is answered 408 and closed
 *   (Node's `headersTimeout`, checked every {@link checkingIntervalMs});
 * - body: while a request's body is being received, a socket on which no byte arrives for `bodyIdleTimeoutMs`
 *   is closed (an idle timeout, not a total one: a 10 MB picture over field 3G at 200 kbit/s takes ~7 minutes
 *   and keeps sending, a stalled client sends nothing); the whole request (headers and body) must arrive within
 *   `requestTimeoutMs` (Node's `requestTimeout`: 15 minutes, 16 MiB at 200 kbit/s take ~11);
 * - answer: a socket that moves no byte either way for `socketIdleTimeoutMs` (a client that stopped reading a
 *   long answer, a handler silent for minutes) is closed (Fastify's `connectionTimeout`; the notification
 *   stream sends a comment every 25 s);
 * - between requests: a kept-alive connection is closed after `keepAliveTimeoutMs` without a new request.
 *
 * A body over the route's limit (server/app.ts `apiErrorHandler`) is answered 413 with the route's
 * `config.tooLarge` (or {@link bodyTooLarge}) as soon as it is known — from `Content-Length` before any byte of
 * the body is read, or when a chunked body passes the limit — and the rest of the body is then read and thrown
 * away ({@link keepDiscarding}), up to {@link MAX_DISCARDED_BYTES}: closing the connection while the client is
 * still sending makes its system answer with a reset, and a browser's `fetch` reported a network error instead
 * of the 413 (the outbox would retry it forever). A declared body beyond that bound gets the 413 with
 * `connection: close` at once.
 */
import type { IncomingHttpHeaders, ServerOptions } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError } from './errors'

/** The limits of the connections and of the concurrency bound (server/config.ts `limits`). */
export interface RequestLimits {
  /** general `/api` requests running at once per process (server/concurrency.ts) */
  maxActiveRequests: number
  /** uploads running at once per process, in their own pool (server/concurrency.ts) */
  maxActiveUploads: number
  /** readiness answers 503 'saturated' once a request has waited this long for a slot (ms) */
  saturatedAfterMs: number
  /** the request's headers must arrive within this time (ms) */
  headersTimeoutMs: number
  /** a body from which no byte arrives for this long is abandoned, its socket closed (ms) */
  bodyIdleTimeoutMs: number
  /** the whole request (headers and body) must arrive within this time (ms) */
  requestTimeoutMs: number
  /** a socket moving no byte either way for this long is closed (ms) */
  socketIdleTimeoutMs: number
  /** a kept-alive connection without a new request is closed after this long (ms) */
  keepAliveTimeoutMs: number
}

/** `/api` requests one process runs at once by default (a little above the PostgreSQL pool's 10 connections: measured by `npm run bench`, 20 let a short stall grow into seconds of queueing); more wait their turn. */
export const MAX_ACTIVE_API_REQUESTS = 12

/** The defaults of {@link RequestLimits} (README "Tempi massimi e limiti"). */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  maxActiveRequests: MAX_ACTIVE_API_REQUESTS,
  maxActiveUploads: 2,
  saturatedAfterMs: 2_000,
  headersTimeoutMs: 20_000,
  bodyIdleTimeoutMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  socketIdleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
}

/** Beyond the limit, at most this many bytes of a refused body are read and thrown away before the connection is cut. */
export const MAX_DISCARDED_BYTES = 32 * 1024 * 1024

/** How often Node checks the headers and request timeouts (ms): a fraction of the shorter one, at most 5 s. */
export function checkingIntervalMs(limits: Pick<RequestLimits, 'headersTimeoutMs'>): number {
  return Math.max(50, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4)))
}

/** The Fastify constructor's options that carry the limits (spread into `Fastify({...})`). */
export function serverTimeoutOptions(limits: RequestLimits): {
  connectionTimeout: number; requestTimeout: number; keepAliveTimeout: number; http: ServerOptions
} {
  return {
    connectionTimeout: limits.socketIdleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
  }
}

/** True when the request announces a body (a length above 0, or chunked). */
function announcesBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/**
 * The body-idle timeout: while a request's body is being received its socket times out after `bodyIdleTimeoutMs`
 * without a byte, and is then closed; once the body has been read the server's own socket timeout applies again.
 * Register on the root instance before the routes.
 */
export function registerBodyIdleTimeout(app: FastifyInstance, limits: Pick<RequestLimits, 'bodyIdleTimeoutMs'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw
    const socket = raw.socket
    // (light-my-request's injected requests have no real socket)
    if (!announcesBody(raw.headers) || raw.complete || typeof socket?.setTimeout !== 'function') return done()
    const onTimeout = () => {
      request.log.info('request body stalled: connection closed')
      socket.destroy()
    }
    // emitted by Node's socket timeout while this request is incomplete; handled here, so Node leaves it to us
    raw.once('timeout', onTimeout)
    socket.setTimeout(limits.bodyIdleTimeoutMs)
    raw.once('end', () => {
      raw.removeListener('timeout', onTimeout)
      // the answer already sent (a refused body read to its end): the keep-alive timeout set by Node stays
      if (!reply.raw.writableEnded && !socket.destroyed) socket.setTimeout(app.server.timeout || 0)
    })
    done()
  })
}

/** The default 413 of a body over the route's limit (routes may give their own: `config.tooLarge`). */
export function bodyTooLarge(limitBytes: number): ApiError {
  const mb = limitBytes / (1024 * 1024)
  const size = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(limitBytes / 1024))} KB`
  return new ApiError(413, 'G02', `La richiesta supera la dimensione massima accettata (${size}): riduci i dati o gli allegati e riprova.`)
}

/**
 * Called with the 413 of a body over the limit, before it is sent: unless the declared body exceeds
 * {@link MAX_DISCARDED_BYTES}, the connection is kept (the `connection: close` Fastify set is removed) and the rest
 * of the body is read and thrown away, so that the client reads the answer once it has finished sending; past
 * the bound the socket is closed.
 */
export function keepDiscarding(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw
  const declared = Number(raw.headers['content-length'])
  if (raw.complete || (Number.isFinite(declared) && declared > MAX_DISCARDED_BYTES)) return
  reply.removeHeader('connection')
  let discarded = 0
  const count = (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > MAX_DISCARDED_BYTES) {
      raw.removeListener('data', count)
      raw.socket?.destroy()
    }
  }
  raw.on('data', count)
  raw.resume()
}
