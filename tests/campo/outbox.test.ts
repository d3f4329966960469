import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { aggiungiCittadino, compilaQuestionario, creaServizio, eliminaServizio, modificaServizio } from '../../src/features/campo'
import { registerCampoHandlers, KIND, type CittadinoAggiungiPayload, type QuestionarioCompilaPayload, type ServizioCreaPayload } from '../../src/features/campo/handlers'
import { toCittadinoLocale, toQuestionarioLocale } from '../../src/features/campo/local'
import type { CittadinoDati, QuestionarioDati } from '../../src/features/campo/records'
import { currentDb, currentDbOwner } from '../../src/offline/db'
import { getRecord, listRecords } from '../../src/offline/records'
import { listEntries } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import { type OutboxEntry } from '../../src/offline/types'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { maskFiscalCode } from '../../src/lib/masked-identity'
import { decodeSection, encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { httpError, networkError, setupReplay, CF_SARA } from '../offline/helpers'
import { TEMPLATE, VOL, fakeApi, login, outboxWorld, servizioInput, storeRiferimenti } from './helpers'
import { RISPOSTE_AGGIUNTIVE, SEZIONE_AGGIUNTIVA } from '../questionari/fixtures'

const CF_CITTADINO = 'BNCMRC69S02H501X'
const CONSENSO = { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' } as const
/** a man born 10-12-1985 (a citizen already registered on the server) */
const CF_ESISTENTE = 'RSSMRA85T10A562S'
const Q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '31': ['Sì, per formazione'] } })
const cittadinoCf = { codiceFiscale: CF_CITTADINO, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true }

outboxWorld(registerCampoHandlers, { connectivity: 'offline', riferimenti: true })

/** Service + citizen + compiled survey, all made offline. */
async function threeOffline() {
  const s = await creaServizio(servizioInput())
  const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
  await compilaQuestionario(c.idLocale, Q4, CONSENSO)
  const [crea, aggiungi, compila] = await listEntries()
  return { s, c, crea: crea!, aggiungi: aggiungi!, compila: compila! }
}

describe('field writes offline', () => {
  it('queue three entries with client ids, labels, the role context and their dependencies', async () => {
    const { s, c, crea, aggiungi, compila } = await threeOffline()
    expect([crea.kind, aggiungi.kind, compila.kind]).toEqual([KIND.servizioCrea, KIND.cittadinoAggiungi, KIND.questionarioCompila])
    expect(aggiungi.dependsOn).toEqual([crea.id])
    expect(compila.dependsOn).toEqual([aggiungi.id])
    expect(new Set([crea.idempotencyKey, aggiungi.idempotencyKey, compila.idempotencyKey]).size).toBe(3)
    // the user as the database's owner hash, never the fiscal code
    for (const e of [crea, aggiungi, compila]) expect(e.roleContext).toEqual({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100, utente: currentDbOwner() })
    expect(JSON.stringify([crea, aggiungi, compila])).not.toContain(CF_SARA)
    expect(crea.label).toBe('Servizio «Corso SPID» del 12-03-2025')
    // the citizen named by the masked identity, in the short form the citizens table reads aloud (issue 24 point 12)
    expect(aggiungi.label).toBe('Cittadino BNC…69… aggiunto a «Corso SPID»')
    expect(compila.label).toBe('Questionario del cittadino BNC…69… compilato — «Corso SPID»')
    expect(s.idLocale).toMatch(/^[0-9a-f-]{36}$/)
    expect((crea.payload as ServizioCreaPayload).servizio).toMatchObject({ idLocale: s.idLocale, nomeServizio: 'Corso SPID', idEnteServizio: 100, idSedeServizio: 7, data: '2025-03-12', durataServizio: '1:30', tipoDiServizioPrenotato: ['Facilitazione individuale'] })
    // offline: reuse-or-create; the fiscal code is in the payload only
    expect((aggiungi.payload as CittadinoAggiungiPayload).cittadino).toMatchObject({ nuovoCittadino: false, codiceFiscale: CF_CITTADINO })
    const records = await currentDb()!.records.toArray()
    expect(JSON.stringify(records)).not.toContain(CF_CITTADINO)
    // local status rules and the survey built on the device
    expect(c).toMatchObject({ statoQuestionario: 'NON_COMPILATA', genere: 'M', fasciaDiEtaId: 3, identificazione: 'CF', syncState: 'locale' })
    // the mask of the code typed, computed on the device as the server does, and the time added
    expect(c.identificativoMascherato).toBe(maskFiscalCode(CF_CITTADINO))
    expect(Date.now() - new Date(c.dataOraAggiunta!).getTime()).toBeLessThan(60_000)
    // the consent given at the compilation: in the payload, and in the Q1 the device shows
    expect((compila.payload as { consensoTrattamentoDatiRequest: unknown }).consensoTrattamentoDatiRequest).toEqual(CONSENSO)
    const q = await getRecord<{ sezioneQ1Questionario: string }>('questionario', c.idLocale)
    expect(decodeSection(q!.data.sezioneQ1Questionario).answers).toMatchObject({ '18': ['Cartaceo'], '19': ['2025-03-10'], '1': ['Codice fiscale disponibile ma non visualizzabile'] })
    const add = await getRecord<{ sezioneQ1Questionario: string; sezioneQ3Questionario: string }>('cittadino-servizio', c.idLocale)
    expect(add!.data.sezioneQ1Questionario).toContain('Codice fiscale disponibile ma non visualizzabile')
    expect(add!.data.sezioneQ3Questionario).toBe(s.sezioneQ3Questionario)
    expect(await getRecord('questionario', c.idLocale)).toMatchObject({ syncState: 'locale', data: { statoQuestionario: 'COMPILATA' } })
  })

  it('two citizens of one service read apart in the sync centre: each label names its masked identity (issue 24 point 12)', async () => {
    const s = await creaServizio(servizioInput())
    await aggiungiCittadino(s.idLocale, cittadinoCf)
    await aggiungiCittadino(s.idLocale, { ...cittadinoCf, codiceFiscale: null, tipoDocumento: 'Carta di Identità', numeroDocumento: 'CA12345AB', fasciaDiEtaId: 3 })
    const labels = (await listEntries()).filter((e) => e.kind === KIND.cittadinoAggiungi).map((e) => e.label)
    expect(labels).toEqual(['Cittadino BNC…69… aggiunto a «Corso SPID»', 'Cittadino …5AB aggiunto a «Corso SPID»'])
    expect(new Set(labels).size).toBe(2)
    // no full identifier in a label
    expect(labels.join()).not.toContain('CA12345AB')
    expect(labels.join()).not.toContain(CF_CITTADINO)
  })

  it('replays them substituting the server ids (service into the citizen call, idQuestionario into the compile call)', async () => {
    const { s, c, aggiungi, compila } = await threeOffline()
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    const r = await runReplay(currentDb()!)
    expect(r).toMatchObject({ sent: 3, stopped: null })
    expect(api.calls.map((x) => `${x.method} ${x.path}`)).toEqual([
      'POST servizio', 'POST servizio/cittadino/500', 'POST servizio/cittadino/questionarioCompilato/q-900/compila',
    ])
    expect(api.calls[0]!.body).toMatchObject({ idProgramma: 1, idProgetto: 10, idEnte: 100, idLocale: s.idLocale, sezioneQuestionarioCompilatoQ3: s.sezioneQ3Questionario })
    expect(api.calls[1]!.body).toMatchObject({ idProgramma: 1, idProgetto: 10, idEnte: 100, codiceFiscale: CF_CITTADINO, nuovoCittadino: false })
    expect(api.calls[2]!.body).toEqual({ idProgramma: 1, idProgetto: 10, idEnte: 100, sezioneQ4Questionario: Q4, consensoTrattamentoDatiRequest: CONSENSO })
    expect(await getRecord('servizio', s.idLocale)).toMatchObject({ idServer: 500, syncState: 'confermato', data: { idServer: 500 } })
    expect(await getRecord('cittadino-servizio', c.idLocale)).toMatchObject({ idServer: 'q-900', syncState: 'confermato', data: { idServizio: 500, idCittadino: 900, idQuestionario: 'q-900', statoQuestionario: 'COMPILATA' } })
    expect(await getRecord('questionario', c.idLocale)).toMatchObject({ idServer: 'q-900', syncState: 'confermato' })
    // the identifiers do not stay on the device once acknowledged
    const done = await listEntries({ includeDone: true })
    expect(done.map((e) => e.status)).toEqual(['done', 'done', 'done'])
    expect(JSON.stringify(done)).not.toContain(CF_CITTADINO)
    expect(done.find((e) => e.id === compila.id)!.payload).toMatchObject({ consensoTrattamentoDatiRequest: null })
    expect(done.find((e) => e.id === aggiungi.id)!.payload).toMatchObject({ idServizio: 500 })
    expect(done.find((e) => e.id === compila.id)!.payload).toMatchObject({ idQuestionario: 'q-900' })
  })

  it('sends the role context the entries were made in, even after a switch to another profile', async () => {
    await threeOffline()
    await login(VOL)
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(api.calls).toHaveLength(3)
    for (const call of api.calls) {
      expect(call.roleContext).toMatchObject({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 })
      expect(call.body).toMatchObject({ idProgramma: 1, idProgetto: 10, idEnte: 100 })
    }
  })

  it('repeats a request whose answer was lost with the same idempotency key (one service on the server)', async () => {
    const { crea } = await threeOffline()
    const api = fakeApi({ lose: (req, n) => (req.path === 'servizio' && n === 1 ? networkError() : null) })
    setupReplay({ transport: api.transport })
    const first = await runReplay(currentDb()!)
    expect(first).toMatchObject({ sent: 0, stopped: 'offline' })
    await runReplay(currentDb()!, { force: true })
    const servizioCalls = api.calls.filter((x) => x.path === 'servizio')
    expect(servizioCalls).toHaveLength(2)
    expect(servizioCalls.map((x) => x.idempotencyKey)).toEqual([crea.idempotencyKey, crea.idempotencyKey])
    expect(api.created.filter((x) => x.path === 'POST servizio')).toHaveLength(1)
    expect((await listEntries({ includeDone: true })).every((e) => e.status === 'done')).toBe(true)
  })

  it('parks the citizen and its survey, unsent, while the creation needs attention; editing the service releases them', async () => {
    const { s, crea, aggiungi, compila } = await threeOffline()
    const api = fakeApi({ fail: (req) => (req.path === 'servizio' && (req.body as { data: string }).data === '2025-03-12' ? httpError(400, 'A06', 'Data fuori progetto') : null) })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    const after = await listEntries()
    expect(after.map((e) => e.status)).toEqual(['attention', 'attention', 'attention'])
    expect(api.calls.map((x) => x.path)).toEqual(['servizio'])
    // the edit rewrites the refused creation (new idempotency key) instead of queueing an update behind it
    await modificaServizio(s.idLocale, servizioInput({}, { '22': '2025-03-13' }))
    const edited = await listEntries()
    expect(edited.map((e) => e.id)).toEqual([crea.id, aggiungi.id, compila.id])
    expect(edited[0]).toMatchObject({ status: 'pending', payload: { servizio: { data: '2025-03-13' } } })
    expect(edited[0]!.idempotencyKey).not.toBe(crea.idempotencyKey)
    await runReplay(currentDb()!)
    expect((await listEntries({ includeDone: true })).map((e) => e.status)).toEqual(['done', 'done', 'done'])
  })
})

describe('sections added after Q4 (issue 24 point 4)', () => {
  it('are checked against the survey template on the device, queued with Q4, shown at once and sent', async () => {
    const conSezione = { ...TEMPLATE, sezioniQuestionarioTemplate: [SEZIONE_AGGIUNTIVA] }
    await storeRiferimenti({ template: conSezione, templateSnapshot: [conSezione] })
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
    const senzaRisposta = encodeSection({ id: SEZIONE_AGGIUNTIVA.id, title: SEZIONE_AGGIUNTIVA.title, answers: {} })
    await expect(compilaQuestionario(c.idLocale, Q4, CONSENSO, undefined, [senzaRisposta])).rejects.toThrow('Sezione «Abitudini digitali», domanda «Quanto spesso usi internet?»')
    expect((await listEntries()).map((e) => e.kind)).toEqual([KIND.servizioCrea, KIND.cittadinoAggiungi])
    await compilaQuestionario(c.idLocale, Q4, CONSENSO, undefined, [RISPOSTE_AGGIUNTIVE])
    const compila = (await listEntries()).at(-1)!
    expect((compila.payload as QuestionarioCompilaPayload).sezioniAggiuntiveQuestionario).toEqual([RISPOSTE_AGGIUNTIVE])
    const add = await getRecord<CittadinoDati>('cittadino-servizio', c.idLocale)
    const q = await getRecord<QuestionarioDati>('questionario', c.idLocale)
    expect(toQuestionarioLocale(add!, q).sezioniAggiuntiveQuestionario).toEqual([RISPOSTE_AGGIUNTIVE])
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 3, stopped: null })
    expect(api.calls[2]!.body).toMatchObject({ sezioneQ4Questionario: Q4, sezioniAggiuntiveQuestionario: [RISPOSTE_AGGIUNTIVE] })
    expect((await getRecord<CittadinoDati>('cittadino-servizio', c.idLocale))?.data.sezioniAggiuntiveQuestionario).toEqual([RISPOSTE_AGGIUNTIVE])
  })
})

describe('service edit and delete', () => {
  it('an edit of a service created and confirmed is queued as PUT servizio/{id}', async () => {
    const s = await creaServizio(servizioInput())
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    const edited = await modificaServizio(s.idLocale, servizioInput({ nome: 'Corso SPID avanzato' }))
    expect(edited).toMatchObject({ nome: 'Corso SPID avanzato', idServer: 500, syncState: 'locale' })
    const [e] = await listEntries()
    expect(e).toMatchObject({ kind: KIND.servizioModifica, dependsOn: [], payload: { idServizio: 500 }, label: 'Modifica del servizio «Corso SPID avanzato»' })
    await runReplay(currentDb()!)
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', path: 'servizio/500', body: { nomeServizio: 'Corso SPID avanzato', idProgetto: 10 } })
  })

  it('an edit while the creation is in flight or possibly applied waits for it and takes its id', async () => {
    const s = await creaServizio(servizioInput())
    const api = fakeApi({ lose: (req, n) => (n === 1 ? networkError() : null) })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    const [crea] = await listEntries()
    expect(crea).toMatchObject({ status: 'failed-retry', attempts: 1 })
    await modificaServizio(s.idLocale, servizioInput({ nome: 'Corso SPID 2' }))
    const [, mod] = await listEntries()
    expect(mod).toMatchObject({ kind: KIND.servizioModifica, dependsOn: [crea!.id], payload: { idServizio: null } })
    await runReplay(currentDb()!, { force: true })
    expect(api.calls.map((x) => `${x.method} ${x.path}`)).toEqual(['POST servizio', 'POST servizio', 'PUT servizio/500'])
  })

  it('deleting a service whose creation was never sent drops it on the device', async () => {
    const s = await creaServizio(servizioInput())
    await modificaServizio(s.idLocale, servizioInput({ nome: 'Altro nome' }))
    expect(await listEntries()).toHaveLength(1)
    await eliminaServizio(s.idLocale)
    expect(await listEntries()).toEqual([])
    expect(await listRecords('servizio')).toEqual([])
  })

  it('deleting a confirmed service queues DELETE servizio/{id} with the profile ids and hides it until confirmed', async () => {
    const s = await creaServizio(servizioInput())
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    await eliminaServizio(s.idLocale)
    const [e] = await listEntries()
    expect(e).toMatchObject({ kind: KIND.servizioElimina, payload: { idServizio: 500 }, label: 'Eliminazione del servizio «Corso SPID»' })
    expect(await getRecord('servizio', s.idLocale)).toMatchObject({ data: { eliminato: true } })
    await runReplay(currentDb()!)
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'servizio/500', body: { idProgramma: 1, idProgetto: 10, idEnte: 100 } })
    expect(await getRecord('servizio', s.idLocale)).toBeUndefined()
  })

  it('a service with a citizen cannot be deleted (S07)', async () => {
    const s = await creaServizio(servizioInput())
    await aggiungiCittadino(s.idLocale, cittadinoCf)
    await expect(eliminaServizio(s.idLocale)).rejects.toThrow('Il servizio ha già dei cittadini associati e non può essere eliminato.')
  })
})

describe('citizen additions', () => {
  it('an existing citizen picked online is sent with the identity typed at the desk; the same citizen twice on a service is refused (U23)', async () => {
    configureConnectivityForTests({ state: 'online' })
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, { idCittadino: 42, codiceFiscale: CF_ESISTENTE.toLowerCase(), genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false })
    expect(c).toMatchObject({ identificazione: 'ESISTENTE', idCittadino: 42, genere: 'M' })
    const entries = await listEntries()
    expect((entries[1]!.payload as CittadinoAggiungiPayload).cittadino).toEqual({
      nuovoCittadino: false, idCittadino: 42, codiceFiscale: CF_ESISTENTE, codiceFiscaleNonDisponibile: false,
      titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana',
    })
    await expect(aggiungiCittadino(s.idLocale, { idCittadino: 42, codiceFiscale: CF_ESISTENTE, nuovoCittadino: false })).rejects.toThrow('Il cittadino è già associato a questo servizio.')
    await expect(aggiungiCittadino(s.idLocale, cittadinoCf)).resolves.toBeDefined()
    await expect(aggiungiCittadino(s.idLocale, cittadinoCf)).rejects.toThrow('Il cittadino è già associato a questo servizio.')
  })

  it('an existing citizen found by document travels with the document type and number', async () => {
    configureConnectivityForTests({ state: 'online' })
    const s = await creaServizio(servizioInput())
    await aggiungiCittadino(s.idLocale, { idCittadino: 43, tipoDocumento: 'Patente', numeroDocumento: 'ab12345', genere: 'Non binario', fasciaDiEtaId: 3, nuovoCittadino: false })
    const entries = await listEntries()
    expect((entries[1]!.payload as CittadinoAggiungiPayload).cittadino).toEqual({
      nuovoCittadino: false, idCittadino: 43, codiceFiscaleNonDisponibile: true, tipoDocumento: 'Patente', numeroDocumento: 'AB12345', genere: 'Non binario', fasciaDiEtaId: 3,
    })
  })

  it('refuses an existing citizen without the identity typed at the desk: nothing is queued (U27)', async () => {
    configureConnectivityForTests({ state: 'online' })
    const s = await creaServizio(servizioInput())
    await expect(aggiungiCittadino(s.idLocale, { idCittadino: 42, genere: 'F', fasciaDiEtaId: 2, nuovoCittadino: false }))
      .rejects.toThrow('Per aggiungere un cittadino già registrato inserisci il suo codice fiscale o il tipo e il numero del suo documento.')
    expect(await listEntries()).toHaveLength(1)
  })

  it('online after a search that found nobody, the addition keeps nuovoCittadino: true', async () => {
    configureConnectivityForTests({ state: 'online' })
    const s = await creaServizio(servizioInput())
    await aggiungiCittadino(s.idLocale, cittadinoCf)
    const entries = await listEntries()
    expect((entries[1]!.payload as CittadinoAggiungiPayload).cittadino.nuovoCittadino).toBe(true)
  })

  it('document path: gender defaults, document type in Q1, number only in the payload', async () => {
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, { tipoDocumento: 'Passaporto', numeroDocumento: 'ya12345', fasciaDiEtaId: 1, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true })
    expect(c).toMatchObject({ identificazione: 'NUM_DOC', genere: 'Preferisco non rispondere', tipoDocumento: 'Passaporto' })
    const [, e] = await listEntries()
    expect((e!.payload as CittadinoAggiungiPayload).cittadino).toMatchObject({ codiceFiscaleNonDisponibile: true, tipoDocumento: 'Passaporto', numeroDocumento: 'YA12345' })
    const rec = await getRecord<{ sezioneQ1Questionario: string }>('cittadino-servizio', c.idLocale)
    expect(rec!.data.sezioneQ1Questionario).toContain('Codice fiscale non presente')
    expect(JSON.stringify(rec)).not.toContain('YA12345')
  })

  it('a survey compiled twice is refused once confirmed (Q02); a pending compilation is rewritten', async () => {
    const { c } = await threeOffline()
    const other = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Sito internet'] } })
    await compilaQuestionario(c.idLocale, other)
    const entries = await listEntries()
    expect(entries).toHaveLength(3)
    // (rewritten without a consent: the one given first stays)
    expect(entries[2]!.payload).toMatchObject({ sezioneQ4Questionario: other, consensoTrattamentoDatiRequest: CONSENSO })
    setupReplay({ transport: fakeApi().transport })
    await runReplay(currentDb()!)
    await expect(compilaQuestionario(c.idLocale, Q4)).rejects.toThrow('Il questionario è già stato compilato.')
  })
})

describe('corrections of Q1 in the compilation, with the consent (issue 8 points 1 and 5)', () => {
  const documento = { tipoDocumento: 'Passaporto', numeroDocumento: 'ya12345', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true }

  it('travel with the consent in the entry and the body (…DaAggiornare) and show on the device at once, offline', async () => {
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, documento)
    const correzioni = { genereDaAggiornare: 'F', fasciaDiEtaIdDaAggiornare: 3, provinciaDiDomicilioDaAggiornare: "L'Aquila" } as const
    await compilaQuestionario(c.idLocale, Q4, CONSENSO, { ...correzioni, extra: 'x' } as never)
    const compila = (await listEntries()).find((e) => e.kind === KIND.questionarioCompila)!
    expect((compila.payload as QuestionarioCompilaPayload).correzioni).toEqual(correzioni)
    expect((compila.payload as QuestionarioCompilaPayload).consensoTrattamentoDatiRequest).toEqual(CONSENSO)
    // the device shows the corrected data before anything is sent
    const add = (await getRecord<CittadinoDati>('cittadino-servizio', c.idLocale))!
    const q = await getRecord<QuestionarioDati>('questionario', c.idLocale)
    expect(toCittadinoLocale(add, q)).toMatchObject({ genere: 'F', fasciaDiEtaId: 3, provinciaDiDomicilio: "L'Aquila", statoQuestionario: 'COMPILATA' })
    // Q1 as the device shows it: the corrections and the consent given here
    expect(decodeSection(toQuestionarioLocale(add, q).sezioneQ1Questionario).answers).toMatchObject({
      '5': ['F'], '6': ['55-74'], '9': ['L’Aquila'], '7': ['Laurea (3 anni)'], '18': ['Cartaceo'], '19': ['2025-03-10'],
    })

    const api = fakeApi()
    setupReplay({ transport: api.transport })
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 3, stopped: null })
    expect(api.calls[2]!.body).toEqual({ idProgramma: 1, idProgetto: 10, idEnte: 100, sezioneQ4Questionario: Q4, consensoTrattamentoDatiRequest: CONSENSO, ...correzioni })
    // acknowledged: the addition's own copy carries them
    const confirmed = (await getRecord<CittadinoDati>('cittadino-servizio', c.idLocale))!
    expect(confirmed.data).toMatchObject({ genere: 'F', fasciaDiEtaId: 3, provinciaDiDomicilio: "L'Aquila" })
    expect(decodeSection(confirmed.data.sezioneQ1Questionario).answers).toMatchObject({ '6': ['55-74'], '18': ['Cartaceo'], '19': ['2025-03-10'] })
  })

  it('refuses, before queueing, what the fiscal code determines and values out of their lists', async () => {
    const s = await creaServizio(servizioInput())
    const conCf = await aggiungiCittadino(s.idLocale, cittadinoCf)
    await expect(compilaQuestionario(conCf.idLocale, Q4, CONSENSO, { genereDaAggiornare: 'F' }))
      .rejects.toThrow('Genere e fascia di età derivano dal codice fiscale del cittadino e non si possono correggere.')
    await expect(compilaQuestionario(conCf.idLocale, Q4, CONSENSO, { occupazioneDaAggiornare: 'Astronauta' as never }))
      .rejects.toThrow('Valore non ammesso: scegli una delle voci dell’elenco.')
    const doc = await aggiungiCittadino(s.idLocale, { ...documento, numeroDocumento: 'zz54321' })
    // minors are not enabled in this programme's reference data (U25)
    await expect(compilaQuestionario(doc.idLocale, Q4, CONSENSO, { fasciaDiEtaIdDaAggiornare: 5 })).rejects.toThrow('Il cittadino inserito deve essere maggiorenne')
    expect((await listEntries()).filter((e) => e.kind === KIND.questionarioCompila)).toHaveLength(0)
    await compilaQuestionario(conCf.idLocale, Q4, CONSENSO, { occupazioneDaAggiornare: 'Casalinga/o' })
    expect((await listEntries()).filter((e) => e.kind === KIND.questionarioCompila)).toHaveLength(1)
  })
})

describe('stored entries', () => {
  it('every entry of a field write is a plain structured-cloneable object', async () => {
    await threeOffline()
    const rows: OutboxEntry[] = await listEntries()
    for (const e of rows) expect(structuredClone(e)).toEqual(e)
  })
})
