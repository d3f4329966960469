/**
 * Server idempotency of the field writes (ARCHITECTURE "The offline outbox" point 5; issue #3 common
 * decisions). A route opts in with `config: { idempotency: 'user' }` (scope = the logged user) or
 * `'token'` (the anonymous survey: scope = SHA-256 of the query token `t`). When the request carries
 * `Idempotency-Key: <uuid>` (optional for online calls, always sent by the outbox):
 * - the first request CLAIMS the key: a pending row is inserted under the unique (scope, key) index;
 * - the handler runs; {@link runWrite} stores status + body in the SAME transaction as the domain
 *   writes, so a stored answer exists exactly when the effects were committed (exactly once);
 * - a repeat with the same request (method, URL, role, canonical body) answers the stored status and
 *   body with header `Idempotent-Replayed: true`, doing nothing again;
 * - a concurrent repeat while the first is in flight polls briefly for the stored answer; after
 *   `waitMs` it gets 409 G06 ('richiesta già in elaborazione', retryable);
 * - the same key with a different request: 422 G05;
 * - a non-2xx answer releases the key (the transaction rolled back, nothing happened), so it may be
 *   sent again; a pending claim older than `staleMs` (crashed process) is taken over;
 * - records expire after 30 days (purged at start and replaced on reuse).
 * An invalid key (not a UUID) is 400 G02.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { idempotencyRecord } from './db/schema'
import type { Database, Transaction } from './db/types'
import { ApiError, badRequest, conflict } from './errors'

export type IdempotencyScope = 'user' | 'token'

/** A key claimed by this request (set by the preHandler hook). */
export interface IdempotencyClaim {
  recordId: number
  /** true once the answer is stored (by runWrite inside the transaction, or by the onSend fallback) */
  stored: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyScope
  }
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
export const RECORD_TTL_MS = 30 * 24 * 3600 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface IdempotencyOptions {
  db: Database
  /** how long a concurrent repeat waits for the first answer before 409 G06 (default 5000 ms) */
  waitMs?: number
  /** a pending claim older than this is considered abandoned and taken over (default 120 s) */
  staleMs?: number
  /** polling interval while waiting (default 40 ms) */
  pollMs?: number
}

/** SHA-256 hex of a string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** JSON with object keys sorted at every level (equal bodies hash equally whatever the key order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
}

/** The request's fingerprint: method, URL (with query), role header and canonical body. */
export function requestHash(request: FastifyRequest): string {
  const role = request.headers.userrole
  return sha256Hex(`${request.method} ${request.url}\n${Array.isArray(role) ? role.join(',') : role ?? ''}\n${canonicalJson(request.body ?? null)}`)
}

function scopeOf(request: FastifyRequest, scope: IdempotencyScope): { scope: string; idUtente: number | null } | null {
  if (scope === 'user') {
    const id = request.auth?.principal.userId
    return id === undefined ? null : { scope: `utente:${id}`, idUtente: id }
  }
  const t = (request.query as Record<string, unknown> | undefined)?.t
  return typeof t === 'string' && t !== '' ? { scope: `token:${sha256Hex(t)}`, idUtente: null } : null
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type ClaimResult = { kind: 'claimed'; recordId: number } | { kind: 'replay'; status: number; body: unknown }

/** Claims the key or resolves to the stored answer; throws G05/G06. */
async function claimOrReplay(db: Database, who: { scope: string; idUtente: number | null }, key: string,
  methodPath: string, hash: string, opts: Required<Omit<IdempotencyOptions, 'db'>>): Promise<ClaimResult> {
  const deadline = Date.now() + opts.waitMs
  for (;;) {
    const inserted = await db.insert(idempotencyRecord)
      .values({ key, scope: who.scope, idUtente: who.idUtente, methodPath, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecord.id })
    const claimed = inserted[0]
    if (claimed) return { kind: 'claimed', recordId: claimed.id }

    const [row] = await db.select().from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.scope, who.scope), eq(idempotencyRecord.key, key)))
    if (!row) continue // released in the meantime: claim again
    const age = Date.now() - row.createdAt.getTime()
    const abandoned = row.statusCode === null && age > opts.staleMs
    if (age > RECORD_TTL_MS || abandoned) {
      await db.delete(idempotencyRecord).where(and(eq(idempotencyRecord.id, row.id), eq(idempotencyRecord.createdAt, row.createdAt)))
      continue
    }
    if (row.requestHash !== hash) throw new ApiError(422, 'G05')
    if (row.statusCode !== null) return { kind: 'replay', status: row.statusCode, body: row.responseBody }
    if (Date.now() >= deadline) throw conflict('G06')
    await sleep(opts.pollMs)
  }
}

/**
 * Stores the answer of a claim (inside the caller's transaction when `executor` is one). The body is kept
 * as its serialised JSON text (a jsonb string), so a replay is byte-identical to the first answer
 * (a jsonb object would reorder its keys).
 */
async function storeAnswer(executor: Database | Transaction, claim: IdempotencyClaim, status: number, serialised: string): Promise<void> {
  await executor.update(idempotencyRecord)
    .set({ statusCode: status, responseBody: serialised, completedAt: new Date() })
    .where(eq(idempotencyRecord.id, claim.recordId))
}

/**
 * Runs a write in one transaction and answers `status` with its result. When the request claimed an
 * idempotency key, the answer is stored in the same transaction (committed together with the effects).
 */
export async function runWrite<T>(db: Database, request: FastifyRequest, reply: FastifyReply, status: number,
  work: (tx: Transaction) => Promise<T>): Promise<T> {
  const claim = request.idempotencyClaim
  const result = await db.transaction(async (tx) => {
    const value = await work(tx)
    if (claim) await storeAnswer(tx, claim, status, JSON.stringify(value) ?? 'null')
    return value
  })
  if (claim) claim.stored = true
  reply.code(status)
  return result
}

const plugin: FastifyPluginAsync<IdempotencyOptions> = async (app: FastifyInstance, options) => {
  const { db } = options
  const opts = { waitMs: options.waitMs ?? 5000, staleMs: options.staleMs ?? 120_000, pollMs: options.pollMs ?? 40 }

  app.addHook('onReady', async () => {
    await db.delete(idempotencyRecord).where(lt(idempotencyRecord.createdAt, new Date(Date.now() - RECORD_TTL_MS)))
  })

  app.addHook('preHandler', async (request, reply) => {
    const scope = request.routeOptions.config.idempotency
    if (!scope) return
    const raw = request.headers[IDEMPOTENCY_HEADER]
    const key = (Array.isArray(raw) ? raw[0] : raw)?.trim()
    if (!key) return
    if (!UUID.test(key)) throw badRequest('G02', 'L\'intestazione Idempotency-Key deve essere un UUID.')
    const who = scopeOf(request, scope)
    if (!who) return
    const result = await claimOrReplay(db, who, key.toLowerCase(), `${request.method} ${request.routeOptions.url ?? request.url}`, requestHash(request), opts)
    if (result.kind === 'claimed') {
      request.idempotencyClaim = { recordId: result.recordId, stored: false }
      return
    }
    reply.code(result.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8')
    return reply.send(typeof result.body === 'string' ? result.body : JSON.stringify(result.body))
  })

  const release = (claim: IdempotencyClaim) =>
    db.delete(idempotencyRecord).where(and(eq(idempotencyRecord.id, claim.recordId), isNull(idempotencyRecord.statusCode)))

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim
    if (!claim || claim.stored) return payload
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      // fallback for a handler that did not use runWrite: store a 2xx JSON answer after the fact
      await storeAnswer(db, claim, reply.statusCode, typeof payload === 'string' && payload !== '' ? payload : 'null')
      claim.stored = true
    } else {
      // a failed request releases its key before the caller sees the answer: nothing was committed,
      // so a corrected entry may be sent again with the same key at once
      await release(claim)
      request.idempotencyClaim = undefined
    }
    return payload
  })

  // fallback when no answer could be sent (connection aborted): release the key all the same
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim
    if (!claim || claim.stored) return
    await release(claim)
  })
}
// hooks apply to the whole app (what fastify-plugin does, without the dependency)
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

/** Fastify plugin: register once at the root, after access control and before the routes. */
export const idempotency = plugin

