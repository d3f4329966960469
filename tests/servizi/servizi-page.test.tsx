import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import type { ServizioLocale } from '../../src/features/campo/types'
import { servizio } from './fixtures'
import { renderAt, sessionOf } from './helpers'

const state = vi.hoisted(() => ({
  session: null as unknown as SessionState,
  servizi: undefined as ServizioLocale[] | undefined,
  connectivity: 'online' as 'online' | 'offline' | 'unknown',
  archivio: null as unknown as (prima: string, cursore: string | null) => Promise<unknown>,
}))

vi.mock('../../src/auth/session', () => ({
  useSession: () => state.session,
  getSessionState: () => state.session,
}))
vi.mock('../../src/offline', () => ({ useConnectivity: () => state.connectivity }))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({ ...(await importOriginal<object>()), useConnectivity: () => state.connectivity, useNetworkAvailable: () => true }))
vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  useServiziCampo: () => state.servizi,
  AllineamentoCampo: () => null,
  useFinestraCampo: () => ({ dal: '2025-01-01', giorni: 90 }),
  fetchArchivioCampo: (prima: string, cursore: string | null) => state.archivio(prima, cursore),
  SyncChip: ({ state: s }: { state: string }) => (s === 'confermato' ? null : <span>DA SINCRONIZZARE</span>),
}))
vi.mock('../../src/api/client', () => ({ apiPost: vi.fn(), api: { post: vi.fn() } }))

import { apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { ServiziPage } from '../../src/features/servizi/list/ServiziPage'

const renderList = () => renderAt('/area-amministrativa/servizi', { '/area-amministrativa/servizi': ServiziPage })

function tenServices(): ServizioLocale[] {
  return Array.from({ length: 10 }, (_, i) =>
    servizio({
      idLocale: `loc-${i}`,
      idServer: i === 9 ? null : 200 + i,
      nome: i === 3 ? 'Corso SPID' : `Servizio ${i}`,
      data: `2025-03-${String(10 + i).padStart(2, '0')}`,
      stato: i % 2 === 0 ? 'ATTIVO' : 'NON ATTIVO',
      tipologiaServizio: i === 4 ? ['Formazione online'] : ['Facilitazione individuale'],
      syncState: i === 9 ? 'locale' : 'confermato',
    }),
  )
}

const rowNames = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)

describe('Elenco servizi — facilitator (device data)', () => {
  beforeEach(() => {
    state.session = sessionOf('FAC')
    state.servizi = tenServices()
    state.connectivity = 'online'
  })

  it('title, CTA, 8 rows per page newest first, unsent row with its chip and no ID', async () => {
    await renderList()
    expect(screen.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Crea servizio' }).getAttribute('href')).toBe('/area-amministrativa/servizi/crea')
    expect(rowNames()).toHaveLength(8)
    expect(rowNames()[0]).toContain('Servizio 9')
    expect(rowNames()[0]).toContain('DA SINCRONIZZARE')
    expect(within(screen.getByRole('link', { name: 'Servizio 9' })).getByText('Servizio 9').closest('a')!.getAttribute('href')).toBe('/area-amministrativa/servizi/loc-9/info')
    expect(screen.getByRole('link', { name: 'Servizio 8' }).getAttribute('href')).toBe('/area-amministrativa/servizi/208/info')
    expect(screen.getByText('10 servizi')).toBeTruthy()
    expect(screen.getByTestId('non-attivo-spiegazione').textContent).toBe('NON ATTIVO: il servizio non ha ancora cittadini e diventa attivo con il primo cittadino aggiunto.')
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }))
    expect(rowNames()).toEqual(['Servizio 1', 'Servizio 0'])
  })

  it('search by name or id, filters with chips', async () => {
    await renderList()
    const search = screen.getByLabelText('Cerca servizio')
    fireEvent.change(search, { target: { value: 'spid' } })
    fireEvent.submit(search.closest('form')!)
    expect(rowNames()).toEqual(['Corso SPID'])
    fireEvent.change(search, { target: { value: '205' } })
    fireEvent.submit(search.closest('form')!)
    expect(rowNames()).toEqual(['Servizio 5'])
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro Ricerca: 205' }))
    fireEvent.click(screen.getByRole('button', { name: /Tipo di servizio prenotato/ }))
    fireEvent.click(screen.getByLabelText('Formazione online'))
    expect(rowNames()).toEqual(['Servizio 4'])
    fireEvent.click(screen.getByRole('button', { name: /^Stato/ }))
    fireEvent.click(screen.getByLabelText('NON ATTIVO'))
    expect(screen.getByText('Questa sezione è vuota')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancella filtri' }))
    expect(rowNames()).toHaveLength(8)
  })

  it('the list state lives in the URL: a shared link restores search, filter and page (device data, offline too)', async () => {
    state.connectivity = 'offline'
    const { router } = await renderAt('/area-amministrativa/servizi?cerca=servizio&stato=%5B%22ATTIVO%22%5D', { '/area-amministrativa/servizi': ServiziPage })
    expect(rowNames()).toEqual(['Servizio 8', 'Servizio 6', 'Servizio 4', 'Servizio 2', 'Servizio 0'])
    expect(screen.getByRole('button', { name: 'Rimuovi filtro ATTIVO' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro ATTIVO' }))
    await waitFor(() => expect(rowNames()).toHaveLength(8))
    expect(router.state.location.search).toEqual({ cerca: 'servizio' })
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ cerca: 'servizio', pagina: 2 }))
    expect(rowNames()).toEqual(['Servizio 0'])
  })

  it('CSV: disabled offline with the reason', async () => {
    state.connectivity = 'offline'
    await renderList()
    const btn = screen.getByRole('button', { name: 'Scarica CSV' }) as HTMLButtonElement
    // aria-disabled: still focusable, so a screen reader reaches it and hears the reason
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(btn.getAttribute('aria-describedby')!)!.textContent).toBe('Sei offline: per scaricare il file CSV serve la connessione.')
  })

  it("the field window: says what the device holds and reads 'Servizi precedenti' online, 50 at a time, each opening its detail (issue 25)", async () => {
    const older = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ ...servizio({ idServer: from - i, nome: `Vecchio ${from - i}`, data: '2024-06-01' }), id: from - i }))
    state.archivio = vi.fn(async (_prima: string, cursore: string | null) => (cursore === null ? { servizi: older(100, 2), cursore: 'pag-2' } : { servizi: older(50, 1), cursore: null }))
    await renderList()
    expect(screen.getByTestId('nota-finestra').textContent).toBe('Sul dispositivo: servizi degli ultimi 90 giorni e quelli con questionari aperti.')
    const toggle = screen.getByRole('button', { name: 'Servizi precedenti' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(state.archivio).not.toHaveBeenCalled()
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(screen.getByRole('link', { name: 'Vecchio 100' }).getAttribute('href')).toBe('/area-amministrativa/servizi/100/info'))
    expect(state.archivio).toHaveBeenCalledWith('2025-01-01', null)
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri servizi precedenti' }))
    await waitFor(() => expect(screen.getByRole('link', { name: 'Vecchio 50' })).toBeTruthy())
    expect(state.archivio).toHaveBeenLastCalledWith('2025-01-01', 'pag-2')
    expect(within(screen.getByTestId('servizi-precedenti-lista')).getAllByRole('link').map((a) => a.textContent)).toEqual(['Vecchio 100', 'Vecchio 99', 'Vecchio 50'])
    expect(screen.queryByRole('button', { name: 'Mostra altri servizi precedenti' })).toBeNull()
  })

  it("offline, 'Servizi precedenti' says it needs the network and reads nothing", async () => {
    state.connectivity = 'offline'
    state.archivio = vi.fn()
    await renderList()
    expect(screen.queryByTestId('nota-finestra')).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Servizi precedenti' })
    expect(toggle.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe('Sei offline: per vedere i servizi precedenti serve la connessione a internet.')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(state.archivio).not.toHaveBeenCalled()
  })
})

describe('Elenco servizi — manager (online)', () => {
  beforeEach(() => {
    queryClient.clear()
    state.session = sessionOf('REGP')
    vi.mocked(apiPost).mockReset()
    vi.mocked(apiPost).mockImplementation(async (path: string) => {
      if (path.startsWith('servizio/all')) {
        return {
          servizi: [{ id: 31, idLocale: null, nome: 'Laboratorio', tipologiaServizio: ['Facilitazione di gruppo'], data: '2025-02-01', durataServizio: '2:00', nomeSede: 'Centro', facilitatore: 'ROSSI Anna', stato: 'ATTIVO', dataOraAggiornamento: '2025-02-01T10:00:00Z' }],
          numeroPagine: 3,
          numeroTotaleElementi: 17,
        }
      }
      if (path.includes('tipologiaServizio')) return ['Facilitazione di gruppo', 'Altro']
      return ['ATTIVO']
    })
  })

  it('reads servizio/all with the profile ids and filters; no CTA', async () => {
    await renderList()
    expect(await screen.findByRole('link', { name: 'Laboratorio' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Crea servizio' })).toBeNull()
    expect(screen.getByText('17 servizi')).toBeTruthy()
    const [path, body] = vi.mocked(apiPost).mock.calls.find(([p]) => String(p).startsWith('servizio/all'))!
    expect(path).toBe('servizio/all?currPage=0&pageSize=8')
    expect(body).toEqual({ idProgramma: 7, idProgetto: 42, idEnte: 3, filtroRequest: {} })
    fireEvent.click(screen.getByRole('button', { name: /Tipo di servizio prenotato/ }))
    fireEvent.click(await screen.findByLabelText('Altro'))
    await waitFor(() =>
      expect(vi.mocked(apiPost).mock.calls.some(([p, b]) => String(p) === 'servizio/all?currPage=0&pageSize=8' && JSON.stringify((b as { filtroRequest: unknown }).filtroRequest) === '{"tipologiaServizio":["Altro"]}')).toBe(true),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }))
    await waitFor(() => expect(vi.mocked(apiPost).mock.calls.some(([p]) => String(p) === 'servizio/all?currPage=2&pageSize=8')).toBe(true))
  })
})

describe('Elenco servizi — no active profile', () => {
  beforeEach(() => {
    state.servizi = tenServices()
    state.connectivity = 'online'
  })

  it("the facilitator's profile ended (project terminated): the device's services, read-only, never an endless loading", async () => {
    const fac = sessionOf('FAC')
    state.session = { ...fac, profilo: null, permessi: [], profiloNonAttivo: fac.profilo }
    await renderList()
    expect(screen.getByTestId('servizi-notice').textContent).toContain('Sola consultazione')
    expect(screen.queryByText('Caricamento in corso…')).toBeNull()
    expect(rowNames()).toHaveLength(8)
    expect(screen.queryByRole('link', { name: 'Crea servizio' })).toBeNull()
  })

  it('no profile at all: says to choose one instead of loading forever', async () => {
    const fac = sessionOf('FAC')
    state.session = { ...fac, profilo: null, permessi: [], profiloNonAttivo: null }
    await renderList()
    expect(screen.getByTestId('servizi-notice').textContent).toContain('Nessun profilo attivo')
    expect(screen.queryByText('Caricamento in corso…')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
