// @vitest-environment node
/**
 * Issue 25 point 4, "the keys live apart from the data", on PGlite and PostgreSQL:
 * - what "local" means (server/secret-sources.ts notLocalReasons);
 * - a server that is not local refuses to start — before writing anything or opening its port — unless its
 *   citizens' key and cookie keys (and the development provider's signing key when that runs) come from the
 *   environment or from SECRETS_FILE, which must lie outside DATA_DIR; accepted that way, it writes no secret
 *   into the data (DATA_DIR, `segreto_server`);
 * - a local server still generates them (npm start, e2e, tests), and an existing local installation keeps its
 *   citizens' hashes, also when it moves its secrets out (`export`);
 * - re-keying (`npm run rekey`) and the secrets command: secrets-rekey.test.ts.
 * The backup script's part is in backup-restore.test.ts.
 */
import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import type { JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import type { DatabaseHandle } from '../../../server/db/index'
import { generateSigningJwk } from '../../../server/oidc/keys'
import { PROJECT_ROOT } from '../../../server/paths'
import { notLocalReasons } from '../../../server/secret-sources'
import { currentSecrets, writeSecretsFile } from '../../../server/secrets-admin'
import { resolveSharedSecrets, sharedSecret, SHARED_SECRET } from '../../../server/shared-secrets'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, type Actor } from '../field/fixtures'
import { createTestServer, openTestDatabase, tempDir, type TestServer } from '../helpers'
import { OUTSIDE_SECRETS, refusal, secretsFileEnv } from '../secrets-fixture'

const dirs: string[] = []
const dir = (prefix: string) => { const d = tempDir(prefix); dirs.push(d); return d }
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }) })

/** A server that is not local only because of NODE_ENV, with a real identity provider (the dev one stays off). */
const PRODUCTION = { NODE_ENV: 'production', OIDC_ISSUER: 'https://idp.example.it', OIDC_JWKS_URI: 'https://idp.example.it/jwks', LOG_LEVEL: 'silent' }

const rowsOf = async <T>(db: DatabaseHandle, query: string): Promise<T[]> => (await db.db.execute(query) as unknown as { rows: T[] }).rows

describe('what a local server is', () => {
  const base = { host: '127.0.0.1', publicUrl: 'http://127.0.0.1:8080', trustProxy: false }
  it('local: loopback host and public URL, no proxy, NODE_ENV not production, the database on loopback or a socket', () => {
    for (const ctx of [base, { ...base, host: 'localhost', publicUrl: 'http://localhost:5173' }, { ...base, nodeEnv: 'test' },
      { ...base, databaseUrl: 'postgres://postgres@127.0.0.1:54349/x' }, { ...base, databaseUrl: 'postgres://localhost/x' },
      { ...base, databaseUrl: 'postgresql://punto@/punto?host=/var/run/postgresql' }]) expect(notLocalReasons(ctx), JSON.stringify(ctx)).toEqual([])
  })
  it('not local: any of HOST, PUBLIC_URL, TRUST_PROXY, NODE_ENV=production, a database on another host', () => {
    expect(notLocalReasons({ ...base, host: '0.0.0.0' })).toEqual(['HOST 0.0.0.0 accepts connections from other machines'])
    expect(notLocalReasons({ ...base, publicUrl: 'https://pd.example.it' })).toEqual(['PUBLIC_URL https://pd.example.it is not a loopback address'])
    expect(notLocalReasons({ ...base, trustProxy: true })).toEqual(['TRUST_PROXY=true (behind a reverse proxy)'])
    expect(notLocalReasons({ ...base, nodeEnv: 'Production' })).toEqual(['NODE_ENV=production'])
    expect(notLocalReasons({ ...base, databaseUrl: 'postgres://punto:x@db-primary:5432/punto' })).toEqual(['DATABASE_URL points at the host db-primary'])
  })
})

describe('a server that is not local', () => {
  let jwk: JWK
  beforeAll(async () => { jwk = await generateSigningJwk() })

  it('refuses to start with its secrets in the data, saying which and where to put them, and writes nothing', () => {
    for (const env of [PRODUCTION, { ...PRODUCTION, NODE_ENV: 'test', DATABASE_URL: 'postgres://punto@db.example.it/punto' }, { ...PRODUCTION, NODE_ENV: 'test', HOST: '0.0.0.0' }]) {
      const dataDir = join(dir('nl'), 'data')
      const message = refusal({ ...env, DATA_DIR: dataDir })
      expect(message).toMatch(/^CITIZEN_HASH_SECRET, COOKIE_KEYS must come from the environment or from SECRETS_FILE on a server that is not local/)
      expect(message).toContain('npm run secrets -- export')
      expect(existsSync(dataDir)).toBe(false)
    }
    // one of the two from outside is not enough
    expect(refusal({ ...PRODUCTION, DATA_DIR: join(dir('nl'), 'data'), CITIZEN_HASH_SECRET: 'x'.repeat(32) })).toMatch(/^COOKIE_KEYS must come/)
  })

  it('refuses the development provider (DEV_IDENTITY_PROVIDER=on) without its signing key in SECRETS_FILE', () => {
    const env = { PUBLIC_URL: 'https://prova.example.it', DEV_IDENTITY_PROVIDER: 'on', LOG_LEVEL: 'silent' }
    expect(refusal({ ...env, DATA_DIR: join(dir('nl'), 'data'), CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32) }))
      .toMatch(/^the development identity provider's signing keys \(oidcJwks in SECRETS_FILE\) must come from/)
    const accepted = loadConfig({ ...env, DATA_DIR: join(dir('nl'), 'data'), ...secretsFileEnv(jwk) })
    expect(accepted.secrets.devSigningJwks?.[0]?.kid).toBe(jwk.kid)
  })

  it('starts with the secrets in the environment or in SECRETS_FILE, and writes none into DATA_DIR', () => {
    const fromEnv = loadConfig({ ...PRODUCTION, DATA_DIR: dir('nl'), CITIZEN_HASH_SECRET: 'x'.repeat(32), COOKIE_KEYS: 'y'.repeat(32) })
    expect(fromEnv.secrets).toMatchObject({ citizenHashSecret: 'env', cookieKeys: 'env', notLocal: ['NODE_ENV=production'] })
    expect(existsSync(join(fromEnv.dataDir, 'secrets.json'))).toBe(false)
    const fromFile = loadConfig({ ...PRODUCTION, DATA_DIR: dir('nl'), ...secretsFileEnv() })
    expect(fromFile.secrets).toMatchObject({ citizenHashSecret: 'file', cookieKeys: 'file' })
    expect({ secret: fromFile.citizenHashSecret, keys: fromFile.cookieKeys }).toEqual({ secret: OUTSIDE_SECRETS.citizenHashSecret, keys: OUTSIDE_SECRETS.cookieKeys })
    expect(existsSync(join(fromFile.dataDir, 'secrets.json'))).toBe(false)
    // the environment wins member by member
    const mixed = loadConfig({ ...PRODUCTION, DATA_DIR: dir('nl'), ...secretsFileEnv(), COOKIE_KEYS: 'z'.repeat(32) })
    expect(mixed.secrets).toMatchObject({ citizenHashSecret: 'file', cookieKeys: 'env' })
  })

  it('removes from DATA_DIR the copies of its secrets and the development provider\'s keys, and says so', () => {
    const dataDir = dir('nl')
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: OUTSIDE_SECRETS.citizenHashSecret, cookieKeys: ['q'.repeat(40)] }))
    writeFileSync(join(dataDir, 'oidc-jwks.json'), JSON.stringify({ keys: [jwk] }))
    const c = loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, ...secretsFileEnv() })
    expect(existsSync(join(dataDir, 'oidc-jwks.json'))).toBe(false)
    // the cookie key there is another value: left alone
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'))).toEqual({ cookieKeys: ['q'.repeat(40)] })
    expect(c.secrets.notices.join('\n')).toMatch(/removed its copy of CITIZEN_HASH_SECRET[\s\S]*oidc-jwks\.json: removed/)
    // a citizens' key there that differs from the one in use is left, with a notice
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: 'o'.repeat(40) }))
    expect(loadConfig({ ...PRODUCTION, DATA_DIR: dataDir, ...secretsFileEnv() }).secrets.notices.join('\n')).toContain('other than the one in use')
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true)
  })

  it('refuses a SECRETS_FILE inside DATA_DIR (directly, through "..", or through a link), and one that is missing or malformed', () => {
    const dataDir = dir('nl')
    mkdirSync(join(dataDir, 'conf'))
    writeFileSync(join(dataDir, 'conf', 'secrets.json'), JSON.stringify(OUTSIDE_SECRETS))
    const link = join(dir('nl-link'), 'to-data')
    symlinkSync(dataDir, link)
    for (const file of [join(dataDir, 'conf', 'secrets.json'), `${dataDir}/../${dataDir.split('/').pop()}/conf/secrets.json`, join(link, 'conf', 'secrets.json')]) {
      expect(refusal({ ...PRODUCTION, DATA_DIR: dataDir, SECRETS_FILE: file }), file).toMatch(/^SECRETS_FILE .* is inside DATA_DIR/)
    }
    expect(refusal({ ...PRODUCTION, DATA_DIR: dataDir, SECRETS_FILE: join(dir('nl'), 'absent.json') })).toMatch(/does not exist \(write one with: npm run secrets -- generate/)
    const bad = join(dir('nl'), 's.json')
    writeFileSync(bad, JSON.stringify({ citizenHashSecret: 'short', cookieKeys: ['k'.repeat(40)] }))
    expect(refusal({ ...PRODUCTION, DATA_DIR: dataDir, SECRETS_FILE: bad })).toMatch(/citizenHashSecret must be at least 32 characters/)
  })

  it('the entry point refuses before opening its port, exit status 1; with SECRETS_FILE it listens and writes no secret into DATA_DIR', async () => {
    const parent = dir('nl-main')
    const dataDir = join(parent, 'data')
    const port = 18_000 + Math.floor(Math.random() * 900) + 400
    const env = { ...PRODUCTION, DATA_DIR: dataDir, STATIC_DIR: join(parent, 'no-build'), PORT: String(port), HOST: '127.0.0.1' }
    const refused = await runMain(env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Configuration error: CITIZEN_HASH_SECRET, COOKIE_KEYS must come from the environment or from SECRETS_FILE on a server that is not local (NODE_ENV=production)')
    expect(refused.listened).toBe(false)
    expect(existsSync(dataDir)).toBe(false)

    const accepted = await runMain({ ...env, ...secretsFileEnv(), LOG_LEVEL: 'info' }, port)
    expect(accepted.listened, accepted.stderr).toBe(true)
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true)
    for (const file of ['secrets.json', 'oidc-jwks.json']) expect(existsSync(join(dataDir, file)), file).toBe(false)
  })
})

/**
 * Runs `server/main.ts` with exactly `env`; with `port`, waits until it answers `/api/health/live` there
 * (`listened`), then stops it; without, waits for its exit (`listened`: whether the port ever accepted).
 */
async function runMain(env: Record<string, string>, port?: number): Promise<{ code: number | null; stderr: string; listened: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const probe = (p: number) => new Promise<boolean>((resolve) => {
    const socket = connect(p, '127.0.0.1')
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
  try {
    if (port === undefined) {
      const code = await exited
      return { code, stderr, listened: await probe(Number(env.PORT)) }
    }
    for (;;) {
      const answered = await fetch(`http://127.0.0.1:${port}/api/health/live`).then((r) => r.ok, () => false)
      if (answered) break
      if (child.exitCode !== null) return { code: child.exitCode, stderr, listened: false }
      await new Promise((r) => setTimeout(r, 200))
    }
    child.kill('SIGTERM')
    return { code: await exited, stderr, listened: true }
  } finally {
    clearTimeout(timer)
  }
}

describe('a local server', () => {
  it('still generates its secrets into DATA_DIR/secrets.json (npm start, the e2e server, the tests)', () => {
    const c = loadConfig({ DATA_DIR: dir('local'), LOG_LEVEL: 'silent' })
    expect(c.secrets).toMatchObject({ notLocal: [], citizenHashSecret: 'data', cookieKeys: 'data' })
    const stored = JSON.parse(readFileSync(join(c.dataDir, 'secrets.json'), 'utf8')) as { citizenHashSecret: string }
    expect(stored.citizenHashSecret).toBe(c.citizenHashSecret)
    expect(c.citizenHashSecret.length).toBeGreaterThanOrEqual(32)
  })
})

describe('an existing local installation', () => {
  const SECRET = 'e'.repeat(8) + 'segreto-di-una-installazione-esistente'
  const cf = fiscalCodeAged(41, 'F', 3, 'Marta')
  let database: DatabaseHandle
  let dataDir: string
  let before: TestServer | undefined
  let sara: Actor
  let idServizio: number, idCittadino: number

  beforeAll(async () => {
    database = await openTestDatabase()
    dataDir = dir('existing')
    // the secret generated by an earlier version, where it always was
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: SECRET, cookieKeys: ['q'.repeat(40)] }), { mode: 0o600 })
    before = await createTestServer({ database, dataDir })
    sara = await actor(before, CF.SARA, 'FAC')
    idServizio = await createService(before, sara)
    const added = await call(before, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(added.statusCode, added.body).toBe(201)
    idCittadino = (added.json() as { id: number }).id
    await before.close()
    before = undefined
  })
  afterAll(async () => {
    await before?.close()
    await database?.close()
  })

  const storedHash = async () => (await rowsOf<{ h: string }>(database, `select codice_fiscale_hash as h from cittadino where id = ${idCittadino}`))[0]!.h
  const search = async (server: TestServer) => {
    const who = await actor(server, CF.SARA, 'FAC')
    const res = await call(server, who, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF', idServizio } })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { idCittadino: number }[]).map((c) => c.idCittadino)
  }

  it('keeps reading the secret it has, so the stored hash is the one of that secret', async () => {
    expect(await storedHash()).toBe(createHmac('sha256', SECRET).update(cf, 'utf8').digest('hex'))
    const server = await createTestServer({ database, dataDir })
    try {
      expect(server.config.citizenHashSecret).toBe(SECRET)
      expect(await search(server)).toEqual([idCittadino])
    } finally {
      await server.close()
    }
  })

  it('moves its secrets out of the data (export) and still finds its citizens; the copy in the data is removed', async () => {
    const exported = await currentSecrets({}, dataDir, database.db)
    expect(exported.citizenHashSecret).toBe(SECRET)
    const file = writeSecretsFile(join(dir('export'), 'etc', 'secrets.json'), exported, { dataDir })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700)
    expect(() => writeSecretsFile(join(dataDir, 'secrets-out.json'), exported, { dataDir })).toThrow(/inside DATA_DIR/)
    const server = await createTestServer({ database, dataDir, env: { SECRETS_FILE: file } })
    try {
      expect(server.config.secrets.citizenHashSecret).toBe('file')
      expect(await search(server)).toEqual([idCittadino])
      expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false)
    } finally {
      await server.close()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)('secrets from outside on PostgreSQL (segreto_server)', () => {
  let database: DatabaseHandle
  beforeAll(async () => { database = await openTestDatabase() })
  afterAll(async () => { await database?.close() })
  const names = async () => (await rowsOf<{ nome: string }>(database, 'select nome from segreto_server order by nome')).map((r) => r.nome)

  it('writes no row for secrets from outside, deletes a copy of the same value, keeps a different one', async () => {
    await database.db.execute(`delete from segreto_server`)
    const outside = { ...PRODUCTION, DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dir('pg') }
    const a = await resolveSharedSecrets(loadConfig({ ...outside, ...secretsFileEnv() }), database)
    expect(a.citizenHashSecret).toBe(OUTSIDE_SECRETS.citizenHashSecret)
    expect(await names()).toEqual([])

    // an installation that kept them in the table, now given the same values from outside
    await sharedSecret(database.db, SHARED_SECRET.citizenHashSecret, () => OUTSIDE_SECRETS.citizenHashSecret)
    await sharedSecret(database.db, SHARED_SECRET.cookieKeys, () => ['other'.repeat(8)])
    await sharedSecret(database.db, SHARED_SECRET.oidcJwks, async () => ({ keys: [await generateSigningJwk()] }))
    const b = await resolveSharedSecrets(loadConfig({ ...outside, ...secretsFileEnv() }), database)
    expect(await names()).toEqual(['cookie_keys'])
    expect(b.secrets.notices.join('\n')).toMatch(/removed its copy of CITIZEN_HASH_SECRET[\s\S]*signing keys/)
    expect(b.cookieKeys).toEqual(OUTSIDE_SECRETS.cookieKeys)
    // another citizens' key in the table: not used, left, and said
    await sharedSecret(database.db, SHARED_SECRET.citizenHashSecret, () => 'o'.repeat(40))
    const c = await resolveSharedSecrets(loadConfig({ ...outside, ...secretsFileEnv() }), database)
    expect(c.citizenHashSecret).toBe(OUTSIDE_SECRETS.citizenHashSecret)
    expect(c.secrets.notices.join('\n')).toContain('holds a citizen_hash_secret other than the one in use')
    expect(await names()).toEqual(['citizen_hash_secret', 'cookie_keys'])
  })

  it('export reads what a PostgreSQL installation keeps in segreto_server (the values in use)', async () => {
    await database.db.execute(`delete from segreto_server`)
    await sharedSecret(database.db, SHARED_SECRET.citizenHashSecret, () => 't'.repeat(40))
    await sharedSecret(database.db, SHARED_SECRET.cookieKeys, () => ['u'.repeat(40)])
    const dataDir = dir('pg')
    // an older secrets.json adopted then superseded by the table: the table's values are the ones in use
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: 'v'.repeat(40) }))
    expect(await currentSecrets({}, dataDir, database.db)).toEqual({ citizenHashSecret: 't'.repeat(40), cookieKeys: ['u'.repeat(40)] })
    expect((await currentSecrets({ CITIZEN_HASH_SECRET: 'w'.repeat(40) }, dataDir, database.db)).citizenHashSecret).toBe('w'.repeat(40))
  })

  it('a local installation keeps generating and reading them there', async () => {
    await database.db.execute(`delete from segreto_server`)
    const env = { DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dir('pg'), LOG_LEVEL: 'silent' }
    const first = await resolveSharedSecrets(loadConfig(env), database)
    expect(await names()).toEqual(['citizen_hash_secret', 'cookie_keys'])
    const again = await resolveSharedSecrets(loadConfig({ ...env, DATA_DIR: dir('pg') }), database)
    expect(again.citizenHashSecret).toBe(first.citizenHashSecret)
  })
})
