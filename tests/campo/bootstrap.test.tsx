import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import type { CampoBootstrap } from '../../src/api/contract/campo'
import {
  aggiungiCittadino, compilaQuestionario, creaServizio, modificaServizio, refreshCampo, registraLinkInviati, startCampo, useCampoRiferimenti,
  useCittadiniServizioCampo, useQuestionarioCampo, useServiziCampo, useServizioCampo,
} from '../../src/features/campo'
import { setSyncFetcherForTests } from '../../src/features/campo/sync'
import { registerCampoHandlers } from '../../src/features/campo/handlers'
import { currentDb } from '../../src/offline/db'
import { getRecord, listRecords } from '../../src/offline/records'
import { runReplay } from '../../src/offline/replay'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { resetDbs, setupReplay } from '../offline/helpers'
import { FAC, VOL, bootstrap, fakeApi, login, pagina, servizioInput, storeRiferimenti, storeSnapshot } from './helpers'

const Q3 = encodeSection({ ...sectionHeader('Q3'), answers: { '22': '2025-02-01', '23': '2:00', '24': ['Formazione online'] } })
const Q1 = encodeSection({ ...sectionHeader('Q1'), answers: { '1': 'Codice fiscale disponibile ma non visualizzabile', '5': 'F' } })
const Q2 = encodeSection({ ...sectionHeader('Q2'), answers: { '20': 'Sì' } })
const Q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['TV'] } })

/** One server service (12, 'Laboratorio PEC') with one citizen (77) and its survey 'q-77'. */
function serverSnapshot(extra: Partial<CampoBootstrap['servizi'][number]> = {}): CampoBootstrap {
  return bootstrap({
    servizi: [{
      id: 12, idLocale: null, nome: 'Laboratorio PEC', data: '2025-02-01', durataServizio: '2:00', tipologiaServizio: ['Formazione online'], idEnte: 100,
      idSede: 8, nomeSede: 'Centro anziani', stato: 'ATTIVO', sezioneQ3Questionario: Q3, idQuestionarioTemplateSnapshot: 'tpl-1',
      dataOraAggiornamento: '2025-02-01T10:00:00.000Z', ...extra,
    }],
    cittadini: [{ idCittadino: 77, genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', tipoDocumento: null }],
    questionari: [{
      idQuestionarioCompilato: 'q-77', idServizio: 12, idCittadino: 77, idQuestionarioTemplate: 'tpl-1', statoQuestionario: 'NON_COMPILATA',
      dataOraAggiornamento: '2025-02-01T10:05:00.000Z', sezioneQ1Questionario: Q1, sezioneQ2Questionario: Q2, sezioneQ3Questionario: Q3, sezioneQ4Questionario: null,
    }],
  })
}

let unregister: () => void = () => undefined
beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
  await login(FAC)
  unregister = registerCampoHandlers()
})
afterEach(() => {
  unregister()
  setSyncFetcherForTests(null)
})

describe('whole sync on the device', () => {
  it('keeps the service\'s and the citizen\'s versione with their copies (issue 27 point 5)', async () => {
    const snap = serverSnapshot({ versione: 7 })
    snap.cittadini[0] = { ...snap.cittadini[0]!, versione: 3 }
    await storeSnapshot(snap, Date.now())
    expect(await getRecord('servizio', 'srv-12')).toMatchObject({ data: { versione: 7 } })
    expect(await getRecord('cittadino-servizio', 'srv-q-77')).toMatchObject({ data: { versioneCittadino: 3 } })
  })

  it('stores services, additions and reference data; server rows get srv- ids', async () => {
    await storeSnapshot(serverSnapshot(), Date.now())
    expect(await getRecord('servizio', 'srv-12')).toMatchObject({ idServer: 12, syncState: 'confermato', data: { nome: 'Laboratorio PEC', idProgetto: 10 } })
    expect(await getRecord('cittadino-servizio', 'srv-q-77')).toMatchObject({ idServer: 'q-77', data: { idServizioLocale: 'srv-12', idCittadino: 77, identificazione: 'CF' } })
  })

  it('maps the mask, the time added and the link expiry; a link sent from the device reads INVIATO at once (issue 8)', async () => {
    const snap = serverSnapshot()
    snap.cittadini[0]!.identificativoMascherato = 'RSS•••90••••••••'
    snap.questionari[0] = { ...snap.questionari[0]!, dataOraCreazione: '2025-02-01T10:01:00.000Z', scadenzaLink: null }
    await storeSnapshot(snap, Date.now())
    const cittadini = renderHook(() => useCittadiniServizioCampo('srv-12'))
    await waitFor(() => expect(cittadini.result.current?.[0]).toMatchObject({
      identificativoMascherato: 'RSS•••90••••••••', dataOraAggiunta: '2025-02-01T10:01:00.000Z', scadenzaLink: null, statoQuestionario: 'NON_COMPILATA',
    }))
    // 'Invia questionario' answered: INVIATO with the expiry, on the device, before any bootstrap
    await act(async () => {
      await registraLinkInviati([{ idQuestionario: 'q-77', scadenza: '2025-02-04T10:01:00.000Z' }, { idQuestionario: 'sconosciuto', scadenza: '2025-02-04T10:01:00.000Z' }])
    })
    await waitFor(() => expect(cittadini.result.current?.[0]).toMatchObject({ statoQuestionario: 'INVIATO', scadenzaLink: '2025-02-04T10:01:00.000Z', syncState: 'confermato' }))
    // the next bootstrap says the same (the server set INVIATO); an older copy without the fields reads null
    snap.questionari[0] = { ...snap.questionari[0]!, statoQuestionario: 'INVIATO', scadenzaLink: '2025-02-04T10:01:00.000Z' }
    await storeSnapshot(snap, Date.now())
    await waitFor(() => expect(cittadini.result.current?.[0]).toMatchObject({ statoQuestionario: 'INVIATO', scadenzaLink: '2025-02-04T10:01:00.000Z' }))
    // a compiled survey stays COMPILATA when a link is recorded late
    snap.questionari[0] = { ...snap.questionari[0]!, statoQuestionario: 'COMPILATA' }
    await storeSnapshot(snap, Date.now())
    await act(async () => {
      await registraLinkInviati([{ idQuestionario: 'q-77', scadenza: '2025-02-05T10:01:00.000Z' }])
    })
    await waitFor(() => expect(cittadini.result.current?.[0]).toMatchObject({ statoQuestionario: 'COMPILATA' }))
  })

  it('does not clobber a pending local edit; the edit survives until confirmed', async () => {
    await storeSnapshot(serverSnapshot(), Date.now())
    await modificaServizio('srv-12', servizioInput({ nome: 'Laboratorio PEC e SPID', idSede: 8 }))
    await storeSnapshot(serverSnapshot(), Date.now())
    expect(await getRecord('servizio', 'srv-12')).toMatchObject({ syncState: 'locale', data: { nome: 'Laboratorio PEC e SPID' } })
    // once confirmed, the next snapshot (with the server's new name) is taken
    setupReplay({ transport: fakeApi().transport })
    await runReplay(currentDb()!)
    await storeSnapshot(serverSnapshot({ nome: 'Laboratorio PEC e SPID (server)' }), Date.now())
    expect(await getRecord('servizio', 'srv-12')).toMatchObject({ syncState: 'confermato', data: { nome: 'Laboratorio PEC e SPID (server)' } })
  })

  it('maps server rows onto the local copies created on the device (no duplicates) and removes what the server deleted', async () => {
    await storeRiferimenti()
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false })
    setupReplay({ transport: fakeApi().transport })
    await runReplay(currentDb()!)
    const before = Date.now() + 1
    const snap = serverSnapshot()
    snap.servizi.push({ ...snap.servizi[0]!, id: 500, idLocale: s.idLocale, nome: 'Corso SPID', stato: 'ATTIVO' })
    snap.questionari.push({ ...snap.questionari[0]!, idQuestionarioCompilato: 'q-900', idServizio: 500, idCittadino: 900 })
    snap.cittadini.push({ ...snap.cittadini[0]!, idCittadino: 900 })
    await storeSnapshot(snap, before)
    expect((await listRecords('servizio')).map((r) => r.idLocale).sort()).toEqual([s.idLocale, 'srv-12'].sort())
    expect((await listRecords('cittadino-servizio')).map((r) => r.idLocale).sort()).toEqual([c.idLocale, 'srv-q-77'].sort())
    // service 12 deleted elsewhere: gone with its citizen at the next snapshot
    snap.servizi.shift()
    snap.questionari.shift()
    await storeSnapshot(snap, Date.now() + 1)
    expect((await listRecords('servizio')).map((r) => r.idLocale)).toEqual([s.idLocale])
    expect((await listRecords('cittadino-servizio')).map((r) => r.idLocale)).toEqual([c.idLocale])
  })

  it('a snapshot taken before a creation was confirmed does not remove it, nor bring back a service deleted here', async () => {
    await storeRiferimenti()
    await storeSnapshot(serverSnapshot(), Date.now())
    const startedAt = Date.now()
    const s = await creaServizio(servizioInput())
    setupReplay({ transport: fakeApi().transport })
    await runReplay(currentDb()!)
    expect(await getRecord('servizio', s.idLocale)).toMatchObject({ syncState: 'confermato', idServer: 500 })
    // the snapshot left before the confirmation: service 500 is not in it
    await storeSnapshot(serverSnapshot(), startedAt - 1)
    expect(await getRecord('servizio', s.idLocale)).toMatchObject({ idServer: 500 })
    // service 12 deleted on this device and confirmed; an older snapshot still lists it
    const { eliminaServizio } = await import('../../src/features/campo')
    await storeSnapshot(serverSnapshot({ stato: 'NON ATTIVO' }), Date.now())
    const snapNoCitizens = { ...serverSnapshot({ stato: 'NON ATTIVO' }), questionari: [], cittadini: [] }
    await storeSnapshot(snapNoCitizens, Date.now() + 1)
    await eliminaServizio('srv-12')
    await runReplay(currentDb()!)
    expect(await getRecord('servizio', 'srv-12')).toBeUndefined()
    await storeSnapshot(snapNoCitizens, startedAt)
    expect(await getRecord('servizio', 'srv-12')).toBeUndefined()
  })

  it('refreshCampo fetches the current FAC/VOL profile, silently ignores failures, and does nothing for other roles or offline', async () => {
    const fetcher = vi.fn(async (_p: unknown, _c: string | null) => pagina(serverSnapshot()))
    setSyncFetcherForTests(fetcher)
    await refreshCampo()
    expect(fetcher).toHaveBeenCalledWith({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100 }, null)
    expect(await getRecord('servizio', 'srv-12')).toBeDefined()
    fetcher.mockRejectedValueOnce(new Error('rete'))
    await expect(refreshCampo()).resolves.toBeUndefined()
    configureConnectivityForTests({ state: 'offline' })
    await refreshCampo()
    configureConnectivityForTests({ state: 'online' })
    await login({ ...FAC, codiceRuolo: 'DTD' })
    await refreshCampo()
    expect(fetcher).toHaveBeenCalledTimes(2)
  })

  it('startCampo registers the handlers and refreshes at start, on profile change and when the API is reachable again', async () => {
    unregister()
    const fetcher = vi.fn(async (p: { codiceRuolo: string }) => pagina({ ...serverSnapshot(), profilo: { ...serverSnapshot().profilo, codiceRuolo: p.codiceRuolo } }))
    setSyncFetcherForTests(fetcher)
    const stop = startCampo()
    try {
      await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1))
      await login(VOL)
      await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2))
      expect(fetcher.mock.calls[1]![0]).toMatchObject({ codiceRuolo: 'VOL', idProgetto: 20 })
      configureConnectivityForTests({ state: 'offline' })
      const { reportReachable } = await import('../../src/api/connectivity')
      reportReachable()
      await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(3))
    } finally {
      stop()
    }
  })
})

describe('live reads', () => {
  it('merge the bootstrap copy and local records, with sync state and the local status rules', async () => {
    await storeRiferimenti()
    await storeSnapshot(serverSnapshot(), Date.now())
    const servizi = renderHook(() => useServiziCampo())
    await waitFor(() => expect(servizi.result.current).toHaveLength(1))
    expect(servizi.result.current![0]).toMatchObject({ idLocale: 'srv-12', syncState: 'confermato', stato: 'ATTIVO' })

    let nuovo = ''
    await act(async () => {
      nuovo = (await creaServizio(servizioInput())).idLocale
    })
    await waitFor(() => expect(servizi.result.current).toHaveLength(2))
    // newest date first; not yet confirmed
    expect(servizi.result.current!.map((s) => [s.nome, s.stato, s.syncState])).toEqual([['Corso SPID', 'NON ATTIVO', 'locale'], ['Laboratorio PEC', 'ATTIVO', 'confermato']])

    const byServerId = renderHook(() => useServizioCampo('12'))
    await waitFor(() => expect(byServerId.result.current).toMatchObject({ idLocale: 'srv-12' }))
    const unknown = renderHook(() => useServizioCampo('sconosciuto'))
    await waitFor(() => expect(unknown.result.current).toBeNull())

    const uno = renderHook(() => useServizioCampo(nuovo))
    const cittadini = renderHook(() => useCittadiniServizioCampo(nuovo))
    await waitFor(() => expect(cittadini.result.current).toEqual([]))
    let add = ''
    await act(async () => {
      add = (await aggiungiCittadino(nuovo, { codiceFiscale: 'BNCMRC69S02H501X', titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: false })).idLocale
    })
    await waitFor(() => expect(cittadini.result.current).toHaveLength(1))
    // first citizen on the device: the service is ATTIVO
    await waitFor(() => expect(uno.result.current).toMatchObject({ stato: 'ATTIVO', syncState: 'locale' }))
    expect(cittadini.result.current![0]).toMatchObject({ statoQuestionario: 'NON_COMPILATA', syncState: 'locale', idQuestionario: null })

    const q = renderHook(() => useQuestionarioCampo(add))
    await waitFor(() => expect(q.result.current).toMatchObject({ statoQuestionario: 'NON_COMPILATA', sezioneQ4Questionario: null }))
    await act(async () => {
      await compilaQuestionario(add, Q4, { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' })
    })
    await waitFor(() => expect(q.result.current).toMatchObject({ statoQuestionario: 'COMPILATA', sezioneQ4Questionario: Q4, syncState: 'locale' }))
    await waitFor(() => expect(cittadini.result.current![0]).toMatchObject({ statoQuestionario: 'COMPILATA' }))

    // replayed: confirmed, reachable by the server idQuestionario too
    setupReplay({ transport: fakeApi().transport })
    await act(async () => {
      await runReplay(currentDb()!)
    })
    await waitFor(() => expect(q.result.current).toMatchObject({ syncState: 'confermato', idQuestionario: 'q-900' }))
    const byQ = renderHook(() => useQuestionarioCampo('q-900'))
    await waitFor(() => expect(byQ.result.current).toMatchObject({ idCittadinoServizioLocale: add }))
    const server = renderHook(() => useQuestionarioCampo('q-77'))
    await waitFor(() => expect(server.result.current).toMatchObject({ idCittadinoServizioLocale: 'srv-q-77', sezioneQ1Questionario: Q1 }))
  })

  it('order the services of one date stably: not yet sent first, then the newest on the server, across bootstraps', async () => {
    await storeRiferimenti()
    const snap = serverSnapshot()
    const stesso = snap.servizi[0]!
    snap.servizi = [9, 30, 12].map((id) => ({ ...stesso, id, nome: `Servizio ${id}` }))
    snap.questionari = []
    await storeSnapshot(snap, Date.now())
    const servizi = renderHook(() => useServiziCampo())
    // same date and the same refresh timestamp: the device's key order (srv-12, srv-30, srv-9) must not decide
    await waitFor(() => expect(servizi.result.current?.map((s) => s.nome)).toEqual(['Servizio 30', 'Servizio 12', 'Servizio 9']))
    await act(async () => {
      await creaServizio(servizioInput({ nome: 'Nuovo sul dispositivo' }, { '22': stesso.data }))
    })
    await waitFor(() => expect(servizi.result.current?.map((s) => s.nome)).toEqual(['Nuovo sul dispositivo', 'Servizio 30', 'Servizio 12', 'Servizio 9']))
    await act(async () => {
      await storeSnapshot(snap, Date.now())
    })
    await waitFor(() => expect(servizi.result.current?.map((s) => s.nome)).toEqual(['Nuovo sul dispositivo', 'Servizio 30', 'Servizio 12', 'Servizio 9']))
  })

  it("show only the current profile's services and its reference data", async () => {
    await storeSnapshot(serverSnapshot(), Date.now())
    const rif = renderHook(() => useCampoRiferimenti())
    await waitFor(() => expect(rif.result.current).toMatchObject({ progetto: { dataInizio: '2025-01-01' }, sedi: [{ id: 7 }, { id: 8 }] }))
    await act(async () => {
      await login(VOL)
    })
    const servizi = renderHook(() => useServiziCampo())
    await waitFor(() => expect(servizi.result.current).toEqual([]))
    await waitFor(() => expect(rif.result.current).toBeNull())
  })
})
