/**
 * What the facilitator sees of the field sync (issue 25 point 2): the progress of a long whole sync, and a
 * service outside the window fetched on demand and kept on the device.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))
const api = vi.hoisted(() => ({ get: vi.fn() }))
vi.mock('../../src/api/client', async (orig) => ({ ...(await orig<typeof import('../../src/api/client')>()), apiGet: api.get }))

import type { CampoSyncPagina } from '../../src/api/contract/campo'
import { ApiCallError } from '../../src/api/client'
import { AllineamentoCampo, refreshCampo, useServizioCampo, useServizioSuRichiesta } from '../../src/features/campo'
import { setSyncFetcherForTests } from '../../src/features/campo/sync'
import { getRecord } from '../../src/offline/records'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { resetDbs } from '../offline/helpers'
import { FAC, bootstrap, login, pagina } from './helpers'

const SERVIZIO = {
  id: 3, idLocale: null, nome: 'Corso del 2023', data: '2023-05-01', durataServizio: '1:00', tipologiaServizio: ['Formazione online'], idEnte: 100,
  idSede: 7, nomeSede: 'Biblioteca civica', stato: 'ATTIVO' as const, sezioneQ3Questionario: '{}', idQuestionarioTemplateSnapshot: 'tpl-1',
  dataOraAggiornamento: '2023-05-01T10:00:00.000Z',
}

beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'online' })
  await login(FAC)
  api.get.mockReset()
})
afterEach(() => setSyncFetcherForTests(null))

describe('progress of a long first sync', () => {
  it('shows records received of the total with a progress bar while pages come, then goes quiet', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    const page = (k: number): CampoSyncPagina => pagina(bootstrap(), { completo: k === 3, cursore: `p${k + 1}`, avanzamento: { inviati: 3_200 * k, totale: 18_676 } })
    setSyncFetcherForTests(async (_p, cursore) => {
      if (cursore === 'p3') await held
      return page(cursore === null ? 1 : Number(cursore.slice(1)))
    })
    render(<AllineamentoCampo />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    expect(screen.queryByRole('progressbar')).toBeNull()
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = refreshCampo()
    })
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('6400'))
    const bar = screen.getByRole('progressbar')
    expect(bar.getAttribute('aria-valuemax')).toBe('18676')
    expect(bar.getAttribute('aria-valuetext')).toBe('6.400 di 18.676 record')
    // the live region holds the sentence only (announced at the start, not at every page)
    expect(status.textContent).toBe('Primo allineamento in corso')
    expect(screen.getByTestId('allineamento-campo').textContent).toContain('Primo allineamento in corso: 6.400 di 18.676 record')
    await act(async () => {
      release()
      await done
    })
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(status.textContent).toBe('')
  })
})

describe('a service outside the window', () => {
  it('opened online is fetched with the profile, stored, and read from the device', async () => {
    api.get.mockResolvedValue({ servizio: SERVIZIO, cittadini: [], questionari: [] })
    const { result } = renderHook(() => {
      const s = useServizioCampo('3')
      return { s, remoto: useServizioSuRichiesta('3', s === null, true) }
    })
    await waitFor(() => expect(result.current.s).toMatchObject({ idLocale: 'srv-3', nome: 'Corso del 2023' }))
    expect(api.get).toHaveBeenCalledTimes(1)
    expect(api.get.mock.calls[0]![0]).toBe('campo/servizio/3')
    expect(api.get.mock.calls[0]![2]).toMatchObject({ headers: { userRole: 'FAC' }, searchParams: { idProgramma: 1, idProgetto: 10, idEnte: 100 } })
    expect(await getRecord('servizio', 'srv-3')).toMatchObject({ syncState: 'confermato' })
  })

  it('opened by its device id after the sync dropped it (created here, dated before the window): fetched by that id', async () => {
    const idLocale = '4f9c2a51-7d3e-4c1b-9a2f-0e6d5b8c7a13'
    api.get.mockResolvedValue({ servizio: { ...SERVIZIO, idLocale }, cittadini: [], questionari: [] })
    const { result } = renderHook(() => {
      const s = useServizioCampo(idLocale)
      return { s, remoto: useServizioSuRichiesta(idLocale, s === null, true) }
    })
    await waitFor(() => expect(result.current.s).toMatchObject({ idLocale, nome: 'Corso del 2023' }))
    expect(api.get.mock.calls[0]![0]).toBe(`campo/servizio/${idLocale}`)
  })

  it('unknown to the server: not found; offline: not asked', async () => {
    api.get.mockRejectedValue(new ApiCallError(404, 'S09', 'Servizio non trovato', 'http'))
    const offline = renderHook(() => useServizioSuRichiesta('4', true, false))
    expect(offline.result.current.stato).toBe('no')
    const online = renderHook(() => useServizioSuRichiesta('4', true, true))
    await waitFor(() => expect(online.result.current.stato).toBe('non-trovato'))
    expect(api.get).toHaveBeenCalledTimes(1)
  })
})
