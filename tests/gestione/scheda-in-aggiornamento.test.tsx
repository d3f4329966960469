/**
 * Issue 24 point 21: a project card shown from a copy (restored from the device, or read before a write that
 * changed its state, such as adding its first facilitator) while the fresh one is read says so — 'Dati
 * salvati il … — aggiornamento in corso' — instead of passing an old state (NON ATTIVO) for the current one;
 * the write invalidates the card, and the fresh state replaces the notice.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { useParams, useSearch } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import type { SchedaProgetto } from '../../src/api/contract/gestione'
import { renderRoutes } from '../liste/helpers'
import { sessionOf } from '../servizi/helpers'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session, getSessionState: () => state.session }))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({
  ...(await importOriginal<object>()), useConnectivity: () => 'online', useNetworkAvailable: () => true,
}))
vi.mock('../../src/api/config', () => ({ loadAppConfig: async () => ({}), getAppConfig: () => ({ apiBaseUrl: '/api' }) }))
vi.mock('../../src/api/client', () => ({
  apiPost: vi.fn(),
  api: vi.fn(() => ({ json: async () => ({ id: 1 }) })),
  toApiCallError: (e: unknown) => e,
  ApiCallError: class extends Error {},
}))

import { apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { formatRomeDateTime } from '../../src/lib/dates'
import { schedaProgettoQuery } from '../../src/features/programmi/api'
import { tabProgetto } from '../../src/features/programmi/tabs'
import { ProgettoDetailPage } from '../../src/features/programmi/progetti/ProgettoDetailPage'
import { associaFacilitatore } from '../../src/features/sedi/api'

function progetto(stato: SchedaProgetto['dettaglioProgetto']['stato'], facilitatori: SchedaProgetto['sedi'][number]['facilitatori']): SchedaProgetto {
  return {
    dettaglioProgetto: {
      id: 30, nome: 'Roma Digitale', nomeBreve: 'Roma', idProgramma: 12, nomeProgramma: 'Lazio Digitale', policy: 'RFD', cup: null, cupManipolato: false, stato,
      dataInizio: '2025-02-01', dataFine: '2026-12-31', dataOraProgettoAttivabile: null, dataOraAttivazione: null, dataOraTerminazione: null, obiettivi: null,
    },
    enteGestore: null,
    entiPartner: [{ id: 7, nome: 'Comune di Roma', stato: 'ATTIVO', referenti: [] }],
    sedi: [{ idSede: 3, nome: 'Biblioteca', idEnte: 7, nomeEnte: 'Comune di Roma', ruoloEnte: 'partner', stato: 'ATTIVO', facilitatori }],
    conteggi: { puntiFacilitazione: 1, utentiUnici: 0, servizi: 0, facilitatori: facilitatori.length },
  }
}
const PRIMA = progetto('NON ATTIVO', [])
const DOPO = progetto('ATTIVO', [{ idUtente: 4, nome: 'Sara', cognome: 'Romano', codiceRuolo: 'FAC', stato: 'ATTIVO' }])

function ProgettoRoute() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { tab } = useSearch({ strict: false }) as { tab?: string }
  return <ProgettoDetailPage id={id} tab={tabProgetto(tab)} />
}
const ROUTES = { '/area-amministrativa/progetti/$id/info': ProgettoRoute, '/altrove': () => <p>altrove</p> }

/** The card answer of the server, held until `release()`. */
function heldCard(answer: SchedaProgetto) {
  let release: () => void = () => undefined
  const gate = new Promise<void>((r) => {
    release = r
  })
  vi.mocked(apiPost).mockReset().mockImplementation(async (path: string) => {
    if (path !== 'progetto/30') throw new Error(`unexpected ${path}`)
    await gate
    return answer
  })
  return { release: () => act(() => release()) }
}

const stato = () => screen.getByTestId('progetto-detail').querySelector('h1')?.parentElement?.textContent ?? ''
const notice = () => screen.queryByTestId('dati-in-aggiornamento')

beforeEach(() => {
  queryClient.clear()
  state.session = sessionOf('DTD')
})

describe('project card shown from a copy while the fresh one is read (issue 24 point 21)', () => {
  it('restored from the device: "Dati salvati il … — aggiornamento in corso", then the fresh state', async () => {
    const savedAt = performance.timeOrigin - 3_600_000
    queryClient.setQueryData(schedaProgettoQuery('30').queryKey, PRIMA, { updatedAt: savedAt })
    const server = heldCard(DOPO)
    await renderRoutes('/area-amministrativa/progetti/30/info', ROUTES)
    expect(await screen.findByRole('heading', { level: 1, name: 'Roma Digitale' })).toBeTruthy()
    expect(notice()?.textContent).toBe(`Dati salvati il ${formatRomeDateTime(savedAt)} — aggiornamento in corso`)
    expect(notice()?.closest('[role="status"]')).toBeTruthy()
    await server.release()
    await waitFor(() => expect(notice()).toBeNull())
    expect(stato()).toContain('ATTIVO')
    expect(stato()).not.toContain('NON ATTIVO')
  })

  it('after adding the first facilitator: the card is invalidated and says it is being updated until the new state is in', async () => {
    let server = heldCard(PRIMA)
    const { router } = await renderRoutes('/area-amministrativa/progetti/30/info', ROUTES)
    await server.release()
    await waitFor(() => expect(stato()).toContain('NON ATTIVO'))
    expect(notice()).toBeNull()
    const readAt = queryClient.getQueryState(schedaProgettoQuery('30').queryKey)!.dataUpdatedAt

    // elsewhere, the first facilitator is added to one of its sites
    await act(() => router.history.push('/altrove'))
    await screen.findByText('altrove')
    server = heldCard(DOPO)
    await act(() => associaFacilitatore({ codiceFiscaleFacVol: 'RMNSRA92E51A944H', idProgettoFacVol: 30, idSedeFacVol: 3, idEnteFacVol: 7, tipoContratto: 'Dipendente' } as Parameters<typeof associaFacilitatore>[0]))
    expect(queryClient.getQueryState(schedaProgettoQuery('30').queryKey)?.isInvalidated).toBe(true)

    // back on the card: the copy is shown, saying it is being updated
    await act(() => router.history.push('/area-amministrativa/progetti/30/info'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Roma Digitale' })).toBeTruthy()
    expect(notice()?.textContent).toBe(`Dati del ${formatRomeDateTime(readAt)} — aggiornamento in corso`)
    await server.release()
    await waitFor(() => expect(notice()).toBeNull())
    expect(stato()).not.toContain('NON ATTIVO')
  })
})
