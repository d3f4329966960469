// @vitest-environment node
/**
 * Readiness (server/readiness.ts, server/routes/health.ts, server/startup.ts; issue 14 point 3): the
 * database check (cached, single-flight, bounded by a timeout, recovering), the startup responder that
 * holds the port while migrations run, `/api/health/ready` 503 'database-unreachable' while the database
 * is away (PGlite: its handle closed; PostgreSQL: connections refused, then allowed again → 200), and a
 * real server process on an empty database answering 503 'migrating' before 200 — its migration held on a
 * latch the test releases, so that no probe races the migration (issue 24 point 10).
 */
import { createServer } from 'node:net'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverEnv, startServer } from '../../../bench/server-process'
import { databaseCheck, firstFailure } from '../../../server/readiness'
import { MIGRATION_LATCH_ENV, startStartupResponder } from '../../../server/startup'
import { adminQuery, databaseUrl } from '../test-database'
import { createTestServer, openTestDatabase, TEST_HOST, tempDir, type TestServer } from '../helpers'

const url = process.env.DATABASE_URL
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A TCP port free right now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

describe('databaseCheck', () => {
  it('passes while the ping succeeds, fails while it fails, recovers once it succeeds again', async () => {
    let clock = 0
    let up = true
    let pings = 0
    const check = databaseCheck(async () => { pings++; if (!up) throw new Error('connection refused') }, { cacheMs: 1000, now: () => clock })
    expect(await check()).toBeUndefined()
    up = false
    // cached for a second: no new ping, still passing
    clock = 999
    expect(await check()).toBeUndefined()
    expect(pings).toBe(1)
    clock = 1000
    expect(await check()).toBe('database-unreachable')
    expect(pings).toBe(2)
    up = true
    clock = 1500
    expect(await check()).toBe('database-unreachable')
    clock = 2000
    expect(await check()).toBeUndefined()
    expect(pings).toBe(3)
  })

  it('counts a ping slower than the timeout as unreachable', async () => {
    const check = databaseCheck(() => new Promise(() => undefined), { timeoutMs: 20 })
    expect(await check()).toBe('database-unreachable')
  })

  it('shares one ping between concurrent probes', async () => {
    let pings = 0
    let release!: () => void
    const check = databaseCheck(() => { pings++; return new Promise<void>((resolve) => { release = resolve }) })
    const probes = Promise.all([check(), check(), check()])
    await sleep(5)
    release()
    expect(await probes).toEqual([undefined, undefined, undefined])
    expect(pings).toBe(1)
  })

  it('firstFailure answers the first failing check, in order', async () => {
    expect(await firstFailure([() => undefined, async () => undefined])).toBeUndefined()
    expect(await firstFailure([() => undefined, () => 'starting', async () => 'database-unreachable'])).toBe('starting')
  })
})

describe('startup responder', () => {
  it('answers live 200, ready 503 with its status, anything else 503 G04; close frees the port', async () => {
    const responder = await startStartupResponder({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${responder.port}`
    try {
      const live = await fetch(`${origin}/api/health/live`)
      expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }])
      const ready = await fetch(`${origin}/api/health/ready`)
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'migrating' }])
      responder.setStatus('starting')
      expect(await (await fetch(`${origin}/api/health/ready?x=1`)).json()).toEqual({ status: 'starting' })
      const other = await fetch(`${origin}/api/contesto`, { method: 'POST' })
      expect(other.status).toBe(503)
      expect(other.headers.get('retry-after')).toBe('5')
      expect(await other.json()).toMatchObject({ errorCode: 'G04' })
    } finally {
      await responder.close()
    }
    // the port is free again for the real server
    const again = await startStartupResponder({ port: responder.port, host: '127.0.0.1' })
    await again.close()
  })
})

describe('/api/health/ready and the database', () => {
  it.skipIf(Boolean(url))('PGlite: 503 database-unreachable once the database handle is closed', async () => {
    const database = await openTestDatabase()
    const server = await createTestServer({ database })
    try {
      const ok = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      expect([ok.statusCode, ok.json()]).toEqual([200, { status: 'ok' }])
      await database.close()
      let res = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      // the last result is reused for at most a second
      for (let i = 0; i < 40 && res.statusCode === 200; i++) {
        await sleep(50)
        res = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      }
      expect([res.statusCode, res.json()]).toEqual([503, { status: 'database-unreachable' }])
      expect((await server.app.inject({ url: '/api/health/live', headers: { host: TEST_HOST } })).statusCode).toBe(200)
    } finally {
      await server.close().catch(() => undefined)
    }
  })

  describe.skipIf(!url)('PostgreSQL', () => {
    let server: TestServer
    let dbName: string
    beforeAll(async () => {
      server = await createTestServer()
      dbName = (await server.database.db.execute('select current_database() as name') as unknown as { rows: { name: string }[] }).rows[0]!.name
    })
    afterAll(async () => {
      await adminQuery(url!, `ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined)
      await server?.close()
    })

    const readyUntil = async (status: number) => {
      let res = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      for (let i = 0; i < 60 && res.statusCode !== status; i++) {
        await sleep(50)
        res = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      }
      return res
    }

    it('503 database-unreachable while connections are refused, 200 again once they are allowed', async () => {
      expect((await readyUntil(200)).statusCode).toBe(200)
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`)
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])
      } finally {
        await admin.end()
      }
      const away = await readyUntil(503)
      expect([away.statusCode, away.json()]).toEqual([503, { status: 'database-unreachable' }])
      await adminQuery(url!, `ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`)
      const back = await readyUntil(200)
      expect([back.statusCode, back.json()]).toEqual([200, { status: 'ok' }])
    })
  })
})

describe('a server process starting on an empty database', () => {
  let dataDir: string
  let emptyDb: string | undefined
  beforeAll(async () => {
    dataDir = tempDir('startup')
    if (url) {
      emptyDb = `pd_test_startup_${process.pid}_${Date.now()}`
      await adminQuery(url, `CREATE DATABASE ${emptyDb}`)
    }
  })
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (url && emptyDb) await adminQuery(url, `DROP DATABASE IF EXISTS ${emptyDb} WITH (FORCE)`)
  })

  it('answers 503 migrating (live 200) while it migrates, then 200', { timeout: 180_000 }, async () => {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    // the migration waits while this file exists (server/startup.ts MIGRATION_LATCH_ENV): the state the
    // probes see is held by the test, not raced against the probe (issue 24 point 10)
    const latch = join(dataDir, 'migration-latch')
    writeFileSync(latch, '')
    const env = serverEnv(port, {
      DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-build'), [MIGRATION_LATCH_ENV]: latch,
      ...(url && emptyDb ? { DATABASE_URL: databaseUrl(url, emptyDb) } : {}),
    })
    const server = startServer(env)
    const seen: string[] = []
    try {
      // until the port answers (the responder binds it first), then twice while the latch holds the migration
      let held: { status: number; body: { status: string } } | undefined
      while (!held) {
        if (server.child.exitCode !== null) throw new Error('the server exited')
        const res = await fetch(`${origin}/api/health/ready`).catch(() => undefined)
        if (res) held = { status: res.status, body: await res.json() as { status: string } }
        else await sleep(20)
      }
      expect(held).toEqual({ status: 503, body: { status: 'migrating' } })
      expect((await fetch(`${origin}/api/health/live`)).status).toBe(200)
      const again = await fetch(`${origin}/api/health/ready`)
      expect([again.status, await again.json()]).toEqual([503, { status: 'migrating' }])
      // released: 'migrating' → 'starting' → 200 'ok'
      rmSync(latch)
      for (;;) {
        if (server.child.exitCode !== null) throw new Error('the server exited')
        const res = await fetch(`${origin}/api/health/ready`).catch(() => undefined)
        if (res) {
          const { status } = await res.json() as { status: string }
          if (seen.at(-1) !== status) seen.push(status)
          if (res.status === 200) break
        }
        await sleep(20)
      }
    } finally {
      await server.stop()
    }
    expect(seen.filter((s) => !['migrating', 'starting', 'ok'].includes(s))).toEqual([])
    expect(seen.at(-1)).toBe('ok')
  })
})
