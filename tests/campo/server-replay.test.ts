// @vitest-environment node
/**
 * The field data layer against the real reference server (createTestServer, PGlite): bootstrap fetched
 * and stored on the device, a service + citizen + survey made offline, replayed through a transport that
 * calls `app.inject`, then a second bootstrap that maps the server rows onto the device copies.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Profilo } from '../../src/api/contract/contesto'

const session = vi.hoisted(() => ({ profilo: null as Profilo | null, cf: '' }))
vi.mock('../../src/auth/session', () => {
  const state = () => ({ status: 'authenticated', user: null, profilo: session.profilo, permessi: [], isOfflineSession: false, needsProfileChoice: false })
  return { getSessionState: state, useSession: state, currentFiscalCode: () => session.cf, subscribeSession: () => () => undefined }
})

import { cittadino, questionarioCompilato, servizio, servizioXCittadino } from '../../server/db/schema'
import { ApiCallError } from '../../src/api/client'
import { aggiungiCittadino, compilaQuestionario, creaServizio } from '../../src/features/campo'
import { storeSnapshot } from './helpers'

/** A service date inside the field window (issue 25 point 2): a later whole sync brings it back to the device. */
const OGGI = new Date().toISOString().slice(0, 10)
import { registerCampoHandlers } from '../../src/features/campo/handlers'
import { closeUserDb, currentDb, openUserDb } from '../../src/offline/db'
import { getRecord, listRecords } from '../../src/offline/records'
import { listEntries } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import type { OutboxRequest } from '../../src/offline/handlers'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { maskFiscalCode } from '../../src/lib/masked-identity'
import { decodeSection, encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { createTestServer, TEST_HOST, type TestServer } from '../server/helpers'
import { actor, call, CF, createService, fiscalCodeAged, type Actor } from '../server/field/fixtures'
import { setupReplay } from '../offline/helpers'
import { syncCompleta } from '../server/field/sync-helper'

describe('replay against the reference server', () => {
  let server: TestServer
  let sara: Actor
  let unregister: () => void

  /** The outbox transport over `app.inject` (headers as httpTransport sends them). */
  const injectTransport = async (req: OutboxRequest): Promise<unknown> => {
    const res = await server.app.inject({
      method: req.method, url: `/api/${req.path}`,
      headers: { host: TEST_HOST, authToken: sara.token, userRole: req.roleContext.codiceRuolo, 'idempotency-key': req.idempotencyKey },
      payload: (req.body ?? {}) as object,
    })
    const body = res.body ? (JSON.parse(res.body) as { errorCode?: string; message?: string }) : null
    if (res.statusCode >= 400) throw new ApiCallError(res.statusCode, body?.errorCode ?? null, body?.message ?? 'errore', 'http')
    return body
  }

  /** What a whole field sync of Sara's profile returns (all pages, in the older one-answer shape). */
  const fetchBootstrap = async () => (await syncCompleta(server, sara)).bootstrap

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    session.cf = CF.SARA
    session.profilo = {
      codiceRuolo: 'FAC', descrizioneRuolo: 'FAC', descrizioneRuoloCompleta: 'FAC', idProgramma: sara.ids.idProgramma, nomeProgramma: null,
      idProgetto: sara.ids.idProgetto, nomeProgettoBreve: null, idEnte: sara.ids.idEnte, nomeEnte: null, descrizioneEstesaEnte: null, policy: 'RFD',
    }
    const db = await openUserDb(CF.SARA)
    await Promise.all(db.tables.map((t) => t.clear()))
    unregister = registerCampoHandlers()
  })
  afterAll(async () => {
    unregister?.()
    closeUserDb()
    await server?.close()
  })

  it('creates the service, adds the citizen and compiles the survey once, with the device ids mapped back', async () => {
    const startedAt = Date.now()
    const first = await fetchBootstrap()
    await storeSnapshot(first, startedAt)
    const before = (await listRecords('servizio')).length
    expect(before).toBe(first.servizi.length)

    configureConnectivityForTests({ state: 'offline' })
    const sede = first.sedi[0]!
    const nome = `Corso SPID offline ${Math.random().toString(36).slice(2, 7)}`
    const s = await creaServizio({ nome, idSede: sede.id, q3: { '22': OGGI, '23': '1:15', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '28': 'Attivazione SPID, con app' } })
    const cf = fiscalCodeAged(35, 'F')
    const c = await aggiungiCittadino(s.idLocale, { codiceFiscale: cf, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Libero professionista', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true })
    await compilaQuestionario(c.idLocale, encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '1663320201383': '5' } }),
      { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-05-05' })
    // what the table shows offline: the mask computed on the device
    expect(c.identificativoMascherato).toBe(maskFiscalCode(cf))

    setupReplay({ transport: injectTransport })
    const report = await runReplay(currentDb()!)
    expect(report, JSON.stringify(await listEntries({ includeDone: true }), null, 1)).toMatchObject({ sent: 3, attention: 0, stopped: null })

    const rows = await server.database.db.select().from(servizio).where(eq(servizio.idLocale, s.idLocale))
    expect(rows).toHaveLength(1)
    const idServizio = rows[0]!.id
    expect(rows[0]).toMatchObject({ nome, durataServizio: '1:15', stato: 'ATTIVO' })
    const links = await server.database.db.select().from(servizioXCittadino).where(eq(servizioXCittadino.idServizio, idServizio))
    expect(links).toHaveLength(1)
    const [istanza] = await server.database.db.select().from(questionarioCompilato)
      .where(and(eq(questionarioCompilato.idServizio, idServizio), eq(questionarioCompilato.idCittadino, links[0]!.idCittadino)))
    expect(istanza).toMatchObject({ stato: 'COMPILATA' })
    // the paper consent given offline, replayed: on the citizen, in the Q1 of the survey; the same mask as the device's
    const [persona] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, links[0]!.idCittadino))
    expect(persona).toMatchObject({ tipoConferimentoConsenso: 'CARTACEO', identificativoMascherato: maskFiscalCode(cf) })
    expect(istanza!.sezioni[0]!.properties).toEqual(expect.arrayContaining([{ '18': ['Cartaceo'] }, { '19': ['2025-05-05'] }]))

    expect(await getRecord('servizio', s.idLocale)).toMatchObject({ idServer: idServizio, syncState: 'confermato' })
    expect(await getRecord('cittadino-servizio', c.idLocale)).toMatchObject({ idServer: istanza!.id, syncState: 'confermato' })

    // a replay run again sends nothing; the next bootstrap maps the server rows onto the device copies
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 0 })
    configureConnectivityForTests({ state: 'online' })
    await storeSnapshot(await fetchBootstrap(), Date.now())
    expect(await listRecords('servizio')).toHaveLength(before + 1)
    const add = await getRecord<{ statoQuestionario: string; sezioneQ1Questionario: string }>('cittadino-servizio', c.idLocale)
    expect(add).toMatchObject({ syncState: 'confermato', data: { statoQuestionario: 'COMPILATA' } })
    expect((await listRecords('cittadino-servizio')).filter((r) => r.idServer === istanza!.id)).toHaveLength(1)
    expect(JSON.stringify(await currentDb()!.records.toArray())).not.toContain(cf)
    expect(JSON.stringify(await listEntries({ includeDone: true }))).not.toContain(cf)
  })

  it('attaches a citizen already registered elsewhere by its fiscal code: offline by the hash, online with the code and the id (security issue 6)', async () => {
    // a citizen of the SCD programme, registered by a volunteer
    const luca = await actor(server, CF.LUCA, 'VOL')
    const cf = fiscalCodeAged(52, 'M', 4, 'Ciro')
    const altrove = await call(server, luca, 'POST', `/api/servizio/cittadino/${await createService(server, luca, { nomeServizio: `Altrove ${Math.random()}` })}`, {
      body: { codiceFiscale: cf, nuovoCittadino: true, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Napoli', cittadinanza: 'Italiana' },
    })
    expect(altrove.statusCode, altrove.body).toBe(201)
    const idCittadino = (altrove.json() as { id: number }).id

    await storeSnapshot(await fetchBootstrap(), Date.now())
    const sede = (await fetchBootstrap()).sedi[0]!
    const q3 = { '22': '2025-05-05', '23': '1:00', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '28': 'SPID' }
    configureConnectivityForTests({ state: 'offline' })
    const s1 = await creaServizio({ nome: `Desk 1 ${Math.random()}`, idSede: sede.id, q3 })
    const s2 = await creaServizio({ nome: `Desk 2 ${Math.random()}`, idSede: sede.id, q3 })
    // offline: the typed code and the data declared at the desk; the server finds the citizen by its hash
    const offline = await aggiungiCittadino(s1.idLocale, { codiceFiscale: cf, titoloDiStudio: 'Licenza elementare / Scuola primaria', occupazione: 'Casalinga/o', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true })
    setupReplay({ transport: injectTransport })
    expect(await runReplay(currentDb()!)).toMatchObject({ attention: 0, stopped: null })
    expect(await getRecord('cittadino-servizio', offline.idLocale)).toMatchObject({ syncState: 'confermato', data: { idCittadino } })
    const [istanza] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idCittadino, idCittadino))
      .orderBy(questionarioCompilato.dataOraCreazione)
      .then((rows) => rows.filter((r) => r.idFacilitatore === sara.userId))
    expect(JSON.stringify(istanza?.sezioni)).toContain('Casalinga/o')
    expect(JSON.stringify(istanza?.sezioni)).not.toContain('Napoli')

    // online, now within Sara's scope: the search match's id travels with the typed code; a bare id is refused on the device
    configureConnectivityForTests({ state: 'online' })
    await expect(aggiungiCittadino(s2.idLocale, { idCittadino, nuovoCittadino: false })).rejects.toThrow(/codice fiscale/)
    const online = await aggiungiCittadino(s2.idLocale, { idCittadino, codiceFiscale: cf, nuovoCittadino: false })
    expect(await runReplay(currentDb()!)).toMatchObject({ attention: 0, stopped: null })
    expect(await getRecord('cittadino-servizio', online.idLocale)).toMatchObject({ syncState: 'confermato', data: { idCittadino } })
    const [row] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
    expect(row).toMatchObject({ occupazione: 'Casalinga/o', provinciaDiDomicilio: 'Roma' })
    expect(JSON.stringify(await listEntries({ includeDone: true }))).not.toContain(cf)
  })

  it('sends the corrections made in step Q1 with the compilation and the consent: the server updates the citizen and Q1 (issue 8 points 1 and 5)', async () => {
    await storeSnapshot(await fetchBootstrap(), Date.now())
    const sede = (await fetchBootstrap()).sedi[0]!
    configureConnectivityForTests({ state: 'offline' })
    const s = await creaServizio({ nome: `Correzioni ${Math.random()}`, idSede: sede.id, q3: { '22': OGGI, '23': '1:00', '24': ['Facilitazione individuale'], '25': ['Sicurezza'], '28': 'SPID' } })
    const numero = `DOC${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    const c = await aggiungiCittadino(s.idLocale, {
      tipoDocumento: 'Passaporto', numeroDocumento: numero, fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore',
      provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true,
    })
    await compilaQuestionario(c.idLocale, encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '1663320201383': '4' } }), { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: '2025-05-06' }, {
      genereDaAggiornare: 'F', fasciaDiEtaIdDaAggiornare: 3, occupazioneDaAggiornare: 'Casalinga/o', provinciaDiDomicilioDaAggiornare: "L'Aquila",
    })
    setupReplay({ transport: injectTransport })
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 3, attention: 0, stopped: null })

    const idQuestionario = (await getRecord<{ idQuestionario: string }>('cittadino-servizio', c.idLocale))!.data.idQuestionario
    const [istanza] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQuestionario))
    const [row] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, istanza!.idCittadino))
    expect(row).toMatchObject({ genere: 'F', fasciaDiEtaId: 3, occupazione: 'Casalinga/o', provinciaDiDomicilio: "L'Aquila", titoloDiStudio: 'Laurea (3 anni)', tipoConferimentoConsenso: 'EMAIL' })
    const q1 = istanza!.sezioni.find((x) => x.id === sectionHeader('Q1').id)
    expect(JSON.stringify(q1)).toContain('Casalinga/o')
    expect(JSON.stringify(q1)).toContain('55-74')
    // the next bootstrap brings the server's Q1: the same answers the device showed
    configureConnectivityForTests({ state: 'online' })
    await storeSnapshot(await fetchBootstrap(), Date.now())
    const add = await getRecord<{ sezioneQ1Questionario: string; genere: string }>('cittadino-servizio', c.idLocale)
    expect(add!.data.genere).toBe('F')
    expect(decodeSection(add!.data.sezioneQ1Questionario).answers).toMatchObject({ '5': ['F'], '6': ['55-74'], '8': ['Casalinga/o'], '9': ['L’Aquila'], '18': ['Email'], '19': ['2025-05-06'] })
  })
})
