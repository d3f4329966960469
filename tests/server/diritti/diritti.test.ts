// @vitest-environment node
/**
 * Issue 28 part 3 on the database (PGlite, and PostgreSQL with DATABASE_URL): the citizen's rights.
 * - 'Esporta i dati del cittadino' holds every kind of datum (registry data, consent, services with site and the
 *   facilitator's role, the surveys with answers and question texts, the requests, the register's rows), is scoped
 *   and recorded (`esportazione`);
 * - a referent (REG, REGP) may only REQUEST an erasure; the data-protection permission executes or rejects it;
 * - the erasure leaves no row linkable to the fiscal code (the search finds nothing, the keyed hashes are gone), the
 *   survey link answers 410 DP04, writes naming the citizen 410 DP01, the devices drop it, and it is recorded
 *   (`cancellazione`).
 */
import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EsportazioneCittadino, RichiestaCancellazione, RiepilogoCancellazione } from '../../../src/api/contract/diritti'
import type { CittadinoRiga } from '../../../src/api/contract/registro-cittadini'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { hashFiscalCode } from '../../../server/db/citizen-hash'
import { cittadino, questionarioCompilato, registroAccessi } from '../../../server/db/schema'
import { encodeSection } from '../../../server/domain/survey-codec'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { syncCompleta } from '../field/sync-helper'

const Q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': ['4'] } })

describe('the citizen\'s rights: export, request, erasure', () => {
  let server: TestServer
  let dtd: Actor, sara: Actor, regLaz: Actor, regLom: Actor, regpRoma: Actor
  let idServizio: number, idCittadino: number, idQuestionario: string, idLink: string, token: string, cursore: string
  const cf = fiscalCodeAged(37, 'F')
  const dal = new Date(Date.now() - 1000)

  const righe = async (azione: string) => {
    await server.app.registro!.flush()
    return server.database.db.select().from(registroAccessi).where(and(eq(registroAccessi.azione, azione), gte(registroAccessi.quando, dal)))
  }

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    sara = await actor(server, CF.SARA, 'FAC')
    regLaz = await actor(server, CF.ALESSANDRO, 'REG')
    regLom = await actor(server, CF.REG_LOM, 'REG')
    regpRoma = await actor(server, CF.REGP_ROMA, 'REGP')
    idServizio = await createService(server, sara, { nomeServizio: named('Diritti') })
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: cf, nuovoCittadino: true, ...DEMOGRAFICA } })
    expect(res.statusCode, res.body).toBe(201)
    ;({ id: idCittadino, idQuestionario } = res.json() as { id: number; idQuestionario: string })
    const comp = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, {
      body: { sezioneQ4Questionario: Q4, consensoTrattamentoDatiRequest: { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' } },
    })
    expect(comp.statusCode, comp.body).toBe(200)
    // a second service, whose survey gets a link (then dies with the erasure)
    const altro = await createService(server, sara, { nomeServizio: named('Diritti 2') })
    const add = await call(server, sara, 'POST', `/api/servizio/cittadino/${altro}`, { body: { idCittadino, codiceFiscale: cf, nuovoCittadino: false, ...DEMOGRAFICA } })
    expect(add.statusCode, add.body).toBe(201)
    const q2 = (add.json() as { idQuestionario: string }).idQuestionario
    token = ((await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${q2}/invia`)).json() as { token: string }).token
    idLink = q2
    expect((await call(server, sara, 'POST', `/api/cittadino/${idCittadino}`, { body: {} })).statusCode).toBe(200)
    cursore = (await syncCompleta(server, sara)).cursore
  }, 120_000)
  afterAll(() => server?.close())

  const esporta = (who: Actor, uso = 'file') => call(server, who, 'POST', `/api/cittadino/${idCittadino}/datiPersonali?uso=${uso}`, { body: {} })

  it('exports every kind of datum held about the citizen, recorded as an export', async () => {
    await server.app.registro!.flush()
    const res = await esporta(dtd)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toContain(`dati-cittadino-${idCittadino}.json`)
    const d = JSON.parse(res.body) as EsportazioneCittadino
    expect(d.formato).toBe('punto-digitale/dati-cittadino@1')
    expect(d.cittadino).toMatchObject({ id: idCittadino, conCodiceFiscale: true, genere: 'F', anonimizzatoIl: null })
    expect(d.cittadino.identificativoMascherato).toMatch(/•/)
    expect(res.body).not.toContain(cf)
    expect(d.consensi).toEqual([{ tipo: 'CARTACEO', data: expect.stringMatching(/^2025-03-(09|10)/) }])
    expect(d.servizi).toHaveLength(2)
    expect(d.servizi[0]).toMatchObject({ idServizio, ruoloFacilitatore: 'Facilitatore', programma: expect.any(String), sede: expect.any(String) })
    expect(d.questionari).toHaveLength(2)
    const compilato = d.questionari.find((q) => q.stato === 'COMPILATA')!
    const q4 = compilato.sezioni.find((s) => s.id === SEZIONI_QUESTIONARIO.Q4.id)!
    expect(q4.risposte).toContainEqual({ idDomanda: '29', domanda: expect.any(String), valori: ['Passaparola'] })
    const q1 = compilato.sezioni.find((s) => s.id === SEZIONI_QUESTIONARIO.Q1.id)!
    expect(q1.risposte.find((r) => r.idDomanda === '18')).toMatchObject({ valori: ['Cartaceo'] })
    expect(q1.risposte.every((r) => r.domanda !== null)).toBe(true)
    // the register's rows about the citizen (the facilitator's addition, the card read) and about their surveys
    expect(d.registroAccessi.some((r) => r.entita === 'cittadino' && r.idEntita === String(idCittadino) && r.azione === 'lettura')).toBe(true)
    const stampa = await esporta(dtd, 'stampa')
    expect(stampa.headers['content-disposition']).toBeUndefined()
    const esportazioni = (await righe('esportazione')).filter((r) => r.entita === 'cittadino' && r.idEntita === String(idCittadino))
    expect(esportazioni.map((r) => r.dettaglio).sort()).toEqual(['file', 'stampa'])
    expect(esportazioni[0]).toMatchObject({ idUtente: dtd.userId, esito: 'ok' })
    expect(esportazioni[0]!.righe).toBeGreaterThanOrEqual(4)
  })

  it('streams a long history page by page: every register row about the citizen is in the file', async () => {
    const righeStoriche = Array.from({ length: 450 }, (_, i) => ({
      quando: new Date(Date.now() - (i + 1) * 60_000), idUtente: sara.userId, codiceRuolo: 'FAC', entita: 'cittadino', idEntita: String(idCittadino),
      azione: 'lettura', esito: 'ok' as const,
    }))
    await server.database.db.insert(registroAccessi).values(righeStoriche)
    const d = JSON.parse((await esporta(dtd)).body) as EsportazioneCittadino
    expect(d.registroAccessi.length).toBeGreaterThanOrEqual(450)
    expect(new Set(d.registroAccessi.map((r) => r.quando)).size).toBe(d.registroAccessi.length)
  })

  it('refuses the export and the erasure to referents and facilitators; scopes requests as the registry', async () => {
    for (const who of [regLaz, regpRoma, sara]) {
      expect((await esporta(who)).statusCode).toBe(403)
      expect((await call(server, who, 'POST', `/api/cittadino/${idCittadino}/cancellazione`, { body: { motivo: 'Richiesta del cittadino' } })).statusCode).toBe(403)
    }
    expect((await call(server, sara, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: 'Richiesta del cittadino' } })).statusCode).toBe(403)
    // a REG of another programme does not see the citizen
    const fuori = await call(server, regLom, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: 'Richiesta del cittadino' } })
    expect(fuori.statusCode).toBe(404)
    expect((await call(server, dtd, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: 'x y z' } })).statusCode).toBe(403)
    expect((await call(server, regLaz, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: '' } })).statusCode).toBe(400)
  })

  it('a REG requests, the DTD rejects one request and executes another: no row is linkable to the fiscal code any more', async () => {
    const r1 = await call(server, regLaz, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: 'Il cittadino lo ha chiesto allo sportello' } })
    expect(r1.statusCode, r1.body).toBe(201)
    const r2 = await call(server, regpRoma, 'POST', `/api/cittadino/${idCittadino}/richiestaCancellazione`, { body: { motivo: 'Richiesta scritta del cittadino' } })
    expect(r2.statusCode, r2.body).toBe(201)
    const lista = (await call(server, dtd, 'POST', '/api/richiesteCancellazione/all', { body: {} })).json() as { richieste: RichiestaCancellazione[] }
    const mie = lista.richieste.filter((r) => r.idCittadino === idCittadino)
    expect(mie.map((r) => r.stato)).toEqual(['IN_ATTESA', 'IN_ATTESA'])
    expect(mie[0]).toMatchObject({ richiedente: 'ROSSI Alessandro', ruoloRichiedente: 'REG', motivo: 'Il cittadino lo ha chiesto allo sportello' })
    expect((await call(server, regLaz, 'POST', '/api/richiesteCancellazione/all', { body: {} })).statusCode).toBe(403)

    const idR1 = (r1.json() as { id: number }).id
    const idR2 = (r2.json() as { id: number }).id
    expect((await call(server, regLaz, 'POST', `/api/richiesteCancellazione/${idR1}/rifiuta`, { body: { nota: 'no' } })).statusCode).toBe(403)
    const rifiuto = await call(server, dtd, 'POST', `/api/richiesteCancellazione/${idR1}/rifiuta`, { body: { nota: 'Richiesta doppia' } })
    expect(rifiuto.statusCode, rifiuto.body).toBe(200)
    expect((await call(server, dtd, 'POST', `/api/richiesteCancellazione/${idR1}/rifiuta`, { body: { nota: 'Ancora' } })).json()).toMatchObject({ errorCode: 'DP02' })

    const riepilogo = (await call(server, dtd, 'POST', `/api/cittadino/${idCittadino}/cancellazione/riepilogo`, { body: {} })).json() as RiepilogoCancellazione
    expect(riepilogo).toEqual({ idCittadino, giaCancellato: false, servizi: 2, questionari: 2, consensi: 1, collegamenti: 1, richiesteInAttesa: 1 })
    expect((await call(server, regLaz, 'POST', `/api/cittadino/${idCittadino}/cancellazione/riepilogo`, { body: {} })).statusCode).toBe(200)

    const canc = await call(server, dtd, 'POST', `/api/cittadino/${idCittadino}/cancellazione`, { body: { motivo: 'Art. 17: richiesta del cittadino', idRichiesta: idR2 } })
    expect(canc.statusCode, canc.body).toBe(200)
    expect(canc.json()).toEqual({ idCittadino, questionari: 2 })
    expect((await call(server, dtd, 'POST', `/api/cittadino/${idCittadino}/cancellazione`, { body: { motivo: 'Di nuovo' } })).json()).toMatchObject({ errorCode: 'DP03' })

    const db = server.database.db
    const [c] = await db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
    expect(c).toMatchObject({ codiceFiscaleHash: null, numeroDocumentoHash: null, identificativoMascherato: null, tipoConferimentoConsenso: null, motivoAnonimizzazione: 'cancellazione' })
    const hash = hashFiscalCode(cf, server.config.citizenHashSecret)
    expect(await db.select({ id: cittadino.id }).from(cittadino).where(eq(cittadino.codiceFiscaleHash, hash))).toEqual([])
    const cerca = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: cf, tipoDocumento: 'CF', idServizio } })
    expect(cerca.json()).toEqual([])
    // the registry still counts the citizen (its services stay counted), named by its id and marked as erased
    const registro = (await call(server, dtd, 'POST', '/api/cittadino/all', { body: { filtroRequest: { criterioRicerca: String(idCittadino) } } })).json() as { cittadini: CittadinoRiga[] }
    expect(registro.cittadini).toEqual([expect.objectContaining({ id: idCittadino, identificativoMascherato: null, anonimizzato: 'cancellazione' })])
    const chi = await call(server, dtd, 'POST', '/api/registroAccessi/cittadino', { body: { codiceFiscale: cf } })
    expect(chi.statusCode).toBe(404)
    // no free text, identity or consent answer left in the surveys
    for (const q of await db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idCittadino, idCittadino))) {
      const q1 = q.sezioni.find((s) => s.id === SEZIONI_QUESTIONARIO.Q1.id)
      expect(q1?.properties.map((p) => Object.keys(p)[0]).filter((k) => !['5', '6', '7', '8'].includes(k!)) ?? []).toEqual([])
    }
    const lista2 = (await call(server, dtd, 'POST', '/api/richiesteCancellazione/all', { body: {} })).json() as { richieste: RichiestaCancellazione[] }
    expect(lista2.richieste.filter((r) => r.idCittadino === idCittadino).map((r) => r.stato).sort()).toEqual(['ESEGUITA', 'RIFIUTATA'])
    // waiting ones first (oldest first), then the decided ones (the latest decision first)
    const stati = lista2.richieste.map((r) => r.stato)
    expect(stati.lastIndexOf('IN_ATTESA')).toBeLessThan(Math.max(stati.indexOf('ESEGUITA'), stati.indexOf('RIFIUTATA'), 0) || Infinity)
    const decise = lista2.richieste.filter((r) => r.stato !== 'IN_ATTESA').map((r) => r.decisaIl!)
    expect(decise).toEqual([...decise].sort().reverse())
    // the list pattern: filter by state, search by the citizen's id, the totals, the CSV (recorded as an export)
    const rifiutate = (await call(server, dtd, 'POST', '/api/richiesteCancellazione/all', { body: { filtroRequest: { stati: ['RIFIUTATA'], criterioRicerca: String(idCittadino) } } })).json() as { richieste: RichiestaCancellazione[]; numeroTotaleElementi: number }
    expect(rifiutate.richieste.map((r) => [r.id, r.stato, r.nota])).toEqual([[idR1, 'RIFIUTATA', 'Richiesta doppia']])
    expect(rifiutate.numeroTotaleElementi).toBe(1)
    const perNome = (await call(server, dtd, 'POST', '/api/richiesteCancellazione/all', { body: { filtroRequest: { criterioRicerca: 'rossi aless' } } })).json() as { richieste: RichiestaCancellazione[] }
    expect(perNome.richieste.length).toBeGreaterThan(0)
    expect(perNome.richieste.every((r) => r.richiedente === 'ROSSI Alessandro')).toBe(true)
    const csv = await call(server, dtd, 'POST', '/api/richiesteCancellazione/download', { body: { filtroRequest: { criterioRicerca: String(idCittadino) } } })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Richiesta doppia')
    expect((await call(server, regLaz, 'POST', '/api/richiesteCancellazione/download', { body: {} })).statusCode).toBe(403)
    const canc2 = (await righe('cancellazione')).find((r) => r.entita === 'cittadino' && r.idEntita === String(idCittadino))
    expect(canc2).toMatchObject({ idUtente: dtd.userId, codiceRuolo: 'DTD', esito: 'ok' })
    const richiesta = (await righe('modifica')).find((r) => r.entita === 'cittadino' && r.idEntita === String(idCittadino) && r.dettaglio === 'richiesta di cancellazione')
    expect(richiesta).toMatchObject({ idUtente: regLaz.userId, codiceRuolo: 'REG', esito: 'ok' })
    expect((await righe('negato')).some((r) => r.idUtente === regLaz.userId && r.dettaglio?.includes('/cancellazione'))).toBe(true)
  })

  it('after the erasure: writes answer 410 DP01, the link is not available (410 DP04), the devices drop the citizen', async () => {
    const compila = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idLink}/compila`, { body: { sezioneQ4Questionario: Q4 } })
    expect(compila.statusCode).toBe(410)
    expect(compila.json()).toEqual({ errorCode: 'DP01', message: 'Il cittadino è stato cancellato su sua richiesta.' })
    const link = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${idLink}/anonimo?t=${token}`)
    expect(link.statusCode).toBe(410)
    expect(link.json()).toMatchObject({ errorCode: 'DP04' })
    const inc = await syncCompleta(server, sara, { cursore })
    expect(inc.rimossi.questionari).toContain(idQuestionario)
    expect(inc.bootstrap.cittadini.map((x) => x.idCittadino)).not.toContain(idCittadino)
    const whole = await syncCompleta(server, sara)
    expect(whole.bootstrap.cittadini.map((x) => x.idCittadino)).not.toContain(idCittadino)
    // the export after the erasure holds no identifying datum any more
    const d = JSON.parse((await esporta(dtd)).body) as EsportazioneCittadino
    expect(d.cittadino).toMatchObject({ identificativoMascherato: null, conCodiceFiscale: false, anonimizzatoIl: expect.any(String) })
    expect(d.consensi).toEqual([])
  })
})
