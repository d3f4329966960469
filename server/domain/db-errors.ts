/**
 * Recognises database errors across drivers (PGlite, node-postgres) and Drizzle's query wrapper, and parses
 * the ids of path parameters before they reach a query.
 */
import { INT32_MAX } from '../../src/api/contract/common'
import { badRequest } from '../errors'

/** The SQLSTATE of `err` or of one of its causes (Drizzle wraps driver errors), if any. */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** True when `err` (or one of its causes) is a PostgreSQL unique violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** True for a canonical UUID string (any version); guards uuid columns against invalid input (22P02). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/**
 * SQLSTATEs that only a caller's input can cause (the safety net of security issue 6 item 9: input is
 * validated first, but a value that slips through answers 400 G02, never 500):
 * 22001 string too long for its column, 22003 numeric value out of range (an id beyond the column's type),
 * 22007/22008 invalid or out-of-range date/time, 22021 invalid byte sequence (NUL), 22P02 invalid text
 * representation (a float for an integer, bad JSON escapes), 22P05 untranslatable character (`\u0000` in
 * jsonb), 54001 statement too complex (stack depth limit exceeded).
 */
export const BAD_INPUT_SQLSTATES: ReadonlySet<string> = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '54001'])

/** True when `err` is a database error caused by the values a caller sent ({@link BAD_INPUT_SQLSTATES}). */
export function isBadInputDbError(err: unknown): boolean {
  const state = sqlState(err)
  return state !== undefined && BAD_INPUT_SQLSTATES.has(state)
}

/** Network errors of a connection to the database that could not be opened or was lost. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])
/**
 * SQLSTATEs of a database that is away rather than of a statement: class 08 (connection exception), 57P01/57P02
 * (backend terminated by an administrator or a crash: a failover), 57P03 (starting up, in recovery), 53300 (too
 * many connections).
 */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300'])
/** node-postgres and pg-pool messages of a connection that timed out, was terminated, or was refused at start-up. */
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|is not currently accepting connections/i

/**
 * True when `err` (or one of its causes) says the database cannot be reached now — refused, timed out, lost, shutting
 * down, full — rather than that a statement failed: the request may be sent again (503 G04).
 */
export function isDatabaseUnavailableError(err: unknown): boolean {
  let current: unknown = err
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Largest citizen id (a `bigint` column holding random ids that JavaScript numbers represent exactly). */
export const ID_CITTADINO_MAX = Number.MAX_SAFE_INTEGER

/**
 * Parses an id path parameter: a positive integer in decimal digits, at most `max` (the column's range:
 * {@link INT32_MAX} for `integer` columns, the default; {@link ID_CITTADINO_MAX} for `bigint` ones).
 * Anything else (negative, zero, float, exponent, hex, beyond the range, not a number) throws 400 G02.
 */
export function parseIdParam(value: unknown, max: number = INT32_MAX): number {
  const id = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(id) || id > max) throw badRequest('G02', 'L\'identificativo indicato nel percorso non è valido.')
  return id
}
