// @vitest-environment node
/**
 * Issue 10 point 3: role management. A DTD creates a custom role from two permission groups, gives it to
 * a user, edits it, and the user's permissions (hence menu) change at her very next request through the
 * principal cache; predefined roles are protected (R09, R10, R11); a held role cannot be deleted (R12).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ruolo, utente, utenteXRuolo } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, RUN, type Actor } from '../field/fixtures'
import { versioneLetta } from '../versioni-letture'

describe('role management', () => {
  let server: TestServer
  let dtd: Actor, reg: Actor
  const nome = `Osservatore ${RUN}`
  let chiara: number

  const contesto = async () => {
    const token = await server.signIdToken(CF.MOD)
    const res = await server.app.inject({ method: 'POST', url: '/api/contesto', headers: { authToken: token, host: '127.0.0.1:8080' }, payload: {} })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { ruoli: { codiceRuolo: string; permessi: string[] }[] }
  }

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    reg = await actor(server, CF.REG_LOM, 'REG')
    const [row] = await server.database.db.select({ id: utente.id }).from(utente).where(eq(utente.codiceFiscale, CF.MOD))
    chiara = row!.id
  })
  afterAll(async () => {
    await server?.database.db.delete(utenteXRuolo).where(eq(utenteXRuolo.codiceRuolo, nome))
    await server?.database.db.delete(ruolo).where(eq(ruolo.codice, nome))
    await server?.close()
  })

  it('lists the roles and the permission groups with their permissions', async () => {
    const res = await call(server, dtd, 'POST', '/api/ruolo/all?currPage=0&pageSize=50', { body: { filtroRequest: { tipologie: ['P'] } } })
    expect(res.statusCode, res.body).toBe(200)
    const ruoli = (res.json() as { ruoli: { codice: string; tipologia: string }[] }).ruoli
    expect(ruoli.map((r) => r.codice)).toEqual(expect.arrayContaining(['DTD', 'FAC', 'REPP']))
    expect(ruoli.every((r) => r.tipologia === 'P')).toBe(true)
    const gruppi = (await call(server, dtd, 'GET', '/api/gruppo/all')).json() as { codice: string; permessi: { codice: string }[] }[]
    expect(gruppi.find((g) => g.codice === 'VIS.CITT')?.permessi.map((p) => p.codice)).toEqual(['list.citt', 'list.dwnl.citt', 'tab.citt'])
    const detail = (await call(server, dtd, 'GET', '/api/ruolo/FAC')).json() as { tipologia: string; modificabile: boolean; gruppi: { codice: string }[] }
    expect(detail).toMatchObject({ tipologia: 'P', modificabile: false })
    expect(detail.gruppi.map((g) => g.codice)).toContain('RED.CITT')
    expect((await call(server, reg, 'POST', '/api/ruolo/all?currPage=0&pageSize=8', { body: {} })).statusCode).toBe(403)
  })

  it('creates a custom role from two groups, gives it to a user, and her permissions change at the next request after an edit', async () => {
    const created = await call(server, dtd, 'POST', '/api/ruolo', { body: { nome, gruppi: ['VIS.CITT', 'VIS.DSHB'] } })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toEqual({ codice: nome, versione: 1 })
    expect((await call(server, dtd, 'POST', '/api/ruolo', { body: { nome: nome.toUpperCase(), gruppi: ['VIS.CITT'] } })).json()).toMatchObject({ errorCode: 'R01' })
    expect((await call(server, dtd, 'POST', '/api/ruolo', { body: { nome: `${nome} bis`, gruppi: ['NON.ESISTE'] } })).statusCode).toBe(400)
    expect((await call(server, dtd, 'POST', '/api/ruolo', { body: { nome: `${nome} ter`, gruppi: [] } })).statusCode).toBe(400)
    expect((await call(server, dtd, 'GET', `/api/ruolo/${encodeURIComponent(nome)}`)).json()).toMatchObject({ stato: 'NON ATTIVO', tipologia: 'NP', modificabile: true })

    const before = await contesto() // cached principal of Chiara
    expect(before.ruoli.map((r) => r.codiceRuolo)).not.toContain(nome)
    const give = await call(server, dtd, 'PUT', `/api/utente/${chiara}/ruolo`, { body: { codiceRuolo: nome } })
    expect(give.statusCode, give.body).toBe(200)
    const after = (await contesto()).ruoli.find((r) => r.codiceRuolo === nome)
    expect(after?.permessi).toEqual(['list.citt', 'list.dwnl.citt', 'tab.citt', 'tab.dshb', 'view.dshb'])
    expect((await call(server, dtd, 'GET', `/api/ruolo/${encodeURIComponent(nome)}`)).json()).toMatchObject({ stato: 'ATTIVO', numeroUtenti: 1 })

    // the holder's next request sees the edit: citizens out, minors view in
    const edit = await call(server, dtd, 'PUT', `/api/ruolo/${encodeURIComponent(nome)}`, { body: { nome, gruppi: ['VIS.DSHB', 'VIS.CONF.MIN'], versione: await versioneLetta(server, dtd, 'ruolo', nome) } })
    expect(edit.statusCode, edit.body).toBe(200)
    const edited = (await contesto()).ruoli.find((r) => r.codiceRuolo === nome)
    expect(edited?.permessi).toEqual(['tab.dshb', 'view.conf.min', 'view.dshb'])
    // and so do the permission checks of the routes
    const asChiara: Actor = { cf: CF.MOD, role: nome, token: await server.signIdToken(CF.MOD), ids: { idProgramma: null, idProgetto: null, idEnte: null }, userId: chiara }
    expect((await call(server, asChiara, 'POST', '/api/cittadino/all?currPage=0&pageSize=8', { body: {} })).statusCode).toBe(403)
    expect((await call(server, asChiara, 'POST', '/api/configurazioneminorenni/all?currPage=0&pageSize=8', { body: {} })).statusCode).toBe(200)
  })

  it('protects predefined roles and held roles', async () => {
    expect((await call(server, dtd, 'PUT', '/api/ruolo/FAC', { body: { nome: 'FACILITATORE', gruppi: ['VIS.CITT'] } })).json()).toMatchObject({ errorCode: 'R09' })
    expect((await call(server, dtd, 'DELETE', '/api/ruolo/DTD')).json()).toMatchObject({ errorCode: 'R10' })
    expect((await call(server, dtd, 'DELETE', '/api/ruolo/FAC')).json()).toMatchObject({ errorCode: 'R11' })
    expect((await call(server, dtd, 'DELETE', `/api/ruolo/${encodeURIComponent(nome)}`)).json()).toMatchObject({ errorCode: 'R12' })
    expect((await call(server, dtd, 'GET', '/api/ruolo/NESSUNO')).json()).toMatchObject({ errorCode: 'R14' })
    // once nobody holds it, it goes
    expect((await call(server, dtd, 'DELETE', `/api/utente/${chiara}/ruolo/${encodeURIComponent(nome)}`)).statusCode).toBe(200)
    const del = await call(server, dtd, 'DELETE', `/api/ruolo/${encodeURIComponent(nome)}`, { body: { versione: await versioneLetta(server, dtd, 'ruolo', nome) } })
    expect(del.statusCode, del.body).toBe(200)
    expect((await call(server, dtd, 'GET', `/api/ruolo/${encodeURIComponent(nome)}`)).statusCode).toBe(404)
  })
})
