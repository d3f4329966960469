// @vitest-environment node
/**
 * Services API (issue #3 point 1; platform-backend §5.1, §4.4, §16.5 and §16.8 fixed): create, update,
 * delete, card, list with filters and SQL paging, dropdowns, CSV, the programme's template, and the
 * role scoping of `servizio/all` for every role (services created by four facilitators in four projects).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { programma, servizio, tipologiaServizio } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, firstSite, named, RUN, servizioBody, type Actor } from './fixtures'
import { versioneLetta } from '../versioni-letture'

interface Lista { servizi: { id: number; nome: string; stato: string; facilitatore: string; tipologiaServizio: string[]; data: string; durataServizio: string; nomeSede: string; idLocale: string | null }[]; numeroPagine: number; numeroTotaleElementi: number }

describe('services', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, luca: Actor, alessandro: Actor
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    matteo = await actor(server, CF.MATTEO, 'FAC')
    luca = await actor(server, CF.LUCA, 'VOL')
    alessandro = await actor(server, CF.ALESSANDRO, 'FAC')
    ids.sara = await createService(server, sara, { nomeServizio: named('Sara: SPID') })
    ids.matteo = await createService(server, matteo, { nomeServizio: named('Matteo: PEC') })
    ids.luca = await createService(server, luca, { nomeServizio: named('Luca: CIE'), data: '2025-06-10' })
    ids.alessandro = await createService(server, alessandro, { nomeServizio: named('Alessandro: pagoPA') })
  })
  afterAll(() => server?.close())

  const list = async (who: Actor, body: object = {}, query = '') => {
    const res = await call(server, who, 'POST', `/api/servizio/all${query}`, { body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Lista
  }

  describe('create', () => {
    it('stores the service NON ATTIVO with its types, Q3, template snapshot and idLocale', async () => {
      const idLocale = crypto.randomUUID()
      const res = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, await firstSite(server, sara), { nomeServizio: named('Con id locale'), idLocale, tipoDiServizioPrenotato: ['Facilitazione di gruppo', 'Formazione online'] }) })
      expect(res.statusCode, res.body).toBe(201)
      const { idServizio } = res.json() as { idServizio: number }
      const [row] = await server.database.db.select().from(servizio).where(eq(servizio.id, idServizio))
      expect(row).toMatchObject({ stato: 'NON ATTIVO', idLocale, tipologiaServizio: 'Facilitazione di gruppo, Formazione online', idFacilitatore: sara.userId })
      expect(row?.idQuestionarioTemplateSnapshot).toMatch(/^[0-9a-f-]{36}$/)
      expect(row?.sezioneQ3Compilato?.properties).toContainEqual({ '27': ['App IO', 'Sistemi di pagamenti elettronici (pagoPA)'] })
      const tipi = await server.database.db.select().from(tipologiaServizio).where(eq(tipologiaServizio.idServizio, idServizio))
      expect(tipi.map((t) => t.titolo)).toEqual(['Facilitazione di gruppo', 'Formazione online'])
      // the same idLocale again answers the existing service instead of a copy
      const again = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, await firstSite(server, sara), { nomeServizio: named('Con id locale'), idLocale }) })
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual({ idServizio, versione: 1 })
      const listed = await list(sara, { filtroRequest: { criterioRicerca: named('id locale') } })
      expect(listed.servizi.map((s) => s.idLocale)).toEqual([idLocale])
    })

    it('refuses roles other than FAC/VOL with S05', async () => {
      const dtd = await actor(server, CF.DTD, 'DTD')
      const res = await call(server, dtd, 'POST', '/api/servizio', { body: servizioBody(sara, 1) })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'S05' })
    })

    it('refuses a site the facilitator does not work at with C01', async () => {
      const lucaSite = await firstSite(server, luca)
      const res = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, lucaSite, { nomeServizio: named('Altrove') }) })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ errorCode: 'C01' })
    })

    it('refuses a date outside the project with A06 (Lazio Digitale Roma: 2024-03-01 … 2027-12-31)', async () => {
      const site = await firstSite(server, sara)
      for (const data of ['2024-02-29', '2028-01-01']) {
        const res = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { nomeServizio: named('Fuori date'), data }) })
        expect(res.statusCode, data).toBe(400)
        expect(res.json()).toMatchObject({ errorCode: 'A06' })
      }
      const inside = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { nomeServizio: named('Ultimo giorno'), data: '2027-12-31' }) })
      expect(inside.statusCode).toBe(201)
    })

    it('refuses an identical service with S10 but accepts one differing in Q3 question 27 or 28', async () => {
      const site = await firstSite(server, sara)
      const body = servizioBody(sara, site, { nomeServizio: named('Duplicato?'), data: '2025-04-02' })
      expect((await call(server, sara, 'POST', '/api/servizio', { body })).statusCode).toBe(201)
      const dup = await call(server, sara, 'POST', '/api/servizio', { body })
      expect(dup.statusCode).toBe(409)
      expect(dup.json()).toMatchObject({ errorCode: 'S10', message: expect.stringContaining('identico') })
      // answers in another order are the same set: still a duplicate
      const reordered = servizioBody(sara, site, { nomeServizio: named('Duplicato?'), data: '2025-04-02', q3: { ambiti: ['Sistemi di pagamenti elettronici (pagoPA)', 'App IO'] } })
      expect((await call(server, sara, 'POST', '/api/servizio', { body: reordered })).statusCode).toBe(409)
      const other = servizioBody(sara, site, { nomeServizio: named('Duplicato?'), data: '2025-04-02', q3: { ambiti: ['App IO'] } })
      expect((await call(server, sara, 'POST', '/api/servizio', { body: other })).statusCode).toBe(201)
      const otherText = servizioBody(sara, site, { nomeServizio: named('Duplicato?'), data: '2025-04-02', q3: { descrizione: 'Altro argomento' } })
      expect((await call(server, sara, 'POST', '/api/servizio', { body: otherText })).statusCode).toBe(201)
    })

    it('answers S04 when the programme has no ATTIVO template', async () => {
      const db = server.database.db
      await db.execute(`update programma_x_questionario_template set stato = 'TERMINATO' where id_programma = ${luca.ids.idProgramma}`)
      try {
        const res = await call(server, luca, 'POST', '/api/servizio', { body: servizioBody(luca, await firstSite(server, luca), { nomeServizio: named('Senza modello'), data: '2025-06-11' }) })
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({ errorCode: 'S04' })
        const tpl = await call(server, luca, 'POST', `/api/questionarioTemplate/programma/${luca.ids.idProgramma}`)
        expect(tpl.statusCode).toBe(404)
        expect(tpl.json()).toMatchObject({ errorCode: 'QT06' })
      } finally {
        await db.execute(`update programma_x_questionario_template set stato = 'ATTIVO' where id_programma = ${luca.ids.idProgramma}`)
      }
    })

    it('validates the body with Italian messages naming the fields (G02)', async () => {
      const res = await call(server, sara, 'POST', '/api/servizio', { body: { ...servizioBody(sara, 1), durataServizio: '1:75', nomeServizio: '' } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ errorCode: 'G02', message: expect.stringMatching(/durata.*nome del servizio|nome del servizio.*durata/) })
      const badQ3 = await call(server, sara, 'POST', '/api/servizio', { body: { ...servizioBody(sara, await firstSite(server, sara)), sezioneQuestionarioCompilatoQ3: '{"id":"x"' } })
      expect(badQ3.statusCode).toBe(400)
      expect(badQ3.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining('Informazioni sul servizio') })
    })
  })

  describe('update and delete', () => {
    it('lets the creator update name, date, duration, types and Q3', async () => {
      const id = await createService(server, sara, { nomeServizio: named('Da modificare'), data: '2025-05-05' })
      const body = servizioBody(sara, await firstSite(server, sara), { nomeServizio: named('Modificato'), data: '2025-05-06', durataServizio: '2:15', tipoDiServizioPrenotato: ['Formazione in presenza'] })
      const res = await call(server, sara, 'PUT', `/api/servizio/${id}`, { body: { ...body, versione: await versioneLetta(server, sara, 'servizio', id) } })
      expect(res.statusCode, res.body).toBe(200)
      // the answer carries the new version (issue 27)
      expect(res.json()).toEqual({ idServizio: id, versione: 2 })
      const [row] = await server.database.db.select().from(servizio).where(eq(servizio.id, id))
      expect(row).toMatchObject({ nome: named('Modificato'), dataServizio: '2025-05-06', durataServizio: '2:15', tipologiaServizio: 'Formazione in presenza' })
    })

    it('refuses another facilitator (A02), other roles (S06), unknown ids (S09) and dates out of range (A06)', async () => {
      const id = ids.sara!
      const asMatteo = await call(server, matteo, 'PUT', `/api/servizio/${id}`, { body: servizioBody(matteo, await firstSite(server, matteo)) })
      expect(asMatteo.statusCode).toBe(403)
      expect(asMatteo.json()).toMatchObject({ errorCode: 'A02' })
      const regp = await actor(server, CF.REGP_ROMA, 'REGP')
      const asRegp = await call(server, regp, 'PUT', `/api/servizio/${id}`, { body: servizioBody(sara, 1) })
      expect(asRegp.statusCode).toBe(403) // REGP lacks upd.card.serv: A02 from access control
      const dtd = await actor(server, CF.DTD, 'DTD')
      const asDtd = await call(server, dtd, 'PUT', `/api/servizio/${id}`, { body: servizioBody(sara, 1) })
      expect(asDtd.json()).toMatchObject({ errorCode: 'S06' })
      const unknown = await call(server, sara, 'PUT', '/api/servizio/999999', { body: servizioBody(sara, await firstSite(server, sara)) })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({ errorCode: 'S09' })
      const late = await call(server, sara, 'PUT', `/api/servizio/${id}`, { body: servizioBody(sara, await firstSite(server, sara), { data: '2028-06-01' }) })
      expect(late.json()).toMatchObject({ errorCode: 'A06' })
    })

    it('deletes a NON ATTIVO service of its creator only; ATTIVO gives S07', async () => {
      const id = await createService(server, sara, { nomeServizio: named('Da eliminare'), data: '2025-05-07' })
      const byMatteo = await call(server, matteo, 'DELETE', `/api/servizio/${id}`)
      expect(byMatteo.statusCode).toBe(403)
      expect(byMatteo.json()).toMatchObject({ errorCode: 'A02' })
      const ok = await call(server, sara, 'DELETE', `/api/servizio/${id}`, { body: { versione: await versioneLetta(server, sara, 'servizio', id) } })
      expect(ok.statusCode, ok.body).toBe(200)
      expect(await server.database.db.select().from(servizio).where(eq(servizio.id, id))).toEqual([])
      const active = await createService(server, sara, { nomeServizio: named('Già attivo'), data: '2025-05-08' })
      await server.database.db.update(servizio).set({ stato: 'ATTIVO' }).where(eq(servizio.id, active))
      const refused = await call(server, sara, 'DELETE', `/api/servizio/${active}`)
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ errorCode: 'S07' })
    })
  })

  describe('card', () => {
    it('shows the card to the creator (editable) and to the project and programme managers and DTD (read-only)', async () => {
      const mine = await call(server, sara, 'POST', `/api/servizio/${ids.sara}/schedaDettaglio`)
      expect(mine.statusCode, mine.body).toBe(200)
      const card = mine.json() as { dettaglioServizio: Record<string, unknown>; questionarioTemplateSnapshot: { sezioniQuestionarioTemplate: { id: string }[] }; progettiAssociatiAlServizio: unknown[] }
      expect(card.dettaglioServizio).toMatchObject({
        idServizio: ids.sara, nomeServizio: named('Sara: SPID'), nomeEnte: 'Roma Capitale', statoServizio: 'NON ATTIVO',
        nominativoFacilitatore: 'ROMANO Sara', modificabile: true, eliminabile: true, listaTipologiaServizio: [{ titolo: 'Facilitazione individuale' }],
      })
      expect(card.dettaglioServizio.sezioneQ3compilato).toContain("'27':['App IO'")
      expect(card.questionarioTemplateSnapshot.sezioniQuestionarioTemplate.map((s) => s.id)).toContain('anagraphic-service-section')
      for (const [cf, role] of [[CF.REGP_ROMA, 'REGP'], [CF.REPP_ROMA, 'REPP'], [CF.DTD, 'DTD']] as const) {
        const who = await actor(server, cf, role)
        const res = await call(server, who, 'POST', `/api/servizio/${ids.sara}/schedaDettaglio`)
        expect(res.statusCode, `${role} ${res.body}`).toBe(200)
        expect((res.json() as typeof card).dettaglioServizio).toMatchObject({ modificabile: false, eliminabile: false })
      }
    })

    it('refuses the card outside the caller scope (A02) and unknown services (S09)', async () => {
      const regp = await actor(server, CF.REGP_ROMA, 'REGP')
      const other = await call(server, regp, 'POST', `/api/servizio/${ids.matteo}/schedaDettaglio`)
      expect(other.statusCode).toBe(403)
      expect(other.json()).toMatchObject({ errorCode: 'A02' })
      const byMatteo = await call(server, matteo, 'POST', `/api/servizio/${ids.sara}/schedaDettaglio`)
      expect(byMatteo.json()).toMatchObject({ errorCode: 'A02' })
      const unknown = await call(server, sara, 'POST', '/api/servizio/424242/schedaDettaglio')
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({ errorCode: 'S09' })
    })
  })

  describe('list scoping (platform-backend §4.4)', () => {
    const names = (l: Lista) => l.servizi.map((s) => s.nome).filter((n) => n.endsWith(RUN))

    it('DTD sees every service', async () => {
      const l = await list(await actor(server, CF.DTD, 'DTD'), {}, '?pageSize=100')
      expect(names(l)).toEqual(expect.arrayContaining([named('Sara: SPID'), named('Matteo: PEC'), named('Luca: CIE'), named('Alessandro: pagoPA')]))
    })

    it('DSCU sees the services of SCD programmes only', async () => {
      const l = await list(await actor(server, CF.DSCU, 'DSCU'), {}, '?pageSize=100')
      expect(names(l)).toContain(named('Luca: CIE'))
      expect(names(l).filter((n) => /Sara|Matteo|Alessandro/.test(n))).toEqual([])
    })

    it('REGP and REPP see the services of their project; DEGP of another project sees none of them', async () => {
      for (const [cf, role] of [[CF.REGP_ROMA, 'REGP'], [CF.REPP_ROMA, 'REPP']] as const) {
        const l = await list(await actor(server, cf, role), {}, '?pageSize=100')
        expect(names(l), role).toContain(named('Sara: SPID'))
        expect(names(l).filter((n) => /Matteo|Luca|Alessandro/.test(n)), role).toEqual([])
      }
      const degp = await list(await actor(server, CF.DEGP_PUGLIA, 'DEGP'), {}, '?pageSize=100')
      expect(degp.numeroTotaleElementi).toBe(0)
    })

    it('DEPP sees the project of its partner (Milano): Alessandro\'s service', async () => {
      const l = await list(await actor(server, CF.DEPP_MILANO, 'DEPP'), {}, '?pageSize=100')
      expect(names(l)).toEqual([named('Alessandro: pagoPA')])
    })

    it('FAC and VOL see only their own services, even with a colleague in the same project', async () => {
      expect(names(await list(luca, {}, '?pageSize=100'))).toEqual([named('Luca: CIE')])
      expect(names(await list(matteo, {}, '?pageSize=100'))).toEqual([named('Matteo: PEC')])
      const saraNames = names(await list(sara, {}, '?pageSize=100'))
      expect(saraNames).toContain(named('Sara: SPID'))
      expect(saraNames.filter((n) => /Matteo|Luca|Alessandro/.test(n))).toEqual([])
      // Alessandro as FAC in Milano: his own service only (his REG/REGP profiles are other roles)
      expect(names(await list(alessandro, {}, '?pageSize=100'))).toEqual([named('Alessandro: pagoPA')])
    })

    it('REG/DEG list the services of their profile programme through the API (issue 3: managers see them)', async () => {
      const deg = await list(await actor(server, CF.DEG_LAZ, 'DEG'), {}, '?pageSize=100')
      const degNames = names(deg)
      expect(degNames).toEqual(expect.arrayContaining([named('Sara: SPID'), named('Matteo: PEC')]))
      expect(degNames.filter((n) => /Luca|Alessandro/.test(n))).toEqual([])
      const reg = await list(await actor(server, CF.REG_LOM, 'REG'), {}, '?pageSize=100')
      expect(names(reg)).toEqual(expect.arrayContaining([named('Alessandro: pagoPA')]))
      expect(names(reg).filter((n) => /Sara|Matteo|Luca/.test(n))).toEqual([])
    })

    it('scopes REG/DEG to the profile programme (domain level)', async () => {
      const { serviceScope } = await import('../../../server/domain/ambito')
      const { listServizi } = await import('../../../server/domain/liste/servizi')
      const reg = await actor(server, CF.DEG_LAZ, 'DEG')
      const principal = (await (await import('../../../server/domain/principal')).createPrincipalLoader(server.database.db)(CF.DEG_LAZ))!
      const profilo = principal.profili.find((p) => p.codiceRuolo === 'DEG')!
      expect(serviceScope({ principal, codiceRuolo: 'DEG', profilo })).toBeDefined()
      const l = await listServizi(server.database.db, { principal, codiceRuolo: 'DEG', profilo }, undefined, { currPage: 0, pageSize: 100 })
      expect(l.servizi.map((s) => s.nome)).toEqual(expect.arrayContaining([named('Sara: SPID'), named('Matteo: PEC')]))
      expect(l.servizi.map((s) => s.nome).filter((n) => /Luca|Alessandro/.test(n))).toEqual([])
      expect(reg.ids.idProgramma).toBe(profilo.idProgramma)
    })
  })

  describe('list filters, paging, dropdowns, CSV', () => {
    it('pages in SQL with the count, newest date first, and answers G03 beyond the last page', async () => {
      const all = await list(sara, {}, '?pageSize=100')
      const total = all.numeroTotaleElementi
      expect(total).toBeGreaterThanOrEqual(5)
      const dates = all.servizi.map((s) => s.data)
      expect([...dates].sort().reverse()).toEqual(dates)
      const p0 = await list(sara, {}, '?currPage=0&pageSize=2')
      const p1 = await list(sara, {}, '?currPage=1&pageSize=2')
      expect(p0.numeroPagine).toBe(Math.ceil(total / 2))
      expect(p0.servizi).toHaveLength(2)
      expect(p0.servizi.map((s) => s.id)).toEqual(all.servizi.slice(0, 2).map((s) => s.id))
      expect(p1.servizi.map((s) => s.id)).toEqual(all.servizi.slice(2, 4).map((s) => s.id))
      const beyond = await call(server, sara, 'POST', `/api/servizio/all?currPage=${p0.numeroPagine}&pageSize=2`, { body: {} })
      expect(beyond.statusCode).toBe(400)
      expect(beyond.json()).toMatchObject({ errorCode: 'G03' })
      const badPage = await call(server, sara, 'POST', '/api/servizio/all?pageSize=0', { body: {} })
      expect(badPage.json()).toMatchObject({ errorCode: 'G02' })
    })

    it('filters by id or name, by type and by state', async () => {
      expect((await list(sara, { filtroRequest: { criterioRicerca: String(ids.sara) } })).servizi.map((s) => s.id)).toContain(ids.sara)
      expect((await list(sara, { filtroRequest: { criterioRicerca: named('sara: spid').toLowerCase() } })).servizi.map((s) => s.nome)).toEqual([named('Sara: SPID')])
      expect((await list(sara, { filtroRequest: { criterioRicerca: '%' } })).numeroTotaleElementi).toBe(0)
      const byType = await list(sara, { filtroRequest: { tipologiaServizio: ['Formazione online'] } }, '?pageSize=100')
      expect(byType.servizi.length).toBeGreaterThan(0)
      for (const s of byType.servizi) expect(s.tipologiaServizio).toContain('Formazione online')
      const attivi = await list(sara, { filtroRequest: { stato: ['ATTIVO'] } }, '?pageSize=100')
      for (const s of attivi.servizi) expect(s.stato).toBe('ATTIVO')
      const row = (await list(sara, { filtroRequest: { criterioRicerca: named('Sara: SPID') } })).servizi[0]
      expect(row).toMatchObject({ facilitatore: 'ROMANO Sara', durataServizio: '1:30', data: '2025-03-10', stato: 'NON ATTIVO', nomeSede: expect.stringContaining('Punto Digitale Roma') })
    })

    it('answers the dropdowns from the caller scope', async () => {
      const tipi = await call(server, sara, 'POST', '/api/servizio/tipologiaServizio/dropdown')
      expect(tipi.json()).toEqual(expect.arrayContaining(['Facilitazione individuale', 'Formazione online']))
      const stati = await call(server, luca, 'POST', '/api/servizio/stati/dropdown')
      expect(stati.json()).toEqual(['NON ATTIVO'])
    })

    it('downloads a semicolon CSV with BOM, header and quoted fields', async () => {
      await createService(server, sara, { nomeServizio: named('Corso "base"; uso del PC'), data: '2025-02-03' })
      const res = await call(server, sara, 'POST', '/api/servizio/download', { body: { filtroRequest: { criterioRicerca: RUN } } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/csv')
      expect(res.headers['content-disposition']).toContain('servizi.csv')
      const lines = res.body.split('\r\n')
      expect(lines[0]).toBe('\uFEFFID;NOME;FACILITATORE;DATA;STATO;DURATA_SERVIZIO')
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^\\d+;"Corso ""base""; uso del PC ${RUN}";ROMANO Sara;03-02-2025;NON ATTIVO;1:30$`)))
      const regp = await actor(server, CF.REGP_ROMA, 'REGP')
      expect((await call(server, regp, 'POST', '/api/servizio/download')).statusCode).toBe(200)
    })
  })

  describe('facilitator dropdowns and template', () => {
    it('lists the facilitator sites of the profile; other roles get U06', async () => {
      const res = await call(server, sara, 'POST', '/api/servizio/facilitatore/sedi/dropdown')
      expect((res.json() as { nome: string }[]).map((s) => s.nome)).toEqual(['Punto Digitale Roma Esquilino', 'Punto Digitale Roma Garbatella'])
      const dtd = await call(server, await actor(server, CF.DTD, 'DTD'), 'POST', '/api/servizio/facilitatore/sedi/dropdown')
      expect(dtd.statusCode).toBe(403)
      expect(dtd.json()).toMatchObject({ errorCode: 'U06' })
    })

    it('serves the programme ATTIVO template to its facilitators, Q01 for another programme', async () => {
      const res = await call(server, sara, 'POST', `/api/questionarioTemplate/programma/${sara.ids.idProgramma}`)
      expect(res.statusCode).toBe(200)
      const tpl = res.json() as { nomeQuestionarioTemplate: string; sezioniQuestionarioTemplate: { id: string }[]; defaultRFD: boolean }
      expect(tpl).toMatchObject({ nomeQuestionarioTemplate: 'Questionario RFD 2024', defaultRFD: true })
      expect(tpl.sezioniQuestionarioTemplate.map((s) => s.id)).toEqual(['anagraphic-citizen-section', 'anagraphic-booking-section', 'anagraphic-service-section', 'content-service-section'])
      const other = await call(server, sara, 'POST', `/api/questionarioTemplate/programma/${luca.ids.idProgramma}`)
      expect(other.statusCode).toBe(404)
      expect(other.json()).toMatchObject({ errorCode: 'Q01' })
      const [scd] = await server.database.db.select({ id: programma.id }).from(programma).where(eq(programma.policy, 'SCD'))
      const dtd = await call(server, await actor(server, CF.DTD, 'DTD'), 'POST', `/api/questionarioTemplate/programma/${scd!.id}`)
      expect((dtd.json() as { nomeQuestionarioTemplate: string }).nomeQuestionarioTemplate).toBe('Questionario SCD 2024')
    })
  })
})
