// @vitest-environment node
/**
 * The DTD's journey of issue 9 through the API, server side (platform-backend §2.2, §2.5, §2.6, §2.10;
 * spec 002 §5 site validation): a programme and project, a site with opening hours, a user created by the
 * manager, who becomes the site's facilitator, completes the first access, chooses the profile (activation)
 * and registers a service; the last active facilitator stays (EN08), the only working site stays (EN09);
 * the project is terminated and the facilitator can no longer register services there. Users' roles.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enteSedeProgetto, enteSedeProgettoFacilitatore, indirizzoSedeFasciaOraria, progetto, utente, utenteXRuolo } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, fiscalCodeAged, named, RUN, servizioBody, type Actor } from '../field/fixtures'
import { bodyId } from '../domain/helpers'
import { versioneLetta } from '../versioni-letture'

const err = (res: { statusCode: number; json: () => unknown }) => `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode}`
const today = () => { const d = new Date(); return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}` }

describe('sites, facilitators and users', () => {
  let server: TestServer
  let dtd: Actor, regpRoma: Actor
  let idProgetto: number, idSede: number, idEnte: number, idUtente: number
  const cf = fiscalCodeAged(30, 'M', 20, 'Marco')
  const sedeBody = (o: object = {}) => ({
    nome: named('Punto Digitale Prova'), descrizione: 'Sportello', indirizzi: [{
      via: 'Via Principe Amedeo', civico: '10', comune: 'Roma', provincia: 'RM', cap: '00185',
      fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00', apertura2: '14:00', chiusura2: '18:00' }, sab: { apertura1: '09:00', chiusura1: '12:00' } },
    }], ...o,
  })

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    regpRoma = await actor(server, CF.REGP_ROMA, 'REGP')
    const db = server.database.db
    idEnte = await bodyId(db, 'Roma Capitale')
    const prg = await call(server, dtd, 'POST', '/api/programma', { body: {
      codice: `SEDI-${RUN}`, nome: named('Programma sedi'), nomeBreve: 'Sedi', policy: 'RFD', cup: `CUP-SEDI-${RUN}`, dataInizio: '2025-01-01', dataFine: '2027-12-31',
    } })
    const { idProgrammaCreato } = prg.json() as { idProgrammaCreato: number }
    const prj = await call(server, dtd, 'POST', `/api/progetto?idProgramma=${idProgrammaCreato}`, { body: { nome: named('Progetto sedi'), nomeBreve: named('Sedi'), dataInizio: '2025-02-01', dataFine: '2026-12-31' } })
    idProgetto = (prj.json() as { idProgettoCreato: number }).idProgettoCreato
    expect((await call(server, dtd, 'PUT', `/api/progetto/${idProgetto}/assegna/enteGestore/${idEnte}`)).statusCode).toBe(200)
  })
  afterAll(() => server?.close())

  it('creates a site with its address and opening hours, validated as spec 002 §5 says', async () => {
    const bad = async (o: object, re: RegExp) => {
      const res = await call(server, dtd, 'POST', '/api/sede', { body: sedeBody(o) })
      expect(err(res)).toBe('400 G02')
      expect((res.json() as { message: string }).message).toMatch(re)
    }
    const addr = sedeBody().indirizzi[0]!
    await bad({ indirizzi: [{ ...addr, cap: '0018' }] }, /CAP/)
    await bad({ indirizzi: [{ ...addr, comune: 'Milano' }] }, /non appartiene alla provincia RM/)
    await bad({ indirizzi: [{ ...addr, fasceOrarie: {} }] }, /almeno un orario/)
    await bad({ indirizzi: [{ ...addr, fasceOrarie: { lun: { apertura1: '09:00' } } }] }, /chiusura/)
    await bad({ indirizzi: [{ ...addr, fasceOrarie: { lun: { apertura1: '13:00', chiusura1: '09:00' } } }] }, /seguire/)
    await bad({ indirizzi: [{ ...addr, via: '' }] }, /via/)
    const res = await call(server, dtd, 'POST', '/api/sede', { body: sedeBody() })
    expect(res.statusCode, res.body).toBe(201)
    idSede = (res.json() as { id: number }).id
    expect(err(await call(server, dtd, 'POST', '/api/sede', { body: sedeBody() }))).toBe('409 SD01')
    const hours = await server.database.db.select().from(indirizzoSedeFasciaOraria)
    expect(hours.some((h) => h.lunOrarioApertura2 === '14:00' && h.sabOrarioChiusura1 === '12:00')).toBe(true)
    // update with a second address and one deleted (not validated)
    const versione = await versioneLetta(server, dtd, 'sede', idSede)
    const upd = await call(server, dtd, 'PUT', `/api/sede/${idSede}`, { body: { ...sedeBody({ itinere: true, indirizzi: [addr, { ...addr, cap: '', cancellato: true }, { ...addr, via: 'Via Merulana', civico: '2' }] }), versione } })
    expect(upd.statusCode, upd.body).toBe(200)
    const card = (await call(server, dtd, 'POST', `/api/sede/${idSede}`)).json() as { itinere: boolean; indirizzi: { via: string; regione: string; fasceOrarie: Record<string, unknown> }[] }
    expect(card.itinere).toBe(true)
    expect(card.indirizzi.map((i) => i.via)).toEqual(['Via Principe Amedeo', 'Via Merulana'])
    expect(card.indirizzi[0]).toMatchObject({ regione: 'Lazio', fasceOrarie: { lun: { apertura1: '09:00', chiusura2: '18:00' } } })
  })

  it('associates the site to the managing body (EN09 twice or for a body without that role); REGP of another project gets A02', async () => {
    const nonni = await bodyId(server.database.db, 'Associazione Nonni Digitali APS')
    expect(err(await call(server, dtd, 'POST', `/api/sede/associa/ente/${nonni}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/partner`))).toBe('409 EN09')
    const ok = await call(server, dtd, 'POST', `/api/sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/gestore`)
    expect(ok.statusCode, ok.body).toBe(201)
    expect(err(await call(server, dtd, 'POST', `/api/sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/gestore`))).toBe('409 EN09')
    expect(err(await call(server, regpRoma, 'POST', `/api/sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/gestore`))).toBe('403 A02')
  })

  it('creates a user (CF valid and unique U01, e-mail unique U21, role assignable R13)', async () => {
    const body = { codiceFiscale: cf.toLowerCase(), nome: 'Marco', cognome: 'Prova', email: `marco.${RUN.toLowerCase()}@example.it` }
    expect(err(await call(server, dtd, 'POST', '/api/utente', { body: { ...body, codiceFiscale: 'RSSMRA80A01H501A' } }))).toBe('400 G02')
    expect(err(await call(server, dtd, 'POST', '/api/utente', { body: { ...body, codiceRuolo: 'FAC' } }))).toBe('400 R13')
    expect(err(await call(server, dtd, 'POST', '/api/utente', { body: { ...body, codiceRuolo: 'NESSUNO' } }))).toBe('404 R14')
    const res = await call(server, dtd, 'POST', '/api/utente', { body })
    expect(res.statusCode, res.body).toBe(201)
    idUtente = (res.json() as { id: number }).id
    expect(err(await call(server, dtd, 'POST', '/api/utente', { body }))).toBe('409 U01')
    expect(err(await call(server, dtd, 'POST', '/api/utente', { body: { ...body, codiceFiscale: fiscalCodeAged(40, 'F', 3, 'Anna') } }))).toBe('409 U21')
    const [u] = await server.database.db.select().from(utente).where(eq(utente.id, idUtente))
    expect(u).toMatchObject({ codiceFiscale: cf, stato: 'NON ATTIVO', integrazione: false })
  })

  it('assigns the facilitator by fiscal code: FAC from RFD, site ATTIVO, project ATTIVABILE, contract copied; EN07 twice, U20 unknown', async () => {
    const db = server.database.db
    const assoc = (o: object = {}) => call(server, dtd, 'POST', '/api/sede/associa/facilitatore', { body: {
      codiceFiscaleFacVol: cf, idProgettoFacVol: idProgetto, idSedeFacVol: idSede, idEnteFacVol: idEnte, tipoContratto: 'Dipendente', ...o,
    } })
    expect(err(await assoc({ tipoContratto: 'Stagista' }))).toBe('400 G02')
    expect(err(await assoc({ codiceFiscaleFacVol: 'ZZZZZZ00Z00Z000Z' }))).toBe('404 U20')
    const res = await assoc()
    expect(res.statusCode, res.body).toBe(201)
    expect(err(await assoc())).toBe('409 EN07')
    const [prj] = await db.select().from(progetto).where(eq(progetto.id, idProgetto))
    expect(prj!.stato).toBe('ATTIVABILE')
    const [esp] = await db.select().from(enteSedeProgetto).where(eq(enteSedeProgetto.idProgetto, idProgetto))
    expect(esp!.statoSede).toBe('ATTIVO')
    const [u] = await db.select().from(utente).where(eq(utente.id, idUtente))
    expect(u!.tipoContratto).toBe('Dipendente')
    expect((await db.select().from(utenteXRuolo).where(eq(utenteXRuolo.idUtente, idUtente))).map((r) => r.codiceRuolo)).toEqual(['FAC'])
  })

  it('lets the new facilitator log in, choose the profile (link ATTIVO) and register a service; then EN08, EN09, termination', async () => {
    const db = server.database.db
    const token = await server.signIdToken(cf)
    const conferma = await server.app.inject({ method: 'POST', url: '/api/contesto/confermaIntegrazione', headers: { host: '127.0.0.1:8080', authToken: token },
      payload: { nome: 'Marco', cognome: 'Prova', email: `marco.${RUN.toLowerCase()}@example.it`, telefono: '3331234567', abilitazioneConsensoTrattamentoDatiPersonali: true } })
    expect(conferma.statusCode, conferma.body).toBe(200)
    const fac = await actor(server, cf, 'FAC')
    expect(fac.ids.idProgetto).toBe(idProgetto)
    expect((await call(server, fac, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'FAC' } })).statusCode).toBe(200)
    const [link] = await db.select().from(enteSedeProgettoFacilitatore).where(eq(enteSedeProgettoFacilitatore.idFacilitatore, idUtente))
    expect(link!.statoUtente).toBe('ATTIVO')
    const svc = await call(server, fac, 'POST', '/api/servizio', { body: servizioBody(fac, idSede, { nomeServizio: named('Primo servizio') }) })
    expect(svc.statusCode, svc.body).toBe(201)

    // the only active facilitator of a running project stays (EN08); the only working site too (EN09)
    const terminaFac = () => call(server, dtd, 'POST', '/api/sede/cancellaOTerminaAssociazione/facilitatore', { body: {
      idFacilitatore: idUtente, idProgettoFacVol: idProgetto, idSedeFacVol: idSede, idEnteFacVol: idEnte } })
    expect(err(await terminaFac())).toBe('409 EN08')
    expect(err(await call(server, dtd, 'DELETE', `/api/sede/cancellaOTerminaAssociazione/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}`))).toBe('409 EN09')

    // activate, then terminate the project: the facilitator can no longer register services there
    expect((await call(server, dtd, 'PUT', `/api/progetto/attiva/${idProgetto}`, { body: { versione: await versioneLetta(server, dtd, 'progetto', idProgetto) } })).statusCode).toBe(200)
    const t = await call(server, dtd, 'PUT', `/api/progetto/termina/${idProgetto}`, { body: { dataTerminazione: today(), versione: await versioneLetta(server, dtd, 'progetto', idProgetto) } })
    expect(t.statusCode, t.body).toBe(200)
    const [after] = await db.select().from(enteSedeProgettoFacilitatore).where(eq(enteSedeProgettoFacilitatore.idFacilitatore, idUtente))
    expect(after!.statoUtente).toBe('TERMINATO')
    const refused = await call(server, fac, 'POST', '/api/servizio', { body: servizioBody(fac, idSede, { nomeServizio: named('Dopo la fine') }) })
    expect(err(refused)).toBe('403 A10')
    expect((refused.json() as { message: string }).message).toBe('Programma, progetto o ente indicati non appartengono al tuo profilo.')
    expect(err(await terminaFac())).toBe('409 EN08')
  })

  it('shows the user with roles and profiles; adds and removes a directly assignable role (U03, U05, R13, R14)', async () => {
    const card = await call(server, dtd, 'POST', `/api/utente/${idUtente}`)
    expect(card.statusCode, card.body).toBe(200)
    const s = card.json() as { dettaglioUtente: { codiceFiscale: string }; ruoli: { codiceRuolo: string }[]; profili: { codiceRuolo: string; idProgetto: number; stato: string }[] }
    expect(s.dettaglioUtente.codiceFiscale).toBe(cf)
    expect(s.profili).toEqual([expect.objectContaining({ codiceRuolo: 'FAC', idProgetto, stato: 'TERMINATO' })])
    expect((await call(server, dtd, 'PUT', `/api/utente/${idUtente}/ruolo`, { body: { codiceRuolo: 'MOD' } })).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/utente/${idUtente}/ruolo`, { body: { codiceRuolo: 'MOD' } }))).toBe('409 U03')
    expect(err(await call(server, dtd, 'PUT', `/api/utente/${idUtente}/ruolo`, { body: { codiceRuolo: 'XYZ' } }))).toBe('404 R14')
    expect(err(await call(server, dtd, 'DELETE', `/api/utente/${idUtente}/ruolo/FAC`))).toBe('400 R13')
    expect((await call(server, dtd, 'DELETE', `/api/utente/${idUtente}/ruolo/MOD`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'DELETE', `/api/utente/${idUtente}/ruolo/MOD`))).toBe('409 U05')
    // a REGP sees the users of the own project only
    expect(err(await call(server, regpRoma, 'POST', `/api/utente/${idUtente}`))).toBe('403 A02')
    const sara = await actor(server, CF.SARA, 'FAC')
    expect((await call(server, regpRoma, 'POST', `/api/utente/${sara.userId}`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'POST', '/api/utente/999999'))).toBe('404 U11')
  })
})
