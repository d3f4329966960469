import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import { sessionOf } from '../servizi/helpers'
import { renderRoutes } from './helpers'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session, getSessionState: () => state.session }))
vi.mock('../../src/offline', () => ({ useConnectivity: () => 'online' }))
vi.mock('../../src/api/config', () => ({ loadAppConfig: async () => ({}), getAppConfig: () => ({ apiBaseUrl: '/api' }) }))
vi.mock('../../src/api/client', () => ({ apiPost: vi.fn(), api: { post: vi.fn() } }))

import { api, apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { EntiPage } from '../../src/features/enti/EntiPage'
import { ProgettiPage } from '../../src/features/programmi/progetti/ProgettiPage'
import { ProgrammiPage } from '../../src/features/programmi/ProgrammiPage'
import { UtentiPage } from '../../src/features/utenti/UtentiPage'

type Answer = (path: string, body: unknown) => unknown
let answer: Answer

const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent!.replace(/, ordina in modo (de)?crescente$/, ''))
const cells = (row: number) => within(within(screen.getByRole('table')).getAllByRole('row')[row + 1]!).getAllByRole('cell').map((c) => c.textContent)
const callsTo = (prefix: string) => vi.mocked(apiPost).mock.calls.filter(([p]) => String(p).startsWith(prefix))

async function chooseFilter(label: RegExp, option: string) {
  fireEvent.click(within(screen.getByTestId('list-filters')).getByRole('button', { name: label }))
  fireEvent.click(await screen.findByLabelText(option))
}

beforeEach(() => {
  queryClient.clear()
  vi.mocked(apiPost).mockReset().mockImplementation(async (path: string, body: unknown) => answer(path, body))
  vi.mocked(api.post).mockReset()
})

describe('Elenco programmi', () => {
  beforeEach(() => {
    state.session = sessionOf('DTD')
    answer = (path) => {
      if (path.startsWith('programma/all')) {
        return { programmi: [{ id: 12, nome: 'Lazio Digitale', nomeBreve: 'Lazio', codice: 'P-12', policy: 'RFD', nomeEnteGestore: 'Regione Lazio', stato: 'ATTIVO' }], numeroPagine: 2, numeroTotaleElementi: 9 }
      }
      if (path === 'programma/policies/dropdown') return ['RFD', 'SCD']
      if (path === 'programma/stati/dropdown') return ['ATTIVO', 'TERMINATO']
      throw new Error(`unexpected ${path}`)
    }
  })

  it('columns, row, Visualizza → info, wire body with filters and sort, CSV posted to programma/download and saved', async () => {
    await renderRoutes('/area-amministrativa/programmi', { '/area-amministrativa/programmi': ProgrammiPage })
    expect(screen.getByRole('heading', { level: 1, name: 'Elenco programmi' })).toBeTruthy()
    expect(await screen.findByText('9 programmi')).toBeTruthy()
    expect(headers()).toEqual(['Nome', 'ID', 'Intervento', 'Ente gestore', 'Stato', 'Azioni'])
    expect(cells(0)).toEqual(['Lazio Digitale', '12', 'RFD', 'Regione Lazio', 'ATTIVO', 'Visualizza'])
    expect(screen.getByRole('link', { name: 'Visualizza Lazio Digitale' }).getAttribute('href')).toBe('/area-amministrativa/programmi/12/info')
    expect(callsTo('programma/all')[0]).toEqual([
      'programma/all?currPage=0&pageSize=8',
      { idProgramma: null, idProgetto: null, idEnte: null, filtroRequest: null, ordinamento: { campo: 'nome', verso: 'asc' } },
      expect.anything(),
      expect.objectContaining({ silent: true }),
    ])
    await chooseFilter(/^Intervento/, 'SCD')
    await chooseFilter(/^Stato/, 'TERMINATO')
    const search = screen.getByRole('searchbox', { name: 'Cerca programma' })
    fireEvent.change(search, { target: { value: 'P-12' } })
    fireEvent.submit(search.closest('form')!)
    fireEvent.click(screen.getByRole('button', { name: 'Ente gestore, ordina in modo crescente' }))
    const filtro = { filtroCriterioRicerca: 'P-12', filtroPolicies: ['SCD'], filtroStati: ['TERMINATO'] }
    await waitFor(() => expect(callsTo('programma/all').at(-1)![1]).toMatchObject({ filtroRequest: filtro, ordinamento: { campo: 'nomeEnteGestore', verso: 'asc' } }))

    const blob = new Blob(['\uFEFFNome;ID\r\n'], { type: 'text/csv;charset=utf-8' })
    vi.mocked(api.post).mockReturnValue({ blob: async () => blob } as never)
    const created: Blob[] = []
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:csv'))
    URL.revokeObjectURL = vi.fn()
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Scarica CSV' }))
    await waitFor(() => expect(clicks).toEqual(['programmi.csv']))
    expect(vi.mocked(api.post).mock.calls[0]![0]).toBe('programma/download')
    expect((vi.mocked(api.post).mock.calls[0]![1] as { json: unknown }).json).toMatchObject({ filtroRequest: filtro, ordinamento: { campo: 'nomeEnteGestore', verso: 'asc' } })
    expect(created).toEqual([blob])
    click.mockRestore()
  })

  it('no CSV button without list.dwnl.prgm', async () => {
    state.session = { ...sessionOf('DTD'), permessi: sessionOf('DTD').permessi.filter((p) => p !== 'list.dwnl.prgm') }
    await renderRoutes('/area-amministrativa/programmi', { '/area-amministrativa/programmi': ProgrammiPage })
    await screen.findByText('9 programmi')
    expect(screen.queryByRole('button', { name: 'Scarica CSV' })).toBeNull()
  })
})

describe('Elenco progetti', () => {
  it('columns, programme filter by id with the name on its chip, the profile ids in the body', async () => {
    state.session = sessionOf('REG')
    answer = (path) => {
      if (path.startsWith('progetto/all')) {
        return { progetti: [{ id: 42, nome: 'Roma Digitale', nomeBreve: 'Roma', idProgramma: 7, nomeProgramma: 'Lazio Digitale 2024', policy: 'RFD', nomeEnteGestore: null, stato: 'ATTIVABILE' }], numeroPagine: 1, numeroTotaleElementi: 1 }
      }
      if (path === 'progetto/programmi/dropdown') return [{ id: 7, nome: 'Lazio Digitale 2024' }]
      return []
    }
    await renderRoutes('/area-amministrativa/progetti', { '/area-amministrativa/progetti': ProgettiPage })
    expect(await screen.findByText('1 progetto')).toBeTruthy()
    expect(headers()).toEqual(['Nome', 'ID', 'Intervento', 'Ente gestore', 'Stato', 'Azioni'])
    expect(cells(0)).toEqual(['Roma Digitale', '42', 'RFD', '—', 'ATTIVABILE', 'Visualizza'])
    expect(screen.getByRole('link', { name: 'Visualizza Roma Digitale' }).getAttribute('href')).toBe('/area-amministrativa/progetti/42/info')
    expect(callsTo('progetto/all')[0]![1]).toMatchObject({ idProgramma: 7, idProgetto: null, idEnte: 3 })
    await chooseFilter(/^Programma/, 'Lazio Digitale 2024')
    await waitFor(() => expect(callsTo('progetto/all').at(-1)![1]).toMatchObject({ filtroRequest: { filtroIdsProgrammi: [7] } }))
    expect(screen.getByRole('button', { name: 'Rimuovi filtro Lazio Digitale 2024' })).toBeTruthy()
    const toggle = within(screen.getByTestId('list-filters')).getByRole('button', { name: /^Intervento/ })
    fireEvent.click(toggle)
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)!.textContent).toBe('Non ci sono opzioni per questo filtro')
  })
})

describe('Elenco enti', () => {
  it("columns Nome, ID, 'Tipologia ente', Profili; filters named as platform-backend §13; link to the body", async () => {
    state.session = sessionOf('DTD')
    answer = (path) => {
      if (path.startsWith('ente/all')) return { enti: [{ id: 3, nome: 'Comune di Roma', nomeBreve: 'Roma', tipologia: 'Comune', profilo: 'ENTE GESTORE DI PROGETTO, ENTE PARTNER' }], numeroPagine: 1, numeroTotaleElementi: 1 }
      if (path === 'ente/profili/dropdown') return ['ENTE GESTORE DI PROGETTO', 'ENTE PARTNER']
      if (path === 'ente/progetti/dropdown') return [{ id: 42, nome: 'Roma Digitale' }]
      return []
    }
    await renderRoutes('/area-amministrativa/enti', { '/area-amministrativa/enti': EntiPage })
    expect(await screen.findByText('1 ente')).toBeTruthy()
    expect(headers()).toEqual(['Nome', 'ID', 'Tipologia ente', 'Profili', 'Azioni'])
    expect(cells(0)).toEqual(['Comune di Roma', '3', 'Comune', 'ENTE GESTORE DI PROGETTO, ENTE PARTNER', 'Visualizza'])
    expect(screen.getByRole('link', { name: 'Visualizza Comune di Roma' }).getAttribute('href')).toBe('/area-amministrativa/enti/3')
    await chooseFilter(/^Profilo/, 'ENTE PARTNER')
    await chooseFilter(/^Progetto/, 'Roma Digitale')
    const search = screen.getByRole('searchbox', { name: 'Cerca ente' })
    fireEvent.change(search, { target: { value: '0123' } })
    fireEvent.submit(search.closest('form')!)
    await waitFor(() => expect(callsTo('ente/all').at(-1)![1]).toMatchObject({ filtroRequest: { criterioRicerca: '0123', profili: ['ENTE PARTNER'], idsProgetti: [42] } }))
  })
})

describe('Elenco utenti', () => {
  it("columns 'Cognome e Nome', ID, 'Stato Utente', Ruolo; the fiscal code is not shown; empty list", async () => {
    state.session = sessionOf('DTD')
    let rows = [{ id: 5, nome: 'Rossi Anna', codiceFiscale: 'RSSNNA80A41H501U', ruoli: 'FAC, REGP', stato: 'ATTIVO' }]
    answer = (path) => {
      if (path.startsWith('utente/all')) return { utenti: rows, numeroPagine: rows.length ? 1 : 0, numeroTotaleElementi: rows.length }
      if (path === 'utente/ruoli/dropdown') return ['FAC', 'REGP']
      return ['ATTIVO', 'NON ATTIVO']
    }
    await renderRoutes('/area-amministrativa/utenti', { '/area-amministrativa/utenti': UtentiPage })
    expect(await screen.findByText('1 utente')).toBeTruthy()
    expect(headers()).toEqual(['Cognome e Nome', 'ID', 'Stato Utente', 'Ruolo', 'Azioni'])
    expect(cells(0)).toEqual(['Rossi Anna', '5', 'ATTIVO', 'FAC, REGP', 'Visualizza'])
    expect(screen.queryByText('RSSNNA80A41H501U')).toBeNull()
    expect(screen.getByRole('link', { name: 'Visualizza Rossi Anna' }).getAttribute('href')).toBe('/area-amministrativa/utenti/5')
    rows = []
    await chooseFilter(/^Ruolo/, 'REGP')
    await waitFor(() => expect(callsTo('utente/all').at(-1)![1]).toMatchObject({ filtroRequest: { ruoli: ['REGP'] } }))
    expect(await screen.findByText('Questa sezione è vuota')).toBeTruthy()
  })
})
