// @vitest-environment node
/**
 * Issue 28 part 1: the access register's writer — one multi-row INSERT per batch (by size, by interval), the rows
 * waiting written at shutdown (the server's close), a failed INSERT counted and logged without failing anything, a
 * bounded buffer (drop + count), the lost rows as a Prometheus counter, `REGISTRO_ACCESSI=off`, the truncated address.
 */
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Executor } from '../../../server/db/types'
import { createScrittoreRegistro, rigaDa, troncaIndirizzo, type RigaRegistro } from '../../../server/domain/registro/index'
import { rowsOf } from '../../../server/domain/liste/engine'
import { createMetrics } from '../../../server/metrics/registry'
import { createTestServer, openTestDatabase } from '../helpers'
import { actor, call, CF } from '../field/fixtures'

const riga = (i = 0): RigaRegistro => rigaDa(null, { entita: 'cittadino', idEntita: i, azione: 'lettura', esito: 'ok' })

/** A fake executor: each INSERT's row count, or a failure. */
function fakeDb(fail = false) {
  const inserts: number[] = []
  const db = { insert: () => ({ values: async (rows: unknown[]) => { if (fail) throw Object.assign(new Error('down'), { code: '08006' }); inserts.push(rows.length) } }) }
  return { db: db as unknown as Executor, inserts }
}

afterEach(() => { vi.useRealTimers() })

describe('access register writer', () => {
  it('writes one INSERT per batch: when the batch is full, and after the interval', async () => {
    vi.useFakeTimers()
    const { db, inserts } = fakeDb()
    const w = createScrittoreRegistro({ db, lotto: 3, intervalloMs: 100 })
    for (let i = 0; i < 7; i++) w.aggiungi(riga(i))
    await vi.advanceTimersByTimeAsync(0)
    expect(inserts).toEqual([3, 3])
    await vi.advanceTimersByTimeAsync(99)
    expect(inserts).toEqual([3, 3])
    await vi.advanceTimersByTimeAsync(1)
    expect(inserts).toEqual([3, 3, 1])
    expect(w.scritte()).toBe(7)
    expect(w.inAttesa()).toBe(0)
  })

  it('flushes what waits at close, and writes later rows at once', async () => {
    const { db, inserts } = fakeDb()
    const w = createScrittoreRegistro({ db, lotto: 100, intervalloMs: 60_000 })
    w.aggiungi(riga(1)); w.aggiungi(riga(2))
    await w.close()
    expect(inserts).toEqual([2])
    w.aggiungi(riga(3))
    await w.flush()
    expect(inserts).toEqual([2, 1])
  })

  it('counts and logs a failed batch without throwing; drops and counts beyond the cap', async () => {
    const { db } = fakeDb(true)
    const log = { error: vi.fn(), warn: vi.fn() }
    const w = createScrittoreRegistro({ db, log, lotto: 2, intervalloMs: 10, massimo: 5 })
    for (let i = 0; i < 8; i++) w.aggiungi(riga(i))
    await w.flush()
    expect(w.persi()).toEqual({ errore: 5, pieno: 3 })
    expect(log.error).toHaveBeenCalled()
    expect(JSON.stringify(log.error.mock.calls)).not.toMatch(/cittadino/)
    expect(log.warn).toHaveBeenCalledTimes(1)
    // the metric reads the writer at scrape time
    const metrics = createMetrics({ queueDepth: async () => [], poolConnections: () => ({ total: 1 }), registroPersi: () => w.persi() })
    const text = await metrics.registry.metrics()
    expect(text).toContain('registro_accessi_persi_total{motivo="errore"} 5')
    expect(text).toContain('registro_accessi_persi_total{motivo="pieno"} 3')
  })

  it('keeps the client address truncated: IPv4 /24, IPv6 /48, mapped IPv4', () => {
    expect(troncaIndirizzo('203.0.113.77')).toBe('203.0.113.0')
    expect(troncaIndirizzo('::ffff:198.51.100.9')).toBe('198.51.100.0')
    expect(troncaIndirizzo('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48')
    expect(troncaIndirizzo('2001:db8::1')).toBe('2001:db8:0::/48')
    expect(troncaIndirizzo('::1')).toBe('0:0:0::/48')
    expect(troncaIndirizzo('nonsense')).toBeNull()
    expect(troncaIndirizzo(undefined)).toBeNull()
  })
})

describe('access register in the server', () => {
  it('writes the rows still waiting when the server closes (graceful shutdown), and none with REGISTRO_ACCESSI=off', async () => {
    const database = await openTestDatabase()
    try {
      const count = async () => Number((await rowsOf(database.db, sql`select count(*)::int as n from registro_accessi where azione = 'accesso'`))[0]!.n)
      const before = await count()
      const server = await createTestServer({ database })
      const dtd = await actor(server, CF.DTD, 'DTD')
      expect((await call(server, null, 'POST', '/api/contesto', { headers: { authToken: dtd.token } })).statusCode).toBe(200)
      expect(server.app.registro!.inAttesa()).toBe(1)
      await server.close()
      expect(await count()).toBe(before + 1)

      const off = await createTestServer({ database, env: { REGISTRO_ACCESSI: 'off' } })
      expect(off.app.registro).toBeUndefined()
      const dtdOff = await actor(off, CF.DTD, 'DTD')
      expect((await call(off, null, 'POST', '/api/contesto', { headers: { authToken: dtdOff.token } })).statusCode).toBe(200)
      expect((await call(off, null, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=10', body: {} })).statusCode).toBe(401)
      await off.close()
      expect(await count()).toBe(before + 1)
    } finally {
      await database.close()
    }
  })

  it('answers the request when the register cannot be written, and counts the lost rows', async () => {
    const server = await createTestServer({ env: { METRICS_TOKEN: 'registro-metrics-token-0123456789abcdef' } })
    try {
      const dtd = await actor(server, CF.DTD, 'DTD')
      // the table gone from under the writer: its INSERT fails
      await server.database.db.execute(sql`alter table registro_accessi rename to registro_accessi_via`)
      const res = await call(server, null, 'POST', '/api/contesto', { headers: { authToken: dtd.token } })
      expect(res.statusCode).toBe(200)
      await server.app.registro!.flush()
      expect(server.app.registro!.persi().errore).toBe(1)
      const metrics = await server.app.inject({ url: '/metrics', headers: { authorization: 'Bearer registro-metrics-token-0123456789abcdef' } })
      expect(metrics.body).toContain('registro_accessi_persi_total{motivo="errore"} 1')
      await server.database.db.execute(sql`alter table registro_accessi_via rename to registro_accessi`)
    } finally {
      await server.close()
    }
  })
})
