/**
 * Programme and project detail pages (issue 9 points 2–3): tabs, lifecycle actions disabled with their
 * reason or confirmed and sent with the right method and path, partner added by creating a new body,
 * referents added by fiscal code, the fiscal codes masked before the card reaches the cache, writes
 * aria-disabled offline.
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

import { api, apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { ProgrammaDetailPage } from '../../src/features/programmi/ProgrammaDetailPage'
import { tabProgetto, tabProgramma } from '../../src/features/programmi/tabs'
import { ProgettoDetailPage } from '../../src/features/programmi/progetti/ProgettoDetailPage'

const CF = 'RSSMRA80A01H501U'
const obiettivi = { puntiFacilitazione: [{ valore: 3, data: '2026-06-30' }], utentiUnici: [], servizi: [], facilitatori: [] }
const conteggi = { puntiFacilitazione: 4, utentiUnici: 10, servizi: 7, facilitatori: 2 }

function programma(stato: SchedaProgramma['dettaglioProgramma']['stato'], progetti: SchedaProgramma['progetti'] = []): SchedaProgramma {
  return {
    dettaglioProgramma: {
      id: 12, codice: 'P-12', nome: 'Lazio Digitale', nomeBreve: 'Lazio', policy: 'RFD', bando: null, cup: 'CUP1', cupManipolato: false, stato,
      dataInizio: '2025-01-01', dataFine: '2027-12-31', dataOraAttivazione: null, dataOraTerminazione: null, obiettivi, versione: 4,
    },
    enteGestore: { id: 5, nome: 'Regione Lazio', stato: 'NON ATTIVO', referenti: [{ idUtente: 9, nome: 'Mario', cognome: 'Rossi', codiceFiscale: CF, codiceRuolo: 'REG', stato: 'NON ATTIVO' }] },
    progetti,
    conteggi,
  }
}

function progetto(stato: SchedaProgetto['dettaglioProgetto']['stato']): SchedaProgetto {
  return {
    dettaglioProgetto: {
      id: 30, nome: 'Roma Digitale', nomeBreve: 'Roma', idProgramma: 12, nomeProgramma: 'Lazio Digitale', policy: 'RFD', cup: null, cupManipolato: false, stato,
      dataInizio: '2025-02-01', dataFine: '2026-12-31', dataOraProgettoAttivabile: null, dataOraAttivazione: null, dataOraTerminazione: null, obiettivi: null, versione: 2,
    },
    enteGestore: null,
    entiPartner: [{ id: 7, nome: 'Comune di Roma', stato: 'ATTIVO', referenti: [] }],
    sedi: [{ idSede: 3, nome: 'Biblioteca', idEnte: 7, nomeEnte: 'Comune di Roma', ruoloEnte: 'partner', stato: 'ATTIVO',
      facilitatori: [{ idUtente: 4, nome: 'Sara', cognome: 'Romano', codiceRuolo: 'FAC', stato: 'ATTIVO' }] }],
    conteggi,
  }
}

let scheda: unknown
const writes = () => vi.mocked(api).mock.calls.map(([path, o]) => [(o as { method: string }).method, path, (o as { json: unknown }).json])

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
  '/area-amministrativa/programmi': () => <p>lista</p>,
}

beforeEach(() => {
  queryClient.clear()
  state.session = sessionOf('DTD')
  state.online = true
  vi.mocked(apiPost).mockReset().mockImplementation(async (path: string) => {
    if (/^(programma|progetto)\/\d+$/.test(path)) return scheda
    if (/^programma\/\d+\/sedi$/.test(path)) return { sedi: [] }
    throw new Error(`unexpected ${path}`)
  })
  vi.mocked(api).mockReset().mockImplementation(((path: string) => ({
    json: async () => (path === 'ente' ? { id: 99 } : { id: 1 }),
  })) as never)
})

describe('programme detail', () => {
  it('shows the general information, masks fiscal codes in the cached card, and the targets of a step', async () => {
    scheda = programma('NON ATTIVO')
    await renderRoutes('/area-amministrativa/programmi/12/info', ROUTES)
    expect(await screen.findByRole('heading', { level: 1, name: 'Lazio Digitale' })).toBeTruthy()
    expect(within(screen.getByTestId('info-generali')).getByText('P-12')).toBeTruthy()
    const cached = queryClient.getQueryCache().getAll().map((q) => JSON.stringify(q.state.data)).join()
    expect(cached).not.toContain(CF)
    fireEvent.click(screen.getByRole('link', { name: 'Punti di facilitazione' }))
    expect(await screen.findByTestId('conteggio-puntiFacilitazione')).toHaveProperty('textContent', 'Valore attuale del programma: 4')
    expect(within(screen.getByTestId('step-puntiFacilitazione')).getAllByRole('row')).toHaveLength(2)
  })

  it('says when the server cut the programme\'s body-sites (issue 25 point 3)', async () => {
    scheda = programma('NON ATTIVO')
    vi.mocked(apiPost).mockImplementation(async (path: string) => {
      if (/^programma\/\d+$/.test(path)) return scheda
      if (/^programma\/\d+\/sedi$/.test(path)) return { sedi: [], totale: 1500 }
      throw new Error(`unexpected ${path}`)
    })
    await renderRoutes('/area-amministrativa/programmi/12/info', ROUTES)
    expect(await screen.findByRole('heading', { level: 1, name: 'Lazio Digitale' })).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Punti di facilitazione' }))
    expect((await screen.findByTestId('sedi-troncate')).textContent).toBe('Sono mostrate le prime 0 sedi su 1500: apri i singoli progetti per le altre.')
  })

  it('NON ATTIVO: terminate disabled with the reason; delete confirmed → DELETE programma/12, back to the list', async () => {
    scheda = programma('NON ATTIVO', [{ id: 30, nome: 'Roma', nomeBreve: 'R', stato: 'NON ATTIVO', nomeEnteGestore: null }])
    await renderRoutes('/area-amministrativa/programmi/12/info', ROUTES)
    const termina = await screen.findByRole('button', { name: 'Termina programma' })
    expect(termina).toHaveProperty('disabled', true)
    expect(screen.getByText(/Si può terminare solo un programma attivo/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Elimina programma' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Elimina' }))
    expect(await screen.findByText('lista')).toBeTruthy()
    // issue 27: the delete carries the card's version
    expect(writes()).toEqual([['delete', 'programma/12', { idProgramma: null, idProgetto: null, idEnte: null, versione: 4 }]])
  })

  it('ATTIVO: delete disabled; terminate asks a date not in the future and sends dd-MM-yyyy', async () => {
    scheda = programma('ATTIVO')
    await renderRoutes('/area-amministrativa/programmi/12/info', ROUTES)
    expect(await screen.findByRole('button', { name: 'Elimina programma' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Termina programma' }))
    const dialog = await screen.findByRole('dialog')
    const data = within(dialog).getByRole('textbox', { name: 'Data di terminazione' })
    fireEvent.change(data, { target: { value: '01-01-2099' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Termina' }))
    expect(await within(dialog).findByText('La data non può essere successiva a oggi')).toBeTruthy()
    expect(writes()).toEqual([])
    fireEvent.change(data, { target: { value: '02-01-2025' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Termina' }))
    await waitFor(() => expect(writes()).toEqual([['put', 'programma/termina/12', expect.objectContaining({ dataTerminazione: '02-01-2025', versione: 4 })]]))
  })

  it('managing body: a referent added by fiscal code (upper-cased)', async () => {
    scheda = programma('ATTIVO')
    await renderRoutes('/area-amministrativa/programmi/12/info?tab=ente-gestore', ROUTES)
    expect(await screen.findByText('Rossi Mario', { selector: '.fw-semibold' })).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Codice fiscale' }), { target: { value: CF.toLowerCase() } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Ruolo' }), { target: { value: 'DEG' } })
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(writes()).toEqual([['post', 'ente/associa/referenteDelegato/gestoreProgramma', expect.objectContaining({
      codiceFiscaleUtente: CF, idEnteRef: 5, idEntita: 12, codiceRuolo: 'DEG',
    })]]))
  })

  it('offline: the writes stay visible, aria-disabled, with the reason', async () => {
    scheda = programma('ATTIVO')
    state.online = false
    await renderRoutes('/area-amministrativa/programmi/12/info', ROUTES)
    const termina = await screen.findByRole('button', { name: 'Termina programma' })
    expect(termina.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(termina)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getAllByTestId('motivo-non-disponibile').length).toBeGreaterThan(0)
  })
})

/** The text a sighted user reads on a control: its text without the parts only screen readers get. */
function visibleText(el: Element): string {
  const copy = el.cloneNode(true) as Element
  copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((n) => n.remove())
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

describe('body actions: the accessible name starts with the visible label (issue 24 point 15, WCAG 2.5.3)', () => {
  it('managing-body panel: "Rimuovi ente" and the referent\'s "Rimuovi" name what they act on after the label', async () => {
    scheda = programma('ATTIVO')
    await renderRoutes('/area-amministrativa/programmi/12/info?tab=ente-gestore', ROUTES)
    const panel = await screen.findByTestId('ente-5')
    const rimuovi = within(panel).getByRole('button', { name: 'Rimuovi ente Regione Lazio' })
    expect(visibleText(rimuovi)).toBe('Rimuovi ente')
    const referente = within(panel).getByRole('button', { name: 'Rimuovi Rossi Mario' })
    expect(visibleText(referente)).toBe('Rimuovi')
    for (const b of within(panel).getAllByRole('button')) {
      const name = b.getAttribute('aria-label') ?? b.textContent!.replace(/\s+/g, ' ').trim()
      expect(name.startsWith(visibleText(b)), `${name} / ${visibleText(b)}`).toBe(true)
    }
  })

  it('partners tab: "Termina ente" is named "Termina ente <body>"', async () => {
    scheda = progetto('ATTIVO')
    await renderRoutes('/area-amministrativa/progetti/30/info?tab=enti-partner', ROUTES)
    const termina = await screen.findByRole('button', { name: 'Termina ente Comune di Roma' })
    expect(visibleText(termina)).toBe('Termina ente')
    expect(termina.getAttribute('aria-label')).toBeNull()
  })
})

describe('project detail', () => {
  it('ATTIVABILE: activate confirmed → PUT progetto/attiva/30; delete disabled with the reason', async () => {
    scheda = progetto('ATTIVABILE')
    await renderRoutes('/area-amministrativa/progetti/30/info', ROUTES)
    expect(await screen.findByRole('button', { name: 'Elimina progetto' })).toHaveProperty('disabled', true)
    expect(screen.getByText('Si può eliminare solo un progetto non attivo.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Attiva progetto' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Attiva' }))
    await waitFor(() => expect(writes()).toEqual([['put', 'progetto/attiva/30', expect.objectContaining({ versione: 2 })]]))
  })

  it('sites and facilitators lists; partner rows link to the body in the project; a new body created and added as partner', async () => {
    scheda = progetto('ATTIVO')
    await renderRoutes('/area-amministrativa/progetti/30/info?tab=facilitatori', ROUTES)
    expect(within(await screen.findByTestId('facilitatori-tabella')).getByText('Romano Sara')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Enti partner' }))
    expect((await screen.findByRole('link', { name: 'Comune di Roma' })).getAttribute('href')).toBe('/area-amministrativa/progetti/30/enti/7')
    // ATTIVO partner: remove disabled, terminate allowed
    expect(screen.getByRole('button', { name: 'Rimuovi ente Comune di Roma' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi ente partner' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Crea un nuovo ente' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Associa' }))
    expect(within(dialog).getAllByText('Campo obbligatorio').length).toBe(3)
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome' }), { target: { value: 'Nuovo Ente' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nome breve' }), { target: { value: 'Nuovo' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Partita IVA' }), { target: { value: '12345678901' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Associa' }))
    await waitFor(() => expect(writes()).toEqual([
      ['post', 'ente', expect.objectContaining({ nome: 'Nuovo Ente', nomeBreve: 'Nuovo', partitaIva: '12345678901' })],
      ['put', 'ente/partner/associa/99/progetto/30', expect.anything()],
    ]))
  })
})
