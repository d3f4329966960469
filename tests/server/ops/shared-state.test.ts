// @vitest-environment node
/**
 * State the processes on one PostgreSQL share through the database (issue 14 point 1), PostgreSQL only (skipped
 * on PGlite, where one process keeps its files): generated secrets inserted once (concurrent first starts converge,
 * an existing secrets.json / oidc-jwks.json is adopted, environment variables win); the 'Report dati' refresh one
 * at a time across processes (advisory lock); rate-limit counters in `limite_richieste`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import type { DatabaseHandle } from '../../../server/db/index'
import { DATI_REFRESH_LOCK_KEY, refreshDatiLocked } from '../../../server/domain/dati/refresh'
import { generateSigningJwk, loadSharedSigningKeys } from '../../../server/oidc/keys'
import { postgresRateLimitStore } from '../../../server/rate-limit-store'
import { resolveSharedSecrets, sharedSecret } from '../../../server/shared-secrets'
import { openTestDatabase, tempDir } from '../helpers'

const ADMIN_URL = process.env.DATABASE_URL
const SECRET = 's'.repeat(40)

describe('configuration for PostgreSQL', () => {
  it('writes no secrets.json with DATABASE_URL: the secrets come from the database once it is open', () => {
    const dataDir = tempDir('shared-config')
    try {
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/x', LOG_LEVEL: 'silent' })
      expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false)
      expect({ secret: config.citizenHashSecret, keys: config.cookieKeys }).toEqual({ secret: '', keys: [] })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!ADMIN_URL)('state shared through PostgreSQL', () => {
  let handle: DatabaseHandle
  const dirs: string[] = []
  const dir = () => { const d = tempDir('shared'); dirs.push(d); return d }
  beforeAll(async () => { handle = await openTestDatabase() })
  afterAll(async () => {
    await handle?.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('converges concurrent first writers on one value', async () => {
    const values = await Promise.all(Array.from({ length: 6 }, (_, i) => sharedSecret(handle.db, 'prova_concorrente', () => `candidato-${i}`)))
    expect(new Set(values.map((v) => v.value)).size).toBe(1)
    expect(values.filter((v) => v.adopted)).toHaveLength(1)
  })

  it('adopts an existing secrets.json at the first start, shares it afterwards, and lets the environment win', async () => {
    const first = dir()
    writeFileSync(join(first, 'secrets.json'), JSON.stringify({ citizenHashSecret: SECRET, cookieKeys: ['k'.repeat(40)] }))
    const env1 = { DATA_DIR: first, DATABASE_URL: ADMIN_URL!, LOG_LEVEL: 'silent' }
    const a = await resolveSharedSecrets(loadConfig(env1), handle)
    expect(a.citizenHashSecret).toBe(SECRET)
    // a second machine: its own empty DATA_DIR, nothing written there, the same secrets
    const second = dir()
    const env2 = { DATA_DIR: second, DATABASE_URL: ADMIN_URL!, LOG_LEVEL: 'silent' }
    const b = await resolveSharedSecrets(loadConfig(env2), handle)
    expect(b.citizenHashSecret).toBe(SECRET)
    expect(b.cookieKeys).toEqual(['k'.repeat(40)])
    expect(existsSync(join(second, 'secrets.json'))).toBe(false)
    const env3 = { ...env2, CITIZEN_HASH_SECRET: 'e'.repeat(40) }
    expect((await resolveSharedSecrets(loadConfig(env3), handle)).citizenHashSecret).toBe('e'.repeat(40))
  })

  it('adopts an existing oidc-jwks.json and mirrors the shared keys into a new DATA_DIR', async () => {
    const first = dir()
    const jwk = await generateSigningJwk()
    writeFileSync(join(first, 'oidc-jwks.json'), JSON.stringify({ keys: [jwk] }))
    const a = await loadSharedSigningKeys(first, handle.db)
    expect(a.publicJwks.keys.map((k) => k.kid)).toEqual([jwk.kid])
    const second = dir()
    const b = await loadSharedSigningKeys(second, handle.db)
    expect(b.publicJwks.keys.map((k) => k.kid)).toEqual([jwk.kid])
    expect((JSON.parse(readFileSync(join(second, 'oidc-jwks.json'), 'utf8')) as { keys: { kid: string }[] }).keys[0]!.kid).toBe(jwk.kid)
  })

  it('skips the periodic refresh while another process refreshes, waits for it otherwise', async () => {
    const other = new pg.Client({ connectionString: (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString })
    await other.connect()
    try {
      await other.query('select pg_advisory_lock($1)', [DATI_REFRESH_LOCK_KEY])
      expect(await refreshDatiLocked(handle.db, { wait: false })).toBeUndefined()
      const waiting = refreshDatiLocked(handle.db, { wait: true })
      await new Promise((r) => setTimeout(r, 200))
      await other.query('select pg_advisory_unlock($1)', [DATI_REFRESH_LOCK_KEY])
      expect(await waiting).toBeInstanceOf(Date)
      // refreshed just now: the periodic one finds the data fresh
      expect(await refreshDatiLocked(handle.db, { wait: false, freshMs: 60_000 })).toBeUndefined()
    } finally {
      await other.end()
    }
  })

  it('counts rate limits in one table: windows per key, reset once expired', async () => {
    const Store = postgresRateLimitStore(handle.db)
    const route = new Store({}).child({ timeWindow: 300, routeInfo: { method: 'GET', url: '/prova' } } as never)
    const other = new Store({}).child({ timeWindow: 300, routeInfo: { method: 'GET', url: '/altra' } } as never)
    const incr = (s: typeof route, key: string) => new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      s.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), 300, 10)
    })
    expect((await incr(route, '10.0.0.1')).current).toBe(1)
    const second = await incr(route, '10.0.0.1')
    expect(second.current).toBe(2)
    expect(second.ttl).toBeGreaterThan(0)
    expect(second.ttl).toBeLessThanOrEqual(300)
    expect((await incr(other, '10.0.0.1')).current).toBe(1)
    expect((await incr(route, '10.0.0.2')).current).toBe(1)
    await new Promise((r) => setTimeout(r, 350))
    expect((await incr(route, '10.0.0.1')).current).toBe(1)
  })
})
