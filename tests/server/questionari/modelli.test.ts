// @vitest-environment node
/**
 * Survey templates through the API (issue 10 point 1; platform-backend §2.9, §4.4, §7): the list on the
 * generic engine with its scope, create / clone / update / default / programme link / delete with the
 * catalogue's codes, and versioning: a template in use is never changed under the surveys made with it —
 * a compilation queued on an offline tablet against the old version (replayed with its idempotency key
 * and role context, as the outbox sends it) is accepted after the edit, the service keeps the old version,
 * a new service takes the new one and the citizen's phone page shows the new Q4 question.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../../../src/api/contract/questionario-template'
import {
  aggiungiDomanda, modelloDaTemplate, modificaDomanda, rimuoviDomanda, sezioniSchema, type ModelloEditor,
} from '../../../src/lib/questionario-editor'
import { encodeSection, sectionHeader } from '../../../src/lib/survey-sections'
import { programmaXQuestionarioTemplate, questionarioCompilato, questionarioTemplate, servizio } from '../../../server/db/schema'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, fiscalCodeAged, named, type Actor } from '../field/fixtures'
import { programmeId } from '../domain/helpers'

const Q4 = SEZIONI_QUESTIONARIO.Q4.id
const err = (res: { statusCode: number; json: () => unknown }) => `${res.statusCode} ${(res.json() as { errorCode?: string }).errorCode}`
type Riga = { id: string; nome: string; defaultRFD: boolean; defaultSCD: boolean; stato: string; versione: number }

describe('survey templates', () => {
  let server: TestServer
  let dtd: Actor, regLom: Actor, regp: Actor, sara: Actor

  const list = async (who: Actor, filtroRequest: object | null = null) => {
    const res = await call(server, who, 'POST', '/api/questionarioTemplate/all?currPage=0&pageSize=50', { body: { filtroRequest } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { questionariTemplate: Riga[]; numeroTotaleElementi: number }
  }
  const detail = async (who: Actor, id: string) => {
    const res = await call(server, who, 'POST', `/api/questionarioTemplate/${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as QuestionarioTemplateDettaglio
  }
  const defaultRfd = async () => (await list(dtd)).questionariTemplate.find((r) => r.defaultRFD)!
  const bodyOf = (d: QuestionarioTemplateDettaglio, edit: (m: ModelloEditor) => ModelloEditor = (m) => m, nome = d['survey-name']) => {
    const m = edit(modelloDaTemplate(nome, d['survey-description'] || 'Descrizione', d['survey-sections'].map((s) => sezioneFromWire(s)!)))
    // the edit sends the version of the detail it was made on (issue 27)
    return { 'survey-name': m.nome, 'survey-description': m.descrizione, 'survey-sections': sezioniSchema(m).map(sezioneToWire), versione: d.versione }
  }
  const withGradimento = (titolo: string) => (m: ModelloEditor) => {
    const added = aggiungiDomanda(m, Q4, Date.now())
    const q = added.sezioni.find((s) => s.id === Q4)!.domande.at(-1)!
    return modificaDomanda(added, Q4, q.id, { titolo, tipo: 'range', obbligatoria: true })
  }

  beforeAll(async () => {
    server = await createTestServer()
    dtd = await actor(server, CF.DTD, 'DTD')
    regLom = await actor(server, CF.REG_LOM, 'REG')
    regp = await actor(server, CF.REGP_ROMA, 'REGP')
    sara = await actor(server, CF.SARA, 'FAC')
  })
  afterAll(() => server?.close())

  it('lists current templates with the columns of spec 002 §2, scoped by role (platform-backend §4.4), with CSV', async () => {
    const all = await list(dtd)
    expect(all.questionariTemplate.filter((r) => r.defaultRFD)).toHaveLength(1)
    expect(all.questionariTemplate.filter((r) => r.defaultSCD)).toHaveLength(1)
    expect(all.questionariTemplate[0]).toEqual(expect.objectContaining({ id: expect.any(String), nome: expect.any(String), dataUltimaModifica: expect.any(String), stato: expect.any(String) }))
    // REG of an RFD programme: its programme's active template only; REGP: none
    const reg = await list(regLom)
    expect(reg.questionariTemplate.map((r) => r.id)).toEqual([(await defaultRfd()).id])
    // REGP holds no template permission (platform-frontend §2.4): 403 A02 at the door
    expect(err(await call(server, regp, 'POST', '/api/questionarioTemplate/all?currPage=0&pageSize=8', { body: {} }))).toBe('403 A02')
    expect((await call(server, regp, 'POST', `/api/questionarioTemplate/${(await defaultRfd()).id}`)).statusCode).toBe(403)
    // search by name, folded
    const found = await list(dtd, { filtroCriterioRicerca: 'questionario rfd' })
    expect(found.questionariTemplate.some((r) => r.defaultRFD)).toBe(true)
    const csv = await call(server, dtd, 'POST', '/api/questionarioTemplate/download', { body: {} })
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain('Nome questionario')
  })

  it('creates, clones and edits through the lifecycle of §2.9 with the catalogue codes', async () => {
    const skeleton = await call(server, dtd, 'POST', '/api/questionarioTemplate/nuovo')
    expect(skeleton.statusCode, skeleton.body).toBe(200)
    const base = skeleton.json() as QuestionarioTemplateDettaglio
    const nome = named('Questionario di prova')
    const created = await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: bodyOf(base, (m) => m, nome) })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { 'survey-id': string })['survey-id']
    const d = await detail(dtd, id)
    expect(d).toMatchObject({ 'survey-status': 'NON ATTIVO', 'default-RFD': false, 'default-SCD': false, versione: 1, inUso: false })
    // the same name again: QT02; a missing description: 400 G02; Q1 changed or a predefined question removed: 400 G02
    expect(err(await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: bodyOf(base, (m) => m, nome) }))).toBe('409 QT02')
    expect(err(await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: { ...bodyOf(base, (m) => m, named('Altro')), 'survey-description': ' ' } }))).toBe('400 G02')
    const tampered = bodyOf(base, (m) => m, named('Manomesso'))
    const q1 = JSON.parse(tampered['survey-sections'][0]!.schema) as { properties: Record<string, { title: string }> }
    q1.properties['5']!.title = 'Sesso'
    tampered['survey-sections'][0]!.schema = JSON.stringify(q1)
    const bad = await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: tampered })
    expect(err(bad)).toBe('400 G02')
    expect((bad.json() as { message: string }).message).toContain('Q1')
    const noPredefined = bodyOf(base, (m) => m, named('Senza 29'))
    const q4 = JSON.parse(noPredefined['survey-sections'][3]!.schema) as { properties: Record<string, unknown>; required: string[]; default: string[] }
    delete q4.properties['29']
    noPredefined['survey-sections'][3]!.schema = JSON.stringify(q4)
    expect(err(await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: noPredefined }))).toBe('400 G02')

    // NON ATTIVO and unused: edited in place
    const upd = await call(server, dtd, 'PUT', `/api/questionarioTemplate/${id}`, { body: bodyOf(d, withGradimento('Ti è piaciuto?')) })
    expect(upd.statusCode, upd.body).toBe(200)
    // a draft edited in place keeps its row and moves its version on (issue 27)
    expect(upd.json()).toMatchObject({ 'survey-id': id, nuovaVersione: false, versione: 2 })
    // REG may read but not edit (no upd.quest.templ)
    expect(err(await call(server, regLom, 'PUT', `/api/questionarioTemplate/${id}`, { body: bodyOf(d) }))).toBe('403 A02')

    // default SCD moves the flag; a default is not deletable (QT03)
    const scdBefore = (await list(dtd)).questionariTemplate.find((r) => r.defaultSCD)!
    expect((await call(server, dtd, 'PUT', `/api/questionarioTemplate/aggiornadefault/${id}?tipoDefault=SCD`)).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'PUT', `/api/questionarioTemplate/aggiornadefault/${id}?tipoDefault=XYZ`))).toBe('400 G02')
    expect(err(await call(server, dtd, 'DELETE', `/api/questionarioTemplate/${id}`))).toBe('409 QT03')
    expect((await call(server, dtd, 'PUT', `/api/questionarioTemplate/aggiornadefault/${scdBefore.id}?tipoDefault=SCD`)).statusCode).toBe(200)
    expect((await detail(dtd, id))['default-SCD']).toBe(false)

    // link to a programme: ATTIVO, the programme's previous link TERMINATO; then not deletable (QT03)
    const idProgramma = await programmeId(server.database.db, 'SCD-2024-NAZ')
    expect(err(await call(server, regLom, 'PUT', `/api/programma/${idProgramma}/aggiungi/${id}`))).toBe('403 A02')
    expect(err(await call(server, dtd, 'PUT', `/api/programma/999999/aggiungi/${id}`))).toBe('404 Q01')
    expect((await call(server, dtd, 'PUT', `/api/programma/${idProgramma}/aggiungi/${id}`)).statusCode).toBe(200)
    expect(await detail(dtd, id)).toMatchObject({ 'survey-status': 'ATTIVO', programmi: [{ id: idProgramma }] })
    const links = await server.database.db.select().from(programmaXQuestionarioTemplate).where(eq(programmaXQuestionarioTemplate.idProgramma, idProgramma))
    expect(links.filter((l) => l.stato === 'ATTIVO').map((l) => l.idQuestionarioTemplate)).toEqual([id])
    expect(err(await call(server, dtd, 'DELETE', `/api/questionarioTemplate/${id}`))).toBe('409 QT03')
    // give the programme its template back
    expect((await call(server, dtd, 'PUT', `/api/programma/${idProgramma}/aggiungi/${scdBefore.id}`)).statusCode).toBe(200)

    // a NON ATTIVO clone is deletable; an unknown id answers QT05
    const clone = await call(server, dtd, 'POST', '/api/questionarioTemplate', { body: bodyOf(d, (m) => m, named('Clone')) })
    const cloneId = (clone.json() as { 'survey-id': string })['survey-id']
    expect((await call(server, dtd, 'DELETE', `/api/questionarioTemplate/${cloneId}`, { body: { versione: (await detail(dtd, cloneId)).versione } })).statusCode).toBe(200)
    expect(err(await call(server, dtd, 'POST', `/api/questionarioTemplate/${cloneId}`))).toBe('404 QT05')
    expect(err(await call(server, dtd, 'POST', '/api/questionarioTemplate/non-un-id'))).toBe('404 QT05')
  })

  it('versions a template in use: a queued compilation against the old version replays cleanly, new services take the new one', async () => {
    const v1 = await defaultRfd()
    const [v1Row] = await server.database.db.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, v1.id))
    // a service and a citizen made with the old version (online), the survey compiled on a tablet offline: queued
    const idServizio = await createService(server, sara, { nomeServizio: named('Prima della modifica') })
    const added = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, {
      body: { codiceFiscale: fiscalCodeAged(40, 'F'), nuovoCittadino: true, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana' },
    })
    expect(added.statusCode, added.body).toBe(201)
    const [istanza] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, idServizio))
    expect(istanza!.idQuestionarioTemplate).toBe(v1.id)
    const queued = { key: crypto.randomUUID(), body: { sezioneQ4Questionario: encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '1663320201383': '4' } }) } }

    // the DTD adds 'Gradimento' (range 1–5) to Q4 of the default RFD template: a new version
    const titolo = named('Gradimento')
    const res = await call(server, dtd, 'PUT', `/api/questionarioTemplate/${v1.id}`, { body: bodyOf(await detail(dtd, v1.id), withGradimento(titolo)) })
    expect(res.statusCode, res.body).toBe(200)
    const saved = res.json() as { 'survey-id': string; nuovaVersione: boolean; versione: number }
    expect(saved).toMatchObject({ nuovaVersione: true, versione: v1.versione + 1 })
    const v2 = saved['survey-id']
    expect(v2).not.toBe(v1.id)
    const now = await list(dtd)
    expect(now.questionariTemplate.find((r) => r.defaultRFD)?.id).toBe(v2)
    expect(now.questionariTemplate.some((r) => r.id === v1.id)).toBe(false)
    expect(await detail(dtd, v1.id)).toMatchObject({ idVersioneSuccessiva: v2, 'default-RFD': false })
    // the old version is read-only
    expect(err(await call(server, dtd, 'PUT', `/api/questionarioTemplate/${v1.id}`, { body: bodyOf(await detail(dtd, v1.id)) }))).toBe('409 QT02')

    // the tablet comes back online: the queued compilation, with its key and role context, is accepted; a resend is the same answer
    const replay = () => call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${istanza!.id}/compila`, { body: queued.body, headers: { 'idempotency-key': queued.key } })
    const first = await replay()
    expect(first.statusCode, first.body).toBe(200)
    const again = await replay()
    expect(again.statusCode).toBe(first.statusCode)
    expect(again.body).toBe(first.body)
    const [after] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, istanza!.id))
    expect(after).toMatchObject({ stato: 'COMPILATA', idQuestionarioTemplate: v1.id })
    const [svc] = await server.database.db.select().from(servizio).where(eq(servizio.id, idServizio))
    expect(svc!.idQuestionarioTemplateSnapshot).toBe(v1.id)
    const [v1Now] = await server.database.db.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, v1.id))
    expect(JSON.stringify(v1Now!.sezioni)).toBe(JSON.stringify(v1Row!.sezioni))

    // a new service takes the new version; its citizen's phone page shows the new question
    const idNuovo = await createService(server, sara, { nomeServizio: named('Dopo la modifica') })
    const [nuovo] = await server.database.db.select().from(servizio).where(eq(servizio.id, idNuovo))
    expect(nuovo!.idQuestionarioTemplateSnapshot).toBe(v2)
    const c = await call(server, sara, 'POST', `/api/servizio/cittadino/${idNuovo}`, {
      body: { codiceFiscale: fiscalCodeAged(33, 'M'), nuovoCittadino: true, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana' },
    })
    expect(c.statusCode, c.body).toBe(201)
    const [i2] = await server.database.db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, idNuovo))
    expect(i2!.idQuestionarioTemplate).toBe(v2)
    const link = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${i2!.id}/invia`)
    expect(link.statusCode, link.body).toBeLessThan(300)
    const token = (link.json() as { token: string }).token
    const page = await call(server, null, 'GET', `/api/servizio/cittadino/questionarioCompilato/${i2!.id}/anonimo?t=${token}`)
    expect(page.statusCode, page.body).toBe(200)
    const q4 = (page.json() as { sezioneQ4: { schema: { properties: Record<string, { title: string; type: string; minimum?: number; maximum?: number }> } } }).sezioneQ4
    expect(Object.values(q4.schema.properties)).toContainEqual(expect.objectContaining({ title: titolo, type: 'range', minimum: 1, maximum: 5 }))

    // leave the shared world as it was: a third version without the added question
    const d2 = await detail(dtd, v2)
    const addedId = d2['survey-sections'].map((s) => sezioneFromWire(s)!).find((s) => s.id === Q4)!.schema
    const newQ = Object.values(addedId.properties).find((q) => q.title === titolo)!
    const back = await call(server, dtd, 'PUT', `/api/questionarioTemplate/${v2}`, { body: bodyOf(d2, (m) => rimuoviDomanda(m, Q4, newQ.id)) })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ nuovaVersione: true, versione: v1.versione + 2 })
  })
})
