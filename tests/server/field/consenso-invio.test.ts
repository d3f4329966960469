// @vitest-environment node
/**
 * Issue 8 points 1–3 on the server: the consent recorded at the facilitator's compilation (type and date,
 * first time only, shown in Q1 18–19, validated: 400 G02) and on the survey link (ONLINE); the masked
 * identity stored at creation and returned by the citizens list, the search and the bootstrap, with the
 * time added and the link's expiry; 'Invia questionario a tutti' (one link per survey not compiled, one
 * request, A02/S09).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cittadino, questionarioCompilato } from '../../../server/db/schema'
import { italianDate } from '../../../server/domain/consenso'
import { decodeSection, encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { maskDocumentNumber, maskFiscalCode } from '../../../src/lib/masked-identity'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, documentNumber, fiscalCodeAged, named, omocodie, type Actor } from './fixtures'
import { syncCompleta } from './sync-helper'

const Q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': ['4'] } })

interface Riga { idCittadino: number; idQuestionario: string; statoQuestionario: string; identificativoMascherato: string | null; dataOraAggiunta: string; scadenzaLink: string | null }

describe('consent, masked identity and links of a service (issue 8)', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor

  const add = async (idServizio: number, body: Record<string, unknown>) => {
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { nuovoCittadino: false, ...DEMOGRAFICA, ...body } })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; idQuestionario: string }
  }
  const compila = (idQuestionario: string, extra: Record<string, unknown> = {}) =>
    call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: Q4, ...extra } })
  const q1Of = async (idQuestionario: string) => {
    const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQuestionario))
    return decodeSection(encodeSection({ ...q!.sezioni[0]!, properties: Object.assign({}, ...q!.sezioni[0]!.properties) as Record<string, string[]> })).properties
  }
  const citizen = async (id: number) => (await server.database.db.select().from(cittadino).where(eq(cittadino.id, id)))[0]!
  const list = async (idServizio: number) => {
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${idServizio}`, { body: {} })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { cittadini: Riga[] }).cittadini
  }

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    matteo = await actor(server, CF.MATTEO, 'FAC')
  })
  afterAll(() => server?.close())

  describe('consent at the facilitator\'s compilation', () => {
    const cf = fiscalCodeAged(44, 'M')
    let idCittadino: number
    let first: string, second: string

    beforeAll(async () => {
      const a = await createService(server, sara, { nomeServizio: named('Consenso A') })
      const b = await createService(server, sara, { nomeServizio: named('Consenso B') })
      ;({ id: idCittadino, idQuestionario: first } = await add(a, { codiceFiscale: cf }))
      ;({ idQuestionario: second } = await add(b, { codiceFiscale: cf }))
    })

    it('refuses a type outside the list, a date that does not exist or is in the future (400 G02), writing nothing', async () => {
      const tomorrow = italianDate(new Date(Date.now() + 36 * 3600_000))
      for (const consenso of [
        { tipoConferimentoConsenso: 'VERBALE', dataConferimentoConsenso: '2025-03-10' },
        { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-02-30' },
        { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '10-03-2025' },
        { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: tomorrow },
        { tipoConferimentoConsenso: 'CARTACEO' },
      ]) {
        const res = await compila(first, { consensoTrattamentoDatiRequest: consenso })
        expect(res.statusCode, JSON.stringify(consenso)).toBe(400)
        expect(res.json()).toMatchObject({ errorCode: 'G02' })
      }
      expect(await citizen(idCittadino)).toMatchObject({ tipoConferimentoConsenso: null, dataConferimentoConsenso: null })
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, first))
      expect(q?.stato).toBe('NON_COMPILATA')
    })

    it('stores paper consent on the citizen and shows it in Q1 (18–19) of this survey and of its other open one', async () => {
      const res = await compila(first, { consensoTrattamentoDatiRequest: { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' } })
      expect(res.statusCode, res.body).toBe(200)
      const c = await citizen(idCittadino)
      expect(c.tipoConferimentoConsenso).toBe('CARTACEO')
      expect(italianDate(c.dataConferimentoConsenso!)).toBe('2025-03-10')
      expect(await q1Of(first)).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'], '1': ['Codice fiscale disponibile ma non visualizzabile'] })
      expect(await q1Of(second)).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'] })
    })

    it('never overwrites a consent already recorded: a later one is ignored', async () => {
      const res = await compila(second, { consensoTrattamentoDatiRequest: { tipoConferimentoConsenso: 'EMAIL', dataConferimentoConsenso: italianDate(new Date()) } })
      expect(res.statusCode, res.body).toBe(200)
      expect(await citizen(idCittadino)).toMatchObject({ tipoConferimentoConsenso: 'CARTACEO' })
      expect(await q1Of(second)).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'] })
    })

    it('puts the consent in the Q1 of a new survey of the citizen, and the survey link does not ask it again', async () => {
      const c = await createService(server, sara, { nomeServizio: named('Consenso C') })
      const { idQuestionario } = await add(c, { codiceFiscale: cf })
      expect(await q1Of(idQuestionario)).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'] })
      const { token } = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)).json() as { token: string }
      const anon = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/anonimo?t=${token}`)
      expect(anon.json()).toMatchObject({ abilitatoConsensoTrattamentoDatiCittadino: true })
    })

    it('records ONLINE consent from the survey link, dated today, in the Q1 of that survey', async () => {
      const s = await createService(server, sara, { nomeServizio: named('Consenso online') })
      const { id, idQuestionario } = await add(s, { codiceFiscale: fiscalCodeAged(30, 'F') })
      const { token } = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)).json() as { token: string }
      const res = await call(server, null, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila/anonimo?t=${token}`,
        { body: { sezioneQ4Questionario: Q4, consensoTrattamentoDati: true } })
      expect(res.statusCode, res.body).toBe(200)
      expect(await citizen(id)).toMatchObject({ tipoConferimentoConsenso: 'ONLINE' })
      expect(await q1Of(idQuestionario)).toMatchObject({ '18': ['Online'], '19': [italianDate(new Date())] })
    })

    it('compiles without a consent as before (entries queued by an older app)', async () => {
      const s = await createService(server, sara, { nomeServizio: named('Senza consenso') })
      const { id, idQuestionario } = await add(s, { codiceFiscale: fiscalCodeAged(60, 'F') })
      expect((await compila(idQuestionario)).statusCode).toBe(200)
      expect(await citizen(id)).toMatchObject({ tipoConferimentoConsenso: null })
      expect(await q1Of(idQuestionario)).not.toHaveProperty('18')
    })
  })

  describe('masked identity and time added', () => {
    it('stores the mask at creation (fiscal code, omocodic variant, document) and lists it with the time added', async () => {
      const s = await createService(server, sara, { nomeServizio: named('Maschere') })
      const cf = fiscalCodeAged(35, 'F')
      const doc = documentNumber()
      const before = Date.now()
      const a = await add(s, { codiceFiscale: cf.toLowerCase() })
      const b = await add(s, { codiceFiscale: omocodie(fiscalCodeAged(52, 'M'))[3] })
      const c = await add(s, { codiceFiscaleNonDisponibile: true, tipoDocumento: 'Patente', numeroDocumento: doc, fasciaDiEtaId: 3 })
      expect((await citizen(a.id)).identificativoMascherato).toBe(maskFiscalCode(cf))
      expect((await citizen(b.id)).identificativoMascherato).toMatch(/^[A-Z]{3}•••\d\d•{8}$/)
      expect((await citizen(c.id)).identificativoMascherato).toBe(maskDocumentNumber(doc))
      const rows = await list(s)
      expect(rows).toHaveLength(3)
      const byId = new Map(rows.map((r) => [r.idCittadino, r]))
      expect(byId.get(a.id)).toMatchObject({ identificativoMascherato: maskFiscalCode(cf), scadenzaLink: null })
      expect(byId.get(c.id)?.identificativoMascherato).toBe(maskDocumentNumber(doc))
      for (const r of rows) expect(new Date(r.dataOraAggiunta).getTime()).toBeGreaterThanOrEqual(before - 1000)
      const body = JSON.stringify(rows)
      expect(body).not.toContain(cf)
      expect(body).not.toContain(doc)
    })

    it('gives a citizen registered before masks existed the mask of the identity typed at its next addition', async () => {
      const s1 = await createService(server, sara, { nomeServizio: named('Prima') })
      const s2 = await createService(server, sara, { nomeServizio: named('Dopo') })
      const cf = fiscalCodeAged(70, 'M')
      const { id } = await add(s1, { codiceFiscale: cf })
      await server.database.db.update(cittadino).set({ identificativoMascherato: null }).where(eq(cittadino.id, id))
      expect((await list(s1))[0]?.identificativoMascherato).toBeNull()
      await add(s2, { codiceFiscale: cf })
      expect((await citizen(id)).identificativoMascherato).toBe(maskFiscalCode(cf))
    })
  })

  describe('Invia questionario a tutti', () => {
    let s: number
    let ids: { id: number; idQuestionario: string }[]
    const url = (id: number) => `/api/servizio/cittadino/servizio/${id}/questionarioCompilato/inviaATutti`

    beforeAll(async () => {
      s = await createService(server, sara, { nomeServizio: named('A tutti') })
      ids = []
      for (const age of [25, 40, 65]) ids.push(await add(s, { codiceFiscale: fiscalCodeAged(age, 'F') }))
      expect((await compila(ids[0]!.idQuestionario)).statusCode).toBe(200)
    })

    it('creates one link per survey not compiled, in one request, and marks them INVIATO with the expiry', async () => {
      const old = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${ids[1]!.idQuestionario}/invia`)).json() as { token: string }
      const res = await call(server, sara, 'POST', url(s))
      expect(res.statusCode, res.body).toBe(200)
      const { questionari } = res.json() as { questionari: { idQuestionario: string; idCittadino: number; identificativoMascherato: string; link: string; token: string; scadenza: string }[] }
      expect(questionari.map((q) => q.idQuestionario)).toEqual([ids[1]!.idQuestionario, ids[2]!.idQuestionario])
      for (const q of questionari) {
        expect(q.link).toBe(`/servizi/questionario/${q.idQuestionario}/online/${q.token}`)
        expect(q.identificativoMascherato).toMatch(/^[A-Z]{3}•••/)
        const anon = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${q.idQuestionario}/anonimo?t=${q.token}`)
        expect(anon.statusCode).toBe(200)
      }
      // the link sent before is replaced
      const stale = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${ids[1]!.idQuestionario}/anonimo?t=${old.token}`)
      expect(stale.json()).toMatchObject({ errorCode: 'T01' })
      const rows = new Map((await list(s)).map((r) => [r.idQuestionario, r]))
      expect(rows.get(ids[0]!.idQuestionario)).toMatchObject({ statoQuestionario: 'COMPILATA', scadenzaLink: null })
      for (const q of questionari) expect(rows.get(q.idQuestionario)).toMatchObject({ statoQuestionario: 'INVIATO', scadenzaLink: q.scadenza })

      // the field sync carries the same expiry, the time added and the masks
      const boot = (await syncCompleta(server, sara)).bootstrap
      const bq = boot.questionari.find((q) => q.idQuestionarioCompilato === questionari[0]!.idQuestionario)
      expect(bq).toMatchObject({ scadenzaLink: questionari[0]!.scadenza, dataOraCreazione: expect.any(String) })
      expect(boot.cittadini.find((c) => c.idCittadino === questionari[0]!.idCittadino)?.identificativoMascherato).toBe(questionari[0]!.identificativoMascherato)
    })

    it('answers an empty list when every survey is compiled', async () => {
      const done = await createService(server, sara, { nomeServizio: named('Tutti compilati') })
      const { idQuestionario } = await add(done, { codiceFiscale: fiscalCodeAged(33, 'M') })
      await compila(idQuestionario)
      expect((await call(server, sara, 'POST', url(done))).json()).toEqual({ questionari: [] })
    })

    it('refuses another facilitator (A02) and an unknown service (S09)', async () => {
      const other = await call(server, matteo, 'POST', url(s))
      expect(other.statusCode).toBe(403)
      expect(other.json()).toMatchObject({ errorCode: 'A02' })
      const missing = await call(server, sara, 'POST', url(2_000_000_000))
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ errorCode: 'S09' })
    })
  })
})
