// @vitest-environment node
/**
 * Issue 25 point 4, "the keys live apart from the data" (second part; the first is secrets.test.ts): re-keying
 * (`npm run rekey`) — stored hashes become HMAC(new, stored), the new key is appended to the chain, citizens are
 * still found with the new chain and no longer with the old key alone; a start with a chain other than the one
 * the stored hashes were made with is refused (the check value in `segreto_server`) — and the secrets command
 * (generate, export, rekey).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { citizenKeyChain, hashDocumentNumber, hashFiscalCode, rekeyHash } from '../../../server/db/citizen-hash'
import { CitizenKeyMismatchError, verifyCitizenKey } from '../../../server/db/citizen-rekey'
import type { DatabaseHandle } from '../../../server/db/index'
import { requestHashKey } from '../../../server/idempotency'
import { generateSigningJwk } from '../../../server/oidc/keys'
import { PROJECT_ROOT } from '../../../server/paths'
import { rekey } from '../../../server/secrets-admin'
import { actor, call, CF, createService, DEMOGRAFICA, documentNumber, fiscalCodeAged } from '../field/fixtures'
import { createTestServer, openTestDatabase, tempDir, type TestServer } from '../helpers'
import { OUTSIDE_SECRETS, refusal, secretsFileEnv } from '../secrets-fixture'

const dirs: string[] = []
const dir = (prefix: string) => { const d = tempDir(prefix); dirs.push(d); return d }
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }) })

const rowsOf = async <T>(db: DatabaseHandle, query: string): Promise<T[]> => (await db.db.execute(query) as unknown as { rows: T[] }).rows

describe('re-keying the citizens\' hashes (npm run rekey)', () => {
  const cf = fiscalCodeAged(37, 'M', 9, 'Piero')
  const doc = { tipoDocumento: 'Patente', numeroDocumento: documentNumber() }
  const NEW_KEY = 'n'.repeat(40)
  let database: DatabaseHandle
  let secretsEnv: { SECRETS_FILE: string }
  let server: TestServer | undefined
  let idServizio: number, byCf: number, byDoc: number
  let hashesBefore: { id: string; cf: string | null; doc: string | null }[]

  beforeAll(async () => {
    database = await openTestDatabase()
    secretsEnv = secretsFileEnv()
    server = await createTestServer({ database, env: secretsEnv })
    // what the entry point records at start (server/main.ts)
    expect(await verifyCitizenKey(database.db, server.config.citizenHashSecret)).toBe('recorded')
    const sara = await actor(server, CF.SARA, 'FAC')
    idServizio = await createService(server, sara)
    const one = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(one.statusCode, one.body).toBe(201)
    byCf = (one.json() as { id: number }).id
    const two = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, {
      body: { ...doc, nuovoCittadino: true, fasciaDiEtaId: 3, ...DEMOGRAFICA },
    })
    expect(two.statusCode, two.body).toBe(201)
    byDoc = (two.json() as { id: number }).id
    hashesBefore = await hashes()
    await server.close()
    server = undefined
  })
  afterAll(async () => {
    await server?.close()
    await database?.close()
  })

  const hashes = () => rowsOf<{ id: string; cf: string | null; doc: string | null }>(database,
    `select id::text as id, codice_fiscale_hash as cf, numero_documento_hash as doc from cittadino where id in (${byCf}, ${byDoc}) order by id`)
  const findsByCf = async (s: TestServer) => {
    const sara = await actor(s, CF.SARA, 'FAC')
    const res = await call(s, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF', idServizio } })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { idCittadino: number }[]).map((c) => c.idCittadino)
  }

  it('refuses while the citizens\' key is kept in the data', async () => {
    const local = loadConfig({ DATA_DIR: dir('rekey'), LOG_LEVEL: 'silent' })
    await expect(rekey(local, database.db, {})).rejects.toThrow(/kept in the data: move it out first/)
  })

  it('re-keys every stored hash as HMAC(new, stored), appends the key to SECRETS_FILE, and lookups follow the chain', async () => {
    const config = loadConfig({ DATA_DIR: dir('rekey'), LOG_LEVEL: 'silent', ...secretsEnv })
    const result = await rekey(config, database.db, { secretsFile: secretsEnv.SECRETS_FILE, newKey: NEW_KEY })
    expect(result.rekeyed).toBeGreaterThanOrEqual(2)
    const after = await hashes()
    expect(after).toEqual(hashesBefore.map((r) => ({ id: r.id, cf: r.cf && rekeyHash(r.cf, NEW_KEY), doc: r.doc && rekeyHash(r.doc, NEW_KEY) })))
    expect(after.every((r, i) => r.cf !== hashesBefore[i]!.cf || r.doc !== hashesBefore[i]!.doc)).toBe(true)
    const file = JSON.parse(readFileSync(secretsEnv.SECRETS_FILE, 'utf8')) as { citizenHashSecret: string; citizenHashRekeys: string[] }
    expect(file).toMatchObject({ citizenHashSecret: OUTSIDE_SECRETS.citizenHashSecret, citizenHashRekeys: [NEW_KEY] })
    expect(existsSync(`${secretsEnv.SECRETS_FILE}.next`)).toBe(false)

    // the chain: the same values as a fresh hash of the clear identifiers
    const chain = citizenKeyChain(OUTSIDE_SECRETS.citizenHashSecret, [NEW_KEY])
    expect(after.find((r) => r.id === String(byCf))!.cf).toBe(hashFiscalCode(cf, chain))
    expect(after.find((r) => r.id === String(byDoc))!.doc).toBe(hashDocumentNumber(doc.tipoDocumento, doc.numeroDocumento, chain))
    // the check value followed: the new chain is accepted at start, the old key alone refused
    expect(await verifyCitizenKey(database.db, chain)).toBe('matches')
    await expect(verifyCitizenKey(database.db, OUTSIDE_SECRETS.citizenHashSecret)).rejects.toBeInstanceOf(CitizenKeyMismatchError)
    // idempotency keys stay valid across a re-keying (derived from the base key)
    expect(requestHashKey(chain).equals(requestHashKey(OUTSIDE_SECRETS.citizenHashSecret))).toBe(true)

    server = await createTestServer({ database, env: secretsEnv })
    expect(await findsByCf(server)).toEqual([byCf])
    await server.close()
    server = undefined
    // the old key alone no longer finds anyone
    server = await createTestServer({ database, env: { CITIZEN_HASH_SECRET: OUTSIDE_SECRETS.citizenHashSecret } })
    expect(await findsByCf(server)).toEqual([])
    await server.close()
    server = undefined
    // the environment form: CITIZEN_HASH_REKEYS
    server = await createTestServer({ database, env: { CITIZEN_HASH_SECRET: OUTSIDE_SECRETS.citizenHashSecret, CITIZEN_HASH_REKEYS: NEW_KEY } })
    expect(await findsByCf(server)).toEqual([byCf])
  })

  it('a start with another key is refused once citizens exist, accepted (and recorded) on a database without any', async () => {
    await expect(verifyCitizenKey(database.db, 'z'.repeat(40))).rejects.toThrow(/not the keys the stored citizens' hashes were made with/)
    const empty = await openTestDatabase()
    try {
      expect(await verifyCitizenKey(empty.db, 'a'.repeat(40))).toBe('recorded')
      expect(await verifyCitizenKey(empty.db, 'a'.repeat(40))).toBe('matches')
      expect(await verifyCitizenKey(empty.db, 'b'.repeat(40))).toBe('replaced')
      expect(await verifyCitizenKey(empty.db, 'b'.repeat(40))).toBe('matches')
    } finally {
      await empty.close()
    }
  })

  it('refuses re-keys without their base key', () => {
    expect(refusal({ DATA_DIR: dir('rekey'), CITIZEN_HASH_REKEYS: NEW_KEY })).toMatch(/CITIZEN_HASH_REKEYS needs CITIZEN_HASH_SECRET/)
  })
})

describe('the secrets command', () => {
  const cli = (args: string[], env: Record<string, string>) => new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/secrets.ts', ...args], {
      cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => { out += c.toString() })
    child.stderr.on('data', (c: Buffer) => { out += c.toString() })
    child.on('exit', (code) => resolve({ code, out }))
  })

  it('generate writes a complete secrets file (mode 600) outside DATA_DIR and refuses one inside', async () => {
    const dataDir = dir('cli')
    const inside = await cli(['generate', join(dataDir, 'secrets.json')], { DATA_DIR: dataDir })
    expect(inside.code).toBe(1)
    expect(inside.out).toContain('is inside DATA_DIR')
    const target = join(dir('cli-etc'), 'secrets.json')
    const made = await cli(['generate', target], { DATA_DIR: dataDir })
    expect(made.code, made.out).toBe(0)
    expect(statSync(target).mode & 0o777).toBe(0o600)
    const content = JSON.parse(readFileSync(target, 'utf8')) as { citizenHashSecret: string; cookieKeys: string[]; oidcJwks: { keys: JWK[] } }
    expect(content.citizenHashSecret.length).toBeGreaterThanOrEqual(32)
    expect(content.cookieKeys).toHaveLength(1)
    expect(content.oidcJwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' })
    // a server that is not local starts with it, development provider included
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://prova.example.it', DEV_IDENTITY_PROVIDER: 'on', SECRETS_FILE: target }).secrets.devSigningJwks).toHaveLength(1)
    expect((await cli(['generate', target], { DATA_DIR: dataDir })).out).toContain('already exists')
  })

  it('export copies what an installation keeps in DATA_DIR; rekey appends a key to SECRETS_FILE', async () => {
    const dataDir = dir('cli')
    const jwk = await generateSigningJwk()
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: 'h'.repeat(40), cookieKeys: ['k'.repeat(40)] }))
    writeFileSync(join(dataDir, 'oidc-jwks.json'), JSON.stringify({ keys: [jwk] }))
    const target = join(dir('cli-etc'), 'secrets.json')
    const exported = await cli(['export', target], { DATA_DIR: dataDir })
    expect(exported.code, exported.out).toBe(0)
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ citizenHashSecret: 'h'.repeat(40), cookieKeys: ['k'.repeat(40)], oidcJwks: { keys: [jwk] } })

    const fresh = dir('cli-rekey')
    const refused = await cli(['rekey'], { DATA_DIR: fresh, LOG_LEVEL: 'silent' })
    expect(refused.code).toBe(1)
    expect(refused.out).toContain('move it out first')
    const done = await cli(['rekey'], { DATA_DIR: fresh, LOG_LEVEL: 'silent', SECRETS_FILE: target })
    expect(done.code, done.out).toBe(0)
    expect(done.out).toMatch(/rekey: \d+ citizens re-keyed/)
    const after = JSON.parse(readFileSync(target, 'utf8')) as { citizenHashRekeys: string[] }
    expect(after.citizenHashRekeys).toHaveLength(1)
    expect(after.citizenHashRekeys[0]!.length).toBeGreaterThanOrEqual(32)
  }, 180_000) // the command migrates and seeds a new PGlite folder
})
