/**
 * Input guard of the whole server (security issue 6, item 9 "5xx from bad input"): requests that no
 * handler can serve are refused with 400 G02 before any hook or handler runs, instead of failing deep
 * inside with a 500.
 * - JSON bodies (every route, the public anonymous survey endpoint included) are parsed by Fastify's own
 *   secure parser (`__proto__` / `constructor.prototype` keys refused) only after a linear scan of the
 *   text has checked their nesting depth against {@link MAX_JSON_DEPTH}: deeper bodies (a 5,000-deep
 *   object overflowed the stack of the idempotency hashing) never reach the hooks;
 * - strings holding a NUL character (`\u0000`: PostgreSQL refuses it in text and jsonb) or a lone UTF-16
 *   surrogate (not encodable; jsonb refuses its `\uD800` escape) are refused in JSON bodies (keys and
 *   values), plain-text bodies, the query string and path parameters;
 * - errors Fastify answers before routing (a malformed percent-encoding in the URL, an over-long path
 *   parameter) get the catalogue's `{errorCode, message}` too ({@link frameworkErrorHandler}).
 * The `/oidc` scope (the development identity provider reads its own bodies) removes every content-type
 * parser and is not affected by the parsers set here.
 */
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { badRequest, catalogueMessage } from './errors'

/** Deepest nesting of objects and arrays accepted in a JSON body (the contract needs 4). */
export const MAX_JSON_DEPTH = 64

/** The message of a body nested deeper than {@link MAX_JSON_DEPTH}. */
export const TOO_DEEP_MESSAGE = 'Il corpo della richiesta ha una struttura troppo annidata.'
/** The message of a string holding a NUL character or an invalid UTF-16 sequence. */
export const BAD_CHARACTER_MESSAGE = 'La richiesta contiene caratteri non ammessi (carattere nullo o codifica non valida).'

/** A UTF-16 surrogate that is not part of a pair (with the `u` flag a pair is one code point, not matched). */
const LONE_SURROGATE = /\p{Surrogate}/u

/** True when `text` holds a NUL character or a lone surrogate. */
export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text)
}

/**
 * True when the JSON text nests objects/arrays more than `max` levels (`{}` is one level). A linear scan
 * of the raw text, string literals skipped, that never recurses: safe on any input, even invalid JSON
 * (which the parser refuses afterwards).
 */
export function exceedsJsonDepth(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return false
}

/**
 * True when some string of a parsed value (object keys included) holds a forbidden character
 * ({@link hasForbiddenCharacter}). Walks the value iteratively, so no input can overflow the stack.
 */
export function containsForbiddenCharacter(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) return true
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element)
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        if (hasForbiddenCharacter(key)) return true
        pending.push((item as Record<string, unknown>)[key])
      }
    }
  }
  return false
}

type ParserDone = (err: Error | null, body?: unknown) => void

/**
 * Answers the errors Fastify raises before a route is found (`frameworkErrors` option of the instance):
 * a malformed URL (400) or an over-long path parameter (414), with `{errorCode: 'G02', message}`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  void reply.code(status).send({ errorCode: 'G02', message: catalogueMessage('G02') ?? 'Richiesta non valida.' })
}

const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error')

  // replaces Fastify's default application/json parser (allowed without removing it first)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: ParserDone) => {
    const text = body as string
    if (exceedsJsonDepth(text)) return done(badRequest('G02', TOO_DEEP_MESSAGE))
    parseJson(request, text, (err, parsed) => {
      if (err) return done(err)
      if (containsForbiddenCharacter(parsed)) return done(badRequest('G02', BAD_CHARACTER_MESSAGE))
      done(null, parsed)
    })
  })

  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done: ParserDone) => {
    if (hasForbiddenCharacter(body as string)) return done(badRequest('G02', BAD_CHARACTER_MESSAGE))
    done(null, body)
  })

  app.addHook('onRequest', async (request) => {
    if (containsForbiddenCharacter(request.query) || containsForbiddenCharacter(request.params)) {
      throw badRequest('G02', BAD_CHARACTER_MESSAGE)
    }
  })
}
// parsers and hooks apply to the whole app (what fastify-plugin does, without the dependency)
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

/** Fastify plugin: register once at the root, before every other plugin and route. */
export const inputGuard = plugin
