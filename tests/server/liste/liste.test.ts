// @vitest-environment node
/**
 * The administrative lists (issue 9 point 1; spec 002 §2, §7; platform-backend §4.4, §13, defect §16.4
 * fixed): `/{entity}/all`, dropdowns and CSV of programmes, projects, bodies and users, for each role —
 * what is visible and what is not, the paging envelope and G03, filters, case- and accent-insensitive
 * search, sort, CSV content and its streaming in keyset batches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { csvChunks, CSV_BATCH_ROWS, DROPDOWN_MAX } from '../../../server/domain/liste/engine'
import { entiList } from '../../../server/domain/liste/enti'
import { programmiList } from '../../../server/domain/liste/programmi'
import { utentiList } from '../../../server/domain/liste/utenti'
import { pageOf, type ListDefinition } from '../../../server/domain/liste/engine'
import type { Caller } from '../../../server/domain/profile'
import { createTestServer, type TestServer } from '../helpers'
import { call, CF, RUN, type Actor } from '../field/fixtures'
import { attori, CAST_RUOLI } from '../scenari'
import { addListFixtures, addManyBodies, idOf, type ListFixtures } from './fixtures'

interface Envelope { numeroPagine: number; numeroTotaleElementi: number; [key: string]: unknown }
type Row = { id: number; nome: string; [key: string]: unknown }

describe('administrative lists', () => {
  let server: TestServer
  let fx: ListFixtures
  const who: Record<string, Actor> = {}
  const MANY = CSV_BATCH_ROWS + 37

  beforeAll(async () => {
    server = await createTestServer()
    fx = await addListFixtures(server.database.db)
    await addManyBodies(server.database.db, MANY)
    Object.assign(who, await attori(server, CAST_RUOLI))
  })
  afterAll(() => server?.close())

  const page = async (entity: string, w: Actor, body: object = {}, query = '?pageSize=1000') => {
    const res = await call(server, w, 'POST', `/api/${entity}/all${query}`, { body })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as Envelope
  }
  const KEY: Record<string, string> = { programma: 'programmi', progetto: 'progetti', ente: 'enti', utente: 'utenti' }
  const rows = async (entity: string, w: Actor, body: object = {}) => (await page(entity, w, body))[KEY[entity] as string] as Row[]
  const names = async (entity: string, w: Actor, body: object = {}) => (await rows(entity, w, body)).map((r) => r.nome)
  const dropdown = async (entity: string, type: string, w: Actor) => {
    const res = await call(server, w, 'POST', `/api/${entity}/${type}/dropdown`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as unknown[]
  }
  /** FAC/VOL hold no list.prgm, list.enti, list.utenti (403 A02 on the routes): their scope is checked at the domain level. */
  const callerOf = async (w: Actor): Promise<Caller> => {
    const principal = (await createPrincipalLoader(server.database.db)(w.cf))!
    return { principal, codiceRuolo: w.role, profilo: principal.profili.find((p) => p.codiceRuolo === w.role)! }
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list definition
  const domainNames = async (def: ListDefinition<any, any>, w: Actor) =>
    ((await pageOf(server.database.db, def, await callerOf(w), undefined, undefined, { currPage: 0, pageSize: 1000 }))[def.rowsKey] as Row[]).map((r) => r.nome)
  const csv = async (entity: string, w: Actor, body: object = {}) => {
    const res = await call(server, w, 'POST', `/api/${entity}/download`, { body })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }

  describe('programmes', () => {
    it('scopes by role (platform-backend §4.4 row 1)', async () => {
      const all = await names('programma', who.dtd!)
      expect(all).toEqual(expect.arrayContaining([expect.stringContaining('Regione Lazio'), expect.stringContaining('Regione Lombardia'), 'Servizio Civile Digitale - Programma nazionale 2024', fx.programme.nome]))
      expect(await names('programma', who.dscu!)).toEqual(['Servizio Civile Digitale - Programma nazionale 2024'])
      expect(await names('programma', who.reg!)).toEqual(['Rete dei servizi di facilitazione digitale - Regione Lombardia'])
      for (const w of [who.deg!, who.regp!, who.repp!]) {
        expect(await names('programma', w), w.role).toEqual(['Rete dei servizi di facilitazione digitale - Regione Lazio'])
      }
      expect(await domainNames(programmiList, who.fac!)).toEqual(['Rete dei servizi di facilitazione digitale - Regione Lazio'])
      expect(await domainNames(programmiList, who.vol!)).toEqual(['Servizio Civile Digitale - Programma nazionale 2024'])
      const denied = await call(server, who.fac!, 'POST', '/api/programma/all', { body: {} })
      expect([denied.statusCode, denied.json().errorCode]).toEqual([403, 'A02'])
      const [row] = await rows('programma', who.reg!)
      expect(row).toEqual({ id: expect.any(Number), nome: expect.any(String), nomeBreve: 'RFD Lombardia', codice: 'RFD-2024-LOM', policy: 'RFD', nomeEnteGestore: 'Regione Lombardia', stato: expect.any(String) })
    })

    it('pages with the envelope, answers G03 beyond the last page and G02 to a bad body, query or sort', async () => {
      const all = await page('programma', who.dtd!)
      const total = all.numeroTotaleElementi
      const p0 = await page('programma', who.dtd!, {}, '?currPage=0&pageSize=2')
      expect(p0.numeroPagine).toBe(Math.ceil(total / 2))
      expect(p0.programmi).toEqual((all.programmi as Row[]).slice(0, 2))
      const last = await page('programma', who.dtd!, {}, `?currPage=${p0.numeroPagine - 1}&pageSize=2`)
      expect((last.programmi as Row[]).length).toBe(total - 2 * (p0.numeroPagine - 1))
      expect((await page('programma', who.dtd!, {}, '')).programmi).toHaveLength(Math.min(8, total))
      const beyond = await call(server, who.dtd!, 'POST', `/api/programma/all?currPage=${p0.numeroPagine}&pageSize=2`, { body: {} })
      expect([beyond.statusCode, beyond.json().errorCode]).toEqual([400, 'G03'])
      // page 0 of an empty list is an empty page
      const empty = await page('programma', who.dtd!, { filtroRequest: { filtroCriterioRicerca: 'nessun programma così' } }, '?currPage=0')
      expect(empty).toEqual({ programmi: [], numeroPagine: 0, numeroTotaleElementi: 0 })
      for (const [query, body] of [['?pageSize=0', {}], ['?pageSize=1001', {}], ['?currPage=-1', {}], ['', { filtroRequest: { filtroPolicies: 'RFD' } }],
        ['', { ordinamento: { campo: 'bando', verso: 'asc' } }], ['', { ordinamento: { campo: 'nome', verso: 'up' } }]] as const) {
        const res = await call(server, who.dtd!, 'POST', `/api/programma/all${query}`, { body })
        expect([res.statusCode, res.json().errorCode], `${query} ${JSON.stringify(body)}`).toEqual([400, 'G02'])
      }
    })

    it('filters by policy and state, searches name, code or id ignoring case and accents, sorts by the declared columns', async () => {
      expect(await names('programma', who.dtd!, { filtroRequest: { filtroPolicies: ['SCD'] } })).toEqual(['Servizio Civile Digitale - Programma nazionale 2024'])
      expect(await names('programma', who.dtd!, { filtroRequest: { filtroStati: ['TERMINATO'] } })).toEqual([])
      for (const term of [`citta digitale piu ${RUN}`, `CITTÀ DIGITALE PIÙ ${RUN.toLowerCase()}`, `TST-${RUN.toLowerCase()}`, String(fx.programme.id)]) {
        expect(await names('programma', who.dtd!, { filtroRequest: { filtroCriterioRicerca: term } }), term).toContain(fx.programme.nome)
      }
      expect(await names('programma', who.dtd!, { filtroRequest: { filtroCriterioRicerca: '%' } })).toEqual([])
      // a REG never finds another programme by searching
      expect(await names('programma', who.reg!, { filtroRequest: { filtroCriterioRicerca: 'Lazio' } })).toEqual([])
      const byCode = await rows('programma', who.dtd!, { ordinamento: { campo: 'codice', verso: 'desc' } })
      const codes = byCode.map((r) => String(r.codice))
      expect(codes).toEqual([...codes].sort().reverse())
      const byId = await rows('programma', who.dtd!, { ordinamento: { campo: 'id', verso: 'asc' } })
      expect(byId.map((r) => r.id)).toEqual([...byId.map((r) => r.id)].sort((a, b) => a - b))
      // default: name ascending, case- and accent-insensitive
      const byName = await names('programma', who.dtd!)
      const folded = byName.map((n) => n.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())
      expect(folded).toEqual([...folded].sort())
    })

    it('answers the dropdowns over the caller scope', async () => {
      expect(await dropdown('programma', 'policies', who.dtd!)).toEqual(['RFD', 'SCD'])
      expect(await dropdown('programma', 'policies', who.dscu!)).toEqual(['SCD'])
      expect(await dropdown('programma', 'policies', who.reg!)).toEqual(['RFD'])
      expect(await dropdown('programma', 'stati', who.reg!)).toHaveLength(1)
      const unknown = await call(server, who.dtd!, 'POST', '/api/programma/enti/dropdown')
      expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'C01'])
    })
  })

  describe('projects', () => {
    it('scopes by role (platform-backend §4.4 row 2)', async () => {
      const short = async (w: Actor, body: object = {}) => (await rows('progetto', w, body)).map((r) => r.nomeBreve).sort()
      expect((await short(who.dtd!)).length).toBeGreaterThanOrEqual(6)
      expect(await short(who.dscu!)).toEqual(['SCD Campania Digitale', 'SCD Puglia Connessa'])
      expect(await short(who.reg!)).toEqual(['Lombardia in Rete Bergamo', 'Lombardia in Rete Milano'])
      expect(await short(who.deg!)).toEqual(['Lazio Digitale Latina', 'Lazio Digitale Roma'])
      for (const w of [who.regp!, who.repp!, who.fac!]) expect(await short(w), w.role).toEqual(['Lazio Digitale Roma'])
      expect(await short(who.vol!)).toEqual(['SCD Campania Digitale'])
      const [row] = await rows('progetto', who.regp!)
      expect(row).toMatchObject({ nomeBreve: 'Lazio Digitale Roma', nomeProgramma: 'Rete dei servizi di facilitazione digitale - Regione Lazio', policy: 'RFD', nomeEnteGestore: 'Roma Capitale' })
      // filters: programmes, policies; search
      const lom = await idOf(server.database.db, 'programma', 'RFD-2024-LOM')
      expect(await short(who.dtd!, { filtroRequest: { filtroIdsProgrammi: [lom] } })).toEqual(['Lombardia in Rete Bergamo', 'Lombardia in Rete Milano'])
      expect(await short(who.dtd!, { filtroRequest: { filtroPolicies: ['SCD'], filtroCriterioRicerca: 'PUGLIA' } })).toEqual(['SCD Puglia Connessa'])
      expect(await short(who.deg!, { filtroRequest: { filtroIdsProgrammi: [lom] } })).toEqual([])
    })

    it('answers policies (also under /policies/programmi), states and programmes over the caller scope', async () => {
      expect(await dropdown('progetto', 'policies', who.dscu!)).toEqual(['SCD'])
      expect(await dropdown('progetto', 'policies/programmi', who.dtd!)).toEqual(['RFD', 'SCD'])
      expect(await dropdown('progetto', 'programmi', who.reg!)).toEqual([{ id: await idOf(server.database.db, 'programma', 'RFD-2024-LOM'), nome: 'Rete dei servizi di facilitazione digitale - Regione Lombardia' }])
      expect((await dropdown('progetto', 'programmi', who.dtd!)).map((o) => (o as Row).nome)).not.toContain(fx.programme.nome) // it has no project
      expect(await dropdown('progetto', 'stati', who.repp!)).toHaveLength(1)
    })
  })

  describe('bodies', () => {
    it('scopes by role: relations in scope only, FAC/VOL only their profile body (defect §16.4 not copied)', async () => {
      const seeded = async (w: Actor) => (await names('ente', w)).filter((n) => !n.includes(RUN)).sort()
      const dtd = await names('ente', who.dtd!, { filtroRequest: { criterioRicerca: 'e' } })
      expect(dtd).toEqual(expect.arrayContaining(['Regione Lazio', 'Roma Capitale', fx.quoted.nome, fx.formula.nome])) // bodies without relations too
      expect(await seeded(who.dscu!)).toEqual(['Associazione Nazionale Comuni Italiani', 'Associazione Puglia Solidale ETS', 'Comune di Lecce', 'Comune di Matera', 'Comune di Salerno', 'Cooperativa Sociale Partenope Digitale'])
      expect(await seeded(who.reg!)).toEqual(['Associazione Orobica per l\'Inclusione Digitale', 'Comune di Bergamo', 'Comune di Milano', 'Cooperativa Sociale Rete Navigli', 'Regione Lombardia'])
      expect(await names('ente', who.deg!)).toEqual(expect.arrayContaining(['Regione Lazio', 'Comune di Latina', fx.accented.nome]))
      expect(await seeded(who.regp!)).toEqual(['Associazione Nonni Digitali APS', 'Istituzione Biblioteche di Roma', 'Roma Capitale'])
      expect(await names('ente', who.repp!)).toEqual(['Associazione Nonni Digitali APS', 'Istituzione Biblioteche di Roma'])
      expect(await domainNames(entiList, who.fac!)).toEqual(['Roma Capitale'])
      expect(await domainNames(entiList, who.vol!)).toEqual(['Cooperativa Sociale Partenope Digitale'])
      // a REGP of Roma never sees the partner added to Latina, even by searching
      expect(await names('ente', who.regp!, { filtroRequest: { criterioRicerca: 'perche' } })).toEqual([])
    })

    it('shows the profiles a body holds within the caller scope', async () => {
      const byName = async (w: Actor, body: object = {}) => Object.fromEntries((await rows('ente', w, body)).map((r) => [r.nome, r.profilo]))
      const dtd = await byName(who.dtd!)
      expect(dtd['Regione Lazio']).toBe('ENTE GESTORE DI PROGRAMMA')
      expect(dtd['Roma Capitale']).toBe('ENTE GESTORE DI PROGETTO')
      expect(dtd[fx.accented.nome]).toBe('ENTE GESTORE DI PROGRAMMA, ENTE PARTNER')
      expect(dtd[fx.quoted.nome]).toBe('')
      // the Lazio managers see the accented body only as Latina's partner (its programme is not theirs)
      expect((await byName(who.deg!))[fx.accented.nome]).toBe('ENTE PARTNER')
      const [row] = await rows('ente', who.regp!, { filtroRequest: { criterioRicerca: 'Roma Capitale' } })
      expect(row).toEqual({ id: await idOf(server.database.db, 'ente', 'Roma Capitale'), nome: 'Roma Capitale', nomeBreve: 'Roma Capitale', tipologia: 'Comune', profilo: 'ENTE GESTORE DI PROGETTO' })
    })

    it('filters by profile, programme, project and policy; searches name, VAT number or id', async () => {
      const roma = await idOf(server.database.db, 'progetto', 'Lazio Digitale Roma')
      const laz = await idOf(server.database.db, 'programma', 'RFD-2024-LAZ')
      expect((await names('ente', who.dtd!, { filtroRequest: { idsProgetti: [roma] } })).sort()).toEqual(['Associazione Nonni Digitali APS', 'Istituzione Biblioteche di Roma', 'Roma Capitale'])
      expect((await names('ente', who.dtd!, { filtroRequest: { idsProgetti: [roma], profili: ['ENTE PARTNER'] } })).sort()).toEqual(['Associazione Nonni Digitali APS', 'Istituzione Biblioteche di Roma'])
      expect(await names('ente', who.dtd!, { filtroRequest: { idsProgrammi: [laz], profili: ['ENTE GESTORE DI PROGRAMMA'] } })).toEqual(['Regione Lazio'])
      const scd = await names('ente', who.dtd!, { filtroRequest: { filtroPolicies: ['SCD'] } })
      expect(scd).toContain('Comune di Salerno')
      expect(scd).not.toContain('Roma Capitale')
      for (const term of ['societa perche si', 'SOCIETÀ PERCHÉ', `${RUN}90003`, String(fx.accented.id)]) {
        expect(await names('ente', who.dtd!, { filtroRequest: { criterioRicerca: term } }), term).toContain(fx.accented.nome)
      }
      const byTipologia = await rows('ente', who.dtd!, { filtroRequest: { criterioRicerca: `Ente massivo ${RUN}` }, ordinamento: { campo: 'tipologia', verso: 'desc' } })
      expect(byTipologia).toHaveLength(MANY)
      expect(byTipologia[0]?.tipologia).toBe('Comune')
      expect(byTipologia.at(-1)?.tipologia).toBeNull()
    })

    it('answers profiles, programmes, projects and policies over the caller scope', async () => {
      expect(await dropdown('ente', 'profili', who.dtd!)).toEqual(['ENTE GESTORE DI PROGRAMMA', 'ENTE GESTORE DI PROGETTO', 'ENTE PARTNER'])
      expect(await dropdown('ente', 'profili', who.repp!)).toEqual(['ENTE PARTNER'])
      expect(await dropdown('ente', 'profili', who.regp!)).toEqual(['ENTE GESTORE DI PROGETTO', 'ENTE PARTNER'])
      const roma = await idOf(server.database.db, 'progetto', 'Lazio Digitale Roma')
      expect(await dropdown('ente', 'progetti', who.repp!)).toEqual([{ id: roma, nome: 'Punti di facilitazione digitale di Roma Capitale' }])
      expect((await dropdown('ente', 'programmi', who.repp!)).map((o) => (o as Row).nome)).toEqual(['Rete dei servizi di facilitazione digitale - Regione Lazio'])
      expect((await dropdown('ente', 'programmi', who.reg!)).map((o) => (o as Row).nome)).toEqual(['Rete dei servizi di facilitazione digitale - Regione Lombardia'])
      expect(await dropdown('ente', 'policies', who.dscu!)).toEqual(['SCD'])
      expect((await entiList.dropdowns.progetti!(server.database.db, await callerOf(who.fac!), DROPDOWN_MAX)).map((o) => (o as Row).id)).toEqual([roma])
    })
  })

  describe('users', () => {
    it('scopes by role: REPP only its partner body\'s people, FAC/VOL an empty list', async () => {
      const cfs = async (w: Actor, body: object = {}) => (await rows('utente', w, body)).map((r) => String(r.codiceFiscale)).sort()
      const dtd = await cfs(who.dtd!)
      expect(dtd).toEqual(expect.arrayContaining([CF.DTD, CF.SARA, CF.LUCA, fx.user.cf]))
      expect(await cfs(who.dscu!)).toEqual([CF.DEGP_PUGLIA, CF.LUCA].sort())
      expect(await cfs(who.reg!)).toEqual([CF.REG_LOM, CF.DEPP_MILANO, CF.ALESSANDRO, 'LMBNNA90L43B354D'].sort())
      expect(await cfs(who.deg!)).toEqual([CF.DEG_LAZ, CF.ALESSANDRO, CF.REGP_ROMA, CF.REPP_ROMA, CF.SARA, CF.MATTEO].sort())
      expect(await cfs(who.regp!)).toEqual([CF.REGP_ROMA, CF.REPP_ROMA, CF.SARA].sort())
      expect(await cfs(who.repp!)).toEqual([CF.REPP_ROMA])
      for (const w of [who.fac!, who.vol!]) expect(await domainNames(utentiList, w), w.role).toEqual([])
      const [alessandro] = await rows('utente', who.dtd!, { filtroRequest: { criterioRicerca: CF.ALESSANDRO } })
      expect(alessandro).toEqual({ id: expect.any(Number), nome: 'Rossi Alessandro', codiceFiscale: CF.ALESSANDRO, ruoli: 'FAC, REG, REGP', stato: 'ATTIVO' })
    })

    it('filters by role and state, searches surname and name in either order, fiscal code or id, ignoring case and accents', async () => {
      const cfs = async (body: object) => (await rows('utente', who.dtd!, { filtroRequest: body })).map((r) => String(r.codiceFiscale))
      const vol = await cfs({ ruoli: ['VOL'] })
      expect(vol).toContain(CF.LUCA)
      expect(vol).not.toContain(CF.SARA)
      expect(await cfs({ stati: ['NON ATTIVO'], criterioRicerca: 'lombardi' })).toEqual(['LMBNNA90L43B354D'])
      expect(await cfs({ stati: ['ATTIVO'], criterioRicerca: 'lombardi' })).toEqual([])
      for (const term of ['rossi alessandro', 'ALESSANDRO ROSSI', 'rsslsn77']) expect(await cfs({ criterioRicerca: term }), term).toEqual([CF.ALESSANDRO])
      for (const term of [`perez ${RUN}`, `nicolo pérez ${RUN.toLowerCase()}`, String(fx.user.id)]) expect(await cfs({ criterioRicerca: term }), term).toContain(fx.user.cf)
      const byName = (await rows('utente', who.deg!)).map((r) => r.nome)
      expect(byName).toEqual(['De Luca Matteo', 'Marino Elena', 'Moretti Francesca', 'Ricci Paolo', 'Romano Sara', 'Rossi Alessandro'])
      const desc = (await rows('utente', who.deg!, { ordinamento: { campo: 'nome', verso: 'desc' } })).map((r) => r.nome)
      expect(desc).toEqual([...byName].reverse())
    })

    it('answers roles and states over the caller scope', async () => {
      expect(await dropdown('utente', 'ruoli', who.repp!)).toEqual(['REPP'])
      expect(await dropdown('utente', 'ruoli', who.regp!)).toEqual(['FAC', 'REGP', 'REPP'])
      expect(await utentiList.dropdowns.ruoli!(server.database.db, await callerOf(who.fac!), DROPDOWN_MAX)).toEqual([])
      expect(await dropdown('utente', 'stati', who.reg!)).toEqual(['ATTIVO', 'NON ATTIVO'])
    })
  })

  describe('page strategies', () => {
    it('gives the same pages whether it sorts the matches (few) or reads along the sort order (many)', async () => {
      const filtro = { criterioRicerca: `Ente massivo ${RUN}` }
      const c = await callerOf(who.dtd!)
      for (const ordinamento of [undefined, { campo: 'nome', verso: 'desc' as const }, { campo: 'tipologia', verso: 'asc' as const }]) {
        for (const currPage of [0, 1, 5]) {
          const p = { currPage, pageSize: 50 }
          const sorted = await pageOf(server.database.db, entiList, c, filtro, ordinamento, p)
          const walked = await pageOf(server.database.db, entiList, c, filtro, ordinamento, p, 0)
          expect(walked, `${JSON.stringify(ordinamento)} ${currPage}`).toEqual(sorted)
          expect((sorted.enti as Row[]).length).toBe(50)
        }
      }
      const users = await pageOf(server.database.db, utentiList, await callerOf(who.deg!), undefined, undefined, { currPage: 0, pageSize: 4 }, 0)
      expect((users.utenti as Row[]).map((r) => r.nome)).toEqual(['De Luca Matteo', 'Marino Elena', 'Moretti Francesca', 'Ricci Paolo'])
    })
  })

  describe('profile ids come from the verified profile', () => {
    it('refuses a REPP claiming another project in the body, by list, dropdown and CSV', async () => {
      const milano = await idOf(server.database.db, 'progetto', 'Lombardia in Rete Milano')
      for (const url of ['/api/ente/all', '/api/utente/all', '/api/ente/progetti/dropdown', '/api/utente/download', '/api/ente/download']) {
        const res = await call(server, who.repp!, 'POST', url, { body: { idProgetto: milano } })
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, url).toBeLessThan(500)
        expect(res.body, url).not.toContain('Navigli')
      }
    })
  })

  describe('CSV', () => {
    it('writes BOM, `;`, CRLF, RFC 4180 quoting and neutralised formulas, with the list columns and the entity file name', async () => {
      const res = await csv('ente', who.dtd!, { filtroRequest: { criterioRicerca: RUN }, ordinamento: { campo: 'id', verso: 'asc' } })
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
      expect(res.headers['content-disposition']).toBe('attachment; filename="enti.csv"')
      const lines = res.body.split('\r\n')
      expect(lines[0]).toBe('\uFEFFID;Nome;Nome breve;Tipologia ente;Profili')
      expect(lines[1]).toBe(`${fx.quoted.id};"Ente ""Alfa""; Beta ${RUN}";"Ente ""Alfa""; Beta ${RUN}";Associazione;`)
      expect(lines[2]).toBe(`${fx.formula.id};"'=HYPERLINK(""http://x"") ${RUN}";"'=HYPERLINK(""http://x"") ${RUN}";Associazione;`)
      expect(lines[3]).toBe(`${fx.accented.id};Società Perché Sì ${RUN};Società Perché Sì ${RUN};Associazione;ENTE GESTORE DI PROGRAMMA, ENTE PARTNER`)
      expect(lines).toHaveLength(3 + MANY + 2) // header, 3 fixtures, MANY bodies, '' after the last CRLF
      expect(lines.at(-1)).toBe('')
      for (const [entity, file, header] of [
        ['programma', 'programmi.csv', 'ID;Nome;Nome breve;Codice;Intervento;Ente gestore;Stato'],
        ['progetto', 'progetti.csv', 'ID;Nome;Nome breve;Programma;Intervento;Ente gestore;Stato'],
        ['utente', 'utenti.csv', 'ID;Cognome e Nome;Codice fiscale;Ruolo;Stato Utente'],
      ] as const) {
        const r = await csv(entity, who.dtd!)
        expect(r.headers['content-disposition']).toBe(`attachment; filename="${file}"`)
        expect(r.body.split('\r\n')[0]).toBe(`\uFEFF${header}`)
      }
    })

    it('exports the same rows, in the same order, as the list shows, within the caller scope', async () => {
      for (const [entity, w] of [['ente', who.repp!], ['utente', who.repp!], ['progetto', who.reg!], ['programma', who.dscu!], ['utente', who.deg!]] as const) {
        const ids = (await rows(entity, w)).map((r) => String(r.id))
        const lines = (await csv(entity, w)).body.split('\r\n').slice(1, -1)
        expect(lines.map((l) => l.split(';')[0]), `${entity} ${w.role}`).toEqual(ids)
      }
      const repp = (await csv('ente', who.repp!)).body
      expect(repp).not.toContain('Roma Capitale')
      expect((await csv('utente', who.repp!)).body).not.toContain(CF.SARA)
      const bad = await call(server, who.dtd!, 'POST', '/api/ente/download', { body: { ordinamento: { campo: 'profilo', verso: 'asc' } } })
      expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'G02'])
    })

    it('streams a large list in keyset batches: one chunk per batch, never the whole result at once', async () => {
      const principal = (await createPrincipalLoader(server.database.db)(CF.DTD))!
      const caller = { principal, codiceRuolo: 'DTD', profilo: principal.profili[0]! }
      const filtro = { criterioRicerca: `Ente massivo ${RUN}` }
      const chunks: string[] = []
      for await (const chunk of csvChunks(server.database.db, entiList, caller, filtro, { campo: 'nome', verso: 'desc' })) chunks.push(chunk)
      // header + ⌈MANY / batch⌉ batches
      expect(chunks).toHaveLength(1 + Math.ceil(MANY / CSV_BATCH_ROWS))
      expect(chunks[1]!.split('\r\n')).toHaveLength(CSV_BATCH_ROWS + 1)
      const body = chunks.join('')
      const names = body.split('\r\n').slice(1, -1).map((l) => l.split(';')[1])
      expect(names).toHaveLength(MANY)
      expect(new Set(names).size).toBe(MANY) // no row twice across batch boundaries
      expect(names).toEqual([...names].sort().reverse())
      // small batches: same content
      const small: string[] = []
      for await (const chunk of csvChunks(server.database.db, entiList, caller, filtro, { campo: 'nome', verso: 'desc' }, 7)) small.push(chunk)
      expect(small.length).toBe(1 + Math.ceil(MANY / 7))
      expect(small.join('')).toBe(body)
      // the route sends the same bytes
      expect((await csv('ente', who.dtd!, { filtroRequest: filtro, ordinamento: { campo: 'nome', verso: 'desc' } })).body).toBe(body)
    })
  })
})
