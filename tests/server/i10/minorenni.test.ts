// @vitest-environment node
/**
 * Issue 10 point 4: the minors configuration. The DTD enables a programme (RFD-2024-LOM, not enabled in the
 * seed) from today: the field bootstrap of a facilitator of that programme carries the configuration at
 * once and the add-citizen rule accepts a 16-year-old; after the revocation the next bootstrap carries
 * none and the rule refuses (U25). Plus the table (sortable, its stato), the programmes offered and the
 * catalogue's errors M01–M05.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configurazioneMinorenni, programma } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { syncCompleta } from '../field/sync-helper'
import { versioneLetta } from '../versioni-letture'

const today = () => new Date().toISOString().slice(0, 10)
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

describe('minors configuration', () => {
  let server: TestServer
  let dtd: Actor, alessandro: Actor, reg: Actor, sara: Actor
  let idLom: number

  const bootstrap = async (who: Actor) => {
    // the reference data of a whole field sync
    return (await syncCompleta(server, who)).bootstrap.configurazioneMinorenni
  }
  const table = async (who: Actor, ordinamento?: { campo: string; verso: 'asc' | 'desc' }) => {
    const res = await call(server, who, 'POST', '/api/configurazioneminorenni/all?currPage=0&pageSize=50', { body: { ordinamento } })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { configurazioniMinorenniList: { id: number; idProgramma: number; nomeProgramma: string; statoAbilitazione: string; dataDecorrenza: string }[] }).configurazioniMinorenniList
  }

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    reg = await actor(server, CF.REG_LOM, 'REG')
    sara = await actor(server, CF.SARA, 'FAC')
    alessandro = await actor(server, CF.ALESSANDRO, 'FAC')
    const [p] = await server.database.db.select({ id: programma.id }).from(programma).where(eq(programma.codice, 'RFD-2024-LOM'))
    idLom = p!.id
  })
  afterAll(async () => {
    await server?.database.db.delete(configurazioneMinorenni).where(eq(configurazioneMinorenni.idProgramma, idLom))
    await server?.close()
  })

  it('shows the enablement table, sortable, with its state; the REG of a programme sees only hers', async () => {
    const rows = await table(dtd)
    expect(rows.map((r) => r.nomeProgramma)).toContain('Rete dei servizi di facilitazione digitale - Regione Lazio')
    expect(rows.find((r) => r.nomeProgramma.includes('Lazio'))?.statoAbilitazione).toBe('ABILITATA')
    const byDate = await table(dtd, { campo: 'data_decorrenza', verso: 'desc' })
    expect(byDate.map((r) => r.dataDecorrenza)).toEqual([...byDate.map((r) => r.dataDecorrenza)].sort().reverse())
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/all?currPage=0&pageSize=8', { body: { ordinamento: { campo: 'boh', verso: 'asc' } } })).statusCode).toBe(400)
    expect(await table(reg)).toEqual([]) // Lombardy is not enabled
    expect((await call(server, sara, 'POST', '/api/configurazioneminorenni/all?currPage=0&pageSize=8', { body: {} })).statusCode).toBe(403)
  })

  it('enables a programme from today: the next bootstrap and the add-citizen rule pick it up; revoking undoes both', async () => {
    const milano = await createService(server, alessandro, { nomeServizio: named('Minori Milano'), data: '2025-06-03' })
    const addMinor = () => call(server, alessandro, 'POST', `/api/servizio/cittadino/${milano}`, { body: { codiceFiscale: fiscalCodeAged(16), nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(await bootstrap(alessandro)).toBeNull()
    expect((await addMinor()).json()).toMatchObject({ errorCode: 'U25' })

    const offered = (await call(server, dtd, 'POST', '/api/configurazioneminorenni/programmi', { body: { intervento: 'RFD', criterioRicerca: 'lombardia' } })).json() as { idProgramma: number }[]
    expect(offered.map((p) => p.idProgramma)).toEqual([idLom])
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma: idLom, intervento: 'SCD', dataDecorrenza: today() } })).json()).toMatchObject({ errorCode: 'M04' })
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma: idLom, dataDecorrenza: '2030-01-01' } })).json()).toMatchObject({ errorCode: 'M03' })
    const saved = await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma: idLom, intervento: 'RFD', dataDecorrenza: today() } })
    expect(saved.statusCode, saved.body).toBe(201)
    const id = (saved.json() as { id: number }).id
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma: idLom, dataDecorrenza: today() } })).json()).toMatchObject({ errorCode: 'M05' })
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/programmi', { body: { intervento: 'RFD', criterioRicerca: 'lombardia' } })).json()).toEqual([])
    // already in force: its date can no longer change
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { id, idProgramma: idLom, dataDecorrenza: inDays(3) } })).json()).toMatchObject({ errorCode: 'M02' })

    expect(await bootstrap(alessandro)).toMatchObject({ dataDecorrenza: today() })
    const minor = await addMinor()
    expect(minor.statusCode, minor.body).toBe(201)
    expect((await table(reg)).map((r) => r.idProgramma)).toEqual([idLom])

    const revoked = await call(server, dtd, 'POST', '/api/configurazioneminorenni/elimina', { body: { id, versione: await versioneLetta(server, dtd, 'minorenni', idLom) } })
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(await bootstrap(alessandro)).toBeNull()
    expect((await addMinor()).json()).toMatchObject({ errorCode: 'U25' })
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/elimina', { body: { id } })).json()).toMatchObject({ errorCode: 'M01' })
  })

  it('moves the start date of a configuration not yet in force; the rule waits for it', async () => {
    const saved = await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { idProgramma: idLom, dataDecorrenza: inDays(5) } })
    expect(saved.statusCode, saved.body).toBe(201)
    const id = (saved.json() as { id: number }).id
    expect((await table(dtd)).find((r) => r.id === id)?.statoAbilitazione).toBe('PROGRAMMATA')
    const moved = await call(server, dtd, 'POST', '/api/configurazioneminorenni/salva', { body: { id, idProgramma: idLom, dataDecorrenza: inDays(10), versione: await versioneLetta(server, dtd, 'minorenni', idLom) } })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await call(server, dtd, 'GET', `/api/configurazioneminorenni/dettaglio?idProgramma=${idLom}`)).json()).toMatchObject({ dataDecorrenza: inDays(10) })
    const milano = await createService(server, alessandro, { nomeServizio: named('Minori Milano 2'), data: '2025-06-04' })
    const minor = await call(server, alessandro, 'POST', `/api/servizio/cittadino/${milano}`, { body: { codiceFiscale: fiscalCodeAged(15), nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(minor.json()).toMatchObject({ errorCode: 'U25' })
    expect((await call(server, dtd, 'POST', '/api/configurazioneminorenni/elimina', { body: { id, versione: await versioneLetta(server, dtd, 'minorenni', idLom) } })).statusCode).toBe(200)
  })
})
