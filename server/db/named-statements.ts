/**
 * Server-side prepared statements for the write path on PostgreSQL (issue 14 point 4, throughput).
 *
 * drizzle sends every query as an unnamed statement, which PostgreSQL parses and plans again on each
 * execution. For INSERT, UPDATE and DELETE statements — the write path of every field request: idempotency
 * records, services, citizens, surveys — the same few texts run thousands of times a minute, so
 * {@link nameWriteStatements} gives each distinct text a stable name (`pd_w<n>`), and node-postgres then
 * prepares it once per connection (it remembers the names a connection has parsed) and afterwards only binds
 * and executes it. SELECTs stay unnamed: PostgreSQL may switch a named statement to a generic plan, which could
 * suit a list filtered by rare values worse than a plan made for the values at hand.
 *
 * Bounds: at most {@link MAX_NAMED} distinct texts are named (a text built with a variable number of values,
 * e.g. a multi-row insert, takes a name only while there is room; later ones run unnamed as before), and texts
 * longer than {@link MAX_TEXT} characters are never named.
 */
import type pg from 'pg'

/** Distinct statement texts given a name, per process. */
export const MAX_NAMED = 500
/** Longest text named (characters). */
export const MAX_TEXT = 8000

const WRITE = /^\s*(insert|update|delete)\s/i
const names = new Map<string, string>()

/** The name of a write statement's text, or undefined (not a write, too long, or no room left). */
export function statementName(text: string): string | undefined {
  if (text.length > MAX_TEXT || !WRITE.test(text)) return undefined
  let name = names.get(text)
  if (name === undefined && names.size < MAX_NAMED) {
    name = `pd_w${names.size}`
    names.set(text, name)
  }
  return name
}

type QueryConfigLike = { text?: unknown; name?: unknown }

/** Pool `connect` listener: wraps the client's `query` so that write statements go out named. */
export function nameWriteStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !(config as QueryConfigLike).name && typeof (config as QueryConfigLike).text === 'string') {
      const name = statementName((config as { text: string }).text)
      if (name) return query({ ...(config as object), name }, ...rest)
    }
    return query(config, ...rest)
  }
}
