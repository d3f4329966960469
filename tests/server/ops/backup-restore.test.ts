// @vitest-environment node
/**
 * Issue 14 point 6, PostgreSQL leg only (`DATABASE_URL` set; skipped on PGlite): the backup and restore the
 * README documents, with its very commands (scripts/backup.sh, scripts/restore.sh).
 *
 * A server with real data — a service, a citizen on it with a compiled survey (Sara, FAC), a profile
 * picture uploaded through the API and a file put straight into the local file storage — is backed up
 * (`pg_dump -Fc` of the pg_dump matching the server, DATA_DIR as a tar), restored into an EMPTY database
 * and an empty DATA_DIR, and opened again: `openDatabase` finds it migrated and seeded (no migration
 * applied, no seed), every table has the same rows and every sequence the same value, the API reads the
 * same service, citizen (found by fiscal code: the restored server is given the same SECRETS_FILE) and survey,
 * serves the same picture bytes, and new writes work (sequences restored). The backup carries no secret
 * (issue 25 point 4): no secrets file, no `segreto_server` row, no secret value in the dump; it warns when the
 * citizens' key is still kept in the data. The scripts refuse a database or DATA_DIR that is not empty, and a
 * backup without DATABASE_URL.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../../server/db/index'
import { seedDatabase } from '../../../server/seed/index'
import { createTestServer, tempDir, TEST_HOST, type TestServer } from '../helpers'
import { adminQuery, databaseUrl } from '../test-database'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { registraCittadino } from '../scenari'
import { encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { OUTSIDE_SECRETS, secretsFileEnv } from '../secrets-fixture'

const url = process.env.DATABASE_URL
const run = promisify(execFile)
const ROOT = new URL('../../../', import.meta.url).pathname

const Q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '31': ['Sì, per formazione'] } })

/** Runs `scripts/<script>` with `env` added; resolves to its exit code and output (never rejects). */
async function script(name: 'backup.sh' | 'restore.sh', args: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('bash', [join(ROOT, 'scripts', name), ...args], { env: { ...process.env, ...env }, cwd: ROOT })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(db: DatabaseHandle, query: string): Promise<T[]> => (await db.db.execute(query) as unknown as Rows<T>).rows

/** Rows of every table of the `public` and `drizzle` schemas, by `schema.table`. */
async function tableCounts(db: DatabaseHandle): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(db, `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`)
  const out: Record<string, number> = {}
  for (const { name } of tables) out[name] = Number((await rowsOf<{ n: string }>(db, `select count(*) as n from ${name}`))[0]?.n)
  return out
}

/** `last_value` of every sequence, by name. */
async function sequenceValues(db: DatabaseHandle): Promise<Record<string, string | null>> {
  const rows = await rowsOf<{ name: string; value: string | null }>(db, `select schemaname || '.' || sequencename as name, last_value::text as value
    from pg_sequences where schemaname in ('public', 'drizzle') order by 1`)
  return Object.fromEntries(rows.map((r) => [r.name, r.value]))
}

describe.skipIf(!url)('backup and restore of PostgreSQL and the file storage (scripts/backup.sh, scripts/restore.sh)', () => {
  const adminUrl = url as string
  const restoredName = `pd_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  // computed here, not in the suite's body (evaluated on PGlite too, where it is skipped)
  let restoredUrl: string, backupDir: string, restoredDataDir: string
  let pgBin: string | undefined
  let source: TestServer
  let sourceUrl: string
  let sara: Actor
  const cf = fiscalCodeAged(52, 'M', 7, 'Ottavio')
  let idServizio: number, idCittadino: number, idQuestionario: string
  let picturePath: string, pictureBytes: Buffer
  const directFile = { key: 'prova/backup/allegato.bin', bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256)) }
  let countsBefore: Record<string, number>, sequencesBefore: Record<string, string | null>
  const secrets = secretsFileEnv()

  beforeAll(async () => {
    restoredUrl = databaseUrl(adminUrl, restoredName)
    backupDir = join(tempDir('backup'), 'punto-digitale-backup')
    restoredDataDir = join(tempDir('restored'), 'data')
    // the installation's secrets live outside the data, as on any server that is not local
    source = await createTestServer({ env: secrets })
    const [db] = await rowsOf<{ name: string; version: string }>(source.database, `select current_database() as name, current_setting('server_version_num') as version`)
    sourceUrl = databaseUrl(adminUrl, db!.name)
    // the pg_dump of the server's major version (Debian's layout), else the one on PATH
    const bin = `/usr/lib/postgresql/${Math.floor(Number(db!.version) / 10_000)}/bin`
    pgBin = existsSync(join(bin, 'pg_dump')) ? bin : undefined

    sara = await actor(source, CF.SARA, 'FAC')
    idServizio = await createService(source, sara, { nomeServizio: named('Backup Sportello'), data: '2025-05-06' })
    const added = await call(source, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(added.statusCode, added.body).toBe(201)
    ;({ id: idCittadino, idQuestionario } = added.json() as { id: number; idQuestionario: string })
    const compiled = await call(source, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: Q4 } })
    expect(compiled.statusCode, compiled.body).toBe(200)

    const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: { r: 0, g: 102, b: 204 } } }).png().toBuffer()
    const uploaded = await source.app.inject({
      method: 'POST', url: '/api/utente/upload/immagineProfilo', payload: png,
      headers: { host: TEST_HOST, 'content-type': 'image/png', authToken: sara.token },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    picturePath = `${(uploaded.json() as { immagineProfilo: string }).immagineProfilo}/120.webp`
    const served = await source.app.inject({ method: 'GET', url: picturePath, headers: { host: TEST_HOST } })
    expect(served.statusCode).toBe(200)
    pictureBytes = served.rawPayload
    expect(source.app.storage.driver).toBe('local')
    await source.app.storage.put(directFile.key, Readable.from([directFile.bytes]))

    // the access register's rows still waiting in its buffer are written first (issue 28: batched writer)
    await source.app.registro?.flush()
    countsBefore = await tableCounts(source.database)
    sequencesBefore = await sequenceValues(source.database)
  })

  afterAll(async () => {
    await source?.close()
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`)
    if (backupDir) rmSync(join(backupDir, '..'), { recursive: true, force: true })
    if (restoredDataDir) rmSync(join(restoredDataDir, '..'), { recursive: true, force: true })
  })

  it('backs up the database and DATA_DIR with scripts/backup.sh', async () => {
    const res = await script('backup.sh', [backupDir], { DATABASE_URL: sourceUrl, DATA_DIR: source.config.dataDir, PG_BIN: pgBin })
    expect(res.code, res.stderr).toBe(0)
    for (const file of ['database.dump', 'data-dir.tar', 'manifest.txt']) expect(existsSync(join(backupDir, file)), file).toBe(true)
    expect(readFileSync(join(backupDir, 'database.dump')).subarray(0, 5).toString()).toBe('PGDMP') // custom format
    const manifest = readFileSync(join(backupDir, 'manifest.txt'), 'utf8')
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(manifest).toContain(`application version: ${pkg.version}`)
    expect(manifest).toMatch(/migrations applied: [1-9]\d* /)
    const { stdout: listing } = await run('tar', ['--list', '--file', join(backupDir, 'data-dir.tar')])
    expect(listing).toContain(`./files/${directFile.key}`)
    expect(listing).not.toContain('pglite')
    // no secret travels with the backup: no secrets file, no row of segreto_server, no secret value
    expect(existsSync(join(source.config.dataDir, 'oidc-jwks.json'))).toBe(true)
    expect(listing).not.toContain('oidc-jwks.json')
    expect(listing).not.toContain('secrets.json')
    expect(res.stderr).not.toContain('WARNING')
    const pgRestore = pgBin ? join(pgBin, 'pg_restore') : 'pg_restore'
    const { stdout: dumpSql } = await run(pgRestore, ['--file=-', join(backupDir, 'database.dump')], { maxBuffer: 256 * 1024 * 1024 })
    expect(dumpSql).toContain('CREATE TABLE public.segreto_server')
    expect(dumpSql).not.toContain('COPY public.segreto_server')
    const signingKey = (JSON.parse(readFileSync(join(source.config.dataDir, 'oidc-jwks.json'), 'utf8')) as { keys: { d: string }[] }).keys[0]!.d
    expect((await rowsOf<{ n: string }>(source.database, 'select count(*) as n from segreto_server'))[0]!.n).not.toBe('0')
    for (const value of [signingKey, OUTSIDE_SECRETS.citizenHashSecret, ...OUTSIDE_SECRETS.cookieKeys]) expect(dumpSql).not.toContain(value)

    // the source keeps running and writing after its backup: none of this may reach the restored copy
    await createService(source, sara, { nomeServizio: named('Dopo il backup'), data: '2025-05-07' })
  })

  it('restores into an empty database and an empty DATA_DIR with scripts/restore.sh', async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${restoredName}`)
    const res = await script('restore.sh', [backupDir], { DATABASE_URL: restoredUrl, DATA_DIR: restoredDataDir, PG_BIN: pgBin })
    expect(res.code, res.stderr).toBe(0)
    expect(existsSync(join(restoredDataDir, 'secrets.json'))).toBe(false)
    expect(res.stderr).toContain('SECRETS_FILE')
  })

  it('warns that a citizens\' key kept in the data is not in the backup, and leaves the file out', async () => {
    const dataDir = tempDir('backup-data')
    const out = join(tempDir('backup-warn'), 'b')
    try {
      writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ citizenHashSecret: 'w'.repeat(40) }), { mode: 0o600 })
      const res = await script('backup.sh', [out], { DATABASE_URL: sourceUrl, DATA_DIR: dataDir, PG_BIN: pgBin })
      expect(res.code, res.stderr).toBe(0)
      expect(res.stderr).toContain('WARNING: the citizens\' key is kept in DATA_DIR/secrets.json and is NOT in this backup')
      expect(readFileSync(join(out, 'manifest.txt'), 'utf8')).toContain('WARNING')
      const { stdout: listing } = await run('tar', ['--list', '--file', join(out, 'data-dir.tar')])
      expect(listing).not.toContain('secrets.json')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(join(out, '..'), { recursive: true, force: true })
    }
  })

  it('refuses to restore over a database or a DATA_DIR that is not empty, and a backup without DATABASE_URL', async () => {
    const overDatabase = await script('restore.sh', [backupDir], { DATABASE_URL: restoredUrl, DATA_DIR: join(restoredDataDir, '..', 'other'), PG_BIN: pgBin })
    expect(overDatabase.code).toBe(1)
    expect(overDatabase.stderr).toContain('the target database is not empty')
    const emptyName = `${restoredName}_vuoto`
    await adminQuery(adminUrl, `CREATE DATABASE ${emptyName}`)
    try {
      const overDataDir = await script('restore.sh', [backupDir], { DATABASE_URL: databaseUrl(adminUrl, emptyName), DATA_DIR: restoredDataDir, PG_BIN: pgBin })
      expect(overDataDir.code).toBe(1)
      expect(overDataDir.stderr).toContain('is not empty')
    } finally {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`)
    }
    const pglite = await script('backup.sh', [join(backupDir, '..', 'pglite')], { DATABASE_URL: '', DATA_DIR: source.config.dataDir })
    expect(pglite.code).toBe(1)
    expect(pglite.stderr).toContain('stopping it and copying DATA_DIR')
  })

  describe('the restored installation', () => {
    let restored: DatabaseHandle
    let server: TestServer

    beforeAll(async () => {
      restored = await openDatabase({ dataDir: 'memory://', databaseUrl: restoredUrl })
      // the secrets come back from the secret store, not from the backup
      server = await createTestServer({ database: restored, dataDir: restoredDataDir, env: secrets })
      sara = await actor(server, CF.SARA, 'FAC')
    })
    afterAll(async () => {
      await server?.close()
      await restored?.close()
    })

    it('is found migrated and seeded: same rows in every table, same sequences, nothing seeded again', async () => {
      expect(await seedDatabase(restored.db)).toBe(false)
      expect(await tableCounts(restored)).toEqual(countsBefore)
      expect(await sequenceValues(restored)).toEqual(sequencesBefore)
      expect((await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })).statusCode).toBe(200)
    })

    it('serves the same service, citizen and compiled survey through the API', async () => {
      const card = await call(server, sara, 'POST', `/api/servizio/${idServizio}/schedaDettaglio`)
      expect(card.statusCode, card.body).toBe(200)
      expect(card.body).toContain(named('Backup Sportello'))
      const citizens = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${idServizio}`, { body: {} })
      expect(citizens.statusCode, citizens.body).toBe(200)
      expect((citizens.json() as { cittadini: { idCittadino: number }[] }).cittadini.map((c) => c.idCittadino)).toEqual([idCittadino])
      const survey = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQuestionario}`)
      expect(survey.statusCode, survey.body).toBe(200)
      expect(survey.json()).toMatchObject({ idQuestionarioCompilato: idQuestionario, idCittadino, idServizio, statoQuestionario: 'COMPILATA' })
      // found by fiscal code: the keyed hash uses the installation's CITIZEN_HASH_SECRET (SECRETS_FILE)
      const search = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF', idServizio } })
      expect(search.statusCode, search.body).toBe(200)
      expect(search.json()).toEqual([expect.objectContaining({ idCittadino, giaAssociatoAlServizio: true })])
    })

    it('serves the files of the restored DATA_DIR', async () => {
      const picture = await server.app.inject({ method: 'GET', url: picturePath, headers: { host: TEST_HOST } })
      expect(picture.statusCode).toBe(200)
      expect(picture.rawPayload.equals(pictureBytes)).toBe(true)
      const opened = await server.app.storage.get(directFile.key)
      expect(opened).not.toBeNull()
      const chunks: Buffer[] = []
      for await (const chunk of opened!.stream) chunks.push(chunk as Buffer)
      expect(Buffer.concat(chunks).equals(directFile.bytes)).toBe(true)
    })

    it('takes new writes: a service and a citizen with a survey (sequences restored)', async () => {
      const newService = await createService(server, sara, { nomeServizio: named('Dopo il ripristino'), data: '2025-05-08' })
      expect(newService).toBeGreaterThan(idServizio)
      const newCitizen = await registraCittadino(server, sara, newService, { codiceFiscale: fiscalCodeAged(33, 'F', 4, 'Lucia') })
      expect(newCitizen).not.toBe(idCittadino)
      // the restored citizen is attached again with the fiscal code typed at the desk
      const again = await call(server, sara, 'POST', `/api/servizio/cittadino/${newService}`, { body: { nuovoCittadino: false, idCittadino, codiceFiscale: cf } })
      expect(again.statusCode, again.body).toBe(201)
    })
  })
})
