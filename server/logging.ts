/**
 * What the server's log lines may not carry (Fastify's pino logger): survey-link tokens, ID tokens,
 * authorization codes, fiscal codes, and the parameters of a failed query (names, survey answers).
 *
 * - {@link redactSensitive} replaces, in any text, the value of secret query parameters (`t`, `token`,
 *   `code`, `id_token_hint`…), the token segment of the citizen's page `/…/online/{token}`, anything
 *   shaped like a JWT and anything shaped like a fiscal code (16 characters, omocodic codes included,
 *   any case) with `[redatto]`;
 * - {@link loggerOptions} wires it: the request serializer redacts the URL (every query value that is not
 *   a number: {@link redactUrl}), the error serializer drops
 *   the `params` of a failed query (drizzle's `DrizzleQueryError`, from its message and stack too), and
 *   in a database error (its cause) the quoted text of the message (`invalid input syntax for type
 *   integer: "Mario Rossi"`) and the `detail`, `where` and `internalQuery` (they quote the row); every
 *   line written goes through {@link redactSensitive} before it reaches the output, whatever logged it.
 */
import type { FastifyRequest } from 'fastify'
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino'
import type { LogLevel } from './config'

export const REDACTED = '[redatto]'

/** Query parameters whose value is a secret. */
const SECRET_PARAMS = ['t', 'token', 'code', 'code_verifier', 'id_token_hint', 'id_token', 'access_token', 'refresh_token', 'login_hint', 'client_secret']
/** `?t=…` / `&code=…` (the value stops at `&`, `#`, a quote, a backslash or a space: URLs inside JSON lines). */
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'\\\\]+`, 'gi')
/** The citizen's survey page `/servizi/questionario/{id}/online/{token}`. */
const ONLINE_TOKEN = /(\/online\/)[^/?#\s"'\\]+/g
/** A compact JWS: base64url header starting `{"` (`eyJ`), payload, signature. */
const JWT = /eyJ[\w-]{5,}\.[\w-]+\.[\w-]*/g
/**
 * An Italian fiscal code, omocodic letters (LMNPQRSTUV for digits) included, in either case, not inside
 * a longer alphanumeric run — except after a JSON escape (`\n`, `\t`…), which ends with a letter.
 */
const FISCAL_CODE = /(?:(?<=\\[nrtbf])|(?<![A-Z0-9]))[A-Z]{6}[0-9LMNP-V]{2}[A-EHLMPR-T][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z](?![A-Z0-9])/gi

/** `text` with tokens and fiscal codes replaced by `[redatto]`. */
export function redactSensitive(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(ONLINE_TOKEN, `$1${REDACTED}`)
    .replace(FISCAL_CODE, REDACTED)
}

/** Drizzle's failed-query message: `Failed query: <sql>\nparams: <values>`; the values go. */
function withoutParamsText(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`)
}

/** A database error's text with its quoted values redacted (the stack's frames, after the message, kept). */
function withoutQuotedText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const frames = text.search(/\n\s+at /)
  const head = frames < 0 ? text : text.slice(0, frames)
  return head.replace(/"[^"]*"/g, `"${REDACTED}"`) + (frames < 0 ? '' : text.slice(frames))
}

/** PostgreSQL's (node-postgres' or PGlite's) error: an SQLSTATE `code` and a `severity`. */
function isDatabaseError(err: Error): boolean {
  const e = err as Error & { code?: unknown; severity?: unknown }
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && e.severity !== undefined
}

const DATABASE_ROW_FIELDS = ['detail', 'where', 'internalQuery'] as const

/**
 * A copy of `err` (same prototype, so the same `type` in the log) without query parameters nor the
 * values a database error quotes, down its `cause` chain (the cause of a failed query is treated as a
 * database error); `err` itself is left untouched.
 */
export function withoutQueryParams(err: unknown, depth = 0, causeOfQuery = false): unknown {
  if (!(err instanceof Error) || depth > 5) return err
  const copy = Object.create(Object.getPrototypeOf(err) as object) as Error & Record<string, unknown>
  for (const key of Reflect.ownKeys(err)) {
    const descriptor = Object.getOwnPropertyDescriptor(err, key)
    if (descriptor) Object.defineProperty(copy, key, descriptor)
  }
  const failedQuery = 'params' in err
  const databaseError = causeOfQuery || isDatabaseError(err)
  const clean = (text: string | undefined) => databaseError ? withoutQuotedText(withoutParamsText(text)) : withoutParamsText(text)
  copy.message = clean(err.message) ?? ''
  if (err.stack !== undefined) copy.stack = clean(err.stack)
  if (failedQuery) copy.params = REDACTED
  if (databaseError) {
    for (const field of DATABASE_ROW_FIELDS) if (typeof copy[field] === 'string') copy[field] = REDACTED
  }
  if (err.cause !== undefined) copy.cause = withoutQueryParams(err.cause, depth + 1, failedQuery)
  return copy
}

interface RawRequestLike {
  method?: string
  url?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** A query value kept in the log: a number (page, size, id); any other value may be personal data (a name searched). */
const HARMLESS_QUERY_VALUE = /^\d{1,20}$/

/**
 * `url` with the value of every query parameter that is not a plain number replaced by `[redatto]`
 * (names, searched text, tokens), the parameter names kept; the path then goes through {@link redactSensitive}.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return redactSensitive(url)
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    if (eq < 0) return pair
    const value = pair.slice(eq + 1)
    return value === '' || HARMLESS_QUERY_VALUE.test(value) ? pair : `${pair.slice(0, eq)}=${REDACTED}`
  })
  return redactSensitive(`${url.slice(0, q)}?${query.join('&')}`)
}

/** Fastify's request serializer, with the URL redacted ({@link redactUrl}). */
function requestSerializer(request: FastifyRequest | RawRequestLike) {
  const r = request as RawRequestLike
  return {
    method: r.method,
    url: r.url === undefined ? undefined : redactUrl(r.url),
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  }
}

/** A destination that redacts each line before handing it to `target` (default: standard output). */
export function redactingDestination(target: { write(line: string): unknown } = process.stdout): DestinationStream {
  return { write: (line: string) => { target.write(redactSensitive(line)) } }
}

/** Fastify `logger` options: level, the serializers above, the redacting destination. */
export function loggerOptions(level: LogLevel, target?: { write(line: string): unknown }): LoggerOptions & { stream: DestinationStream } {
  return {
    level,
    serializers: {
      req: requestSerializer,
      err: (err: Error) => stdSerializers.err(withoutQueryParams(err) as Error),
    },
    stream: redactingDestination(target),
  }
}
