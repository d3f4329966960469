/**
 * Issue 27 point 3 on the field data layer: a service's edit and delete carry the version of the device's copy and
 * its fields; on replay a 409 V01 is merged without asking when no field changed on both sides, else the entry is
 * 'In conflitto' until the user's choice (outbox.resolveConflict); the entries depending on it wait; an entry of an
 * older build reads the version first. Against the fake API of ./helpers.ts, which versions services as the server.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { aggiungiCittadino, creaServizio, eliminaServizio, modificaServizio } from '../../src/features/campo'
import { registerCampoHandlers, KIND, type ServizioModificaPayload } from '../../src/features/campo/handlers'
import { campiDaDati, campiDaScheda, wireDaCampi, campiDaWire } from '../../src/features/campo/conflitti'
import type { ServizioDati } from '../../src/features/campo/records'
import { currentDb } from '../../src/offline/db'
import { getRecord } from '../../src/offline/records'
import { counts, enqueue, listEntries } from '../../src/offline/outbox'
import { resolveConflict } from '../../src/offline/conflicts'
import { runReplay } from '../../src/offline/replay'
import { applicaScelte, merge3 } from '../../src/lib/merge3'
import { decodeSection, encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { role, setupReplay } from '../offline/helpers'
import { fakeApi, outboxWorld, servizioInput } from './helpers'

outboxWorld(registerCampoHandlers, { connectivity: 'offline', riferimenti: true })

type Api = ReturnType<typeof fakeApi>

/** A service created and confirmed (version 1 on the fake server), with the API wired to the replay. */
async function servizioConfermato(): Promise<{ idLocale: string; api: Api }> {
  const s = await creaServizio(servizioInput())
  const api = fakeApi()
  setupReplay({ transport: api.transport })
  await runReplay(currentDb()!)
  return { idLocale: s.idLocale, api }
}

/** The "desktop": an edit of service 500 on the server (the Q3 answer 28 and/or the name), version + 1. */
function modificaDaAltri(api: Api, cambi: { nome?: string; dettagli?: string }): void {
  const s = api.servizi.get(500)!
  const q3 = decodeSection(s.body.sezioneQuestionarioCompilatoQ3 as string).answers
  if (cambi.dettagli !== undefined) q3['28'] = [cambi.dettagli]
  const body = { ...s.body, ...(cambi.nome ? { nomeServizio: cambi.nome } : {}), sezioneQuestionarioCompilatoQ3: encodeSection({ ...sectionHeader('Q3'), answers: { ...q3 } }) }
  api.servizi.set(500, { versione: s.versione + 1, body, dataOraAggiornamento: '2026-11-28T10:00:00.000Z' })
}

const q3Of = (body: Record<string, unknown>) => decodeSection(body.sezioneQuestionarioCompilatoQ3 as string).answers

describe('versions of the field service writes', () => {
  it('the sync copy keeps versione; an edit carries versioneBase and the base snapshot and sends versione', async () => {
    const { idLocale, api } = await servizioConfermato()
    expect((await getRecord<ServizioDati>('servizio', idLocale))?.data.versione).toBe(1)
    await modificaServizio(idLocale, servizioInput({ nome: 'Corso SPID avanzato' }))
    const [e] = await listEntries()
    expect(e).toMatchObject({ kind: KIND.servizioModifica, payload: { versioneBase: 1, base: { nomeServizio: 'Corso SPID', q3: { '28': ['Attivazione SPID'] } } } })
    await runReplay(currentDb()!)
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', path: 'servizio/500', body: { versione: 1, nomeServizio: 'Corso SPID avanzato' } })
    expect((await getRecord<ServizioDati>('servizio', idLocale))?.data).toMatchObject({ versione: 2, nome: 'Corso SPID avanzato' })
  })

  it('an edit of an unsent creation is folded into it and never conflicts', async () => {
    const s = await creaServizio(servizioInput())
    await modificaServizio(s.idLocale, servizioInput({ nome: 'Corso PEC' }))
    const entries = await listEntries()
    expect(entries.map((e) => e.kind)).toEqual([KIND.servizioCrea])
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(api.calls.map((c) => c.method)).toEqual(['POST'])
    expect(api.servizi.get(500)?.body.nomeServizio).toBe('Corso PEC')
  })

  it('an entry queued by an older build (no versioneBase) reads the current version first: last write wins, once', async () => {
    const { idLocale, api } = await servizioConfermato()
    modificaDaAltri(api, { dettagli: 'Cambiato dal desktop' })
    const rec = (await getRecord<ServizioDati>('servizio', idLocale))!
    const servizio = wireDaCampi({ ...campiDaDati(rec.data), nomeServizio: 'Vecchia app' }, { nomeServizio: '', idEnteServizio: 100, idSedeServizio: 7, data: '', durataServizio: '', tipoDiServizioPrenotato: [], sezioneQuestionarioCompilatoQ3: '{}' })
    await enqueue<ServizioModificaPayload>({ kind: KIND.servizioModifica, payload: { idLocale, idServizio: 500, servizio }, roleContext: role(), record: { tipo: 'servizio', idLocale, data: rec.data } })
    await runReplay(currentDb()!)
    expect(api.calls.slice(-2).map((c) => `${c.method} ${c.path}`)).toEqual(['GET campo/servizio/500?idProgramma=1&idProgetto=10&idEnte=100', 'PUT servizio/500'])
    expect(api.calls.at(-1)?.body).toMatchObject({ versione: 2, nomeServizio: 'Vecchia app' })
    expect(api.servizi.get(500)?.versione).toBe(3)
  })
})

describe('replay of a stale edit (409 V01)', () => {
  it('fields changed on one side only are merged and re-sent at once with the server version, nothing asked', async () => {
    const { idLocale, api } = await servizioConfermato()
    // tablet offline: name and duration; desktop online: the description
    await modificaServizio(idLocale, servizioInput({ nome: 'Corso SPID (tablet)' }, { '23': '2:15' }))
    modificaDaAltri(api, { dettagli: 'Descrizione dal desktop' })
    const report = await runReplay(currentDb()!)
    expect(report.sent).toBe(1)
    const puts = api.calls.filter((c) => c.method === 'PUT')
    expect(puts.map((c) => (c.body as { versione: number }).versione)).toEqual([1, 2])
    expect(puts[0]!.idempotencyKey).not.toBe(puts[1]!.idempotencyKey)
    const server = api.servizi.get(500)!
    expect(server).toMatchObject({ versione: 3, body: { nomeServizio: 'Corso SPID (tablet)', durataServizio: '2:15' } })
    expect(q3Of(server.body)).toMatchObject({ '23': ['2:15'], '28': ['Descrizione dal desktop'] })
    expect(await listEntries()).toEqual([])
    const rec = await getRecord<ServizioDati>('servizio', idLocale)
    expect(rec).toMatchObject({ syncState: 'confermato', data: { versione: 3, nome: 'Corso SPID (tablet)', durataServizio: '2:15' } })
    expect(decodeSection(rec!.data.sezioneQ3Questionario).answers['28']).toEqual(['Descrizione dal desktop'])
  })

  it('the same field changed on both sides: In conflitto, dependents wait, the choice is sent with the server version', async () => {
    const { idLocale, api } = await servizioConfermato()
    await modificaServizio(idLocale, servizioInput({ nome: 'Nome dal tablet' }, { '23': '2:00' }))
    modificaDaAltri(api, { nome: 'Nome dal desktop', dettagli: 'Dettagli dal desktop' })
    await aggiungiCittadino(idLocale, { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true })
    await runReplay(currentDb()!)
    const [edit, addition] = await listEntries()
    expect(edit).toMatchObject({ status: 'conflict', lastError: { status: 409, errorCode: 'V01' } })
    expect(edit!.conflitto).toMatchObject({ versione: 2, modificatoIl: '2026-11-28T10:00:00.000Z', theirs: { nomeServizio: 'Nome dal desktop' }, mine: { nomeServizio: 'Nome dal tablet' } })
    expect(addition).toMatchObject({ kind: KIND.cittadinoAggiungi, status: 'pending' })
    expect(await counts()).toMatchObject({ conflict: 1, pending: 1 })
    expect((await getRecord('servizio', idLocale))?.syncState).toBe('attenzione')
    // a second run asks nothing more and sends nothing
    const before = api.calls.length
    await runReplay(currentDb()!)
    expect(api.calls.length).toBe(before)

    const c = edit!.conflitto!
    const esito = merge3(c.base, c.mine, c.theirs)
    expect(esito.conflitti.map((x) => x.percorso)).toEqual(['nomeServizio'])
    await resolveConflict(edit!.id, applicaScelte(esito, { nomeServizio: 'theirs' }))
    await runReplay(currentDb()!)
    expect(await listEntries()).toEqual([])
    const server = api.servizi.get(500)!
    expect(server.body).toMatchObject({ nomeServizio: 'Nome dal desktop', durataServizio: '2:00' })
    expect(q3Of(server.body)['28']).toEqual(['Dettagli dal desktop'])
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: 'servizio/cittadino/500' })
    expect((await getRecord<ServizioDati>('servizio', idLocale))?.data).toMatchObject({ nome: 'Nome dal desktop', versione: 3 })
  })

  it('a delete of a service changed meanwhile asks again; confirmed, it is sent with the new version', async () => {
    const { idLocale, api } = await servizioConfermato()
    await eliminaServizio(idLocale)
    modificaDaAltri(api, { dettagli: 'Cambiato' })
    await runReplay(currentDb()!)
    const [e] = await listEntries()
    expect(e).toMatchObject({ kind: KIND.servizioElimina, status: 'conflict', conflitto: { versione: 2 } })
    await resolveConflict(e!.id, {})
    await runReplay(currentDb()!)
    expect(api.calls.at(-1)).toMatchObject({ method: 'DELETE', path: 'servizio/500', body: { versione: 2 } })
    expect(api.servizi.has(500)).toBe(false)
    expect(await listEntries()).toEqual([])
  })
})

describe('merge fields of a service', () => {
  it('the card, the wire body and the copy give the same fields; Q3 answers 22–24 are the service fields, not twice', () => {
    const w = { nomeServizio: 'A', idEnteServizio: 100, idSedeServizio: 7, data: '2025-03-12', durataServizio: '1:00', tipoDiServizioPrenotato: ['X'],
      sezioneQuestionarioCompilatoQ3: encodeSection({ ...sectionHeader('Q3'), answers: { '22': '2025-03-12', '23': '1:00', '24': ['X'], '28': 'd' } }) }
    const campi = campiDaWire(w)
    expect(campi).toEqual({ nomeServizio: 'A', idEnteServizio: 100, idSedeServizio: 7, data: '2025-03-12', durataServizio: '1:00', tipoDiServizioPrenotato: ['X'], q3: { '28': ['d'] } })
    const back = wireDaCampi({ ...campi, durataServizio: '2:00' }, w)
    expect(decodeSection(back.sezioneQuestionarioCompilatoQ3).answers).toMatchObject({ '23': ['2:00'], '28': ['d'] })
    const scheda = { dettaglioServizio: { nomeServizio: 'A', idEnte: 100, idSede: 7, dataServizio: '2025-03-12', durataServizio: '1:00', listaTipologiaServizio: [{ titolo: 'X' }],
      sezioneQ3compilato: w.sezioneQuestionarioCompilatoQ3, dataOraAggiornamento: '2026-11-28T10:00:00.000Z', versione: 4 } }
    expect(campiDaScheda(scheda)).toEqual({ campi, versione: 4, modificatoIl: '2026-11-28T10:00:00.000Z' })
    expect(campiDaScheda({ errorCode: 'V01' })).toBeNull()
  })
})
