// @vitest-environment node
/**
 * What a graceful shutdown releases (issue 14 point 2), on either database: readiness answers 503
 * `{status:'stopping'}` from the moment the shutdown begins; a generic job still running when the queue closes
 * goes back to IN_ATTESA (its attempt not counted) for another process; a mass upload stopped by `close()` keeps
 * IN_PROGRESS with its claim released; a mass upload claimed by a live process is left to it, and taken over once
 * that claim is older than the lease.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { job, registroAttivita } from '../../../server/db/schema'
import { createJobQueue } from '../../../server/jobs/coda'
import { createJobRunner } from '../../../server/jobs/caricamenti'
import { apiCall, createTestServer, tempDir, type TestServer } from '../helpers'
import { actor, CF, firstSite, fiscalCodeAged } from '../field/fixtures'
import { csvText, riga } from '../caricamenti/fixtures'

describe('graceful shutdown', () => {
  let server: TestServer
  let idSede: number
  const dir = tempDir('shutdown')

  beforeAll(async () => {
    server = await createTestServer()
    idSede = await firstSite(server, await actor(server, CF.SARA, 'FAC'))
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers readiness 503 {status: stopping} once the shutdown begins', async () => {
    const other = await createTestServer({ database: server.database })
    try {
      expect((await apiCall(other.app, { method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok' })
      other.app.beginStopping()
      const res = await apiCall(other.app, { method: 'GET', url: '/api/health/ready' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'stopping' })
      expect((await apiCall(other.app, { method: 'GET', url: '/api/health/live' })).statusCode).toBe(200)
    } finally {
      await other.app.close()
    }
  })

  it('hands a job still running at close back to the queue', async () => {
    const db = server.database.db
    let started!: () => void
    const running = new Promise<void>((resolve) => { started = resolve })
    const q = createJobQueue({ db, pollMs: 0, closeWaitMs: 50, handlers: { lungo: async () => { started(); await new Promise(() => undefined) } } })
    await q.start()
    const id = await q.enqueue('lungo', {})
    await running
    const [during] = await db.select().from(job).where(eq(job.id, id!))
    expect(during).toMatchObject({ stato: 'IN_CORSO', tentativi: 1 })
    await q.close()
    const [after] = await db.select().from(job).where(eq(job.id, id!))
    expect(after).toMatchObject({ stato: 'IN_ATTESA', tentativi: 0 })
    expect(after!.prossimoTentativo.getTime()).toBeLessThanOrEqual(Date.now())
  })

  /** A queued mass-upload job over a 6-row CSV, as the upload route creates it (file on disk: an absolute path). */
  async function queuedUpload(tag: string) {
    const regp = await actor(server, CF.REGP_ROMA, 'REGP')
    const path = join(dir, `${tag}.csv`)
    writeFileSync(path, csvText([0, 1, 2, 3, 4, 5].map((n) => riga(CF.SARA, idSede, fiscalCodeAged(25 + n), n, { SE7: `${tag} ${n}` }))))
    const [row] = await server.database.db.insert(registroAttivita).values({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, idProgramma: regp.ids.idProgramma, operatore: 'Test', jobUuid: tag.padEnd(32, '0'),
      jobStatus: 'IN_PROGRESS', estensioneInput: 'csv', percorsoFile: path, totaleRigheFile: 6,
    }).returning()
    return row!.id
  }
  const opts = () => ({ db: server.database.db, citizenHashSecret: server.config.citizenHashSecret, lanes: 1, batchRows: 2, pollMs: 0 })
  const jobRow = async (id: number) => (await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, id)))[0]!

  it('releases the mass upload\'s claim when its runner closes', async () => {
    const id = await queuedUpload('bbbb')
    const runner = createJobRunner(opts())
    runner.enqueue(id)
    await runner.close()
    expect(await jobRow(id)).toMatchObject({ jobStatus: 'IN_PROGRESS', righeElaborate: 2, processo: null })
    const next = createJobRunner(opts())
    await next.resume()
    await next.idle()
    expect(await jobRow(id)).toMatchObject({ jobStatus: 'SUCCESS', righeElaborate: 6, processo: null })
  })

  it('leaves a mass upload claimed by a live process alone, and takes it over after the lease', async () => {
    const id = await queuedUpload('cccc')
    await server.database.db.update(registroAttivita).set({ processo: 'altro-processo', processoVisto: sql`now()` }).where(eq(registroAttivita.id, id))
    const runner = createJobRunner({ ...opts(), leaseMs: 60_000 })
    runner.enqueue(id)
    await runner.resume()
    await runner.idle()
    expect(await jobRow(id)).toMatchObject({ jobStatus: 'IN_PROGRESS', righeElaborate: 0, processo: 'altro-processo' })
    await server.database.db.update(registroAttivita).set({ processoVisto: sql`now() - interval '2 minutes'` }).where(eq(registroAttivita.id, id))
    await runner.resume()
    await runner.idle()
    expect(await jobRow(id)).toMatchObject({ jobStatus: 'SUCCESS', righeElaborate: 6, processo: null })
    await runner.close()
  })
})
