// @vitest-environment node
/**
 * Issue 28 part 1: the access register. Every kind of access writes its row — a citizen's card, a search by fiscal
 * code, a citizen added, a service's citizens tab, a compiled survey read, the field sync (count), the registry's CSV
 * (count), a login (`contesto`), a role choice, a 401 and a 403, a user created — with who, what and the truncated
 * address; no row holds a fiscal code. The table refuses UPDATE and DELETE (PGlite and PostgreSQL alike: run with
 * DATABASE_URL), except inside the retention's transaction; the retention removes rows older than 12 months and records
 * the removal. The DTD's list (filters, CSV itself recorded) and "who accessed my data?" by fiscal code.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../../../server/domain/liste/engine'
import { puliziaRegistro } from '../../../server/domain/registro/pulizia'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { syncPage } from '../field/sync-helper'
import { Browser, loginForCode } from '../oidc/browser'

type Riga = Record<string, unknown>

describe('access register', () => {
  let server: TestServer
  let sara: Actor, dtd: Actor, mod: Actor
  const cf = fiscalCodeAged(41, 'F', 12, 'Anna')
  let servizio: number, idCittadino: number, idQuestionario: string

  const righe = async (where = sql`true`): Promise<Riga[]> => {
    await server.app.registro!.flush()
    return rowsOf(server.database.db, sql`select * from registro_accessi where ${where} order by id`)
  }
  const una = async (entita: string, azione: string, extra = sql`true`) => {
    const rows = await righe(sql`entita = ${entita} and azione = ${azione} and ${extra}`)
    expect(rows.length, `${entita}/${azione}`).toBeGreaterThan(0)
    return rows[rows.length - 1]!
  }

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    dtd = await actor(server, CF.DTD, 'DTD')
    mod = await actor(server, CF.MOD, 'MOD')
    servizio = await createService(server, sara, { nomeServizio: named('Registro accessi'), data: '2025-06-03' })
    const added = await call(server, sara, 'POST', `/api/servizio/cittadino/${servizio}`, {
      body: { nuovoCittadino: true, codiceFiscale: cf, ...DEMOGRAFICA },
    })
    expect(added.statusCode, added.body).toBe(201)
    ;({ id: idCittadino, idQuestionario } = added.json() as { id: number; idQuestionario: string })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('records the addition of a citizen as a change naming the citizen by id, with who, profile and address', async () => {
    const r = await una('cittadino', 'modifica', sql`id_entita = ${String(idCittadino)}`)
    expect(r).toMatchObject({ id_utente: sara.userId, codice_ruolo: 'FAC', id_programma: sara.ids.idProgramma, id_progetto: sara.ids.idProgetto, id_ente: sara.ids.idEnte, esito: 'ok' })
    expect(r.indirizzo).toBe('127.0.0.0')
    expect(String(r.id_richiesta)).not.toBe('')
  })

  it('records the reads of a citizen: search by fiscal code, the citizens tab (count), the survey, the card', async () => {
    const search = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF' } })
    expect(search.statusCode, search.body).toBe(200)
    expect(await una('cittadino', 'ricerca')).toMatchObject({ id_entita: String(idCittadino), righe: 1, esito: 'ok' })

    const tab = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${servizio}`, { query: 'currPage=0&pageSize=10', body: {} })
    expect(tab.statusCode, tab.body).toBe(200)
    expect(await una('servizio', 'lettura', sql`id_entita = ${String(servizio)}`)).toMatchObject({ righe: 1 })

    const survey = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQuestionario}`, { body: {} })
    expect(survey.statusCode, survey.body).toBe(200)
    await una('questionario', 'lettura', sql`id_entita = ${idQuestionario}`)
    // the citizen opens the survey through the link: no user, never the token
    const link = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`, { body: {} })
    expect(link.statusCode, link.body).toBe(200)
    const { token } = link.json() as { token: string }
    const anonimo = await server.app.inject({ method: 'GET', url: `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/anonimo?t=${encodeURIComponent(token)}`, headers: { host: '127.0.0.1:8080' } })
    expect(anonimo.statusCode, anonimo.body).toBe(200)
    const viaLink = await una('questionario', 'lettura', sql`dettaglio = 'link del cittadino'`)
    expect(viaLink).toMatchObject({ id_utente: null, id_entita: idQuestionario, esito: 'ok' })
    expect(JSON.stringify(await righe())).not.toContain(token)
    // printed from the device's copy: the usage event of the print
    const stampa = await call(server, sara, 'POST', '/api/utilizzo/evento', { body: { event: 'download', event_type: 'stampa', event_value: 'questionario', role_code: 'FAC', category: 'questionari' } })
    expect(stampa.statusCode, stampa.body).toBe(204)
    expect(await una('questionario', 'lettura', sql`dettaglio = 'stampa'`)).toMatchObject({ id_utente: sara.userId })

    const card = await call(server, dtd, 'POST', `/api/cittadino/${idCittadino}`, { body: {} })
    expect(card.statusCode, card.body).toBe(200)
    expect(await una('cittadino', 'lettura', sql`id_entita = ${String(idCittadino)}`)).toMatchObject({ id_utente: dtd.userId, codice_ruolo: 'DTD' })
  })

  it('records the field sync with its citizens count, the registry search and its CSV with their counts', async () => {
    const page = await syncPage(server, sara)
    expect(page.statusCode, page.body).toBe(200)
    const n = (page.json() as { cittadini: unknown[] }).cittadini.length
    expect(await una('campo', 'lettura')).toMatchObject({ righe: n, id_utente: sara.userId })

    const search = await call(server, dtd, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=10', body: { filtroRequest: { criterioRicerca: cf } } })
    expect(search.statusCode, search.body).toBe(200)
    expect(await una('cittadino', 'ricerca', sql`id_utente = ${dtd.userId}`)).toMatchObject({ righe: 1, id_entita: String(idCittadino) })

    const csv = await call(server, dtd, 'POST', '/api/cittadino/download', { body: {} })
    expect(csv.statusCode).toBe(200)
    const lines = csv.body.trim().split('\r\n').length - 1
    expect(await una('cittadino', 'esportazione')).toMatchObject({ righe: lines, esito: 'ok' })
  })

  it('records a login, a role choice, a user created, a 401 and a 403', async () => {
    expect((await call(server, null, 'POST', '/api/contesto', { headers: { authToken: dtd.token } })).statusCode).toBe(200)
    expect(await una('utente', 'accesso', sql`id_utente = ${dtd.userId}`)).toMatchObject({ id_entita: String(dtd.userId), dettaglio: 'contesto' })

    // the development provider's login form: the user by id, never the fiscal code typed
    await loginForCode(new Browser(server.app), CF.MOD)
    expect(await una('utente', 'accesso', sql`dettaglio = 'provider di sviluppo'`)).toMatchObject({ id_entita: String(mod.userId), id_utente: null, esito: 'ok' })

    const scelta = await call(server, sara, 'POST', '/api/contesto/sceltaProfilo', { body: { codiceRuolo: 'FAC' } })
    expect(scelta.statusCode, scelta.body).toBe(200)
    expect(await una('utente', 'scelta_ruolo')).toMatchObject({ id_utente: sara.userId, id_progetto: sara.ids.idProgetto })

    const nuovo = await call(server, dtd, 'POST', '/api/utente', { body: {
      nome: 'Piera', cognome: 'Registro', codiceFiscale: fiscalCodeAged(30, 'F', 3, 'Piera'), email: 'piera@example.org', codiceRuolo: 'DTD',
    } })
    expect(nuovo.statusCode, nuovo.body).toBe(201)
    expect(await una('utente', 'modifica', sql`dettaglio = 'creazione'`)).toMatchObject({ id_entita: String((nuovo.json() as { id: number }).id) })

    expect((await call(server, null, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=10', body: {} })).statusCode).toBe(401)
    expect(await una('cittadino', 'negato', sql`id_utente is null`)).toMatchObject({ esito: 'negato', dettaglio: 'POST /api/cittadino/all 401 A07' })

    expect((await call(server, mod, 'POST', '/api/cittadino/all', { query: 'currPage=0&pageSize=10', body: {} })).statusCode).toBe(403)
    expect(await una('cittadino', 'negato', sql`id_utente = ${mod.userId}`)).toMatchObject({ esito: 'negato', codice_ruolo: 'MOD', dettaglio: 'POST /api/cittadino/all 403 A02' })
    // a route that records nothing of its own still records its refusals
    expect((await call(server, null, 'POST', '/api/programma/all', { query: 'currPage=0&pageSize=10', body: {} })).statusCode).toBe(401)
    expect(await una('api', 'negato')).toMatchObject({ dettaglio: 'POST /api/programma/all 401 A07', id_entita: null })
  })

  it('answers the DTD "who accessed my data?" by fiscal code (never recorded), 404 RA01 for none, 403 for others', async () => {
    const res = await call(server, dtd, 'POST', '/api/registroAccessi/cittadino', { body: { codiceFiscale: cf.toLowerCase() } })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { idCittadino: number; servizi: number[]; righe: Riga[] }
    expect(body.idCittadino).toBe(idCittadino)
    expect(body.servizi).toEqual([servizio])
    const seen = new Set(body.righe.map((r) => `${r.entita}/${r.azione}/${r.idUtente}`))
    for (const k of [`cittadino/modifica/${sara.userId}`, `servizio/lettura/${sara.userId}`, `questionario/lettura/${sara.userId}`, `cittadino/lettura/${dtd.userId}`]) expect(seen, k).toContain(k)
    expect(await una('cittadino', 'lettura', sql`dettaglio = 'chi ha visto i dati'`)).toMatchObject({ id_entita: String(idCittadino) })

    const none = await call(server, dtd, 'POST', '/api/registroAccessi/cittadino', { body: { codiceFiscale: fiscalCodeAged(60, 'M', 1, 'Nessuno') } })
    expect(none.statusCode).toBe(404)
    expect(none.json()).toMatchObject({ errorCode: 'RA01' })
    expect((await call(server, sara, 'POST', '/api/registroAccessi/cittadino', { body: { codiceFiscale: cf } })).statusCode).toBe(403)
  })

  it('lists the register for the DTD with filters, and records the list and its CSV', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const res = await call(server, dtd, 'POST', '/api/registroAccessi/all', { query: 'currPage=0&pageSize=50', body: {
      filtroRequest: { dal: today, al: today, idUtente: sara.userId, ruoli: ['FAC'], entita: ['servizio'], azioni: ['lettura'], esiti: ['ok'] },
    } })
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json() as { righe: Riga[]; numeroTotaleElementi: number }
    expect(page.numeroTotaleElementi).toBeGreaterThan(0)
    for (const r of page.righe) expect(r).toMatchObject({ idUtente: sara.userId, codiceRuolo: 'FAC', entita: 'servizio', azione: 'lettura', esito: 'ok' })
    expect(page.righe[0]!.utente).toMatch(/Romano/)
    expect(await una('registro_accessi', 'lettura')).toMatchObject({ righe: page.righe.length })
    // the search names a user: part of the name, or the id
    for (const criterioRicerca of ['romano sa', String(sara.userId)]) {
      const found = await call(server, dtd, 'POST', '/api/registroAccessi/all', { query: 'currPage=0&pageSize=50', body: { filtroRequest: { criterioRicerca } } })
      expect(found.statusCode, found.body).toBe(200)
      const rows = (found.json() as { righe: Riga[] }).righe
      expect(rows.length).toBeGreaterThan(0)
      for (const r of rows) expect(r.idUtente).toBe(sara.userId)
    }

    const csv = await call(server, dtd, 'POST', '/api/registroAccessi/download', { body: { filtroRequest: { azioni: ['negato'] } } })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Accesso negato')
    expect(await una('registro_accessi', 'esportazione')).toMatchObject({ righe: csv.body.trim().split('\r\n').length - 1 })
    expect((await call(server, sara, 'POST', '/api/registroAccessi/all', { query: 'currPage=0&pageSize=10', body: {} })).statusCode).toBe(403)
  })

  it('holds no fiscal code: not the citizen\'s, not the users\', in any column', async () => {
    const rows = await righe()
    expect(rows.length).toBeGreaterThan(10)
    const text = JSON.stringify(rows).toUpperCase()
    for (const code of [cf, CF.SARA, CF.DTD, CF.MOD]) expect(text).not.toContain(code)
    expect(text).not.toMatch(/[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]/)
  })

  it('refuses UPDATE, DELETE and TRUNCATE; lets the retention delete inside its transaction', async () => {
    const db = server.database.db
    await server.app.registro!.flush()
    await expect(db.execute(sql`update registro_accessi set esito = 'ok'`)).rejects.toThrow(/registro/)
    await expect(db.execute(sql`delete from registro_accessi`)).rejects.toThrow(/registro/)
    await expect(db.execute(sql`truncate registro_accessi`)).rejects.toThrow(/registro/)
    // the setting is local to the retention's transaction: outside it the refusal is back
    await expect(db.transaction(async (tx) => {
      await tx.execute(sql`set local pd.registro_pulizia = 'on'`)
      await tx.execute(sql`update registro_accessi set esito = 'ok'`)
    })).rejects.toThrow(/registro/)
    await expect(db.execute(sql`delete from registro_accessi`)).rejects.toThrow(/registro/)
  })

  it('removes the rows older than 12 months and records the removal', async () => {
    const db = server.database.db
    await db.execute(sql`insert into registro_accessi (quando, entita, azione, esito) values
      (now() - interval '13 months', 'cittadino', 'lettura', 'ok'), (now() - interval '400 days', 'servizio', 'lettura', 'ok'),
      (now() - interval '11 months', 'cittadino', 'lettura', 'ok')`)
    const before = Number((await rowsOf(db, sql`select count(*)::int as n from registro_accessi`))[0]!.n)
    const { rimosse } = await puliziaRegistro(db)
    expect(rimosse).toBe(2)
    const after = Number((await rowsOf(db, sql`select count(*)::int as n from registro_accessi`))[0]!.n)
    expect(after).toBe(before - 2 + 1)
    expect((await rowsOf(db, sql`select count(*)::int as n from registro_accessi where quando < now() - interval '12 months'`))[0]!.n).toBe(0)
    const [log] = await rowsOf(db, sql`select * from registro_accessi where azione = 'pulizia_registro' order by id desc limit 1`)
    expect(log).toMatchObject({ entita: 'registro_accessi', righe: 2, esito: 'ok' })
  })

  it('runs the retention as the job queue\'s daily kind registro.pulizia', async () => {
    const db = server.database.db
    await db.execute(sql`insert into registro_accessi (quando, entita, azione, esito) values (now() - interval '2 years', 'cittadino', 'lettura', 'ok')`)
    expect(await server.app.jobs.enqueue('registro.pulizia', {})).not.toBeNull()
    await server.app.jobs.idle()
    const [log] = await rowsOf(db, sql`select * from registro_accessi where azione = 'pulizia_registro' order by id desc limit 1`)
    expect(log).toMatchObject({ righe: 1 })
    const [recurring] = await rowsOf(db, sql`select count(*)::int as n from job where chiave = 'ricorrente:registro.pulizia'`)
    expect(recurring).toMatchObject({ n: 1 })
  })

  it('offers the permission group to role management (assignable to a custom role)', async () => {
    const res = await call(server, dtd, 'GET', '/api/gruppo/all')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.body).toContain('VIS.REGISTRO.ACCESSI')
  })
})
