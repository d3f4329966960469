/** Recognises database errors across drivers (PGlite, node-postgres) and Drizzle's query wrapper. */

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

/** Parses a positive integer path parameter; NaN when it is not one (callers answer 404). */
export function parseIdParam(value: unknown): number {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : Number.NaN
}
