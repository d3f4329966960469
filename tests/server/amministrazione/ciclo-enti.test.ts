// @vitest-environment node
/**
 * Bodies in programmes and projects through the API (platform-backend §2.3 managing bodies, §2.4 partners,
 * §2.7 referents and delegates; §1.1 bodies with EN10/EN25): cancel and terminate with their cascades,
 * orphaned roles removed, history rows closed, the last active referent kept; the body card and its
 * per-id check.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, programma, progetto, referenteDelegatiGestoreProgramma, referenteDelegatiPartner,
  storicoEnteGestoreProgramma, storicoEntePartner, utenteXRuolo,
} from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, named, RUN, type Actor } from '../field/fixtures'
import { bodyId, programmeId, projectId } from '../domain/helpers'
import { versioneLetta } from '../versioni-letture'

const err = (res: { statusCode: number; json: () => unknown }) => `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode}`

describe('bodies in programmes and projects', () => {
  let server: TestServer
  let dtd: Actor, dscu: Actor
  const roles = async (userId: number) => (await server.database.db.select().from(utenteXRuolo).where(eq(utenteXRuolo.idUtente, userId))).map((r) => r.codiceRuolo)

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    dscu = await actor(server, CF.DSCU, 'DSCU')
  })
  afterAll(() => server?.close())

  it('creates and updates a body (EN10 VAT number, EN25 name) and shows what it holds; DSCU only bodies of SCD programmes', async () => {
    const body = { nome: named('Ente di prova'), nomeBreve: 'Prova', partitaIva: String(Math.floor(1e10 + Math.random() * 8e10)), tipologia: 'Comune', indirizzoPec: '' }
    expect(err(await call(server, dtd, 'POST', '/api/ente', { body: { ...body, partitaIva: '123' } }))).toBe('400 G02')
    const res = await call(server, dtd, 'POST', '/api/ente', { body })
    expect(res.statusCode, res.body).toBe(201)
    const id = (res.json() as { id: number }).id
    expect(err(await call(server, dtd, 'POST', '/api/ente', { body: { ...body, nome: named('Altro') } }))).toBe('409 EN10')
    expect(err(await call(server, dtd, 'POST', '/api/ente', { body: { ...body, partitaIva: '02143490585' } }))).toBe('409 EN10')
    expect(err(await call(server, dtd, 'POST', '/api/ente', { body: { ...body, partitaIva: '99999999991', nome: 'Regione Lazio' } }))).toBe('409 EN25')
    expect(err(await call(server, dtd, 'PUT', `/api/ente/${id}`, { body: { ...body, nome: 'Regione Lazio' } }))).toBe('409 EN25')
    expect((await call(server, dtd, 'PUT', `/api/ente/${id}`, { body: { ...body, sedeLegale: 'Via Roma 1', versione: await versioneLetta(server, dtd, 'ente', id) } })).statusCode).toBe(200)

    const lazio = await bodyId(server.database.db, 'Regione Lazio')
    const card = await call(server, dtd, 'POST', `/api/ente/${lazio}`)
    expect(card.json()).toMatchObject({ dettaglioEnte: { nome: 'Regione Lazio', partitaIva: '02143490585' }, programmiGestiti: [{ stato: 'NON ATTIVO' }] })
    expect(err(await call(server, dscu, 'POST', `/api/ente/${lazio}`))).toBe('403 A02')
    const anci = await bodyId(server.database.db, 'Associazione Nazionale Comuni Italiani')
    expect((await call(server, dscu, 'POST', `/api/ente/${anci}`)).statusCode).toBe(200)
  })

  it('cancels a NON ATTIVO partner with its referents and sites, and the REPP role left without links (EN16 once ATTIVO)', async () => {
    const db = server.database.db
    const roma = await projectId(db, 'Lazio Digitale Roma')
    const biblio = await bodyId(db, 'Istituzione Biblioteche di Roma')
    const elena = await actor(server, CF.REPP_ROMA, 'REPP')
    const res = await call(server, dtd, 'DELETE', `/api/ente/${biblio}/cancellaentepartner/${roma}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(await db.select().from(entePartner).where(and(eq(entePartner.idProgetto, roma), eq(entePartner.idEnte, biblio)))).toHaveLength(0)
    expect(await db.select().from(enteSedeProgetto).where(and(eq(enteSedeProgetto.idProgetto, roma), eq(enteSedeProgetto.idEnte, biblio)))).toHaveLength(0)
    expect(await roles(elena.userId)).not.toContain('REPP')
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/${biblio}/cancellaentepartner/${roma}`))).toBe('404 EN24')
  })

  it('terminates an ATTIVO partner on its own (EN21 while NON ATTIVO): history closed, referent TERMINATO', async () => {
    const db = server.database.db
    const milano = await projectId(db, 'Lombardia in Rete Milano')
    const navigli = await bodyId(db, 'Cooperativa Sociale Rete Navigli')
    expect(err(await call(server, dtd, 'PUT', `/api/ente/${navigli}/terminaentepartner/${milano}`))).toBe('409 EN21')
    const depp = await actor(server, CF.DEPP_MILANO, 'DEPP')
    expect((await call(server, depp, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'DEPP' } })).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/${navigli}/cancellaentepartner/${milano}`))).toBe('409 EN16')
    const res = await call(server, dtd, 'PUT', `/api/ente/${navigli}/terminaentepartner/${milano}`)
    expect(res.statusCode, res.body).toBe(200)
    const [p] = await db.select().from(entePartner).where(and(eq(entePartner.idProgetto, milano), eq(entePartner.idEnte, navigli)))
    expect(p).toMatchObject({ statoEntePartner: 'TERMINATO', terminatoSingolarmente: true })
    const [h] = await db.select().from(storicoEntePartner).where(and(eq(storicoEntePartner.idProgetto, milano), eq(storicoEntePartner.idEnte, navigli)))
    expect(h).toMatchObject({ stato: 'TERMINATO' })
    const [r] = await db.select().from(referenteDelegatiPartner).where(eq(referenteDelegatiPartner.idUtente, depp.userId))
    expect(r!.statoUtente).toBe('TERMINATO')
    // a partner terminated on its own no longer offers the DEPP profile: the choice is refused by the access layer (A10)
    expect(err(await call(server, depp, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'DEPP' } }))).toBe('403 A10')
  })

  it('cancels a NON ATTIVO project managing body with its sites and facilitators (the FAC role goes); EN18 once ATTIVO', async () => {
    const db = server.database.db
    const latina = await projectId(db, 'Lazio Digitale Latina')
    const comune = await bodyId(db, 'Comune di Latina')
    const matteo = await actor(server, CF.MATTEO, 'FAC')
    const res = await call(server, dtd, 'DELETE', `/api/ente/${comune}/cancellagestoreprogetto/${latina}`)
    expect(res.statusCode, res.body).toBe(200)
    const [p] = await db.select().from(progetto).where(eq(progetto.id, latina))
    expect(p).toMatchObject({ idEnteGestoreProgetto: null, statoGestoreProgetto: null })
    expect(await db.select().from(enteSedeProgettoFacilitatore).where(eq(enteSedeProgettoFacilitatore.idFacilitatore, matteo.userId))).toHaveLength(0)
    expect(await roles(matteo.userId)).not.toContain('FAC')
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/${comune}/cancellagestoreprogetto/${latina}`))).toBe('404 C01')
    // a REGP activates the Roma managing body: it can no longer be cancelled, only terminated
    const regp = await actor(server, CF.REGP_ROMA, 'REGP')
    expect((await call(server, regp, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'REGP' } })).statusCode).toBe(200)
    const roma = await projectId(db, 'Lazio Digitale Roma')
    const romaCap = await bodyId(db, 'Roma Capitale')
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/${romaCap}/cancellagestoreprogetto/${roma}`))).toBe('409 EN18')
    expect(err(await call(server, dtd, 'PUT', `/api/ente/${comune}/terminagestoreprogetto/${latina}`))).toBe('404 C01')
  })

  it('referents: add by fiscal code, keep the last ATTIVO referent (EN22), delete a NON ATTIVO delegate, terminate the managing body (EN19/EN17)', async () => {
    const db = server.database.db
    const lom = await programmeId(db, 'RFD-2024-LOM')
    const regione = await bodyId(db, 'Regione Lombardia')
    const conti = await actor(server, CF.REG_LOM, 'REG')
    expect(err(await call(server, dtd, 'PUT', `/api/ente/${regione}/terminagestoreprogramma/${lom}`))).toBe('409 EN19')
    expect((await call(server, conti, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'REG' } })).statusCode).toBe(200)
    // a delegate added by the REG (NON ATTIVO), then removed: deleted, and the DEG role goes
    const add = await call(server, conti, 'POST', '/api/ente/associa/referenteDelegato/gestoreProgramma', { body: {
      codiceFiscaleUtente: CF.DEGP_PUGLIA, idEnteRef: regione, idEntita: lom, codiceRuolo: 'DEG' } })
    expect(add.statusCode, add.body).toBe(201)
    const davide = (add.json() as { id: number }).id
    expect(await roles(davide)).toContain('DEG')
    const rm = await call(server, conti, 'DELETE', `/api/ente/referenteDelegato/gestoreProgramma/${lom}/ente/${regione}/utente/${davide}`)
    expect(rm.statusCode, rm.body).toBe(200)
    expect(await roles(davide)).not.toContain('DEG')
    // the last ATTIVO referent stays
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/referenteDelegato/gestoreProgramma/${lom}/ente/${regione}/utente/${conti.userId}`))).toBe('409 EN22')
    // a REG of another programme cannot touch this one
    const deg = await actor(server, CF.DEG_LAZ, 'DEG')
    expect(err(await call(server, deg, 'DELETE', `/api/ente/referenteDelegato/gestoreProgramma/${lom}/ente/${regione}/utente/${conti.userId}`))).toBe('403 A02')
    // terminate the ATTIVO managing body: referent TERMINATO, history closed, body unlinked
    expect(err(await call(server, dtd, 'DELETE', `/api/ente/${regione}/cancellagestoreprogramma/${lom}`))).toBe('409 EN17')
    const t = await call(server, dtd, 'PUT', `/api/ente/${regione}/terminagestoreprogramma/${lom}`)
    expect(t.statusCode, t.body).toBe(200)
    const [prg] = await db.select().from(programma).where(eq(programma.id, lom))
    expect(prg).toMatchObject({ idEnteGestoreProgramma: null, statoGestoreProgramma: null })
    const [ref] = await db.select().from(referenteDelegatiGestoreProgramma).where(eq(referenteDelegatiGestoreProgramma.idUtente, conti.userId))
    expect(ref!.statoUtente).toBe('TERMINATO')
    const [h] = await db.select().from(storicoEnteGestoreProgramma).where(eq(storicoEnteGestoreProgramma.idProgramma, lom))
    expect(h).toMatchObject({ stato: 'TERMINATO' })
    // a new managing body can be assigned, and cancelled while NON ATTIVO
    const nuovo = await bodyId(db, 'Comune di Bergamo')
    expect((await call(server, dtd, 'PUT', `/api/programma/${lom}/assegna/entegestore/${nuovo}`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/programma/${lom}/assegna/entegestore/${regione}`))).toBe('409 P05')
    expect((await call(server, dtd, 'DELETE', `/api/ente/${nuovo}/cancellagestoreprogramma/${lom}`)).statusCode).toBe(200)
    expect(RUN).toBeTruthy()
  })
})
