/**
 * Request rate limits (`@fastify/rate-limit`, in memory on PGlite, in PostgreSQL — shared by every process,
 * server/rate-limit-store.ts — when `db` is given; per client IP — `request.ip`, i.e. the
 * forwarded client address when `TRUST_PROXY=true`). Only the routes anyone can call without an
 * account are limited:
 *
 * | what | limit | route config |
 * |---|---|---|
 * | the citizen's anonymous survey, read and submit | {@link PUBLIC_SURVEY_LIMIT} per route | `rateLimit: PUBLIC_SURVEY_LIMIT` |
 * | wrong survey links (404 answers of those routes) | {@link FAILED_LINK_LIMIT}, then 429 for the rest of the window | `failedLinkLimit: true` |
 * | the development provider's login form | {@link DEV_LOGIN_LIMIT} | `rateLimit: DEV_LOGIN_LIMIT` |
 *
 * Sizing: a facilitation point puts 30 phones behind one NAT address; each opens its link (1–3 reads:
 * opening, a reload, a reconnection) and submits once, maybe twice — about 100 reads and 60 submissions
 * in the worst minute, well under 300 each. Wrong links happen only to a mistyped or replaced link
 * (a few per phone at most), while guessing a 256-bit token needs billions: 100 failures per 10 minutes
 * let every honest phone through and stop a guesser after 100 tries. A limited request answers 429
 * `{errorCode: 'G07', message}` with `Retry-After` (seconds); the outbox retries 429 by itself.
 */
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { ApiError } from './errors'
import type { Database } from './db/types'
import { postgresRateLimitStore } from './rate-limit-store'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** count this route's 404 answers as wrong links of the caller's IP (see {@link FAILED_LINK_LIMIT}) */
    failedLinkLimit?: boolean
  }
}

const MINUTE = 60_000

/** Anonymous survey routes: requests per IP per minute, per route. */
export const PUBLIC_SURVEY_LIMIT = { max: 300, timeWindow: MINUTE } satisfies RateLimitOptions
/** Wrong survey links (404) per IP before further requests are refused until the window ends. */
export const FAILED_LINK_LIMIT = { max: 100, timeWindow: 10 * MINUTE }
/** Development login form submissions per IP per minute. */
export const DEV_LOGIN_LIMIT = { max: 120, timeWindow: MINUTE } satisfies RateLimitOptions

/** The error a limited request answers: 429 `G07` (the handler keeps the `Retry-After` header set before it). */
export const tooManyRequests = () => new ApiError(429, 'G07')

/**
 * Registers the limiter (no global limit: routes opt in with `config.rateLimit` and
 * `config.failedLinkLimit`). Call on the root instance before the routes. `shared.db` (PostgreSQL): the
 * counters live in the database, so several processes count together.
 */
export async function registerRateLimits(app: FastifyInstance, shared: { db?: Database } = {}): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(shared.db ? { store: postgresRateLimitStore(shared.db) } : {}),
    errorResponseBuilder: () => tooManyRequests(),
  })

  const failures = app.createRateLimit(FAILED_LINK_LIMIT)
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.failedLinkLimit) return
    const state = await failures(request, { increment: false })
    if (!state.isAllowed && state.remaining === 0) {
      reply.header('retry-after', state.ttlInSeconds)
      throw tooManyRequests()
    }
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.failedLinkLimit && reply.statusCode === 404) await failures(request)
  })
}
