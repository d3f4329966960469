// @vitest-environment node
/**
 * Issue 24 point 25: on the embedded database (one connection, statements never overlap) the report's views are
 * refreshed in one pass (no CONCURRENTLY, which costs a second pass and made the first requests after a start
 * wait 16–20 s at 1/100 scale); PostgreSQL keeps CONCURRENTLY under its advisory lock. No timing: the
 * statements the refresher sends are recorded, and the views answer the same figures either way.
 */
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/types'
import { createDatiRefresher, refreshDati } from '../../../server/domain/dati/refresh'
import { rowsOf } from '../../../server/domain/liste/engine'
import { createTestServer, type TestServer } from '../helpers'
import { actor, createService, CF, named } from '../field/fixtures'

const dialect = new PgDialect()

/** `db` with every `execute`d statement's text recorded in `seen`. */
function recording(db: Database, seen: string[]): Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (query: SQL) => {
          seen.push(dialect.sqlToQuery(query).sql)
          return target.execute(query)
        }
      }
      if (prop === 'transaction') {
        return (fn: (tx: Database) => Promise<unknown>) => target.transaction((tx) => fn(recording(tx as unknown as Database, seen)))
      }
      return Reflect.get(target, prop, receiver) as unknown
    },
  })
}

const log = { warn: () => undefined, info: () => undefined }
const refreshes = (seen: string[]) => seen.filter((s) => /refresh materialized view/i.test(s))

describe('report views refresh', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
    const sara = await actor(server, CF.SARA, 'FAC')
    await createService(server, sara, { nomeServizio: named('Refresh') })
  })
  afterAll(() => server?.close())

  const figures = async () => rowsOf(server.database.db, sql`select id_progetto, mese, dimensione, valore, n from dati_progetto_mv order by 1, 2, 3, 4`)

  it('refreshes without CONCURRENTLY when not shared (embedded), with it when shared (PostgreSQL processes)', async () => {
    const seen: string[] = []
    await createDatiRefresher({ db: recording(server.database.db, seen), log }).now()
    expect(refreshes(seen)).toEqual([
      'refresh materialized view dati_progetto_mv', 'refresh materialized view dati_programma_mv', 'refresh materialized view dati_policy_mv',
    ])
    const plain = await figures()
    expect(plain.length).toBeGreaterThan(0)

    const shared: string[] = []
    await createDatiRefresher({ db: recording(server.database.db, shared), log, shared: true }).now()
    expect(refreshes(shared).every((s) => /concurrently/i.test(s))).toBe(true)
    expect(refreshes(shared)).toHaveLength(3)
    expect(await figures()).toEqual(plain)
    // the default of refreshDati (bench, tests) stays CONCURRENTLY
    const direct: string[] = []
    await refreshDati(recording(server.database.db, direct))
    expect(refreshes(direct).every((s) => /concurrently/i.test(s))).toBe(true)
  })
})
