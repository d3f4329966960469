// @vitest-environment node
/**
 * Security issue 6, items 1 and 4: citizens across projects and programmes.
 * - Item 1 (IDOR): citizen ids are random, not sequential; an existing citizen is attached only with the
 *   identity typed at the desk (fiscal code or document, matched through the keyed hash), never by a bare
 *   id (400 U27); attaching a citizen of another scope shows in the new survey what was declared at the
 *   desk, not the other scope's data; every `…DaAggiornare` value of a compile is checked against its
 *   enumeration (provinces included) and limited to what the spec allows (U28 for data derived from the
 *   fiscal code, the age rule U25).
 * - Item 4: the fiscal-code / document search reveals outside the caller's scope only that the citizen
 *   exists and what the identifier itself says (gender and age band of a fiscal code, the document type),
 *   and whether it is on a service only for a service the caller sees.
 * Actors: Sara (FAC, Lazio RFD, project Roma), Matteo (FAC, Lazio RFD, project Latina), Luca (VOL, SCD).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cittadino, questionarioCompilato, servizioXCittadino } from '../../../server/db/schema'
import { encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, documentNumber, fiscalCodeAged, named, type Actor } from './fixtures'

const Q4_OK = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '31': ['Sì, per formazione'] } })

/** Luca's citizen's data: nothing of it may reach Sara or Matteo. */
const DATI_SCD = {
  titoloDiStudio: 'Dottorato, Master di II livello o titoli equiparati',
  occupazione: 'Imprenditore',
  provinciaDiDomicilio: 'Napoli',
  cittadinanza: 'Straniera, di un Paese ALL’INTERNO dell’Unione Europea',
} as const

describe('security issue 6: citizens across projects and programmes', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, luca: Actor
  let serviceSara: number, serviceSara2: number, serviceLuca: number, serviceMatteo: number
  const cfLuca = fiscalCodeAged(45, 'M', 10, 'Gennaro')
  const cfSara = fiscalCodeAged(40, 'F', 12, 'Giulia')
  const docLuca = documentNumber()
  let idLuca: number, idSara: number, idDocLuca: number
  let qLuca: string, qSara: string

  const add = (who: Actor, idServizio: number, body: Record<string, unknown>) => call(server, who, 'POST', `/api/servizio/cittadino/${idServizio}`, { body })
  const search = (who: Actor, body: Record<string, unknown>) => call(server, who, 'POST', '/api/servizio/cittadino', { body })
  const compila = (who: Actor, id: string, body: Record<string, unknown>) =>
    call(server, who, 'POST', `/api/servizio/cittadino/questionarioCompilato/${id}/compila`, { body: { sezioneQ4Questionario: Q4_OK, ...body } })
  const readCitizen = async (id: number) => (await server.database.db.select().from(cittadino).where(eq(cittadino.id, id)))[0]
  const linked = async (idCittadino: number, idServizio: number) => (await server.database.db.select().from(servizioXCittadino)
    .where(and(eq(servizioXCittadino.idCittadino, idCittadino), eq(servizioXCittadino.idServizio, idServizio)))).length > 0

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    matteo = await actor(server, CF.MATTEO, 'FAC')
    luca = await actor(server, CF.LUCA, 'VOL')
    serviceSara = await createService(server, sara, { nomeServizio: named('Ambito Sara'), data: '2025-04-01' })
    serviceSara2 = await createService(server, sara, { nomeServizio: named('Ambito Sara 2'), data: '2025-04-02' })
    serviceLuca = await createService(server, luca, { nomeServizio: named('Ambito Luca'), data: '2025-04-03', tipoDiServizioPrenotato: ['Formazione online'] })
    serviceMatteo = await createService(server, matteo, { nomeServizio: named('Ambito Matteo'), data: '2025-04-04' })
    const l = await add(luca, serviceLuca, { codiceFiscale: cfLuca, nuovoCittadino: true, ...DATI_SCD })
    expect(l.statusCode, l.body).toBe(201)
    ;({ id: idLuca, idQuestionario: qLuca } = l.json() as { id: number; idQuestionario: string })
    const s = await add(sara, serviceSara, { codiceFiscale: cfSara, nuovoCittadino: true, ...DEMOGRAFICA })
    expect(s.statusCode, s.body).toBe(201)
    ;({ id: idSara, idQuestionario: qSara } = s.json() as { id: number; idQuestionario: string })
    const d = await add(luca, serviceLuca, { tipoDocumento: 'Passaporto', numeroDocumento: docLuca, fasciaDiEtaId: 3, nuovoCittadino: true, ...DATI_SCD })
    expect(d.statusCode, d.body).toBe(201)
    idDocLuca = (d.json() as { id: number }).id
  })
  afterAll(() => server?.close())

  describe('item 1: not guessable citizen ids', () => {
    it('gives citizens random ids in [2^52, 2^53), safe integers, not consecutive', () => {
      for (const id of [idLuca, idSara, idDocLuca]) {
        expect(Number.isSafeInteger(id), String(id)).toBe(true)
        expect(id).toBeGreaterThanOrEqual(2 ** 52)
      }
      expect(Math.abs(idSara - idLuca)).toBeGreaterThan(1000)
      expect(Math.abs(idDocLuca - idSara)).toBeGreaterThan(1000)
    })

    it('still filters the citizens of a service by such an id', async () => {
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/all/${serviceSara}`, { body: { filtroRequest: { criterioRicerca: String(idSara) } } })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as { cittadini: { idCittadino: number }[] }).cittadini.map((c) => c.idCittadino)).toEqual([idSara])
    })
  })

  describe('item 1: attaching an existing citizen needs proof of identity', () => {
    it('refuses the bare id of a citizen of another programme (400 U27) and attaches nothing', async () => {
      const res = await add(sara, serviceSara, { nuovoCittadino: false, idCittadino: idLuca })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ errorCode: 'U27' })
      expect(await linked(idLuca, serviceSara)).toBe(false)
      const matteoTry = await add(matteo, serviceMatteo, { nuovoCittadino: false, idCittadino: idSara })
      expect(matteoTry.json()).toMatchObject({ errorCode: 'U27' })
      expect(await linked(idSara, serviceMatteo)).toBe(false)
    })

    it('refuses the bare id even of one\'s own citizen, and an id that the typed identity does not match (U27)', async () => {
      const own = await add(sara, serviceSara2, { nuovoCittadino: false, idCittadino: idSara })
      expect(own.json()).toMatchObject({ errorCode: 'U27' })
      const otherCf = await add(sara, serviceSara2, { nuovoCittadino: false, idCittadino: idLuca, codiceFiscale: cfSara })
      expect(otherCf.statusCode).toBe(400)
      expect(otherCf.json()).toMatchObject({ errorCode: 'U27' })
      const unknownCf = await add(sara, serviceSara2, { nuovoCittadino: false, idCittadino: idLuca, codiceFiscale: fiscalCodeAged(33), ...DEMOGRAFICA })
      expect(unknownCf.json()).toMatchObject({ errorCode: 'U27' })
      const wrongDoc = await add(sara, serviceSara2, { nuovoCittadino: false, idCittadino: idDocLuca, tipoDocumento: 'Patente', numeroDocumento: docLuca, ...DEMOGRAFICA })
      expect(wrongDoc.json()).toMatchObject({ errorCode: 'U27' })
      expect(await linked(idLuca, serviceSara2)).toBe(false)
      expect(await linked(idDocLuca, serviceSara2)).toBe(false)
    })

    it('attaches one\'s own citizen again with the fiscal code typed at the desk, using the stored data', async () => {
      const res = await add(sara, serviceSara2, { nuovoCittadino: false, idCittadino: idSara, codiceFiscale: cfSara.toLowerCase() })
      expect(res.statusCode, res.body).toBe(201)
      const { id, idQuestionario } = res.json() as { id: number; idQuestionario: string }
      expect(id).toBe(idSara)
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQuestionario))
      expect(q?.sezioni[0]?.properties).toEqual(expect.arrayContaining([{ '9': ['Roma'] }, { '7': [DEMOGRAFICA.titoloDiStudio] }]))
    })

    it('attaches a citizen of another programme with the fiscal code only with the data declared at the desk, which the survey shows', async () => {
      const missing = await add(sara, serviceSara, { nuovoCittadino: false, idCittadino: idLuca, codiceFiscale: cfLuca })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({ errorCode: 'G02' })
      expect(await linked(idLuca, serviceSara)).toBe(false)

      const res = await add(sara, serviceSara, { nuovoCittadino: false, idCittadino: idLuca, codiceFiscale: cfLuca, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      const { id, idQuestionario } = res.json() as { id: number; idQuestionario: string }
      expect(id).toBe(idLuca)
      const read = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQuestionario}`)
      expect(read.statusCode, read.body).toBe(200)
      for (const secret of Object.values(DATI_SCD)) expect(read.body).not.toContain(secret)
      expect(read.body).not.toContain('Formazione online') // the type of Luca's service (Q2 question 21)
      const q = read.json() as { sezioneQ1Questionario: string; sezioneQ2Questionario: string }
      expect(q.sezioneQ1Questionario).toContain("'9':['Roma']")
      expect(q.sezioneQ1Questionario).toContain("'5':['M']")
      expect(q.sezioneQ1Questionario).toContain("'6':['30-54']")
      expect(q.sezioneQ2Questionario).toContain("'20':['No']")
      // Luca's own survey keeps what was declared at his desk
      const [mine] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, qLuca))
      expect(mine?.sezioni[0]?.properties).toContainEqual({ '9': ['Napoli'] })
    })

    it('attaches by the document typed at the desk (type and number), not by the id', async () => {
      const res = await add(matteo, serviceMatteo, { nuovoCittadino: false, tipoDocumento: 'Passaporto', numeroDocumento: docLuca.toLowerCase(), fasciaDiEtaId: 3, ...DEMOGRAFICA })
      expect(res.statusCode, res.body).toBe(201)
      expect((res.json() as { id: number }).id).toBe(idDocLuca)
    })
  })

  describe('item 1: the citizen fields a compile may update', () => {
    it('refuses a province that is not one (400 G02) and changes nothing', async () => {
      const before = await readCitizen(idSara)
      const res = await compila(sara, qSara, { provinciaDiDomicilioDaAggiornare: '<b>Atlantide</b>' })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining('provincia di domicilio') })
      expect(await readCitizen(idSara)).toEqual(before)
      const [q] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, qSara))
      expect(q?.stato).toBe('NON_COMPILATA')
    })

    it('refuses values outside their enumerations (400 G02)', async () => {
      for (const body of [
        { genereDaAggiornare: 'X' }, { occupazioneDaAggiornare: '<i>Spia</i>' }, { titoloDiStudioDaAggiornare: 'Nessuno' },
        { cittadinanzaDaAggiornare: 'Atlantidea' }, { fasciaDiEtaIdDaAggiornare: 9 }, { tipoDocumentoDaAggiornare: 'Tessera' },
      ]) {
        const res = await compila(sara, qSara, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json()).toMatchObject({ errorCode: 'G02' })
      }
    })

    it('refuses to change what the fiscal code says (gender, age band) or to give a document to a citizen with a fiscal code (U28)', async () => {
      const before = await readCitizen(idSara)
      for (const body of [
        { genereDaAggiornare: 'M' }, { fasciaDiEtaIdDaAggiornare: 4 },
        { tipoDocumentoDaAggiornare: 'Patente', numeroDocumentoDaAggiornare: documentNumber() },
      ]) {
        const res = await compila(sara, qSara, body)
        expect(res.statusCode, JSON.stringify(body)).toBe(400)
        expect(res.json()).toMatchObject({ errorCode: 'U28' })
      }
      expect(await readCitizen(idSara)).toEqual(before)
    })

    it('checks a new document number and the age rule on a citizen registered by document', async () => {
      const [q] = await server.database.db.select().from(questionarioCompilato)
        .where(and(eq(questionarioCompilato.idCittadino, idDocLuca), eq(questionarioCompilato.idServizio, serviceLuca)))
      const bad = await compila(luca, q!.id, { tipoDocumentoDaAggiornare: 'Passaporto', numeroDocumentoDaAggiornare: '<b>1</b>' })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ errorCode: 'G02' })
      const half = await compila(luca, q!.id, { numeroDocumentoDaAggiornare: documentNumber() })
      expect(half.json()).toMatchObject({ errorCode: 'G02' })
      const minor = await compila(luca, q!.id, { fasciaDiEtaIdDaAggiornare: 5 }) // SCD: minors not enabled
      expect(minor.statusCode).toBe(400)
      expect(minor.json()).toMatchObject({ errorCode: 'U25' })
      const ok = await compila(luca, q!.id, { genereDaAggiornare: 'Non binario', provinciaDiDomicilioDaAggiornare: 'Salerno' })
      expect(ok.statusCode, ok.body).toBe(200)
      expect(await readCitizen(idDocLuca)).toMatchObject({ genere: 'Non binario', provinciaDiDomicilio: 'Salerno', fasciaDiEtaId: 3 })
    })

    it('accepts valid changes on one\'s own citizen (the values the fiscal code gives included)', async () => {
      const res = await compila(sara, qSara, { provinciaDiDomicilioDaAggiornare: 'Milano', genereDaAggiornare: 'F', occupazioneDaAggiornare: 'Inoccupato/a' })
      expect(res.statusCode, res.body).toBe(200)
      expect(await readCitizen(idSara)).toMatchObject({ provinciaDiDomicilio: 'Milano', genere: 'F', occupazione: 'Inoccupato/a' })
    })
  })

  describe('item 4: search outside the caller\'s scope', () => {
    const RISERVATO = { titoloDiStudio: null, occupazione: null, provinciaDiDomicilio: null, cittadinanza: null, datiRiservati: true }

    it('tells a volunteer of another programme only that the citizen exists, with the gender and age band of the code', async () => {
      const res = await search(luca, { criterioRicerca: cfSara, tipoDocumento: 'CF', idServizio: serviceSara })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual([{ idCittadino: idSara, genere: 'F', fasciaDiEtaId: 2, tipoDocumento: null, ...RISERVATO }])
      for (const secret of ['Milano', 'Roma', DEMOGRAFICA.titoloDiStudio, 'Inoccupato', 'Italiana', 'giaAssociatoAlServizio']) expect(res.body).not.toContain(secret)
      const own = await search(luca, { criterioRicerca: cfSara.toLowerCase(), tipoDocumento: 'CF', idServizio: serviceLuca })
      expect(own.json()).toEqual([{ idCittadino: idSara, genere: 'F', fasciaDiEtaId: 2, tipoDocumento: null, ...RISERVATO, giaAssociatoAlServizio: false }])
    })

    it('refuses a service id that names no service, never 500 and never the membership flag', async () => {
      for (const idServizio of [2 ** 40, 1.5, -3]) {
        const res = await search(sara, { criterioRicerca: cfSara, tipoDocumento: 'CF', idServizio })
        // not an id at all: the contract refuses it (400 G02, src/api/contract/common.ts IdSchema)
        expect(res.statusCode, `${idServizio}: ${res.body}`).toBe(400)
        expect(res.json()).toMatchObject({ errorCode: 'G02' })
        expect(res.body).not.toContain('giaAssociatoAlServizio')
      }
    })

    it('tells a facilitator of another project of the same programme no more', async () => {
      const res = await search(matteo, { criterioRicerca: cfLuca, tipoDocumento: 'CF' })
      expect(res.json()).toEqual([{ idCittadino: idLuca, genere: 'M', fasciaDiEtaId: 2, tipoDocumento: null, ...RISERVATO }])
    })

    it('gives only the document type for a document number outside the scope', async () => {
      const res = await search(sara, { criterioRicerca: docLuca, tipoDocumento: 'NUM_DOC', idServizio: serviceSara })
      expect(res.json()).toEqual([{ idCittadino: idDocLuca, genere: null, fasciaDiEtaId: null, tipoDocumento: 'Passaporto', ...RISERVATO, giaAssociatoAlServizio: false }])
    })

    it('gives the whole data within the scope: a citizen on one of the caller\'s services', async () => {
      const res = await search(luca, { criterioRicerca: cfLuca, tipoDocumento: 'CF', idServizio: serviceLuca })
      expect(res.json()).toEqual([expect.objectContaining({ idCittadino: idLuca, genere: 'M', fasciaDiEtaId: 2, tipoDocumento: null, giaAssociatoAlServizio: true })])
      expect(res.json()).toEqual([expect.objectContaining({ titoloDiStudio: expect.any(String), occupazione: expect.any(String), provinciaDiDomicilio: expect.any(String), cittadinanza: expect.any(String) })])
      expect(res.body).not.toContain('datiRiservati')
      const doc = await search(luca, { criterioRicerca: docLuca, tipoDocumento: 'NUM_DOC' })
      expect(doc.json()).toEqual([expect.objectContaining({ idCittadino: idDocLuca, genere: 'Non binario', fasciaDiEtaId: 3, provinciaDiDomicilio: 'Salerno', tipoDocumento: 'Passaporto' })])
      expect(doc.body).not.toContain('datiRiservati')
    })
  })
})
