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
 *   sent again; a pending claim older than `staleMs` (crashed process; `IDEMPOTENCY_STALE_MS`) is taken
 *   over: the stale row is deleted by its id (unique per claim, never reused) and the key claimed again.
 *   A take-over never compares `created_at` (PostgreSQL keeps microseconds, a JavaScript Date
 *   milliseconds: an equality on it never matched there, and the request looped forever);
 * - a claim taken over while its request was still running loses its answer: {@link runWrite} finds no
 *   row to store it in and rolls the whole write back (409 G06), so the key's effects happen once;
 * - every loop is bounded: at most `waitMs` of polling and {@link MAX_CLAIM_ROUNDS} rounds; a request
 *   still in flight when the bound is hit is 409 G06, a take-over that cannot make progress
 *   ({@link MAX_TAKEOVERS} attempts) or a claim that never settles is 503 G04 (both retryable);
 * - records expire after 30 days (purged at start and replaced on reuse).
 * An invalid key (not a UUID) is 400 G02, and so is a body nested deeper than {@link MAX_CANONICAL_DEPTH}.
 *
 * Request hash: `h1:` + base64url HMAC-SHA-256, keyed with a sub-key derived from the server secret
 * (`CITIZEN_HASH_SECRET`), of method, URL, role and canonical body. The body holds clear fiscal codes, so
 * a plain SHA-256 (what records written before this version hold: 64 hex characters) let anyone with read
 * access to the table recover a code by hashing the few thousand plausible candidates. Upgrade: a stored
 * legacy hash is still compared the legacy way, so a resend of a key stored before the upgrade replays
 * (or is refused with G05) exactly as before instead of failing with 422; legacy rows disappear with the
 * 30-day TTL, after which the legacy branch ({@link legacyRequestHash}) can be removed.
 */
import { createHash, createHmac } from 'node:crypto'
import { citizenBaseKey } from './db/citizen-hash'
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
  /** server secret keying the request hash (the app passes `config.citizenHashSecret`); not empty */
  secret: string
  /** how long a concurrent repeat waits for the first answer before 409 G06 (default 5000 ms) */
  waitMs?: number
  /** a pending claim older than this is considered abandoned and taken over (default 120 s) */
  staleMs?: number
  /** polling interval while waiting (default 40 ms) */
  pollMs?: number
}

/** Deepest nesting of arrays/objects {@link canonicalJson} accepts (the field bodies are 2–3 levels deep). */
export const MAX_CANONICAL_DEPTH = 64
/** Upper bound on the rounds (claim, read, take over or poll) of one request's claim loop. */
export const MAX_CLAIM_ROUNDS = 250
/** Upper bound on the take-overs of stale or expired rows one request attempts (one suffices normally). */
export const MAX_TAKEOVERS = 3
/** Prefix of the keyed request hash (version 1); a legacy plain SHA-256 hash is 64 hex characters. */
const KEYED_HASH_PREFIX = 'h1:'

/** SHA-256 hex of a string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/**
 * JSON with object keys sorted at every level (equal bodies hash equally whatever the key order).
 * Throws 400 G02 when arrays/objects nest deeper than {@link MAX_CANONICAL_DEPTH} (never a stack overflow).
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (depth >= MAX_CANONICAL_DEPTH) throw badRequest('G02', 'La richiesta contiene dati annidati troppo in profondità.')
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`
}

/** The text a request is fingerprinted by: method, URL (with query), role header and canonical body. */
export function requestFingerprint(request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'body'>): string {
  const role = request.headers.userrole
  return `${request.method} ${request.url}\n${Array.isArray(role) ? role.join(',') : role ?? ''}\n${canonicalJson(request.body ?? null)}`
}

/**
 * The HMAC key of the request hash, derived from the server secret (not the secret itself): its base key, so a
 * re-keying of citizens' hashes (server/db/citizen-hash.ts) leaves the stored request hashes valid.
 */
export function requestHashKey(secret: string): Buffer {
  if (!secret) throw new Error('idempotency: empty secret')
  return createHmac('sha256', citizenBaseKey(secret)).update('punto-digitale/idempotency/request-hash/v1', 'utf8').digest()
}

/** The stored request hash of a fingerprint: `h1:` + base64url HMAC-SHA-256 under `key` (46 characters). */
export function keyedRequestHash(fingerprint: string, key: Buffer): string {
  return KEYED_HASH_PREFIX + createHmac('sha256', key).update(fingerprint, 'utf8').digest('base64url')
}

/** The hash records stored before the keyed hash (plain SHA-256 hex): only compared, never written. */
export function legacyRequestHash(fingerprint: string): string {
  return sha256Hex(fingerprint)
}

/** Whether a stored hash (keyed, or legacy for a record written before the upgrade) is of `fingerprint`. */
export function storedHashMatches(stored: string, fingerprint: string, key: Buffer): boolean {
  return stored.startsWith(KEYED_HASH_PREFIX)
    ? stored === keyedRequestHash(fingerprint, key)
    : stored === legacyRequestHash(fingerprint)
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

interface ClaimLoopOptions { waitMs: number; staleMs: number; pollMs: number }

/**
 * Claims the key or resolves to the stored answer; throws G05 (another request), G06 (still in flight
 * when the wait ends) or 503 G04 (the claim loop hit its bound without settling). Bounded in time
 * (polling stops after `waitMs`, everything after 2 × `waitMs`) and in rounds ({@link MAX_CLAIM_ROUNDS},
 * {@link MAX_TAKEOVERS}).
 */
async function claimOrReplay(db: Database, who: { scope: string; idUtente: number | null }, key: string,
  methodPath: string, fingerprint: string, hashKey: Buffer, opts: ClaimLoopOptions,
  log: FastifyRequest['log']): Promise<ClaimResult> {
  const deadline = Date.now() + opts.waitMs
  // waiting for another request stops at `deadline`; claiming and taking over may go on a little longer
  // (a claim that turned stale just before the deadline is still taken over), never past `hardStop`
  const hardStop = deadline + opts.waitMs
  const requestHash = keyedRequestHash(fingerprint, hashKey)
  let takeovers = 0
  let inFlight = false
  for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
    if (round > 0 && Date.now() >= hardStop) break
    inFlight = false
    const inserted = await db.insert(idempotencyRecord)
      .values({ key, scope: who.scope, idUtente: who.idUtente, methodPath, requestHash })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecord.id })
    const claimed = inserted[0]
    if (claimed) return { kind: 'claimed', recordId: claimed.id }

    const [row] = await db.select().from(idempotencyRecord)
      .where(and(eq(idempotencyRecord.scope, who.scope), eq(idempotencyRecord.key, key)))
    if (!row) continue // released in the meantime: claim again
    const age = Date.now() - row.createdAt.getTime()
    const expired = age > RECORD_TTL_MS
    if (expired || (row.statusCode === null && age > opts.staleMs)) {
      if (++takeovers > MAX_TAKEOVERS) {
        log.error({ key, recordId: row.id }, 'idempotency: the stale claim could not be taken over')
        throw new ApiError(503, 'G04')
      }
      // by the row's id, unique per claim and never reused: a claim made since (by a concurrent resend)
      // has another id and stays; an abandoned one must still be pending
      const gone = await db.delete(idempotencyRecord).where(expired
        ? eq(idempotencyRecord.id, row.id)
        : and(eq(idempotencyRecord.id, row.id), isNull(idempotencyRecord.statusCode)))
        .returning({ id: idempotencyRecord.id })
      if (gone.length > 0 && !expired) log.warn({ key, recordId: row.id, ageMs: age }, 'idempotency: abandoned claim taken over')
      continue
    }
    if (!storedHashMatches(row.requestHash, fingerprint, hashKey)) throw new ApiError(422, 'G05')
    if (row.statusCode !== null) return { kind: 'replay', status: row.statusCode, body: row.responseBody }
    inFlight = true
    const left = deadline - Date.now()
    if (left <= 0) break
    await sleep(Math.min(opts.pollMs, left))
  }
  if (inFlight) throw conflict('G06')
  log.error({ key }, 'idempotency: the claim did not settle within its bound')
  throw new ApiError(503, 'G04')
}

/**
 * Stores the answer of a claim (inside the caller's transaction when `executor` is one). The body is kept
 * as its serialised JSON text (a jsonb string), so a replay is byte-identical to the first answer
 * (a jsonb object would reorder its keys).
 */
async function storeAnswer(executor: Database | Transaction, claim: IdempotencyClaim, status: number, serialised: string): Promise<boolean> {
  const updated = await executor.update(idempotencyRecord)
    .set({ statusCode: status, responseBody: serialised, completedAt: new Date() })
    .where(and(eq(idempotencyRecord.id, claim.recordId), isNull(idempotencyRecord.statusCode)))
    .returning({ id: idempotencyRecord.id })
  return updated.length === 1
}

/**
 * Runs a write in one transaction and answers `status` with its result. When the request claimed an
 * idempotency key, the answer is stored in the same transaction (committed together with the effects).
 * When the claim is gone (taken over as stale while this request was still running), the transaction is
 * rolled back and the request answers 409 G06: the request that took the key over does the write.
 */
export async function runWrite<T>(db: Database, request: FastifyRequest, reply: FastifyReply, status: number,
  work: (tx: Transaction) => Promise<T>): Promise<T> {
  const claim = request.idempotencyClaim
  const result = await db.transaction(async (tx) => {
    const value = await work(tx)
    if (claim && !await storeAnswer(tx, claim, status, JSON.stringify(value) ?? 'null')) throw conflict('G06')
    return value
  })
  if (claim) {
    claim.stored = true
    request.log.debug({ recordId: claim.recordId }, 'idempotency: answer stored')
  }
  reply.code(status)
  return result
}

const plugin: FastifyPluginAsync<IdempotencyOptions> = async (app: FastifyInstance, options) => {
  const { db } = options
  const hashKey = requestHashKey(options.secret)
  const opts: ClaimLoopOptions = { waitMs: options.waitMs ?? 5000, staleMs: options.staleMs ?? 120_000, pollMs: options.pollMs ?? 40 }

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
    const result = await claimOrReplay(db, who, key.toLowerCase(), `${request.method} ${request.routeOptions.url ?? request.url}`,
      requestFingerprint(request), hashKey, opts, request.log)
    if (result.kind === 'claimed') {
      request.idempotencyClaim = { recordId: result.recordId, stored: false }
      request.log.debug({ key, recordId: result.recordId }, 'idempotency: key claimed')
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
      if (!await storeAnswer(db, claim, reply.statusCode, typeof payload === 'string' && payload !== '' ? payload : 'null')) {
        request.log.warn({ recordId: claim.recordId }, 'idempotency: the claim was taken over before its answer was stored')
      }
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

