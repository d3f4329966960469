// @vitest-environment node
/**
 * PostgreSQL leg only (`DATABASE_URL` set): an idle pooled connection terminated by the database server
 * (restart, administrator command) must not crash the process — the pool drops it and the next request
 * opens a new one (server/db/index.ts, pool 'error' listener).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiCall, createTestServer, type TestServer } from '../helpers'

const url = process.env.DATABASE_URL

describe.skipIf(!url)('PostgreSQL pool resilience', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('keeps answering after the server terminates its idle connections', async () => {
    const before = await server.app.inject({ url: '/api/health/ready' })
    expect(before.statusCode).toBe(200)
    const dbName = (await server.database.db.execute('select current_database() as name') as unknown as { rows: { name: string }[] }).rows[0]?.name
    expect(dbName).toMatch(/^pd_test_/)

    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    let terminated: number
    try {
      const res = await admin.query('select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])
      terminated = res.rowCount ?? 0
    } finally {
      await admin.end()
    }
    expect(terminated).toBeGreaterThan(0)
    // give the pool a moment to receive the termination notices (uncaught, they would fail the run)
    await new Promise((resolve) => setTimeout(resolve, 200))

    // a request that reads the database gets a fresh connection
    const token = await server.signIdToken('RSSLSN77R19G478N')
    const after = await apiCall(server.app, { url: '/api/contesto', token, body: {} })
    expect(after.statusCode, after.body).toBe(200)
  })
})
