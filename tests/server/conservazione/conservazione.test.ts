// @vitest-environment node
/**
 * Issue 28 point 2 (PGlite, and PostgreSQL with DATABASE_URL): the retention periods (public read, the DTD's
 * versioned edit), the confirmation gate (nothing without a confirmed report, only the last report, never more rows
 * than it said), the 410 CS01 of writes naming an anonymised citizen, the field sync dropping it from devices, and
 * the volunteers of an ended Servizio civile year.
 */
import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatoConservazione } from '../../../src/api/contract/conservazione'
import { cittadino, conservazioneRapporto, registroAccessi, utente } from '../../../server/db/schema'
import { confermaRapporto, eseguiAnonimizzazione } from '../../../server/domain/conservazione/esecuzione'
import { oggiInItalia, scriviRapporto } from '../../../server/domain/conservazione/rapporto'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { syncCompleta } from '../field/sync-helper'

const giorno = (delta: number) => { const d = new Date(`${oggiInItalia()}T12:00:00Z`); d.setUTCDate(d.getUTCDate() + delta); return d.toISOString().slice(0, 10) }
const ctx = { progress: async () => undefined, signal: new AbortController().signal }
const nessunJob = { enqueue: async () => null }

describe('retention: periods, gate, 410 CS01, devices', () => {
  let server: TestServer
  let dtd: Actor, reg: Actor, sara: Actor
  const versioni: Record<string, number> = {}

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    reg = await actor(server, CF.REG_LOM, 'REG')
    sara = await actor(server, CF.SARA, 'FAC')
  })
  afterAll(() => server?.close())

  const periodi = async () => (await server.app.inject({ method: 'GET', url: '/api/conservazione/periodi', headers: { host: TEST_HOST } })).json() as { policy: string; conservazioneFino: string; versione: number }[]
  const imposta = async (policy: string, conservazioneFino: string) => {
    const res = await call(server, dtd, 'PUT', `/api/conservazione/periodi/${policy}`, { body: { conservazioneFino, versione: versioni[policy] } })
    expect(res.statusCode, res.body).toBe(200)
    versioni[policy] = (res.json() as { versione: number }).versione
  }
  const stato = async () => (await call(server, dtd, 'GET', '/api/conservazione/rapporto')).json() as StatoConservazione

  it('serves the privacy notice\'s dates to anyone, and lets only the DTD change them, versioned', async () => {
    expect(await periodi()).toEqual([
      { policy: 'RFD', conservazioneFino: '2026-06-30', versione: 1 },
      { policy: 'SCD', conservazioneFino: '2025-12-31', versione: 1 },
    ])
    expect((await call(server, reg, 'PUT', '/api/conservazione/periodi/RFD', { body: { conservazioneFino: '2030-01-01', versione: 1 } })).statusCode).toBe(403)
    expect((await call(server, reg, 'GET', '/api/conservazione/rapporto')).statusCode).toBe(403)
    const senza = await call(server, dtd, 'PUT', '/api/conservazione/periodi/RFD', { body: { conservazioneFino: '2030-01-01' } })
    expect(senza.statusCode).toBe(428)
    expect(senza.json()).toMatchObject({ errorCode: 'V02' })
    const ok = await call(server, dtd, 'PUT', '/api/conservazione/periodi/RFD', { body: { conservazioneFino: '2030-01-01', versione: 1 } })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ policy: 'RFD', conservazioneFino: '2030-01-01', versione: 2 })
    const stale = await call(server, dtd, 'PUT', '/api/conservazione/periodi/RFD', { body: { conservazioneFino: '2031-01-01', versione: 1 } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ errorCode: 'V01', corrente: { policy: 'RFD', conservazioneFino: '2030-01-01', versione: 2 } })
    expect((await call(server, dtd, 'PUT', '/api/conservazione/periodi/XYZ', { body: { conservazioneFino: '2031-01-01', versione: 2 } })).statusCode).toBe(400)
    expect((await call(server, dtd, 'PUT', '/api/conservazione/periodi/SCD', { body: { conservazioneFino: '31/12/2025', versione: 1 } })).statusCode).toBe(400)
    for (const p of await periodi()) versioni[p.policy] = p.versione
  })

  describe('a citizen of the field past its date', () => {
    let idServizio: number
    let idCittadino: number
    let idQuestionario: string
    let cursore: string
    const cf = fiscalCodeAged(40)

    beforeAll(async () => {
      // everything within its period while the facilitator works
      await imposta('RFD', '2099-12-31')
      await imposta('SCD', '2099-12-31')
      idServizio = await createService(server, sara, { nomeServizio: named('Conservazione'), data: giorno(-3) })
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA } })
      expect(res.statusCode, res.body).toBe(201)
      ;({ id: idCittadino, idQuestionario } = res.json() as { id: number; idQuestionario: string })
      const sync = await syncCompleta(server, sara)
      expect(sync.bootstrap.questionari.map((q) => q.idQuestionarioCompilato)).toContain(idQuestionario)
      cursore = sync.cursore
    })

    it('never anonymises without a confirmed report, nor from a report that is not the last one', async () => {
      await imposta('RFD', giorno(-1))
      const primo = await scriviRapporto(server.database.db)
      expect(await eseguiAnonimizzazione(server.database.db, primo, ctx)).toMatchObject({ esito: 'non-confermato' })
      const secondo = await scriviRapporto(server.database.db)
      const vecchio = await call(server, dtd, 'POST', `/api/conservazione/rapporto/${primo}/conferma`, { body: {} })
      expect(vecchio.statusCode).toBe(409)
      expect(vecchio.json()).toMatchObject({ errorCode: 'CS02' })
      expect((await call(server, reg, 'POST', `/api/conservazione/rapporto/${secondo}/conferma`, { body: {} })).statusCode).toBe(403)
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
      expect(c?.anonimizzatoIl).toBeNull()
      expect((await stato()).rapporto).toMatchObject({ id: secondo, stato: 'DA_CONFERMARE' })
    })

    it('refuses to anonymise more than the confirmed report said: a new report is written instead', async () => {
      const db = server.database.db
      const id = await scriviRapporto(db)
      const [r] = await db.select().from(conservazioneRapporto).where(eq(conservazioneRapporto.id, id))
      await confermaRapporto(db, nessunJob, dtd.userId, id)
      // one more citizen past its date after the confirmation
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: fiscalCodeAged(30), nuovoCittadino: true, ...DEMOGRAFICA } })
      expect(res.statusCode, res.body).toBe(201)
      expect(await eseguiAnonimizzazione(db, id, ctx)).toMatchObject({ esito: 'cresciuto' })
      const [dopo] = await db.select().from(conservazioneRapporto).where(eq(conservazioneRapporto.id, id))
      expect(dopo?.stato).toBe('SUPERATO')
      expect(dopo?.nota).toMatch(/aumentati/)
      const nuovo = (await stato()).rapporto!
      expect(nuovo.stato).toBe('DA_CONFERMARE')
      expect(nuovo.totali.cittadini).toBe(r!.totali.cittadini + 1)
      const [c] = await db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
      expect(c?.anonimizzatoIl).toBeNull()
    })

    it('anonymises once confirmed; writes naming the citizen answer 410 CS01', async () => {
      const id = (await stato()).rapporto!.id
      const confermato = new Date(Date.now() - 1000)
      expect((await call(server, dtd, 'POST', `/api/conservazione/rapporto/${id}/conferma`, { body: {} })).statusCode).toBe(202)
      await server.app.jobs.idle()
      expect((await stato()).rapporto).toMatchObject({ id, stato: 'ESEGUITO' })
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
      expect(c).toMatchObject({ codiceFiscaleHash: null, identificativoMascherato: null, motivoAnonimizzazione: 'conservazione' })
      // the access register holds the DTD's confirmation and the job's batches (by count, never who)
      await server.app.registro!.flush()
      const righe = await server.database.db.select().from(registroAccessi)
        .where(and(eq(registroAccessi.azione, 'anonimizzazione'), gte(registroAccessi.quando, confermato)))
      expect(righe.find((x) => x.entita === 'conservazione_rapporto' && x.idEntita === String(id))).toMatchObject({ idUtente: dtd.userId, esito: 'ok' })
      expect(righe.filter((x) => x.entita === 'cittadino').reduce((n, x) => n + (x.righe ?? 0), 0)).toBeGreaterThanOrEqual(1)

      const edit = await call(server, sara, 'PUT', `/api/cittadino/${idCittadino}`, { body: { ...DEMOGRAFICA, versione: c!.versione } })
      expect(edit.statusCode).toBe(410)
      expect(edit.json()).toEqual({ errorCode: 'CS01', message: 'Il cittadino è stato anonimizzato per fine del periodo di conservazione.' })
      const compila = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: '{}' } })
      expect(compila.statusCode).toBe(410)
      expect(compila.json()).toMatchObject({ errorCode: 'CS01' })
      const invia = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`, { body: {} })
      expect(invia.json()).toMatchObject({ errorCode: 'CS01' })
      const aggiunta = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { idCittadino, codiceFiscale: fiscalCodeAged(50), nuovoCittadino: false, ...DEMOGRAFICA } })
      expect(aggiunta.statusCode, aggiunta.body).toBe(410)
      // the fiscal code finds nobody any more, and the registry card offers no edit
      const cerca = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF', idServizio } })
      expect(cerca.statusCode, cerca.body).toBe(200)
      expect(cerca.json()).toEqual([])
      const scheda = await call(server, sara, 'POST', `/api/cittadino/${idCittadino}`, { body: {} })
      expect(scheda.json()).toMatchObject({ modificabile: false, dettaglioCittadino: { identificativoMascherato: null, conCodiceFiscale: false } })
    })

    it('leaves the devices at their next sync (incremental: a removal; whole: not sent)', async () => {
      const inc = await syncCompleta(server, sara, { cursore })
      expect(inc.pagine[0]?.modalita).toBe('incrementale')
      expect(inc.rimossi.questionari).toContain(idQuestionario)
      expect(inc.bootstrap.cittadini.map((x) => x.idCittadino)).not.toContain(idCittadino)
      expect(inc.bootstrap.questionari.map((q) => q.idQuestionarioCompilato)).not.toContain(idQuestionario)
      const whole = await syncCompleta(server, sara)
      expect(whole.bootstrap.servizi.map((s) => s.id)).toContain(idServizio)
      expect(whole.bootstrap.cittadini.map((x) => x.idCittadino)).not.toContain(idCittadino)
      expect(whole.bootstrap.questionari.map((q) => q.idQuestionarioCompilato)).not.toContain(idQuestionario)
      const servizio = await call(server, sara, 'GET', `/api/campo/servizio/${idServizio}`)
      expect(JSON.stringify(servizio.json())).not.toContain(idQuestionario)
    })
  })

  it('anonymises the volunteers of an ended Servizio civile year, keeping their id', async () => {
    const luca = await actor(server, CF.LUCA, 'VOL')
    await imposta('SCD', giorno(-1))
    const id = await scriviRapporto(server.database.db)
    const r = (await stato()).rapporto!
    expect(r.id).toBe(id)
    expect(r.totali.utenti).toBeGreaterThan(0)
    expect(r.programmi.some((p) => p.policy === 'SCD' && p.utenti > 0)).toBe(true)
    expect((await call(server, dtd, 'POST', `/api/conservazione/rapporto/${id}/conferma`, { body: {} })).statusCode).toBe(202)
    await server.app.jobs.idle()
    const [u] = await server.database.db.select().from(utente).where(eq(utente.id, luca.userId))
    expect(u).toMatchObject({ id: luca.userId, nome: 'Utente', cognome: 'anonimizzato', email: null, telefono: null })
    expect(u?.codiceFiscale).not.toBe(CF.LUCA)
    expect(u?.anonimizzatoIl).not.toBeNull()
    // the DTD (several roles) keeps everything
    const [d] = await server.database.db.select().from(utente).where(eq(utente.id, dtd.userId))
    expect(d?.anonimizzatoIl).toBeNull()
  })
})
