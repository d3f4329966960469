// @vitest-environment node
/**
 * Mass-upload jobs survive a restart (issue 10 point 5): a runner stopped after its first batch leaves the
 * job IN_PROGRESS with the rows applied so far recorded; the next runner resumes it from the first row not
 * recorded and no row is applied twice; a job whose file is gone fails cleanly (GENERIC_FAIL) and every
 * row it had applied is undone.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cittadino, registroAttivita, registroAttivitaRiga, servizio } from '../../../server/db/schema'
import { createJobRunner } from '../../../server/jobs/caricamenti'
import { createTestServer, tempDir, type TestServer } from '../helpers'
import { actor, CF, firstSite, fiscalCodeAged } from '../field/fixtures'
import { csvText, riga } from './fixtures'

describe('mass-upload jobs across restarts', () => {
  let server: TestServer
  let idSede: number
  const dir = tempDir('ripresa')

  beforeAll(async () => {
    server = await createTestServer()
    idSede = await firstSite(server, await actor(server, CF.SARA, 'FAC'))
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** A queued job over a 6-row CSV (5 valid, 1 rejected), created as the upload route does. */
  async function queuedJob(tag: string) {
    const regp = await actor(server, CF.REGP_ROMA, 'REGP')
    const rows = [0, 1, 2, 3, 4].map((n) => riga(CF.SARA, idSede, fiscalCodeAged(25 + n), n, { SE7: `${tag} ${n}` }))
    rows.splice(2, 0, riga(CF.SARA, idSede, 'XXXXXXXXXXXXXXXX', 9))
    const path = join(dir, `${tag}.csv`)
    writeFileSync(path, csvText(rows))
    const jobUuid = `${tag}`.padEnd(32, '0')
    const [job] = await server.database.db.insert(registroAttivita).values({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, idProgramma: regp.ids.idProgramma, operatore: 'Test', jobUuid,
      jobStatus: 'IN_PROGRESS', estensioneInput: 'csv', percorsoFile: path, totaleRigheFile: 6,
    }).returning()
    return { id: job!.id, jobUuid, path }
  }
  const opts = () => ({ db: server.database.db, citizenHashSecret: server.config.citizenHashSecret, lanes: 1, batchRows: 2 })
  const rowsOf = (id: number) => server.database.db.select().from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, id))

  it('resumes from the first row not recorded, applying each row once', async () => {
    const job = await queuedJob('aaaa')
    const first = createJobRunner(opts())
    first.enqueue(job.id)
    await first.close() // stops after the first batch (2 rows), as a server shutting down
    const [mid] = await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, job.id))
    expect(mid).toMatchObject({ jobStatus: 'IN_PROGRESS', righeElaborate: 2 })
    expect((await rowsOf(job.id)).map((r) => r.numeroRiga).sort()).toEqual([2, 3])

    const second = createJobRunner(opts())
    await second.resume()
    await second.idle()
    const [done] = await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, job.id))
    expect(done).toMatchObject({ jobStatus: 'SUCCESS', totaleRigheFile: 6, righeScartate: 1, cittadiniAggiunti: 5, serviziAcquisiti: 5, percorsoFile: null })
    expect((await rowsOf(job.id)).map((r) => r.numeroRiga).sort()).toEqual([2, 3, 4, 5, 6, 7])
    expect(await server.database.db.select().from(servizio).where(eq(servizio.codInserimento, job.jobUuid))).toHaveLength(5)
  })

  it('fails cleanly when the file is gone: GENERIC_FAIL and the rows applied are undone', async () => {
    const job = await queuedJob('bbbb')
    const keep = join(dir, 'copy.csv')
    copyFileSync(job.path, keep)
    const first = createJobRunner(opts())
    first.enqueue(job.id)
    await first.close()
    expect(await server.database.db.select().from(servizio).where(eq(servizio.codInserimento, job.jobUuid))).toHaveLength(2)
    rmSync(job.path)
    const second = createJobRunner(opts())
    await second.resume()
    await second.idle()
    const [failed] = await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, job.id))
    expect(failed).toMatchObject({ jobStatus: 'GENERIC_FAIL', righeScartate: 0, serviziAcquisiti: 0, cittadiniAggiunti: 0 })
    expect(await server.database.db.select().from(servizio).where(eq(servizio.codInserimento, job.jobUuid))).toEqual([])
    expect(await server.database.db.select().from(cittadino).where(eq(cittadino.codInserimento, job.jobUuid))).toEqual([])
    expect(await rowsOf(job.id)).toEqual([])
    mkdirSync(dir, { recursive: true })
  })

  it('a server start resumes the IN_PROGRESS jobs (onReady)', async () => {
    const job = await queuedJob('cccc')
    const again = await createTestServer({ database: server.database })
    await again.app.ready()
    await again.app.caricamenti.idle()
    const [done] = await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, job.id))
    expect(done?.jobStatus).toBe('SUCCESS')
    await again.close()
  })
})
