// @vitest-environment node
/**
 * Citizens of a service and their surveys (issue #3 points 2–5; platform-backend §5.2–5.6, §6, §9):
 * search and addition by fiscal code (valid, omocodic, invalid) and by document, the minors rule in an
 * enabled and a not-enabled programme, U07/U08/U23/A02, the citizens list, the facilitator's compile
 * (A03/A04/A05/Q02, citizen updates), the online link (hash-only storage, T01/T02/Q02) with the anonymous
 * read and submit, and the field bootstrap. No answer and no stored survey ever holds a clear fiscal code.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashFiscalCode } from '../../../server/db/citizen-hash'
import { cittadino, configurazioneMinorenni, questionarioCompilato, questionarioInviatoOnline, servizio } from '../../../server/db/schema'
import { sha256Hex } from '../../../server/idempotency'
import { encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { maskFiscalCode } from '../../../src/lib/masked-identity'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, documentNumber, fiscalCodeAged, named, omocodie, type Actor } from './fixtures'
import { syncCompleta, syncPage } from './sync-helper'

const Q4 = (props: Record<string, string[]>) => encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: props })
const Q4_OK = Q4({ '29': ['Passaparola', 'Materiale informativo e promozionale stampato'], '31': ['Sì, per formazione'], '32': ['Usare l’app IO, anche per i pagamenti'], '1663320201383': ['5'] })

describe('citizens of a service and surveys', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, alessandro: Actor
  let serviceA: number, serviceB: number
  const adult = fiscalCodeAged(40, 'F')

  const add = (who: Actor, idServizio: number, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(server, who, 'POST', `/api/servizio/cittadino/${idServizio}`, { body, headers })

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    matteo = await actor(server, CF.MATTEO, 'FAC')
    alessandro = await actor(server, CF.ALESSANDRO, 'FAC')
    serviceA = await createService(server, sara, { nomeServizio: named('Servizio A'), data: '2025-01-20', tipoDiServizioPrenotato: ['Facilitazione di gruppo', 'Formazione online'] })
    serviceB = await createService(server, sara, { nomeServizio: named('Servizio B'), data: '2025-02-20' })
  })
  afterAll(() => server?.close())

  describe('add by fiscal code', () => {
    let idCittadino: number
    let idQuestionario: string

    it('creates the citizen with gender and age band derived, activates the service, pre-fills Q1–Q3', async () => {
      const res = await add(sara, serviceA, { codiceFiscale: adult.toLowerCase(), nuovoCittadino: true, genere: 'M', fasciaDiEtaId: 4, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      ;({ id: idCittadino, idQuestionario } = res.json() as { id: number; idQuestionario: string })
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCittadino))
      expect(c).toMatchObject({ codiceFiscaleHash: hashFiscalCode(adult, server.config.citizenHashSecret), genere: 'F', fasciaDiEtaId: 2, ...DEMOGRAFICA })
      const [s] = await server.database.db.select().from(servizio).where(eq(servizio.id, serviceA))
      expect(s?.stato).toBe('ATTIVO')
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQuestionario))
      expect(q?.stato).toBe('NON_COMPILATA')
      expect(q?.sezioni.map((x) => x.id)).toEqual(['anagraphic-citizen-section', 'anagraphic-booking-section', 'anagraphic-service-section'])
      expect(q?.sezioni[0]?.properties).toEqual(expect.arrayContaining([{ '1': ['Codice fiscale disponibile ma non visualizzabile'] }, { '6': ['30-54'] }, { '9': ['Roma'] }]))
      expect(q?.sezioni[1]?.properties).toEqual([{ '20': ['Sì'] }])
      expect(q?.sezioni[2]).toEqual(s?.sezioneQ3Compilato)
      const everything = JSON.stringify([c, q])
      expect(everything).not.toContain(adult)
    })

    it('finds the citizen by fiscal code without returning any identifier', async () => {
      const res = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: adult.toLowerCase(), tipoDocumento: 'CF', idServizio: serviceA } })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual([{
        idCittadino, genere: 'F', fasciaDiEtaId: 2, ...DEMOGRAFICA, tipoDocumento: null, giaAssociatoAlServizio: true, identificativoMascherato: maskFiscalCode(adult),
      }])
      expect(res.body).not.toContain(adult)
      expect(res.body).not.toContain(hashFiscalCode(adult, server.config.citizenHashSecret))
      const none = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: fiscalCodeAged(50), tipoDocumento: 'CF' } })
      expect(none.json()).toEqual([])
    })

    it('refuses the same citizen on the same service (U23) and a "new" citizen that exists (U07)', async () => {
      const again = await add(sara, serviceA, { codiceFiscale: adult, nuovoCittadino: false })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ errorCode: 'U23' })
      const asNew = await add(sara, serviceB, { codiceFiscale: adult, nuovoCittadino: true, ...DEMOGRAFICA })
      expect(asNew.statusCode).toBe(409)
      expect(asNew.json()).toMatchObject({ errorCode: 'U07' })
    })

    it('reuses an existing citizen on another service; Q2 then says "No" with the previous service types', async () => {
      const res = await add(sara, serviceB, { codiceFiscale: adult, nuovoCittadino: false })
      expect(res.statusCode, res.body).toBe(201)
      const body = res.json() as { id: number; idQuestionario: string }
      expect(body.id).toBe(idCittadino)
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, body.idQuestionario))
      expect(q?.sezioni[1]?.properties).toEqual([{ '20': ['No'] }, { '21': ['Facilitazione di gruppo', 'Formazione online'] }])
    })

    it('accepts an omocodic fiscal code as a distinct citizen', async () => {
      const base = fiscalCodeAged(33, 'M', 40, 'Paolo')
      const omocodic = omocodie(base)[0]!
      const res = await add(sara, serviceA, { codiceFiscale: omocodic, nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, (res.json() as { id: number }).id))
      expect(c).toMatchObject({ codiceFiscaleHash: hashFiscalCode(omocodic, server.config.citizenHashSecret), genere: 'M', fasciaDiEtaId: 2 })
      expect(c?.codiceFiscaleHash).not.toBe(hashFiscalCode(base, server.config.citizenHashSecret))
    })

    it('refuses an invalid fiscal code (G02), a missing identifier (U08), missing demographics (G02)', async () => {
      const bad = await add(sara, serviceA, { codiceFiscale: adult.slice(0, 15) + (adult.endsWith('A') ? 'B' : 'A'), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ errorCode: 'G02', message: 'Codice fiscale non valido.' })
      const none = await add(sara, serviceA, { nuovoCittadino: true, ...DEMOGRAFICA })
      expect(none.json()).toMatchObject({ errorCode: 'U08' })
      const partial = await add(sara, serviceA, { codiceFiscale: fiscalCodeAged(25), nuovoCittadino: true, titoloDiStudio: 'Laurea (3 anni)' })
      expect(partial.statusCode).toBe(400)
      expect(partial.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining('provincia di domicilio') })
    })

    it('lets only the facilitator who created the service add citizens (A02)', async () => {
      const res = await add(matteo, serviceA, { codiceFiscale: fiscalCodeAged(30), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'A02' })
      const regp = await actor(server, CF.REGP_ROMA, 'REGP')
      const byRegp = await add(regp, serviceA, { codiceFiscale: fiscalCodeAged(30), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(byRegp.statusCode).toBe(403) // no upd.card.serv
    })
  })

  describe('add by document', () => {
    it('defaults the gender, requires the age band, writes no fiscal code; the search by number finds it', async () => {
      const numero = documentNumber()
      const noBand = await add(sara, serviceB, { codiceFiscaleNonDisponibile: true, tipoDocumento: 'Passaporto', numeroDocumento: numero.toLowerCase(), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(noBand.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining('fascia di età') })
      const res = await add(sara, serviceB, { codiceFiscaleNonDisponibile: true, tipoDocumento: 'Passaporto', numeroDocumento: numero, fasciaDiEtaId: 3, nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      const { id, idQuestionario } = res.json() as { id: number; idQuestionario: string }
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, id))
      expect(c).toMatchObject({ codiceFiscaleHash: null, tipoDocumento: 'Passaporto', genere: 'Preferisco non rispondere', fasciaDiEtaId: 3 })
      expect(JSON.stringify(c)).not.toContain(numero)
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQuestionario))
      expect(q?.sezioni[0]?.properties).toEqual(expect.arrayContaining([{ '1': ['Codice fiscale non presente'] }, { '2': ['true'] }, { '3': ['Passaporto'] }]))
      const found = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: numero, tipoDocumento: 'NUM_DOC' } })
      expect(found.json()).toEqual([expect.objectContaining({ idCittadino: id, tipoDocumento: 'Passaporto', genere: 'Preferisco non rispondere' })])
    })
  })

  describe('minors (platform-backend §9; RFD-2024-LAZ enabled since 2024-10-01, RFD-2024-LOM not enabled)', () => {
    it('accepts a 16-year-old where the programme is enabled, with age band 5', async () => {
      const res = await add(sara, serviceA, { codiceFiscale: fiscalCodeAged(16, 'M', 30, 'Luca'), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, (res.json() as { id: number }).id))
      expect(c?.fasciaDiEtaId).toBe(5)
    })

    it('refuses a 12-year-old even there (U26)', async () => {
      const res = await add(sara, serviceA, { codiceFiscale: fiscalCodeAged(12), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ errorCode: 'U26', message: 'Il cittadino inserito deve avere almeno 14 anni' })
    })

    it('refuses a 16-year-old where the programme is not enabled (U25), also by document with band 5', async () => {
      const milano = await createService(server, alessandro, { nomeServizio: named('Milano'), data: '2025-03-03' })
      const res = await add(alessandro, milano, { codiceFiscale: fiscalCodeAged(16), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ errorCode: 'U25', message: 'Il cittadino inserito deve essere maggiorenne' })
      const doc = await add(alessandro, milano, { tipoDocumento: 'Patente', numeroDocumento: documentNumber(), fasciaDiEtaId: 5, nuovoCittadino: true, ...DEMOGRAFICA })
      expect(doc.json()).toMatchObject({ errorCode: 'U25' })
      const adultOk = await add(alessandro, milano, { codiceFiscale: fiscalCodeAged(18, 'F', 1), nuovoCittadino: true, ...DEMOGRAFICA })
      expect(adultOk.statusCode, adultOk.body).toBe(201)
    })

    it('refuses minors while the configuration is not yet effective (dataDecorrenza in the future)', async () => {
      const db = server.database.db
      const [cfg] = await db.select().from(configurazioneMinorenni).where(eq(configurazioneMinorenni.idProgramma, sara.ids.idProgramma!))
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
      await db.update(configurazioneMinorenni).set({ dataDecorrenza: tomorrow }).where(eq(configurazioneMinorenni.id, cfg!.id))
      try {
        const res = await add(sara, serviceA, { codiceFiscale: fiscalCodeAged(15), nuovoCittadino: true, ...DEMOGRAFICA })
        expect(res.json()).toMatchObject({ errorCode: 'U25' })
      } finally {
        await db.update(configurazioneMinorenni).set({ dataDecorrenza: cfg!.dataDecorrenza }).where(eq(configurazioneMinorenni.id, cfg!.id))
      }
    })
  })

  describe('citizens list of a service', () => {
    it('pages the citizens with counters, filters by fiscal code (hash) and survey state', async () => {
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${serviceA}?pageSize=2`, { body: {} })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as { cittadini: { idCittadino: number; statoQuestionario: string; fasciaDiEta: string | null }[]; numeroPagine: number; numeroCittadini: number; numeroQuestionariCompilati: number; numeroTotaleElementi: number }
      expect(body.numeroCittadini).toBe(3) // adult, omocodic, 16-year-old
      expect(body.numeroTotaleElementi).toBe(3)
      expect(body.numeroPagine).toBe(2)
      expect(body.cittadini).toHaveLength(2)
      expect(body.numeroQuestionariCompilati).toBe(0)
      const byCf = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${serviceA}`, { body: { filtroRequest: { criterioRicerca: adult.toLowerCase() } } })
      expect((byCf.json() as typeof body).cittadini).toEqual([expect.objectContaining({ statoQuestionario: 'NON_COMPILATA', genere: 'F', fasciaDiEta: '30-54' })])
      const compiled = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${serviceA}`, { body: { filtroRequest: { statiQuestionario: ['COMPILATA'] } } })
      expect((compiled.json() as typeof body).numeroTotaleElementi).toBe(0)
      const stati = await call(server, sara, 'POST', `/api/servizio/cittadino/stati/dropdown/${serviceA}`)
      expect(stati.json()).toEqual(['NON_COMPILATA'])
    })

    it('shows the list to the project manager and refuses another facilitator (A02)', async () => {
      const regp = await actor(server, CF.REGP_ROMA, 'REGP')
      expect((await call(server, regp, 'POST', `/api/servizio/cittadino/all/${serviceA}`, { body: {} })).statusCode).toBe(200)
      const other = await call(server, matteo, 'POST', `/api/servizio/cittadino/all/${serviceA}`, { body: {} })
      expect(other.statusCode).toBe(403)
      expect(other.json()).toMatchObject({ errorCode: 'A02' })
    })
  })

  describe('survey: read, compile, link, anonymous', () => {
    let idQ: string
    let idCitt: number
    let otherQ: string

    beforeAll(async () => {
      const franco = fiscalCodeAged(60, 'M', 3, 'Franco')
      const res = await add(sara, serviceB, { codiceFiscale: franco, nuovoCittadino: true, ...DEMOGRAFICA })
      ;({ idQuestionario: idQ, id: idCitt } = res.json() as { id: number; idQuestionario: string })
      // an existing citizen is attached with the identity typed at the desk (security issue 6)
      const second = await add(sara, serviceA, { idCittadino: idCitt, codiceFiscale: franco, nuovoCittadino: false })
      otherQ = (second.json() as { idQuestionario: string }).idQuestionario
    })

    it('reads the instance with its sections encoded (creator only)', async () => {
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQ}`)
      expect(res.statusCode, res.body).toBe(200)
      const q = res.json() as Record<string, string | null>
      expect(q).toMatchObject({ idQuestionarioCompilato: idQ, idCittadino: idCitt, idServizio: serviceB, statoQuestionario: 'NON_COMPILATA', sezioneQ4Questionario: null })
      expect(q.sezioneQ1Questionario).toContain("'1':['Codice fiscale disponibile ma non visualizzabile']")
      expect(q.sezioneQ3Questionario).toContain('"id":"anagraphic-service-section"')
      expect((await call(server, matteo, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQ}`)).json()).toMatchObject({ errorCode: 'A02' })
      expect((await call(server, sara, 'POST', '/api/servizio/cittadino/questionarioCompilato/compilato/1')).json()).toMatchObject({ errorCode: 'QC01' })
    })

    it('lets the managers who see the service read the instance, and no one else', async () => {
      const url = `/api/servizio/cittadino/questionarioCompilato/compilato/${idQ}`
      for (const [cf, role] of [[CF.REGP_ROMA, 'REGP'], [CF.DEG_LAZ, 'DEG'], [CF.DTD, 'DTD']] as const) {
        const res = await call(server, await actor(server, cf, role), 'POST', url)
        expect(res.statusCode, `${role}: ${res.body}`).toBe(200)
        expect((res.json() as { idQuestionarioCompilato: string }).idQuestionarioCompilato).toBe(idQ)
      }
      // the Lombardy region's manager does not see a Rome service
      const other = await call(server, await actor(server, CF.REG_LOM, 'REG'), 'POST', url)
      expect([403, 404]).toContain(other.statusCode)
      expect(other.statusCode).not.toBe(200)
    })

    it('refuses compile by another facilitator (A03), without Q4 (A04) or without answers (A05)', async () => {
      const url = `/api/servizio/cittadino/questionarioCompilato/${idQ}/compila`
      expect((await call(server, matteo, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK } })).json()).toMatchObject({ errorCode: 'A03' })
      expect((await call(server, sara, 'POST', url, { body: { sezioneQ1Questionario: '{}' } })).json()).toMatchObject({ errorCode: 'A04' })
      const q1AsQ4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q1.id, title: 'x', properties: { '29': ['TV'] } })
      expect((await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: q1AsQ4 } })).json()).toMatchObject({ errorCode: 'A04' })
      expect((await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: Q4({}) } })).json()).toMatchObject({ errorCode: 'A05' })
    })

    it('compiles Q4 (ignoring client Q1–Q3), updates the citizen and the Q1 of its open instances; then Q02', async () => {
      const url = `/api/servizio/cittadino/questionarioCompilato/${idQ}/compila`
      const fakeQ1 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q1.id, title: 'x', properties: { '1': ['RSSMRA80A01H501U'] } })
      const res = await call(server, sara, 'POST', url, { body: { sezioneQ1Questionario: fakeQ1, sezioneQ4Questionario: Q4_OK, titoloDiStudioDaAggiornare: 'Dottorato, Master di II livello o titoli equiparati' } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ idQuestionarioCompilato: idQ, statoQuestionario: 'COMPILATA' })
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQ))
      expect(q?.stato).toBe('COMPILATA')
      expect(JSON.stringify(q?.sezioni)).not.toContain('RSSMRA80A01H501U')
      expect(q?.sezioni[3]?.properties).toEqual(expect.arrayContaining([{ '31': ['Sì, per formazione'] }, { '29': ['Passaparola', 'Materiale informativo e promozionale stampato'] }]))
      expect(q?.sezioni[0]?.properties).toContainEqual({ '7': ['Dottorato, Master di II livello o titoli equiparati'] })
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCitt))
      expect(c?.titoloDiStudio).toBe('Dottorato, Master di II livello o titoli equiparati')
      const [other] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, otherQ))
      expect(other?.sezioni[0]?.properties).toContainEqual({ '7': ['Dottorato, Master di II livello o titoli equiparati'] })
      const read = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQ}`)
      expect((read.json() as { sezioneQ4Questionario: string }).sezioneQ4Questionario).toContain("'31':['Sì§ per formazione']")
      const again = await call(server, sara, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK } })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toMatchObject({ errorCode: 'Q02' })
      const invia = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQ}/invia`)
      expect(invia.json()).toMatchObject({ errorCode: 'Q02' })
    })

    it('issues a 256-bit link stored as a hash, valid 3 days; the anonymous page gets Q4 and no citizen data', async () => {
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/invia`)
      expect(res.statusCode, res.body).toBe(200)
      const { link, token, scadenza } = res.json() as { link: string; token: string; scadenza: string }
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(link).toBe(`/servizi/questionario/${otherQ}/online/${token}`)
      expect(Math.abs(new Date(scadenza).getTime() - Date.now() - 3 * 86_400_000)).toBeLessThan(60_000)
      const [row] = await server.database.db.select().from(questionarioInviatoOnline).where(eq(questionarioInviatoOnline.idQuestionarioCompilato, otherQ))
      expect(row?.tokenHash).toBe(sha256Hex(token))
      expect(JSON.stringify(row)).not.toContain(token)
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, otherQ))
      expect(q?.stato).toBe('INVIATO')

      const anon = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${token}`)
      expect(anon.statusCode, anon.body).toBe(200)
      const page = anon.json() as Record<string, unknown> & { sezioneQ4: { id: string }; sezioniAggiuntive: unknown[] }
      expect(page).toMatchObject({ idQuestionarioCompilato: otherQ, nomeServizio: named('Servizio A'), dataServizio: '2025-01-20', abilitatoConsensoTrattamentoDatiCittadino: false })
      expect(page.sezioneQ4.id).toBe('content-service-section')
      expect(Object.keys(page).sort()).toEqual(['abilitatoConsensoTrattamentoDatiCittadino', 'dataServizio', 'idQuestionarioCompilato', 'idQuestionarioTemplate', 'nomeServizio', 'sezioneQ4', 'sezioniAggiuntive'])
      expect(page.sezioniAggiuntive).toEqual([])
      expect(anon.body).not.toContain('Roma')

      const wrong = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${token.slice(1)}x`)
      expect(wrong.statusCode).toBe(404)
      expect(wrong.json()).toMatchObject({ errorCode: 'T01' })
      expect((await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo`)).json()).toMatchObject({ errorCode: 'T01' })
    })

    it('expires the link 3 days after its creation (T02) and replaces it on a new invia (old → T01)', async () => {
      const first = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/invia`)).json() as { token: string }
      const db = server.database.db
      await db.update(questionarioInviatoOnline).set({ dataOraCreazione: new Date(Date.now() - 3 * 86_400_000 - 60_000) })
        .where(eq(questionarioInviatoOnline.idQuestionarioCompilato, otherQ))
      const expired = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${first.token}`)
      expect(expired.statusCode).toBe(410)
      expect(expired.json()).toMatchObject({ errorCode: 'T02' })
      const post = await call(server, null, 'POST', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/compila/anonimo?t=${first.token}`, { body: { sezioneQ4Questionario: Q4_OK } })
      expect(post.json()).toMatchObject({ errorCode: 'T02' })
      const second = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/invia`)).json() as { token: string }
      expect(second.token).not.toBe(first.token)
      expect((await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${first.token}`)).json()).toMatchObject({ errorCode: 'T01' })
      expect((await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${second.token}`)).statusCode).toBe(200)
    })

    it('takes the anonymous submission (idempotent by key), records consent; then Q02', async () => {
      const { token } = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/invia`)).json() as { token: string }
      const url = `/api/servizio/cittadino/questionarioCompilato/${otherQ}/compila/anonimo?t=${token}`
      const headers = { 'Idempotency-Key': 'a3bb189e-8bf9-3888-9912-ace4e6543002' }
      const noQ4 = await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4({}) } })
      expect(noQ4.json()).toMatchObject({ errorCode: 'A05' })
      const res = await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK, consensoTrattamentoDati: true }, headers })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ idQuestionarioCompilato: otherQ, statoQuestionario: 'COMPILATA' })
      const replay = await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK, consensoTrattamentoDati: true }, headers })
      expect(replay.statusCode).toBe(200)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.body).toBe(res.body)
      const [c] = await server.database.db.select().from(cittadino).where(eq(cittadino.id, idCitt))
      expect(c?.tipoConferimentoConsenso).toBe('ONLINE')
      expect((await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK } })).json()).toMatchObject({ errorCode: 'Q02' })
      const get = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${otherQ}/anonimo?t=${token}`)
      expect(get.statusCode).toBe(409)
      expect(get.json()).toMatchObject({ errorCode: 'Q02' })
      const list = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${serviceA}`, { body: {} })
      expect((list.json() as { numeroQuestionariCompilati: number }).numeroQuestionariCompilati).toBe(1)
    })
  })

  describe('field sync', () => {
    it('gives the facilitator everything of the profile for offline work', async () => {
      const sync = await syncCompleta(server, sara)
      const b = sync.bootstrap
      expect(Date.now() - new Date(b.generatedAt).getTime()).toBeLessThan(60_000)
      expect(b.profilo).toEqual({ codiceRuolo: 'FAC', ...sara.ids })
      expect(b.servizi.map((s) => s.id)).toEqual(expect.arrayContaining([serviceA, serviceB]))
      expect(b.servizi.find((s) => s.id === serviceA)).toMatchObject({ stato: 'ATTIVO', sezioneQ3Questionario: expect.stringContaining("'27':['App IO'") })
      expect(b.questionari.length).toBeGreaterThanOrEqual(6)
      expect(b.questionari.map((x) => x.statoQuestionario)).toContain('COMPILATA')
      expect(b.cittadini.length).toBe(new Set(b.questionari.map((x) => (x as unknown as { idCittadino: number }).idCittadino)).size)
      expect(b.template?.nomeQuestionarioTemplate).toBe('Questionario RFD 2024')
      expect(b.templateSnapshot).toHaveLength(1)
      expect(b.sedi.map((s) => s.nome)).toEqual(['Punto Digitale Roma Esquilino', 'Punto Digitale Roma Garbatella'])
      expect(b.configurazioneMinorenni).toEqual({ dataAbilitazione: '2024-09-02', dataDecorrenza: '2024-10-01' })
      for (const p of sync.pagine) expect(JSON.stringify(p)).not.toContain(adult)
      // a caller with one field profile may leave the ids out
      const none = await syncPage(server, sara, undefined, { ids: false })
      expect(none.statusCode).toBe(200)
    })

    it('refuses other roles (U06) and a profile that is not the caller\'s (A10)', async () => {
      const dtd = await actor(server, CF.DTD, 'DTD')
      expect((await call(server, dtd, 'GET', '/api/campo/sync')).json()).toMatchObject({ errorCode: 'U06' })
      const res = await server.app.inject({ method: 'GET', url: `/api/campo/sync?idProgetto=${matteo.ids.idProgetto}`, headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' } })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ errorCode: 'A10' })
    })
  })
})
