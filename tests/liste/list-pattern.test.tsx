import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const state = vi.hoisted(() => ({ connectivity: 'online' as 'online' | 'offline' }))
vi.mock('../../src/auth/session', () => ({
  useSession: () => ({ status: 'authenticated', profilo: { codiceRuolo: 'DTD' }, permessi: [] }),
  getSessionState: () => ({ status: 'authenticated', profilo: { codiceRuolo: 'DTD' }, permessi: [] }),
}))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({ ...(await importOriginal<object>()), useConnectivity: () => state.connectivity, useNetworkAvailable: () => state.connectivity === 'online' }))

import { QueryProvider, queryClient } from '../../src/api/query'
import type { ListState } from '../../src/ui/list/list-state'
import { ServerList, type ListDefinition } from '../../src/ui/list/ServerList'
import { phoneWidth, renderRoutes } from './helpers'

interface Riga {
  id: number
  nome: string
  stato: string
}

const ROWS: Riga[] = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, nome: `Voce ${String(i + 1).padStart(2, '0')}`, stato: i % 2 ? 'ATTIVO' : 'TERMINATO' }))

const fetchPage = vi.fn<(s: ListState) => Promise<{ rows: Riga[]; total: number; totalPages: number }>>()
const download = vi.fn<(s: ListState) => Promise<void>>()

function definition(): ListDefinition<Riga> {
  return {
    caption: 'Elenco voci',
    columns: [
      { key: 'nome', header: 'Nome', sortKey: 'nome', cell: (r) => r.nome },
      { key: 'id', header: 'ID', sortKey: 'id', cell: (r) => r.id },
      { key: 'stato', header: 'Stato', cell: (r) => r.stato },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => r.nome,
    actions: (r) => [{ label: 'Visualizza', name: `Visualizza ${r.nome}`, to: `/voci/${r.id}` }],
    search: { label: 'Cerca voce', placeholder: "Inserisci l'ID o il nome" },
    filters: [
      { key: 'stato', label: 'Stato', optionsKey: ['t', 'stati'], loadOptions: async () => [{ label: 'ATTIVO', value: 'ATTIVO' }, { label: 'TERMINATO', value: 'TERMINATO' }] },
      { key: 'programma', label: 'Programma', optionsKey: ['t', 'programmi'], loadOptions: async () => [{ label: 'Lazio Digitale', value: '7' }] },
      { key: 'vuoto', label: 'Vuoto', optionsKey: ['t', 'vuoto'], loadOptions: async () => [] },
    ],
    defaultSort: { campo: 'nome', verso: 'asc' },
    queryKey: ['test-voci'],
    fetchPage: (s) => fetchPage(s),
    countLabel: (n) => `${n} voci`,
    errorMessage: 'Non è stato possibile caricare le voci.',
    download: (s) => download(s),
  }
}

/** The fake server: filters on stato, search on name, sort by nome/id, 8 per page. */
async function server(s: ListState) {
  let rows = ROWS.filter((r) => (s.filters.stato?.length ? s.filters.stato.includes(r.stato) : true)).filter((r) => r.nome.includes(s.q))
  const dir = s.sort?.verso === 'desc' ? -1 : 1
  rows = [...rows].sort((a, b) => (s.sort?.campo === 'id' ? a.id - b.id : a.nome.localeCompare(b.nome)) * dir)
  return { rows: rows.slice((s.page - 1) * 8, s.page * 8), total: rows.length, totalPages: Math.ceil(rows.length / 8) }
}

function Lista() {
  return (
    <QueryProvider>
      <ServerList definition={definition()} />
    </QueryProvider>
  )
}

const render = (path = '/voci') => renderRoutes(path, { '/voci': Lista, '/voci/$id': () => <p data-testid="marker">dettaglio</p> })
const names = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)
const lastState = () => fetchPage.mock.calls.at(-1)![0]

describe('list pattern (ServerList)', () => {
  beforeEach(() => {
    queryClient.clear()
    state.connectivity = 'online'
    fetchPage.mockReset().mockImplementation(server)
    download.mockReset().mockResolvedValue(undefined)
  })

  it('first page is 1 with 8 rows, the count, sortable headers, row actions; paging moves through the URL', async () => {
    const { router } = await render()
    expect(await screen.findByText('20 voci')).toBeTruthy()
    expect(names()).toEqual(ROWS.slice(0, 8).map((r) => r.nome))
    expect(lastState()).toEqual({ page: 1, q: '', filters: { stato: [], programma: [], vuoto: [] }, sort: { campo: 'nome', verso: 'asc' } })
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader')
    expect(headers.map((h) => h.textContent)).toEqual(['Nome, ordina in modo decrescente', 'ID, ordina in modo crescente', 'Stato', 'Azioni'])
    expect(headers[0]!.getAttribute('aria-sort')).toBe('ascending')
    expect(headers[1]!.getAttribute('aria-sort')).toBeNull()
    expect(screen.getByRole('link', { name: 'Visualizza Voce 01' }).getAttribute('href')).toBe('/voci/1')
    expect(screen.getByRole('button', { name: 'Pagina 1' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 3' }))
    await waitFor(() => expect(names()).toEqual(['Voce 17', 'Voce 18', 'Voce 19', 'Voce 20']))
    expect(router.state.location.search).toEqual({ pagina: 3 })
  })

  it('sort: a header click sorts ascending, a second one descending (aria-sort), back to page 1', async () => {
    const { router } = await render('/voci?pagina=2')
    await screen.findByText('20 voci')
    fireEvent.click(screen.getByRole('button', { name: 'ID, ordina in modo crescente' }))
    await waitFor(() => expect(lastState().sort).toEqual({ campo: 'id', verso: 'asc' }))
    expect(lastState().page).toBe(1)
    const idHeader = () => within(screen.getByRole('table')).getAllByRole('columnheader')[1]!
    await waitFor(() => expect(idHeader().getAttribute('aria-sort')).toBe('ascending'))
    fireEvent.click(screen.getByRole('button', { name: 'ID, ordina in modo decrescente' }))
    await waitFor(() => expect(names()[0]).toBe('Voce 20'))
    expect(idHeader().getAttribute('aria-sort')).toBe('descending')
    expect(router.state.location.search).toEqual({ ordina: 'id:desc' })
  })

  it("filters: dropdown options, chips labelled with the option's label, removal, 'Cancella filtri', no options message", async () => {
    const { router } = await render()
    await screen.findByText('20 voci')
    fireEvent.click(screen.getByRole('button', { name: /^Vuoto/ }))
    expect(screen.getByText('Non ci sono opzioni per questo filtro')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /^Stato/ }))
    fireEvent.click(await screen.findByLabelText('ATTIVO'))
    await screen.findByText('10 voci')
    expect(lastState().filters.stato).toEqual(['ATTIVO'])
    fireEvent.click(screen.getByRole('button', { name: /^Programma/ }))
    fireEvent.click(await screen.findByLabelText('Lazio Digitale'))
    await waitFor(() => expect(lastState().filters.programma).toEqual(['7']))
    const chips = within(screen.getByRole('list', { name: 'Filtri attivi' }))
    expect(chips.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ATTIVORimuovi filtro ATTIVO', 'Lazio DigitaleRimuovi filtro Lazio Digitale'])
    expect(router.state.location.search).toEqual({ stato: ['ATTIVO'], programma: ['7'] })
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro ATTIVO' }))
    await screen.findByText('20 voci')
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro Lazio Digitale' }))
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Filtri attivi' })).toBeNull())
    expect(router.state.location.search).toEqual({})
  })

  it("search: applies the text, shows its chip, goes back to page 1; nothing found reads 'Questa sezione è vuota'", async () => {
    await render('/voci?pagina=2')
    await screen.findByText('20 voci')
    const box = screen.getByRole('searchbox', { name: 'Cerca voce' })
    fireEvent.change(box, { target: { value: 'Voce 1' } })
    fireEvent.submit(box.closest('form')!)
    await screen.findByText('10 voci')
    expect(lastState()).toMatchObject({ q: 'Voce 1', page: 1 })
    expect(screen.getByRole('button', { name: 'Rimuovi filtro Ricerca: Voce 1' })).toBeTruthy()
    fireEvent.change(box, { target: { value: 'nessuna' } })
    fireEvent.submit(box.closest('form')!)
    expect(await screen.findByText('Questa sezione è vuota')).toBeTruthy()
    expect(screen.getByText('0 voci')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi filtro Ricerca: nessuna' }))
    await screen.findByText('20 voci')
  })

  it('URL round trip: a shared link opens the same list; back and forward restore it', async () => {
    const { router, history } = await render('/voci?pagina=2&cerca=Voce&stato=%5B%22TERMINATO%22%5D&ordina=id%3Adesc')
    await screen.findByText('10 voci')
    expect(lastState()).toEqual({ page: 2, q: 'Voce', filters: { stato: ['TERMINATO'], programma: [], vuoto: [] }, sort: { campo: 'id', verso: 'desc' } })
    expect(names()).toEqual(['Voce 03', 'Voce 01'])
    expect((screen.getByRole('searchbox', { name: 'Cerca voce' }) as HTMLInputElement).value).toBe('Voce')
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 1' }))
    await waitFor(() => expect(names()[0]).toBe('Voce 19'))
    act(() => history.back())
    await waitFor(() => expect(names()).toEqual(['Voce 03', 'Voce 01']))
    expect(router.state.location.search).toMatchObject({ pagina: 2 })
    act(() => history.forward())
    await waitFor(() => expect(names()[0]).toBe('Voce 19'))
  })

  it('CSV: the button runs the download with the current state', async () => {
    await render('/voci?stato=%5B%22ATTIVO%22%5D')
    await screen.findByText('10 voci')
    fireEvent.click(screen.getByRole('button', { name: 'Scarica CSV' }))
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1))
    expect(download.mock.calls[0]![0]).toMatchObject({ filters: { stato: ['ATTIVO'] }, sort: { campo: 'nome', verso: 'asc' } })
  })

  it('a failed read says so and retries', async () => {
    fetchPage.mockReset().mockRejectedValueOnce(new Error('rete')).mockRejectedValueOnce(new Error('rete')).mockImplementation(server)
    await render()
    expect((await screen.findByRole('alert')).textContent).toContain('Non è stato possibile caricare le voci.')
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(await screen.findByText('20 voci')).toBeTruthy()
  })

  it('phones: accordion rows with every column and the actions, sort by a select', async () => {
    const restore = phoneWidth()
    try {
      await render()
      await screen.findByText('20 voci')
      expect(screen.queryByRole('table')).toBeNull()
      const acc = screen.getByTestId('responsive-accordion')
      const items = acc.querySelectorAll('details')
      expect(items).toHaveLength(8)
      expect(items[0]!.querySelector('summary')!.textContent).toBe('Voce 01')
      expect([...items[0]!.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Nome', 'ID', 'Stato', 'Azioni'])
      expect(within(items[0]! as HTMLElement).getByRole('link', { name: 'Visualizza Voce 01' })).toBeTruthy()
      const select = screen.getByLabelText('Ordina per') as HTMLSelectElement
      expect(select.value).toBe('nome:asc')
      fireEvent.change(select, { target: { value: 'id:desc' } })
      await waitFor(() => expect(lastState().sort).toEqual({ campo: 'id', verso: 'desc' }))
    } finally {
      restore()
    }
  })
})

describe('CSV button offline', () => {
  it('is disabled with the reason', async () => {
    queryClient.clear()
    fetchPage.mockReset().mockImplementation(server)
    state.connectivity = 'offline'
    await render()
    await screen.findByText('20 voci')
    const btn = screen.getByRole('button', { name: 'Scarica CSV' }) as HTMLButtonElement
    // still focusable, marked disabled, with its reason; a click downloads nothing
    expect(btn.getAttribute('aria-disabled')).toBe('true')
    expect(document.getElementById(btn.getAttribute('aria-describedby')!)!.textContent).toBe('Sei offline: per scaricare il file CSV serve la connessione.')
    download.mockClear()
    btn.click()
    expect(download).not.toHaveBeenCalled()
  })
})

describe('page beyond the last', () => {
  it('a shared link to a page that no longer exists (400 G03) goes back to page 1 in place', async () => {
    queryClient.clear()
    state.connectivity = 'online'
    fetchPage.mockReset().mockImplementation(async (s) => {
      if (s.page > 3) throw Object.assign(new Error('pagina'), { status: 400, errorCode: 'G03' })
      return server(s)
    })
    const { router, history } = await render('/voci?pagina=9')
    expect(await screen.findByText('20 voci')).toBeTruthy()
    expect(router.state.location.search).toEqual({})
    expect(history.length).toBe(1)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
