// @vitest-environment node
/**
 * A section added to a survey template with 'Aggiungi sezione' is asked (issue 24 point 4; spec 002 §2–§3;
 * src/lib/survey-extra-sections.ts): the manager adds a section with a required choice and an optional
 * text to the default RFD template; the field bootstrap carries it to the device; the facilitator's
 * compilation sends its answers in `sezioniAggiuntiveQuestionario` — a missing required answer, a choice
 * not among the options, a question or a section not in the template are refused with 400 G02 and the
 * reason — and they are stored after Q4 and read back; the citizen's phone page gets the section and its
 * answers are stored the same way. A body without the field (a compilation queued by an older app, a
 * mass-upload row) is taken with Q4 only.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuestionarioAnonimo, QuestionarioCompilato } from '../../../src/api/contract/questionario'
import { sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../../../src/api/contract/questionario-template'
import {
  aggiungiDomanda, aggiungiSezione, modelloDaTemplate, modificaDomanda, rinominaSezione, sezioniSchema, type ModelloEditor,
} from '../../../src/lib/questionario-editor'
import { decodeSection, encodeSection, sectionHeader } from '../../../src/lib/survey-sections'
import { questionarioCompilato } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { syncCompleta } from '../field/sync-helper'

const Q4_OK = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '1663320201383': '4' } })
const CITTADINO = { nuovoCittadino: true, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana' }

describe('sections added to a survey template', () => {
  let server: TestServer
  let dtd: Actor, sara: Actor
  let idSezione: string, idScelta: string, idTesto: string, titoloSezione: string
  let idServizio: number

  const detail = async (id: string) => (await call(server, dtd, 'POST', `/api/questionarioTemplate/${id}`)).json() as QuestionarioTemplateDettaglio
  const addCitizen = async (age: number) => {
    const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: fiscalCodeAged(age, 'F'), ...CITTADINO } })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { idQuestionario: string }).idQuestionario
  }
  const extra = (answers: Record<string, string | string[]>, id = idSezione) => encodeSection({ id, title: titoloSezione, answers })
  const compila = (idQ: string, body: Record<string, unknown>) =>
    call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQ}/compila`, { body: { sezioneQ4Questionario: Q4_OK, ...body } })

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    sara = await actor(server, CF.SARA, 'FAC')
    const list = (await call(server, dtd, 'POST', '/api/questionarioTemplate/all?currPage=0&pageSize=50', { body: {} })).json() as { questionariTemplate: { id: string; defaultRFD: boolean }[] }
    const v1 = list.questionariTemplate.find((r) => r.defaultRFD)!.id
    const d = await detail(v1)
    // the manager's edit, as the editor makes it: 'Aggiungi sezione', its title, a required choice and an optional text
    titoloSezione = named('Abitudini digitali')
    let m: ModelloEditor = modelloDaTemplate(d['survey-name'], d['survey-description'] || 'Descrizione', d['survey-sections'].map((s) => sezioneFromWire(s)!))
    m = aggiungiSezione(m, Date.now())
    const added = m.sezioni.at(-1)!
    idSezione = added.id
    idScelta = added.domande[0]!.id
    m = rinominaSezione(m, idSezione, titoloSezione)
    m = modificaDomanda(m, idSezione, idScelta, { titolo: 'Quanto spesso usi internet?', tipo: 'select', opzioni: ['Mai', 'Ogni giorno, anche più volte'], obbligatoria: true })
    m = aggiungiDomanda(m, idSezione, Date.now() + 10)
    idTesto = m.sezioni.at(-1)!.domande.at(-1)!.id
    m = modificaDomanda(m, idSezione, idTesto, { titolo: 'Per che cosa?', tipo: 'text' })
    const saved = await call(server, dtd, 'PUT', `/api/questionarioTemplate/${v1}`, {
      body: { 'survey-name': m.nome, 'survey-description': m.descrizione, 'survey-sections': sezioniSchema(m).map(sezioneToWire), versione: (await detail(v1)).versione },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const v2 = (saved.json() as { 'survey-id': string })['survey-id']
    // saved and shown in the template's detail
    expect((await detail(v2))['survey-sections'].map((s) => s.title)).toContain(titoloSezione)
    idServizio = await createService(server, sara, { nomeServizio: named('Con sezione aggiunta') })
  })
  afterAll(() => server?.close())

  it('carries the added section to the device with the template of the survey', async () => {
    const idQ = await addCitizen(41)
    const b = (await syncCompleta(server, sara)).bootstrap
    const istanza = b.questionari.find((q) => q.idQuestionarioCompilato === idQ)!
    const template = [...b.templateSnapshot, ...(b.template ? [b.template] : [])].find((t) => t.idQuestionarioTemplate === istanza.idQuestionarioTemplate)!
    const sezione = template.sezioniQuestionarioTemplate.find((s) => s.id === idSezione)!
    expect(sezione.title).toBe(titoloSezione)
    expect(Object.keys(sezione.schema.properties)).toEqual([idScelta, idTesto])
    expect(istanza.sezioniAggiuntiveQuestionario).toEqual([])
  })

  it('refuses answers that miss a required question, leave the options or the template (400 G02), and keeps the survey open', async () => {
    const idQ = await addCitizen(42)
    const cases: [Record<string, unknown>, string][] = [
      [{ sezioniAggiuntiveQuestionario: [] }, 'Quanto spesso usi internet?'],
      [{ sezioniAggiuntiveQuestionario: [extra({ [idTesto]: 'Per lavoro' })] }, 'Quanto spesso usi internet?'],
      [{ sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Qualche volta' })] }, 'non è tra quelle previste'],
      [{ sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Mai', '99': 'x' })] }, 'La domanda 99 non fa parte'],
      [{ sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Mai' }), extra({ x: 'y' }, 'sezione-sconosciuta')] }, 'non fa parte di questo questionario'],
      [{ sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Mai' }), extra({ [idScelta]: 'Mai' })] }, 'più di una volta'],
      [{ sezioniAggiuntiveQuestionario: ['non è una sezione'] }, 'non è leggibile'],
    ]
    for (const [body, reason] of cases) {
      const res = await compila(idQ, body)
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400)
      expect(res.json()).toMatchObject({ errorCode: 'G02', message: expect.stringContaining(reason) })
    }
    const [row] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQ))
    expect(row?.stato).toBe('NON_COMPILATA')
  })

  it('stores the facilitator’s answers after Q4 and reads them back', async () => {
    const idQ = await addCitizen(43)
    const res = await compila(idQ, { sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Ogni giorno, anche più volte', [idTesto]: 'Per lavoro' })] })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQ))
    expect(row?.stato).toBe('COMPILATA')
    expect(row?.sezioni.map((s) => s.id)).toEqual(['anagraphic-citizen-section', 'anagraphic-booking-section', 'anagraphic-service-section', 'content-service-section', idSezione])
    expect(row?.sezioni[4]).toEqual({ id: idSezione, title: titoloSezione, properties: [{ [idScelta]: ['Ogni giorno, anche più volte'] }, { [idTesto]: ['Per lavoro'] }] })
    const read = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/compilato/${idQ}`)
    const q = read.json() as QuestionarioCompilato
    expect(q.sezioniAggiuntiveQuestionario).toHaveLength(1)
    const back = decodeSection(q.sezioniAggiuntiveQuestionario![0]!)
    expect(back).toMatchObject({ id: idSezione, title: titoloSezione })
    expect({ ...back.answers }).toEqual({ [idScelta]: ['Ogni giorno, anche più volte'], [idTesto]: ['Per lavoro'] })
  })

  it('takes a body without the field (queued by an older app, mass upload) with Q4 only', async () => {
    const idQ = await addCitizen(44)
    const res = await compila(idQ, {})
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQ))
    expect(row?.sezioni.map((s) => s.id)).not.toContain(idSezione)
  })

  it('shows the added section on the citizen’s phone page and stores its answers', async () => {
    const idQ = await addCitizen(45)
    const { token } = (await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQ}/invia`)).json() as { token: string }
    const page = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${idQ}/anonimo?t=${token}`)
    expect(page.statusCode, page.body).toBe(200)
    const anon = page.json() as QuestionarioAnonimo
    expect(anon.sezioniAggiuntive.map((s) => s.title)).toEqual([titoloSezione])
    expect(anon.sezioniAggiuntive[0]!.schema.required).toEqual([idScelta])
    const url = `/api/servizio/cittadino/questionarioCompilato/${idQ}/compila/anonimo?t=${token}`
    const missing = await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK, sezioniAggiuntiveQuestionario: [extra({})] } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ errorCode: 'G02' })
    const ok = await call(server, null, 'POST', url, { body: { sezioneQ4Questionario: Q4_OK, sezioniAggiuntiveQuestionario: [extra({ [idScelta]: 'Mai' })] } })
    expect(ok.statusCode, ok.body).toBe(200)
    const [row] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, idQ))
    expect(row?.sezioni.at(-1)).toEqual({ id: idSezione, title: titoloSezione, properties: [{ [idScelta]: ['Mai'] }] })
  })
})
