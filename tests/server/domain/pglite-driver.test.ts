// @vitest-environment node
/**
 * The PGlite client handed to drizzle (server/db/index.ts) has drizzle's per-query parsers installed once
 * and dropped per query: dates, times and intervals must still reach drizzle as text — outside and inside
 * a transaction — so `date` columns read as 'YYYY-MM-DD' and `timestamptz` columns as Date. Its
 * `principalGeneration` (the principal cache's generation without a query) changes when a transaction
 * writing a principal table has committed — before the committing call returns — and not otherwise.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../../server/db/index'
import { readPrincipalGeneration } from '../../../server/auth/principal-cache'
import { progetto, ruolo, servizio } from '../../../server/db/schema'

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite client for drizzle', () => {
  let handle: DatabaseHandle

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' })
  })
  afterAll(() => handle?.close())

  const raw = sql`select '2025-03-10'::date as d, '2025-03-10 08:30:00+00'::timestamptz as t, '1 day 02:00'::interval as i,
    array['2025-03-10 08:30:00'::timestamp] as ta, 42::int4 as n, '{"a":1}'::jsonb as j`

  it('returns dates, times and intervals as text, other types parsed, outside a transaction', async () => {
    const { rows } = await handle.db.execute(raw) as unknown as { rows: Record<string, unknown>[] }
    expect(rows[0]).toMatchObject({ d: '2025-03-10', i: '1 day 02:00:00', n: 42, j: { a: 1 } })
    expect(typeof rows[0]?.t).toBe('string')
    expect(rows[0]?.ta).toBe('{"2025-03-10 08:30:00"}')
  })

  it('does the same inside a transaction, and drizzle maps the columns', async () => {
    await handle.db.transaction(async (tx) => {
      const { rows } = await tx.execute(raw) as unknown as { rows: Record<string, unknown>[] }
      expect(rows[0]).toMatchObject({ d: '2025-03-10', i: '1 day 02:00:00', n: 42 })
      const [row] = await tx.select({ d: sql<string>`'2025-03-10'::date`, created: progetto.dataOraCreazione }).from(progetto).where(eq(progetto.id, -1))
      expect(row).toBeUndefined()
      const [now] = await tx.select({ d: sql<string>`current_date`.mapWith(String), t: sql<Date>`now()`.mapWith(progetto.dataOraCreazione) })
        .from(sql`(select 1) as one`)
      expect(now?.d).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(now?.t).toBeInstanceOf(Date)
    })
  })

  it('announces every committed write to a principal table, once per transaction, and nothing else', async () => {
    const gen = handle.principalGeneration!
    const db = handle.db
    const g0 = await gen()
    const t0 = await readPrincipalGeneration(db)
    await db.insert(ruolo).values({ codice: 'PD_TEST', nome: 'Ruolo di prova' })
    const g1 = await gen()
    expect(g1).not.toBe(g0)
    expect(await readPrincipalGeneration(db)).not.toBe(t0)
    await db.transaction(async (tx) => {
      await tx.update(ruolo).set({ nome: 'Ruolo di prova 2' }).where(eq(ruolo.codice, 'PD_TEST'))
      expect(await gen()).toBe(g1) // not committed yet
      await tx.delete(ruolo).where(eq(ruolo.codice, 'PD_TEST'))
    })
    const g2 = await gen()
    expect(g2).not.toBe(g1)
    await db.transaction(async (tx) => {
      await tx.insert(ruolo).values({ codice: 'PD_TEST_2', nome: 'Annullato' })
      tx.rollback()
    }).catch(() => undefined)
    await db.delete(servizio).where(eq(servizio.id, -1))
    expect(await gen()).toBe(g2)
    // one more write: the counter keeps following the table
    const t2 = await readPrincipalGeneration(db)
    await db.insert(ruolo).values({ codice: 'PD_TEST_3', nome: 'Ancora' })
    expect(await gen()).not.toBe(g2)
    expect(Number(await readPrincipalGeneration(db))).toBe(Number(t2) + 1)
  })
})
