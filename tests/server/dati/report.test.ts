// @vitest-environment node
/**
 * 'Report dati' (issue 11 point 1; server/domain/dati/, migration 0012): the figures of every role are those of
 * its services list (same total, same scope), the filters narrow them, the materialised views follow new
 * services, citizens and surveys after a refresh (facilitators read live), and the route answers 4xx to bad input.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReportDati } from '../../../src/api/contract/dati'
import { refreshDati } from '../../../server/domain/dati/refresh'
import { newCitizenId } from '../../../server/db/citizen-id'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, named, type Actor } from '../field/fixtures'

describe('report dati', () => {
  let server: TestServer
  const who: Record<string, Actor> = {}

  beforeAll(async () => {
    server = await createTestServer()
    who.dtd = await actor(server, CF.DTD, 'DTD')
    who.dscu = await actor(server, CF.DSCU, 'DSCU')
    who.reg = await actor(server, CF.REG_LOM, 'REG')
    who.deg = await actor(server, CF.DEG_LAZ, 'DEG')
    who.regp = await actor(server, CF.REGP_ROMA, 'REGP')
    who.repp = await actor(server, CF.REPP_ROMA, 'REPP')
    who.sara = await actor(server, CF.SARA, 'FAC')
    who.matteo = await actor(server, CF.MATTEO, 'FAC')
    who.luca = await actor(server, CF.LUCA, 'VOL')
    for (const [i, a] of [who.sara, who.sara, who.matteo, who.luca].entries()) {
      await createService(server, a!, { nomeServizio: named(`Report ${i}`), tipoDiServizioPrenotato: i % 2 ? ['Formazione online'] : ['Facilitazione individuale', 'Formazione online'] })
    }
    await refreshDati(server.database.db)
  })
  afterAll(() => server?.close())

  const report = async (a: Actor, filtro: Record<string, unknown> = {}) => {
    const res = await call(server, a, 'POST', '/api/dati/report', { body: { filtro } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as ReportDati
  }
  const listTotal = async (a: Actor) => {
    const res = await call(server, a, 'POST', '/api/servizio/all', { body: {} })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { numeroTotaleElementi: number }).numeroTotaleElementi
  }
  const rows = async (q: string) => ((await server.database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows

  it('gives every role the total of its services list, and consistent breakdowns', async () => {
    const totals: Record<string, number> = {}
    for (const [name, a] of Object.entries(who)) {
      const r = await report(a)
      const expected = await listTotal(a)
      expect(r.totali.servizi, name).toBe(expected)
      totals[name] = expected
      const sum = (xs: { n: number }[]) => xs.reduce((s, x) => s + x.n, 0)
      expect(sum(r.settimane.map((p) => ({ n: p.servizi }))), name).toBe(expected)
      expect(sum(r.mesi.map((p) => ({ n: p.servizi }))), name).toBe(expected)
      expect(sum(r.dimensioni.regione), name).toBe(expected)
      expect(sum(r.mesi.map((p) => ({ n: p.partecipazioni }))), name).toBe(r.totali.partecipazioni)
      expect(sum(r.dimensioni.genere), name).toBe(r.totali.partecipazioni)
      expect(r.tempoReale, name).toBe(a.role === 'FAC' || a.role === 'VOL')
    }
    expect(totals.dtd).toBeGreaterThan(totals.reg!)
    expect(totals.dtd).toBeGreaterThan(totals.sara!)
    expect(totals.sara).toBeGreaterThan(0)
    const [all] = await rows('select count(*)::int as n from servizio')
    expect(totals.dtd).toBe(all!.n)
  })

  it('narrows by policy, programme, project and period; a filter outside the scope gives nothing', async () => {
    const dtd = who.dtd!, regp = who.regp!
    const all = await report(dtd)
    const rfd = await report(dtd, { policy: 'RFD' }), scd = await report(dtd, { policy: 'SCD' })
    expect(rfd.totali.servizi + scd.totali.servizi).toBe(all.totali.servizi)
    const prg = await report(dtd, { idProgramma: regp.ids.idProgramma })
    const [byPrg] = await rows(`select count(*)::int as n from servizio s join progetto p on p.id = s.id_progetto where p.id_programma = ${regp.ids.idProgramma}`)
    expect(prg.totali.servizi).toBe(byPrg!.n)
    expect(prg.progetti.map((p) => p.id)).toContain(regp.ids.idProgetto)
    const prj = await report(dtd, { idProgetto: regp.ids.idProgetto })
    expect(prj.totali.servizi).toBe((await report(regp)).totali.servizi)
    const [march] = await rows(`select count(*)::int as n from servizio where data_servizio >= '2025-03-01' and data_servizio < '2025-04-01'`)
    const period = await report(dtd, { da: '2025-03', a: '2025-03' })
    expect(period.totali.servizi).toBe(march!.n)
    expect(period.mesi.every((m) => m.periodo === '2025-03')).toBe(true)
    // a REGP asking for another programme's data gets nothing
    const other = all.programmi.find((p) => p.id !== regp.ids.idProgramma)!
    expect((await report(regp, { idProgramma: other.id })).totali.servizi).toBe(0)
    expect((await report(who.sara!, { idProgetto: other.id + 100000 })).totali.servizi).toBe(0)
  })

  it('follows a new service, citizen and compiled survey after a refresh (facilitators at once)', async () => {
    const sara = who.sara!, dtd = who.dtd!
    const before = await report(dtd), beforeSara = await report(sara)
    const id = await createService(server, sara, { nomeServizio: named('Report nuovo'), tipoDiServizioPrenotato: ['Altro'], data: '2025-05-14' })
    const citizen = newCitizenId()
    await server.database.db.execute(sql`insert into cittadino (id, genere, fascia_di_eta_id, titolo_di_studio, occupazione) values (${citizen}, 'Non binario', 4, 'Laurea (3 anni)', 'Casalinga/o')`)
    await server.database.db.execute(sql`insert into servizio_x_cittadino (id_cittadino, id_servizio) values (${citizen}, ${id})`)
    const q4 = { id: 'content-service-section', title: 'Informazioni sull’esperienza', properties: [{ '1663320201383': ['4'] }] }
    await server.database.db.execute(sql`insert into questionario_compilato (id_questionario_template, id_cittadino, id_facilitatore, id_sede, id_ente, id_progetto, id_servizio, stato, sezioni)
      select id_questionario_template_snapshot, ${citizen}, id_facilitatore, id_sede, id_ente, id_progetto, id, 'COMPILATA', ${JSON.stringify([q4])}::jsonb from servizio where id = ${id}`)
    const live = await report(sara)
    expect(live.totali.servizi).toBe(beforeSara.totali.servizi + 1)
    expect(live.dimensioni.voto.find((v) => v.valore === '4')?.n).toBe((beforeSara.dimensioni.voto.find((v) => v.valore === '4')?.n ?? 0) + 1)
    expect((await report(dtd)).totali.servizi).toBe(before.totali.servizi) // the views until the refresh
    const res = await call(server, dtd, 'POST', '/api/dati/aggiorna', { body: {} })
    expect(res.statusCode, res.body).toBe(200)
    const after = await report(dtd)
    expect(Date.parse(after.aggiornatoIl)).toBeGreaterThan(Date.parse(before.aggiornatoIl))
    expect(after.totali).toEqual({ servizi: before.totali.servizi + 1, partecipazioni: before.totali.partecipazioni + 1, questionari: before.totali.questionari + 1 })
    const n = (r: ReportDati, d: keyof ReportDati['dimensioni'], v: string) => r.dimensioni[d].find((x) => x.valore === v)?.n ?? 0
    expect(n(after, 'tipologia', 'Altro')).toBe(n(before, 'tipologia', 'Altro') + 1)
    expect(n(after, 'genere', 'Non binario')).toBe(n(before, 'genere', 'Non binario') + 1)
    expect(n(after, 'fascia', '75 e oltre')).toBe(n(before, 'fascia', '75 e oltre') + 1)
    expect(n(after, 'occupazione', 'Casalinga/o')).toBe(n(before, 'occupazione', 'Casalinga/o') + 1)
    expect(n(after, 'voto', '4')).toBe(n(before, 'voto', '4') + 1)
    expect(after.settimane.find((w) => w.periodo === '2025-05-12')?.servizi).toBe((before.settimane.find((w) => w.periodo === '2025-05-12')?.servizi ?? 0) + 1)
  })

  it('answers 4xx to bad filters and to callers without the permission', async () => {
    const bad = await call(server, who.dtd!, 'POST', '/api/dati/report', { body: { filtro: { da: '2025-13' } } })
    expect(bad.statusCode).toBe(400)
    expect((bad.json() as { errorCode: string }).errorCode).toMatch(/^G/)
    const refresh = await call(server, who.reg!, 'POST', '/api/dati/aggiorna', { body: {} })
    expect(refresh.statusCode).toBe(403)
    const anon = await call(server, null, 'POST', '/api/dati/report', { body: {} })
    expect(anon.statusCode).toBe(401)
  })
})

describe('public report dati', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
    const sara = await actor(server, CF.SARA, 'FAC')
    await createService(server, sara, { nomeServizio: named('Pubblico'), data: '2025-04-02' })
    await refreshDati(server.database.db)
  })
  afterAll(() => server?.close())

  it('gives anyone the national figures, by policy and period only', async () => {
    const dtd = await actor(server, CF.DTD, 'DTD')
    const anon = await call(server, null, 'POST', '/api/dati/pubblico', { body: { filtro: { da: '2025-01' } } })
    expect(anon.statusCode, anon.body).toBe(200)
    const pub = anon.json() as ReportDati
    const own = (await call(server, dtd, 'POST', '/api/dati/report', { body: { filtro: { da: '2025-01' } } })).json() as ReportDati
    expect(pub.totali).toEqual(own.totali)
    expect(pub.totali.servizi).toBeGreaterThan(0)
    expect(pub.programmi).toEqual([])
    // a programme or project filter is not part of the public contract
    const narrowed = await call(server, null, 'POST', '/api/dati/pubblico', { body: { filtro: { idProgramma: 1 } } })
    expect(narrowed.statusCode).toBe(400)
  })
})
