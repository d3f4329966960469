/**
 * Detail steps 2 and 3 of the programme and project pages (issue 9 points 2–3): the unique users list
 * (`POST programma|progetto/{id}/cittadini/all`, masked identity and counts) and the services list narrowed
 * to the programme / project (`POST servizio/all` with `filtroRequest.idProgramma|idProgetto`), 8 per
 * page, 'Questa sezione è vuota' when empty, the services list hidden without list.serv.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useParams, useSearch } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import type { SchedaProgetto, SchedaProgramma } from '../../src/api/contract/gestione'
import { renderRoutes } from '../liste/helpers'
import { sessionOf } from '../servizi/helpers'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState, online: true }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session, getSessionState: () => state.session }))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({
  ...(await importOriginal<object>()), useConnectivity: () => (state.online ? 'online' : 'offline'), useNetworkAvailable: () => state.online,
}))
vi.mock('../../src/api/config', () => ({ loadAppConfig: async () => ({}), getAppConfig: () => ({ apiBaseUrl: '/api' }) }))
vi.mock('../../src/api/client', () => ({ apiPost: vi.fn(), api: vi.fn(), toApiCallError: (e: unknown) => e, ApiCallError: class extends Error {} }))

import { apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { containsClearFiscalCode } from '../../src/lib/query-persist-rules'
import { ProgrammaDetailPage } from '../../src/features/programmi/ProgrammaDetailPage'
import { tabProgetto, tabProgramma } from '../../src/features/programmi/tabs'
import { ProgettoDetailPage } from '../../src/features/programmi/progetti/ProgettoDetailPage'

const conteggi = { puntiFacilitazione: 4, utentiUnici: 10, servizi: 7, facilitatori: 2 }
const MASK = 'RSS***********0U'

const programma: SchedaProgramma = {
  dettaglioProgramma: {
    id: 12, codice: 'P-12', nome: 'Lazio Digitale', nomeBreve: 'Lazio', policy: 'RFD', bando: null, cup: 'CUP1', cupManipolato: false, stato: 'ATTIVO',
    dataInizio: '2025-01-01', dataFine: '2027-12-31', dataOraAttivazione: null, dataOraTerminazione: null, obiettivi: null,
  },
  enteGestore: null,
  progetti: [],
  conteggi,
}
const progetto: SchedaProgetto = {
  dettaglioProgetto: {
    id: 30, nome: 'Roma Digitale', nomeBreve: 'Roma', idProgramma: 12, nomeProgramma: 'Lazio Digitale', policy: 'RFD', cup: null, cupManipolato: false, stato: 'ATTIVO',
    dataInizio: '2025-02-01', dataFine: '2026-12-31', dataOraProgettoAttivabile: null, dataOraAttivazione: null, dataOraTerminazione: null, obiettivi: null,
  },
  enteGestore: null,
  entiPartner: [],
  sedi: [],
  conteggi,
}

const cittadino = (id: number) => ({ id, identificativoMascherato: MASK, numeroServizi: 3, numeroQuestionariCompilati: 1, dataUltimoAggiornamento: '2025-05-02T10:00:00.000Z' })
const servizio = (id: number) => ({
  id, idLocale: null, nome: `Servizio ${id}`, tipologiaServizio: ['Accompagnamento'], data: '2025-05-02', durataServizio: '01:00',
  nomeSede: 'Biblioteca', facilitatore: 'ROMANO Sara', stato: 'ATTIVO', dataOraAggiornamento: '2025-05-02T10:00:00.000Z',
})
let cittadini: unknown[] = []
let servizi: unknown[] = []

function ProgrammaRoute() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { tab } = useSearch({ strict: false }) as { tab?: string }
  return <ProgrammaDetailPage id={id} tab={tabProgramma(tab)} />
}
function ProgettoRoute() {
  const { id } = useParams({ strict: false }) as { id: string }
  const { tab } = useSearch({ strict: false }) as { tab?: string }
  return <ProgettoDetailPage id={id} tab={tabProgetto(tab)} />
}
const ROUTES = {
  '/area-amministrativa/programmi/$id/info': ProgrammaRoute,
  '/area-amministrativa/progetti/$id/info': ProgettoRoute,
}

const page = <T,>(rows: T[], key: string, path: string) => {
  const n = Number(/currPage=(\d+)/.exec(path)?.[1] ?? 0)
  return { [key]: rows.slice(n * 8, n * 8 + 8), numeroPagine: Math.ceil(rows.length / 8), numeroTotaleElementi: rows.length }
}
const calls = () => vi.mocked(apiPost).mock.calls.map(([path, body]) => [path, body] as [string, { filtroRequest?: unknown }])

beforeEach(() => {
  queryClient.clear()
  state.session = sessionOf('DTD')
  vi.mocked(apiPost).mockReset().mockImplementation(async (path: string) => {
    if (path === 'programma/12') return programma
    if (path === 'progetto/30') return progetto
    if (/^(programma\/12|progetto\/30)\/cittadini\/all\?/.test(path)) return page(cittadini, 'cittadini', path)
    if (path.startsWith('servizio/all?')) return page(servizi, 'servizi', path)
    if (path.endsWith('/dropdown')) return []
    throw new Error(`unexpected ${path}`)
  })
})

describe('detail step 2: unique users', () => {
  it('programme: lists the citizens reached with the mask and counts, 8 per page', async () => {
    cittadini = Array.from({ length: 10 }, (_, i) => cittadino(i + 1))
    await renderRoutes('/area-amministrativa/programmi/12/info?tab=utentiUnici', ROUTES)
    const table = await screen.findByRole('table', { name: 'Utenti unici del programma' })
    expect(within(table).getAllByRole('row')).toHaveLength(9)
    expect(within(table).getAllByText(MASK)).toHaveLength(8)
    expect(screen.getByText('10 utenti unici')).toBeTruthy()
    expect(calls().some(([p]) => p === 'programma/12/cittadini/all?currPage=0&pageSize=8')).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: /Pagina 2/ }))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Utenti unici del programma' })).getAllByRole('row')).toHaveLength(3))
    expect(calls().some(([p]) => p === 'programma/12/cittadini/all?currPage=1&pageSize=8')).toBe(true)
    // kept on the device for offline reading, with the mask only
    const kept = queryClient.getQueryCache().getAll().filter((q) => q.queryKey[0] === 'utenti-unici')
    expect(kept.length).toBeGreaterThan(0)
    for (const q of kept) {
      expect(q.meta?.persist).toBe(true)
      expect(containsClearFiscalCode(JSON.stringify(q.state.data))).toBe(false)
    }
  })

  it('project: says the section is empty when no citizen was reached', async () => {
    cittadini = []
    await renderRoutes('/area-amministrativa/progetti/30/info?tab=utentiUnici', ROUTES)
    expect(await screen.findByText('Questa sezione è vuota')).toBeTruthy()
    expect(calls().some(([p]) => p === 'progetto/30/cittadini/all?currPage=0&pageSize=8')).toBe(true)
  })
})

describe('detail step 3: services', () => {
  it('programme: the services list narrowed by idProgramma', async () => {
    servizi = [servizio(1), servizio(2)]
    await renderRoutes('/area-amministrativa/programmi/12/info?tab=servizi', ROUTES)
    const table = await screen.findByRole('table', { name: 'Servizi del programma' })
    expect(within(table).getByText('Servizio 2')).toBeTruthy()
    const [, body] = calls().find(([p]) => p.startsWith('servizio/all?'))!
    expect(body.filtroRequest).toEqual({ idProgramma: 12 })
  })

  it('project: narrowed by idProgetto; empty → \'Questa sezione è vuota\'', async () => {
    servizi = []
    await renderRoutes('/area-amministrativa/progetti/30/info?tab=servizi', ROUTES)
    expect(await screen.findByText('Questa sezione è vuota')).toBeTruthy()
    const [, body] = calls().find(([p]) => p.startsWith('servizio/all?'))!
    expect(body.filtroRequest).toEqual({ idProgetto: 30 })
  })

  it('without list.serv the step shows its counts and no list', async () => {
    state.session = { ...sessionOf('DTD'), permessi: sessionOf('DTD').permessi.filter((c) => c !== 'list.serv') }
    await renderRoutes('/area-amministrativa/programmi/12/info?tab=servizi', ROUTES)
    expect(await screen.findByTestId('conteggio-servizi')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'Servizi del programma' })).toBeNull()
    expect(calls().some(([p]) => p.startsWith('servizio/all'))).toBe(false)
  })
})
