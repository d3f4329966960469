// @vitest-environment node
/**
 * Mass upload on either database with files whose rows are all different services (issue 24 point 2).
 * Before the fix, on PGlite, a file with more than ~200 distinct services in one 500-row chunk failed: the
 * chunk looked its services up with a row-value IN list (`(a, b, …) in ((…), …)`), which PostgreSQL parses
 * into an OR tree as deep as the list, overflowing PGlite's WebAssembly stack — the statement silently
 * answered nothing and the next one aborted the engine (`RuntimeError: Aborted()`); the chunk then fell back
 * to the row path, which starved the event loop (readiness unanswered) and could stop on a duplicate key.
 * In a server process the overflow begins at ~280 tuples (two columns) or ~250 (six); in a vitest worker, whose
 * stack is larger, between 1,000 and 3,000: the file has 3,000 rows and the second pass takes it in one chunk.
 * The same generated 3,000-row file (real valid fiscal codes, one service per row) is used on both databases:
 * - it loads entirely through the upload route, and the server answers readiness and a list while it runs;
 * - uploaded again in one chunk: every row rejected as already registered, no chunk rolled back;
 * - a chunk whose COMMIT went through although the call failed is not applied again (no row transaction);
 * - a server closed mid-job (what SIGTERM does) leaves the job IN_PROGRESS with its claim released; the
 *   next server resumes it at the first row not recorded: every row once, none lost, none doubled.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../server/db/index'
import { progetto, registroAttivita, registroAttivitaRiga, servizio, servizioXCittadino } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'
import { createJobRunner } from '../../../server/jobs/caricamenti'
import type { Riga } from '../../../server/domain/caricamenti/tracciato'
import { actor, call, CF, firstSite, type Actor } from '../field/fixtures'
import { createTestServer, openTestDatabase, TEST_HOST, tempDir, type TestServer } from '../helpers'
import { codiceValido, csvText, riga, upload, waitJob } from './fixtures'

const ROWS = 3000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('mass upload of a file whose rows are all different services (issue 24 point 2)', () => {
  let database: DatabaseHandle
  let server: TestServer
  let regp: Actor
  let sara: Actor
  let idSede: number
  let date: string[]
  const dataDir = tempDir('molti-servizi')
  const dir = tempDir('molti-servizi-file')

  beforeAll(async () => {
    database = await openTestDatabase()
    server = await createTestServer({ database, dataDir })
    regp = await actor(server, CF.REGP_ROMA, 'REGP')
    sara = await actor(server, CF.SARA, 'FAC')
    idSede = await firstSite(server, sara)
    // 40 service dates inside the project, none in the future
    const [p] = await database.db.select({ inizio: progetto.dataInizioProgetto, fine: progetto.dataFineProgetto }).from(progetto)
      .where(eq(progetto.id, regp.ids.idProgetto as number))
    const last = Math.min(Date.parse(p!.fine), Date.now() - 86_400_000)
    date = Array.from({ length: 40 }, (_, i) => new Date(last - i * 86_400_000).toISOString().slice(0, 10)).filter((d) => d >= p!.inizio)
    expect(date.length).toBe(40)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  })

  /** `ROWS` rows from citizen `offset`: every row its own service (date × duration, details `tag`), a new valid fiscal code each. */
  function righe(offset: number, tag: string): Riga[] {
    return Array.from({ length: ROWS }, (_, i) => riga(CF.SARA, idSede, codiceValido(offset + i), i, {
      SE7: `${tag} ${i}`,
      SE1: date[i % date.length], SE2: `${1 + (Math.floor(i / date.length) % 3)}:${String(Math.floor(i / date.length / 3) % 60).padStart(2, '0')}`,
    }))
  }

  /** Services, links, distinct citizens and recorded rows of a job. */
  async function conteggi(jobUuid: string, idRegistro: number) {
    const db = database.db
    const [servizi] = await db.select({ n: sql<number>`count(*)::int` }).from(servizio).where(eq(servizio.codInserimento, jobUuid))
    const [links] = await db.select({ n: sql<number>`count(*)::int`, cittadini: sql<number>`count(distinct ${servizioXCittadino.idCittadino})::int` })
      .from(servizioXCittadino).where(eq(servizioXCittadino.codInserimento, jobUuid))
    const [rows] = await db.select({ n: sql<number>`count(*)::int`, caricate: sql<number>`(count(*) filter (where ${registroAttivitaRiga.esito} = 'CARICATA'))::int` })
      .from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro))
    return { servizi: servizi!.n, links: links!.n, cittadini: links!.cittadini, righe: rows!.n, caricate: rows!.caricate }
  }

  /** A job over `path` queued as the upload route queues it (the file as an absolute path). */
  async function accoda(path: string, jobUuid: string): Promise<number> {
    const [job] = await database.db.insert(registroAttivita).values({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, idProgramma: regp.ids.idProgramma, operatore: 'Test', jobUuid,
      jobStatus: 'IN_PROGRESS', estensioneInput: 'csv', percorsoFile: path, totaleRigheFile: ROWS,
    }).returning({ id: registroAttivita.id })
    return job!.id
  }

  let file: Riga[]
  let primo: { id: number; jobUuid: string }

  it('loads every row, and the server answers readiness and a list while the job runs', async () => {
    file = righe(0, 'Primo')
    const res = await upload(server, regp, csvText(file), 'csv')
    expect(res.statusCode, res.body).toBe(202)
    const { jobUuid } = res.json() as { jobUuid: string }
    // probes while the job runs: each answered one is counted when the job was still running after it
    let answeredWhileRunning = 0
    for (;;) {
      const ready = await server.app.inject({ url: '/api/health/ready', headers: { host: TEST_HOST } })
      const list = await call(server, sara, 'POST', '/api/servizio/all?currPage=0&pageSize=1')
      const [job] = await database.db.select({ stato: registroAttivita.jobStatus }).from(registroAttivita).where(eq(registroAttivita.jobUuid, jobUuid))
      if (job!.stato !== 'IN_PROGRESS') break
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }])
      expect(list.statusCode).toBe(200)
      answeredWhileRunning++
    }
    const job = await waitJob(server, regp, jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', totaleRighe: ROWS, righeScartate: 0, cittadiniBeneficiari: ROWS, serviziCaricati: ROWS, questionariCompilati: ROWS })
    expect(await conteggi(jobUuid, job.id)).toEqual({ servizi: ROWS, links: ROWS, cittadini: ROWS, righe: ROWS, caricate: ROWS })
    // the job gave the event loop a turn between its chunks: requests were answered all along, not only at the end
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(5)
    primo = { id: job.id, jobUuid }
  }, 600_000)

  it('the same file again in one chunk: every row rejected as already registered, no chunk rolled back', async () => {
    expect(primo).toBeDefined()
    const path = join(dir, 'di-nuovo.csv')
    writeFileSync(path, csvText(file))
    const id = await accoda(path, 'dinuovo'.padEnd(32, '0'))
    const warnings: string[] = []
    const runner = createJobRunner({
      db: database.db, citizenHashSecret: server.config.citizenHashSecret, lanes: 1, batchRows: ROWS, pollMs: 0,
      log: { info: () => undefined, warn: (_obj: unknown, msg?: string) => { warnings.push(String(msg)) }, error: (_obj: unknown, msg?: string) => { warnings.push(String(msg)) } },
    })
    runner.enqueue(id)
    await runner.idle()
    await runner.close()
    const [job] = await database.db.select().from(registroAttivita).where(eq(registroAttivita.id, id))
    expect(job).toMatchObject({ jobStatus: 'SUCCESS', righeScartate: ROWS, cittadiniAggiunti: 0, serviziAcquisiti: 0 })
    const motivi = await database.db.selectDistinct({ note: registroAttivitaRiga.note }).from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, id))
    expect(motivi).toEqual([{ note: 'il cittadino è già registrato in questo servizio' }])
    expect(warnings).toEqual([])
  }, 600_000)

  it('a chunk whose commit went through although its call failed is not applied again', async () => {
    const path = join(dir, 'commit.csv')
    const rows = righe(ROWS, 'Commit').slice(0, 300)
    writeFileSync(path, csvText(rows))
    const jobUuid = 'commit'.padEnd(32, '0')
    const id = await accoda(path, jobUuid)
    // the second transaction (the second chunk) commits, then its call fails as PGlite's abort did
    let transactions = 0
    const db = new Proxy(database.db, {
      get(target, key) {
        if (key === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            const result = await target.transaction(...args)
            if (++transactions === 2) throw new Error('RuntimeError: Aborted()')
            return result
          }
        }
        const value: unknown = Reflect.get(target, key, target)
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      },
    }) as Database
    const runner = createJobRunner({ db, citizenHashSecret: server.config.citizenHashSecret, lanes: 1, batchRows: 100, pollMs: 0 })
    runner.enqueue(id)
    await runner.idle()
    await runner.close()
    const [job] = await database.db.select().from(registroAttivita).where(eq(registroAttivita.id, id))
    expect(job).toMatchObject({ jobStatus: 'SUCCESS', righeScartate: 0, cittadiniAggiunti: 300, serviziAcquisiti: 300 })
    expect(await conteggi(jobUuid, id)).toEqual({ servizi: 300, links: 300, cittadini: 300, righe: 300, caricate: 300 })
    // three chunks, and no row of the second applied again one by one
    expect(transactions).toBe(3)
  }, 600_000)

  it('a server closed mid-job leaves it to the next one, which resumes at the first row not recorded', async () => {
    const rows = righe(2 * ROWS, 'Ripresa')
    const res = await upload(server, regp, csvText(rows), 'csv')
    expect(res.statusCode, res.body).toBe(202)
    const { jobUuid } = res.json() as { jobUuid: string }
    const progress = async () => (await database.db.select().from(registroAttivita).where(eq(registroAttivita.jobUuid, jobUuid)))[0]!
    // as SIGTERM does (server/main.ts): the app closes once the job has applied its first chunk
    while ((await progress()).righeElaborate === 0) await sleep(5)
    await server.app.close()
    const stopped = await progress()
    expect(stopped).toMatchObject({ jobStatus: 'IN_PROGRESS', processo: null })
    expect(stopped.righeElaborate).toBeGreaterThan(0)
    expect(stopped.righeElaborate).toBeLessThan(ROWS)
    const recorded = await database.db.select({ n: sql<number>`count(*)::int` }).from(registroAttivitaRiga)
      .where(eq(registroAttivitaRiga.idRegistroAttivita, stopped.id))
    expect(recorded[0]!.n).toBe(stopped.righeElaborate)

    // the next process: same database and file storage; its start resumes the job
    server = await createTestServer({ database, dataDir })
    await server.app.caricamenti.idle()
    const job = await waitJob(server, regp, jobUuid)
    expect(job).toMatchObject({ stato: 'SUCCESS', totaleRighe: ROWS, righeScartate: 0, cittadiniBeneficiari: ROWS, serviziCaricati: ROWS })
    expect(await conteggi(jobUuid, job.id)).toEqual({ servizi: ROWS, links: ROWS, cittadini: ROWS, righe: ROWS, caricate: ROWS })
  }, 600_000)
})
