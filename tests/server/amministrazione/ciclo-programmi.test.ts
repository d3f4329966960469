// @vitest-environment node
/**
 * Programme and project lifecycles through the API (platform-backend §2.1–2.4, §2.7, §4.4 per-id checks):
 * create with CUP warning, detail with counts, update, terminate with cascades, delete, managing body,
 * partners, referents by fiscal code; every refusal with the catalogue's code, never 500.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  entePartner, enteSedeProgettoFacilitatore, programma, programmaXQuestionarioTemplate, progetto, referenteDelegatiGestoreProgetto,
  referenteDelegatiGestoreProgramma, storicoEnteGestoreProgramma, utenteXRuolo,
} from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, named, RUN, type Actor } from '../field/fixtures'
import { attori, CAST_RUOLI } from '../scenari'
import { bodyId, programmeId, projectId } from '../domain/helpers'
import { versioneLetta } from '../versioni-letture'

const err = (res: { statusCode: number; json: () => unknown }) => `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode}`
const today = () => { const d = new Date(); return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}` }

describe('programme and project lifecycles', () => {
  let server: TestServer
  let dtd: Actor, regLom: Actor, dscu: Actor, regpRoma: Actor
  const programmeBody = (o: object = {}) => ({
    codice: named('PRG').replace(' ', '-'), nome: named('Programma di prova'), nomeBreve: 'Prova', policy: 'RFD', bando: 'Bando 2025',
    cup: '', dataInizio: '2025-01-01', dataFine: '2027-12-31',
    obiettivi: { puntiFacilitazione: [{ valore: 10, data: '2025-12-31' }], utentiUnici: [], servizi: [], facilitatori: [] }, ...o,
  })

  beforeAll(async () => {
    server = await createTestServer()
    ;({ dtd, dscu, reg: regLom, regp: regpRoma } = await attori(server, { dtd: CAST_RUOLI.dtd, dscu: CAST_RUOLI.dscu, reg: CAST_RUOLI.reg, regp: CAST_RUOLI.regp }))
  })
  afterAll(() => server?.close())

  it('creates a programme NON ATTIVO with the default template, a rewritten CUP and its warning; P09 on a duplicate code, P01 on bad dates', async () => {
    const b = programmeBody()
    const res = await call(server, dtd, 'POST', '/api/programma', { body: b })
    expect(res.statusCode, res.body).toBe(201)
    const out = res.json() as { idProgrammaCreato: number; warning: boolean; warningTitle: string; warningMessage: string }
    expect(out).toMatchObject({ warning: true, warningTitle: 'CUP modificato' })
    const db = server.database.db
    const [row] = await db.select().from(programma).where(eq(programma.id, out.idProgrammaCreato))
    expect(row).toMatchObject({ stato: 'NON ATTIVO', cup: `cup_non_presente-${b.codice}`, cupManipolato: true })
    const links = await db.select().from(programmaXQuestionarioTemplate).where(eq(programmaXQuestionarioTemplate.idProgramma, out.idProgrammaCreato))
    expect(links).toEqual([expect.objectContaining({ stato: 'ATTIVO' })])

    // issue 24 point 17: a used code says so (P09), not the generic P01 "controlla il codice e le date"
    const again = await call(server, dtd, 'POST', '/api/programma', { body: b })
    expect(err(again)).toBe('409 P09')
    expect((again.json() as { message: string }).message).toBe('Esiste già un programma con questo codice: scegline un altro.')
    expect(err(await call(server, dtd, 'POST', '/api/programma', { body: programmeBody({ codice: `X-${RUN}`, dataInizio: '2028-01-01' }) }))).toBe('409 P01')
    // a CUP used by another programme gets the code as suffix
    const dup = await call(server, dtd, 'POST', '/api/programma', { body: programmeBody({ codice: `CUP-${RUN}`, cup: 'F81C22000190006' }) })
    expect(dup.json()).toMatchObject({ warning: true })
    const [d] = await db.select().from(programma).where(eq(programma.codice, `CUP-${RUN}`))
    expect(d!.cup).toBe(`F81C22000190006-CUP-${RUN}`)
    // bad body: 400 G02; DSCU may create only SCD programmes
    expect(err(await call(server, dtd, 'POST', '/api/programma', { body: { nome: 'x' } }))).toBe('400 G02')
    expect(err(await call(server, dscu, 'POST', '/api/programma', { body: programmeBody({ codice: `DSCU-${RUN}` }) }))).toBe('403 A02')
  })

  it('shows the detail with counts; per-id check A02 for a REG of another programme; 404 for an unknown one', async () => {
    const lom = await programmeId(server.database.db, 'RFD-2024-LOM')
    const laz = await programmeId(server.database.db, 'RFD-2024-LAZ')
    const res = await call(server, regLom, 'POST', `/api/programma/${lom}`)
    expect(res.statusCode, res.body).toBe(200)
    const s = res.json() as { dettaglioProgramma: { codice: string }; enteGestore: { nome: string; referenti: { codiceFiscale: string }[] }; progetti: unknown[]; conteggi: Record<string, number> }
    expect(s.dettaglioProgramma.codice).toBe('RFD-2024-LOM')
    expect(s.enteGestore.nome).toBe('Regione Lombardia')
    expect(s.enteGestore.referenti.map((r) => r.codiceFiscale)).toContain(CF.REG_LOM)
    expect(s.progetti).toHaveLength(2)
    expect(s.conteggi.puntiFacilitazione).toBeGreaterThan(0)
    expect(s.conteggi.facilitatori).toBeGreaterThan(0)
    expect(err(await call(server, regLom, 'POST', `/api/programma/${laz}`))).toBe('403 A02')
    expect(err(await call(server, dtd, 'POST', '/api/programma/999999'))).toBe('404 C01')
    // DSCU sees SCD programmes only
    expect(err(await call(server, dscu, 'POST', `/api/programma/${laz}`))).toBe('403 A02')
  })

  it('updates while NON ATTIVO/ATTIVO (P09 on a used code), deletes only NON ATTIVO without work (P04)', async () => {
    const created = (await call(server, dtd, 'POST', '/api/programma', { body: programmeBody({ codice: `UPD-${RUN}` }) })).json() as { idProgrammaCreato: number }
    const id = created.idProgrammaCreato
    // the update sends the version it read (issue 27) and answers the new one
    const versione = await versioneLetta(server, dtd, 'programma', id)
    const upd = await call(server, dtd, 'PUT', `/api/programma/${id}`, { body: { ...programmeBody({ codice: `UPD-${RUN}`, nome: named('Rinominato'), cup: `CUP-NUOVO-${RUN}` }), versione } })
    expect(upd.statusCode, upd.body).toBe(200)
    expect(upd.json()).toEqual({ warning: false, warningTitle: null, warningMessage: null, versione: versione + 1 })
    expect(err(await call(server, dtd, 'PUT', `/api/programma/${id}`, { body: programmeBody({ codice: 'RFD-2024-LAZ' }) }))).toBe('409 P09')
    expect(err(await call(server, dtd, 'PUT', `/api/programma/${id}`, { body: programmeBody({ codice: `UPD-${RUN}`, dataInizio: '2028-01-01' }) }))).toBe('409 P06')
    // a programme whose projects hold facilitators cannot be deleted
    const laz = await programmeId(server.database.db, 'RFD-2024-LAZ')
    expect(err(await call(server, dtd, 'DELETE', `/api/programma/${laz}`))).toBe('409 P04')
    // an empty one is
    const del = await call(server, dtd, 'DELETE', `/api/programma/${id}`, { body: { versione: await versioneLetta(server, dtd, 'programma', id) } })
    expect(del.statusCode, del.body).toBe(200)
    expect(await server.database.db.select().from(programma).where(eq(programma.id, id))).toHaveLength(0)
  })

  it('runs a project from creation to termination with its cascades', async () => {
    const db = server.database.db
    const prg = (await call(server, dtd, 'POST', '/api/programma', { body: programmeBody({ codice: `CICLO-${RUN}` }) })).json() as { idProgrammaCreato: number }
    const idProgramma = prg.idProgrammaCreato
    // create: PR01 outside the programme dates; CUP suffix -{id}
    expect(err(await call(server, dtd, 'POST', `/api/progetto?idProgramma=${idProgramma}`, { body: { nome: 'P', nomeBreve: 'P', dataInizio: '2024-01-01', dataFine: '2025-01-01' } }))).toBe('409 PR01')
    expect(err(await call(server, dtd, 'POST', '/api/progetto', { body: { nome: 'P', nomeBreve: 'P', dataInizio: '2025-01-01', dataFine: '2025-06-01' } }))).toBe('400 G02')
    const res = await call(server, dtd, 'POST', `/api/progetto?idProgramma=${idProgramma}`, { body: { nome: named('Progetto'), nomeBreve: named('Prg'), dataInizio: '2025-02-01', dataFine: '2026-12-31' } })
    expect(res.statusCode, res.body).toBe(201)
    const { idProgettoCreato: idProgetto, warning } = res.json() as { idProgettoCreato: number; warning: boolean }
    expect(warning).toBe(true)
    const [p0] = await db.select().from(progetto).where(eq(progetto.id, idProgetto))
    expect(p0).toMatchObject({ stato: 'NON ATTIVO', cup: `cup_non_presente-${idProgetto}` })

    // managing body and a partner: EN27 when the partner is asked as manager, EN26 when the manager as partner
    const roma = await bodyId(db, 'Roma Capitale')
    const nonni = await bodyId(db, 'Associazione Nonni Digitali APS')
    expect((await call(server, dtd, 'PUT', `/api/progetto/${idProgetto}/assegna/enteGestore/${roma}`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/${idProgetto}/assegna/enteGestore/${nonni}`))).toBe('409 PR05')
    expect(err(await call(server, dtd, 'PUT', `/api/ente/partner/associa/${roma}/progetto/${idProgetto}`))).toBe('409 EN26')
    expect((await call(server, dtd, 'PUT', `/api/ente/partner/associa/${nonni}/progetto/${idProgetto}`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/ente/partner/associa/${nonni}/progetto/${idProgetto}`))).toBe('409 EN27')

    // referents by fiscal code: unknown CF U20, wrong role EN12, then the role is given
    const ref = (o: object) => call(server, dtd, 'POST', '/api/ente/associa/referenteDelegato/gestoreProgetto', { body: { idEnteRef: roma, idEntita: idProgetto, codiceRuolo: 'REGP', codiceFiscaleUtente: CF.DEG_LAZ, ...o } })
    expect(err(await ref({ codiceFiscaleUtente: 'ZZZZZZ00Z00Z000Z' }))).toBe('404 U20')
    expect(err(await ref({ codiceRuolo: 'DTD' }))).toBe('400 G02')
    expect(err(await ref({ codiceRuolo: 'REG' }))).toBe('409 EN12')
    expect(err(await ref({ codiceRuolo: 'REPP' }))).toBe('409 EN12')
    expect(err(await ref({ idEnteRef: nonni }))).toBe('409 EN12')
    expect((await ref({})).statusCode).toBe(201)
    expect(err(await ref({}))).toBe('409 EN12')
    const deg = await actor(server, CF.DEG_LAZ, 'DEG')
    const roles = await db.select().from(utenteXRuolo).where(eq(utenteXRuolo.idUtente, deg.userId))
    expect(roles.map((r) => r.codiceRuolo)).toContain('REGP')

    // activation needs ATTIVABILE (PR07); terminate needs ATTIVABILE/ATTIVO (PR03)
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/attiva/${idProgetto}`))).toBe('409 PR07')
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/termina/${idProgetto}`, { body: { dataTerminazione: today() } }))).toBe('409 PR03')
    await db.update(progetto).set({ stato: 'ATTIVABILE' }).where(eq(progetto.id, idProgetto))
    expect((await call(server, dtd, 'PUT', `/api/progetto/attiva/${idProgetto}`, { body: { versione: await versioneLetta(server, dtd, 'progetto', idProgetto) } })).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/termina/${idProgetto}`, { body: { dataTerminazione: '01-01-2099' } }))).toBe('409 PR03')
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/termina/${idProgetto}`, { body: { dataTerminazione: '2025-01-01' } }))).toBe('400 G02')
    // the referent row is NON ATTIVO: terminating deletes it and the REGP role goes with it
    const t = await call(server, dtd, 'PUT', `/api/progetto/termina/${idProgetto}`, { body: { dataTerminazione: today(), versione: await versioneLetta(server, dtd, 'progetto', idProgetto) } })
    expect(t.statusCode, t.body).toBe(200)
    const [p1] = await db.select().from(progetto).where(eq(progetto.id, idProgetto))
    expect(p1).toMatchObject({ stato: 'TERMINATO', idEnteGestoreProgetto: null })
    expect(await db.select().from(referenteDelegatiGestoreProgetto).where(eq(referenteDelegatiGestoreProgetto.idProgetto, idProgetto))).toHaveLength(0)
    expect((await db.select().from(utenteXRuolo).where(eq(utenteXRuolo.idUtente, deg.userId))).map((r) => r.codiceRuolo)).not.toContain('REGP')
    const [partner] = await db.select().from(entePartner).where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, nonni)))
    expect(partner).toMatchObject({ statoEntePartner: 'TERMINATO', terminatoSingolarmente: false })
    // a terminated project can no longer be updated (PR04) nor deleted (PR02)
    expect(err(await call(server, dtd, 'PUT', `/api/progetto/${idProgetto}`, { body: { nome: 'x', nomeBreve: 'x', dataInizio: '2025-02-01', dataFine: '2026-01-01' } }))).toBe('409 PR04')
    expect(err(await call(server, dtd, 'DELETE', `/api/progetto/${idProgetto}`))).toBe('409 PR02')
  })

  it('terminates a programme: P03 unless ATTIVO, cascades on projects, referents and managing body (with history)', async () => {
    const db = server.database.db
    const lom = await programmeId(db, 'RFD-2024-LOM')
    expect(err(await call(server, dtd, 'PUT', `/api/programma/termina/${lom}`, { body: { dataTerminazione: today() } }))).toBe('409 P03')
    // the REG profile choice activates programme and managing body
    expect((await call(server, regLom, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'REG' } })).statusCode).toBe(200)
    expect(err(await call(server, regLom, 'PUT', `/api/programma/termina/${lom}`, { body: { dataTerminazione: '31-12-2099' } }))).toBe('409 P03')
    const res = await call(server, regLom, 'PUT', `/api/programma/termina/${lom}`, { body: { dataTerminazione: today(), versione: await versioneLetta(server, regLom, 'programma', lom) } })
    expect(res.statusCode, res.body).toBe(200)
    const [prg] = await db.select().from(programma).where(eq(programma.id, lom))
    expect(prg).toMatchObject({ stato: 'TERMINATO', statoGestoreProgramma: 'TERMINATO' })
    const [hist] = await db.select().from(storicoEnteGestoreProgramma).where(eq(storicoEnteGestoreProgramma.idProgramma, lom))
    expect(hist).toMatchObject({ stato: 'TERMINATO' })
    // issue 24 point 18: activated and terminated the same day, the termination never precedes the activation
    // (it was stored at 12:00Z of the day: before an activation made in the afternoon) — card and history
    expect(prg!.dataOraTerminazioneProgramma!.getTime()).toBeGreaterThanOrEqual(prg!.dataOraAttivazioneProgramma!.getTime())
    expect(hist!.dataOraTerminazione!.getTime()).toBeGreaterThanOrEqual(hist!.dataAttivazioneEnte!.getTime())
    const card = (await call(server, dtd, 'POST', `/api/programma/${lom}`)).json() as { dettaglioProgramma: { dataOraAttivazione: string; dataOraTerminazione: string } }
    expect(Date.parse(card.dettaglioProgramma.dataOraTerminazione)).toBeGreaterThanOrEqual(Date.parse(card.dettaglioProgramma.dataOraAttivazione))
    const refs = await db.select().from(referenteDelegatiGestoreProgramma).where(eq(referenteDelegatiGestoreProgramma.idProgramma, lom))
    expect(refs.find((r) => r.idUtente === regLom.userId)).toMatchObject({ statoUtente: 'TERMINATO' })
    // Milano was ATTIVABILE (facilitators): terminated with the facilitators' links; Bergamo, NON ATTIVO
    // without facilitators, deleted (and its REGP lost the role with the link)
    const prjs = await db.select().from(progetto).where(eq(progetto.idProgramma, lom))
    expect(prjs.map((p) => [p.nomeBreve, p.stato])).toEqual([['Lombardia in Rete Milano', 'TERMINATO']])
    const milano = await projectId(db, 'Lombardia in Rete Milano')
    const facs = await db.select().from(enteSedeProgettoFacilitatore).where(eq(enteSedeProgettoFacilitatore.idProgetto, milano))
    expect(facs.every((f) => f.statoUtente === 'TERMINATO')).toBe(true)
    // the REG can still choose the ended programme's profile (read only): nothing is reactivated
    const again = await actor(server, CF.REG_LOM, 'REG')
    expect((await call(server, again, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'REG' } })).statusCode).toBe(200)
    const [still] = await db.select().from(programma).where(eq(programma.id, lom))
    expect(still!.stato).toBe('TERMINATO')
    const [ref] = await db.select().from(referenteDelegatiGestoreProgramma).where(and(
      eq(referenteDelegatiGestoreProgramma.idProgramma, lom), eq(referenteDelegatiGestoreProgramma.idUtente, regLom.userId)))
    expect(ref!.statoUtente).toBe('TERMINATO')
  })

  it('checks the project per id (A02) for a REGP of another project and a REG of another programme', async () => {
    const latina = await projectId(server.database.db, 'Lazio Digitale Latina')
    const roma = await projectId(server.database.db, 'Lazio Digitale Roma')
    expect(err(await call(server, regpRoma, 'POST', `/api/progetto/${latina}`))).toBe('403 A02')
    expect((await call(server, regpRoma, 'POST', `/api/progetto/${roma}`)).statusCode).toBe(200)
    const deg = await actor(server, CF.DEG_LAZ, 'DEG')
    const s = await call(server, deg, 'POST', `/api/progetto/${roma}`)
    expect(s.statusCode, s.body).toBe(200)
    expect((s.json() as { entiPartner: unknown[]; sedi: { facilitatori: unknown[] }[] }).entiPartner).toHaveLength(2)
  })
})
