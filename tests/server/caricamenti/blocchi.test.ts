// @vitest-environment node
/**
 * The chunked job keeps the per-row guarantee (server/jobs/caricamenti.ts, server/domain/caricamenti/blocco.ts):
 * - a chunk whose transaction fails as a whole (here: a test trigger refuses any multi-row insert of
 *   citizen links, which only the chunk path makes) is rolled back entirely and its rows are applied one
 *   by one: the good rows are loaded, the bad one is rejected alone with its reason, nothing is doubled;
 * - rows the chunk leaves to the row path (a citizen twice in the chunk, a citizen already registered
 *   outside the facilitator's scope) come out as the row path says: the second addition of a citizen to
 *   the same service refused (U23), a citizen of another project's services added with the data declared;
 * - a full services cache is emptied and read again: a service already registered is still reused.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { questionarioCompilato, registroAttivita, registroAttivitaRiga, servizioXCittadino } from '../../../server/db/schema'
import { createJobRunner } from '../../../server/jobs/caricamenti'
import { createTestServer, tempDir, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, firstSite, fiscalCodeAged, type Actor } from '../field/fixtures'
import { csvText, riga } from './fixtures'
import type { Riga } from '../../../server/domain/caricamenti/tracciato'
import { applicaBlocco, MAX_SERVIZI_IN_CACHE, nuovoStatoBlocchi, type VoceBlocco } from '../../../server/domain/caricamenti/blocco'
import { validaRiga } from '../../../server/domain/caricamenti/validazione'
import type { ContestoJob } from '../../../server/domain/caricamenti/applica'
import { servizio } from '../../../server/db/schema'

describe('chunks of a mass-upload job', () => {
  let server: TestServer
  let regp: Actor
  let idSede: number
  const dir = tempDir('blocchi')

  beforeAll(async () => {
    server = await createTestServer()
    regp = await actor(server, CF.REGP_ROMA, 'REGP')
    idSede = await firstSite(server, await actor(server, CF.SARA, 'FAC'))
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function run(tag: string, rows: Riga[]) {
    const path = join(dir, `${tag}.csv`)
    writeFileSync(path, csvText(rows))
    const jobUuid = tag.padEnd(32, '0')
    const [job] = await server.database.db.insert(registroAttivita).values({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, idProgramma: regp.ids.idProgramma, operatore: 'Test', jobUuid,
      jobStatus: 'IN_PROGRESS', estensioneInput: 'csv', percorsoFile: path, totaleRigheFile: rows.length,
    }).returning()
    const avvisi: string[] = []
    const log = { info: () => {}, error: () => {}, warn: (_o: unknown, msg?: string) => { avvisi.push(String(msg)) } }
    const runner = createJobRunner({ db: server.database.db, citizenHashSecret: server.config.citizenHashSecret, lanes: 1, log })
    runner.enqueue(job!.id)
    await runner.idle()
    const [done] = await server.database.db.select().from(registroAttivita).where(eq(registroAttivita.id, job!.id))
    const esiti = await server.database.db.select().from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, job!.id))
      .orderBy(registroAttivitaRiga.numeroRiga)
    return { done: done!, esiti, jobUuid, avvisi }
  }

  it('falls back to one transaction per row when the chunk fails, the bad row rejected alone', async () => {
    const db = server.database.db
    await db.execute(sql.raw(`create function pd_test_no_multirow() returns trigger language plpgsql as $$
      begin if (select count(*) from nuovi) > 1 then raise exception 'test: multi-row insert refused'; end if; return null; end $$`))
    await db.execute(sql.raw(`create trigger pd_test_no_multirow after insert on servizio_x_cittadino
      referencing new table as nuovi for each statement execute function pd_test_no_multirow()`))
    try {
      const rows = [0, 1, 2, 3].map((n) => riga(CF.SARA, idSede, fiscalCodeAged(30 + n), n, { SE7: `Blocco ${n}` }))
      rows[2]!.IDSede = '999999' // another site: C01
      const { done, esiti, jobUuid, avvisi } = await run('bbbb', rows)
      expect(avvisi).toEqual(['mass upload chunk rolled back: rows applied one by one'])
      expect(done).toMatchObject({ jobStatus: 'SUCCESS', righeScartate: 1, cittadiniAggiunti: 3, rilevazioneDiEsperienzaCompilate: 3 })
      expect(esiti.map((e) => [e.numeroRiga, e.esito])).toEqual([[2, 'CARICATA'], [3, 'CARICATA'], [4, 'SCARTATA'], [5, 'CARICATA']])
      expect(esiti[2]!.note).toMatch(/^il facilitatore \(IDFacilitatore\) non opera nella sede/)
      const links = await db.select().from(servizioXCittadino).where(eq(servizioXCittadino.codInserimento, jobUuid))
      expect(links).toHaveLength(3)
    } finally {
      await db.execute(sql.raw('drop trigger pd_test_no_multirow on servizio_x_cittadino'))
      await db.execute(sql.raw('drop function pd_test_no_multirow()'))
    }
  })

  it('leaves to the row path a citizen met twice in the chunk and one of another scope', async () => {
    const cf = fiscalCodeAged(44)
    const base = riga(CF.SARA, idSede, cf, 1, { SE7: 'Doppio', SE1: '2025-04-15' })
    // a citizen registered by a facilitator of another project (outside Sara's scope)
    const altro = await actor(server, CF.MATTEO, 'FAC')
    const cfAltro = fiscalCodeAged(52)
    const idServizioAltro = await createService(server, altro)
    const add = await call(server, altro, 'POST', `/api/servizio/cittadino/${idServizioAltro}`, {
      body: { ...altro.ids, nuovoCittadino: true, codiceFiscale: cfAltro, codiceFiscaleNonDisponibile: false, ...DEMOGRAFICA, provinciaDiDomicilio: 'Milano' },
    })
    expect(add.statusCode, add.body).toBe(201)
    const rows = [
      base,
      { ...base, SE7: 'Doppio bis' }, // the same citizen on another service of the same chunk: loaded
      { ...base, AN12: 'Torino' }, // the same citizen, same service again: U23
      riga(CF.SARA, idSede, cfAltro, 2, { SE7: 'Altro ambito', AN12: 'Roma' }),
    ]
    const { done, esiti, jobUuid, avvisi } = await run('cccc', rows)
    expect(avvisi).toEqual([])
    expect(done).toMatchObject({ jobStatus: 'SUCCESS', righeScartate: 1, cittadiniAggiunti: 3 })
    expect(esiti.map((e) => [e.numeroRiga, e.esito])).toEqual([[2, 'CARICATA'], [3, 'CARICATA'], [4, 'SCARTATA'], [5, 'CARICATA']])
    expect(esiti[2]!.note).toBe('il cittadino è già registrato in questo servizio')
    const surveys = await server.database.db.select({ sezioni: questionarioCompilato.sezioni }).from(questionarioCompilato)
      .where(eq(questionarioCompilato.codInserimento, jobUuid))
    const q2 = surveys.map((s) => JSON.stringify(s.sezioni.find((x) => x.id === 'anagraphic-booking-section')?.properties ?? s.sezioni[1]?.properties))
    // the second service of the same citizen: Q2 says it is not the first one
    expect(q2.filter((t) => t.includes('"No"'))).toHaveLength(2)
  })

  it('reuses a registered service after the services cache was emptied', async () => {
    const db = server.database.db
    const jobUuid = 'dddd'.padEnd(32, '0')
    const [job] = await db.insert(registroAttivita).values({
      idProgetto: regp.ids.idProgetto, idEnte: regp.ids.idEnte, idProgramma: regp.ids.idProgramma, jobUuid, jobStatus: 'IN_PROGRESS',
    }).returning()
    const ctx: ContestoJob = {
      idRegistro: job!.id, idProgramma: regp.ids.idProgramma as number, idProgetto: regp.ids.idProgetto as number, idEnte: regp.ids.idEnte as number,
      policy: 'RFD', codInserimento: jobUuid, citizenHashSecret: server.config.citizenHashSecret,
    }
    const voce = async (numero: number, cf: string, SE1 = '2025-04-20'): Promise<VoceBlocco> => {
      const valori = riga(CF.SARA, idSede, cf, 3, { SE7: 'Cache piena', SE1 })
      const esito = await validaRiga({ numero, valori, formule: [], campi: null }, ctx, '2026-01-01')
      if (!('ok' in esito)) throw new Error(esito.errori.join(', '))
      return { numero, riga: esito.ok, valori: {} }
    }
    const stato = nuovoStatoBlocchi()
    expect(await applicaBlocco(db, ctx, [await voce(2, fiscalCodeAged(61))], stato)).toMatchObject({ caricate: 1, residue: [] })
    stato.conteggio = MAX_SERVIZI_IN_CACHE + 1
    // a chunk with the cached service's key and a key not seen yet: the cache is emptied, both keys read again
    expect(await applicaBlocco(db, ctx, [await voce(3, fiscalCodeAged(62)), await voce(4, fiscalCodeAged(63), '2025-04-21')], stato))
      .toMatchObject({ caricate: 2, residue: [] })
    const services = await db.select({ id: servizio.id }).from(servizio).where(eq(servizio.codInserimento, jobUuid)).orderBy(servizio.id)
    expect(services).toHaveLength(2)
    const esiti = await db.select().from(registroAttivitaRiga).where(eq(registroAttivitaRiga.idRegistroAttivita, job!.id)).orderBy(registroAttivitaRiga.numeroRiga)
    expect(esiti.map((e) => [e.servizioNuovo, e.idServizio])).toEqual([[true, services[0]!.id], [false, services[0]!.id], [true, services[1]!.id]])
  })
})
