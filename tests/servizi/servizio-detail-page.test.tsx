import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useParams } from '@tanstack/react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import type { CampoRiferimenti, CittadinoServizioLocale, ServizioLocale } from '../../src/features/campo/types'
import { cittadino, riferimenti, servizio, template } from './fixtures'
import { renderAt, sessionOf } from './helpers'

const state = vi.hoisted(() => ({
  session: null as unknown as SessionState,
  servizio: undefined as ServizioLocale | null | undefined,
  cittadini: undefined as CittadinoServizioLocale[] | undefined,
  riferimenti: undefined as CampoRiferimenti | null | undefined,
  connectivity: 'online' as 'online' | 'offline' | 'unknown',
  remoto: { stato: 'no' as string, riprova: () => undefined },
  remotoArgs: [] as unknown[],
}))

vi.mock('../../src/auth/session', () => ({
  useSession: () => state.session,
  getSessionState: () => state.session,
}))
vi.mock('../../src/offline', () => ({ useConnectivity: () => state.connectivity }))
vi.mock('../../src/api/connectivity', async (importOriginal) => ({ ...(await importOriginal<object>()), useConnectivity: () => state.connectivity, useNetworkAvailable: () => true }))
vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  useServizioCampo: () => state.servizio,
  useCampoRiferimenti: () => state.riferimenti,
  useCittadiniServizioCampo: () => state.cittadini,
  useServizioSuRichiesta: (...args: unknown[]) => {
    state.remotoArgs = args
    return state.remoto
  },
  eliminaServizio: vi.fn(),
  SyncChip: ({ state: s }: { state: string }) => (s === 'confermato' ? null : <span>DA SINCRONIZZARE</span>),
}))
vi.mock('../../src/features/servizi/detail/slots', () => ({
  AggiungiCittadinoSlot: ({ isOpen, idServizioLocale }: { isOpen: boolean; idServizioLocale: string }) => (isOpen ? <div role="dialog">{`Aggiungi cittadino a ${idServizioLocale}`}</div> : null),
  InviaQuestionarioSlot: ({ idQuestionario, inviato, descrizione }: { idQuestionario: string | null; inviato?: boolean; descrizione?: string }) => (
    <button type="button" data-descrizione={descrizione}>{`${inviato ? 'Invia di nuovo' : 'Invia questionario'} ${idQuestionario ?? 'locale'}`}</button>
  ),
  InviaATuttiSlot: (p: { daInviare: number; soloSulDispositivo: number; totale: number; idServizio: number | null }) => (
    <button type="button" data-conteggio={`${p.daInviare}/${p.soloSulDispositivo}/${p.totale}/${p.idServizio ?? ''}`}>Invia questionario a tutti</button>
  ),
}))
vi.mock('../../src/api/client', () => ({ apiPost: vi.fn(), api: { post: vi.fn() } }))

import { apiPost } from '../../src/api/client'
import { queryClient } from '../../src/api/query'
import { eliminaServizio } from '../../src/features/campo'
import { ServizioDetailPage } from '../../src/features/servizi/detail/ServizioDetailPage'
import { getToasts } from '../../src/ui/stores/toasts'

function Info() {
  const { serviceId } = useParams({ strict: false }) as { serviceId: string }
  return <ServizioDetailPage serviceId={serviceId} tab="info" />
}
function Cittadini() {
  const { serviceId } = useParams({ strict: false }) as { serviceId: string }
  return <ServizioDetailPage serviceId={serviceId} tab="cittadini" />
}
const renderInfo = (id = '101') => renderAt(`/area-amministrativa/servizi/${id}/info`, { '/area-amministrativa/servizi/$serviceId/info': Info })
const renderCittadini = (id = '101') => renderAt(`/area-amministrativa/servizi/${id}/cittadini`, { '/area-amministrativa/servizi/$serviceId/cittadini': Cittadini })

describe('service detail — facilitator', () => {
  beforeEach(() => {
    queryClient.clear()
    state.session = sessionOf('FAC')
    state.servizio = servizio()
    state.riferimenti = riferimenti()
    state.cittadini = [
      cittadino(),
      cittadino({ idLocale: 'c-2', idQuestionario: 'q-502', idCittadino: 502, statoQuestionario: 'COMPILATA' }),
      cittadino({ idLocale: 'c-3', idQuestionario: null, idCittadino: null, syncState: 'locale' }),
    ]
    state.connectivity = 'online'
    state.remoto = { stato: 'no', riprova: () => undefined }
    vi.mocked(eliminaServizio).mockReset()
    vi.mocked(apiPost).mockReset()
  })

  it('info: data, decoded Q3 answers, tabs, Modifica and Elimina for a NON ATTIVO service', async () => {
    await renderInfo()
    expect(screen.getByRole('heading', { level: 1, name: 'Uso dello SPID' })).toBeTruthy()
    const tabs = screen.getByRole('navigation', { name: 'Sezioni del servizio' })
    expect(within(tabs).getByRole('link', { name: 'Informazioni' }).getAttribute('aria-current')).toBe('page')
    expect(within(tabs).getByRole('link', { name: 'Cittadini' }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/cittadini')
    const info = screen.getByTestId('servizio-info')
    expect(within(info).getByText('Comune di Roma')).toBeTruthy()
    expect(within(info).getByText('10-03-2025')).toBeTruthy()
    expect(within(info).getByText('1:30')).toBeTruthy()
    expect(within(info).getByText('Sicurezza')).toBeTruthy()
    expect(within(info).getByText(/Proteggere i dispositivi \(es\.: impostare e gestire password, riconoscere/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Modifica' }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/modifica')
    expect(screen.getByRole('button', { name: 'Elimina' })).toBeTruthy()
    // issue 8 point 10: NON ATTIVO says why
    expect(screen.getByTestId('non-attivo-spiegazione').textContent).toBe('Il servizio diventa attivo con il primo cittadino aggiunto.')
  })

  it("profile ended (project terminated): the device's copy, read-only — no Modifica, Elimina, Aggiungi cittadino", async () => {
    const fac = sessionOf('FAC')
    state.session = { ...fac, profilo: null, permessi: [], profiloNonAttivo: fac.profilo }
    await renderInfo()
    expect(screen.getByTestId('servizi-notice').textContent).toContain('Sola consultazione')
    expect(screen.getByRole('heading', { level: 1, name: 'Uso dello SPID' })).toBeTruthy()
    expect(screen.queryByText('Caricamento in corso…')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Modifica' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull()
    await renderCittadini()
    expect(screen.queryByRole('button', { name: 'Aggiungi cittadino' })).toBeNull()
    expect(apiPost).not.toHaveBeenCalled()
  })

  it('ATTIVO: no Elimina', async () => {
    state.servizio = servizio({ stato: 'ATTIVO' })
    await renderInfo()
    expect(screen.queryByTestId('non-attivo-spiegazione')).toBeNull()
    expect(screen.getByRole('link', { name: 'Modifica' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull()
  })

  it('Elimina asks for confirmation, deletes on the device and goes back to the list', async () => {
    vi.mocked(eliminaServizio).mockResolvedValue()
    const { history } = await renderInfo()
    fireEvent.click(screen.getByRole('button', { name: 'Elimina' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/Confermi di voler eliminare il servizio «Uso dello SPID»/)).toBeTruthy()
    expect(eliminaServizio).not.toHaveBeenCalled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }))
    await waitFor(() => expect(history.location.pathname).toBe('/area-amministrativa/servizi'))
    expect(eliminaServizio).toHaveBeenCalledWith(servizio().idLocale)
    expect(getToasts().at(-1)?.message).toBe('Servizio eliminato')
  })

  it('unknown service', async () => {
    state.servizio = null
    await renderInfo('nope')
    expect(screen.getByText('Servizio non trovato')).toBeTruthy()
  })

  it('a service not on the device (outside the field window): online it is fetched from the server, offline the page says it needs the network (issue 25)', async () => {
    state.servizio = null
    state.remoto = { stato: 'caricamento', riprova: () => undefined }
    await renderInfo('42')
    expect(state.remotoArgs).toEqual(['42', true, true])
    expect(screen.getByRole('status').textContent).toBe('Caricamento del servizio dal server…')

    const riprova = vi.fn()
    state.remoto = { stato: 'errore', riprova }
    await renderInfo('42')
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }))
    expect(riprova).toHaveBeenCalled()

    state.remoto = { stato: 'no', riprova: () => undefined }
    state.connectivity = 'offline'
    await renderInfo('42')
    expect(state.remotoArgs).toEqual(['42', true, false])
    expect(screen.getByText('Servizio non trovato')).toBeTruthy()
    expect(screen.getByText(/i servizi precedenti si aprono solo con la connessione a internet/)).toBeTruthy()
  })

  it('citizens: counters, rows with the actions of their survey state, unsent row with its device id', async () => {
    await renderCittadini()
    expect(within(screen.getByRole('group', { name: 'Riepilogo' })).getByText('Cittadini partecipanti').nextSibling!.textContent).toBe('3')
    expect(within(screen.getByRole('group', { name: 'Riepilogo' })).getByText('Questionari compilati').nextSibling!.textContent).toBe('1')
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]!).getByRole('link', { name: /Compila questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/cittadini/compila/q-501')
    expect(within(rows[0]!).getByRole('button', { name: 'Invia questionario q-501' })).toBeTruthy()
    expect(within(rows[0]!).getByRole('link', { name: /Stampa questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/stampa-questionario/q-501')
    expect(within(rows[1]!).getByRole('link', { name: /Visualizza questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/cittadini/compilato/q-502')
    expect(within(rows[1]!).queryByRole('link', { name: /Compila questionario/ })).toBeNull()
    expect(within(rows[2]!).getByText('DA SINCRONIZZARE')).toBeTruthy()
    expect(within(rows[2]!).getByRole('link', { name: /Compila questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/cittadini/compila/c-3')
    expect(within(rows[2]!).getByRole('button', { name: 'Invia questionario locale' })).toBeTruthy()
    // each row says who: the masked identity and the time added; the buttons name the citizen
    expect(within(rows[0]!).getByTestId('identificativo-cittadino').textContent).toBe('RSS•••90••••••••')
    expect(within(rows[0]!).getByText(/^Aggiunto (alle|il)/)).toBeTruthy()
    expect(within(rows[0]!).getByRole('link', { name: /^Compila questionario\s*del cittadino RSS…90…$/ })).toBeTruthy()
    expect(within(rows[0]!).getByRole('button', { name: 'Invia questionario q-501' }).getAttribute('data-descrizione')).toBe(' del cittadino RSS…90…')
    expect(screen.getByRole('columnheader', { name: 'Cittadino' })).toBeTruthy()
    // 'Invia questionario a tutti': one survey on the server to send, one only on the device
    expect(screen.getByRole('button', { name: 'Invia questionario a tutti' }).getAttribute('data-conteggio')).toBe('1/1/3/101')
    // a compiled citizen's 'Stampa questionario' prints that citizen; the blank survey is its own action
    expect(within(rows[1]!).getByRole('link', { name: /Stampa questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/stampa-questionario/q-502')
    expect(within(rows[2]!).getByRole('link', { name: /Stampa questionario/ }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/stampa-questionario/c-3')
    expect(screen.getByRole('link', { name: 'Stampa questionario vuoto' }).getAttribute('href')).toBe('/area-amministrativa/servizi/101/stampa-questionario/modello')
  })

  it('citizens: a sent survey reads INVIATO with its link expiry and offers Invia di nuovo; an old row without mask shows —', async () => {
    const scadenza = new Date(Date.now() + 2 * 86_400_000).toISOString()
    state.cittadini = [
      cittadino({ statoQuestionario: 'INVIATO', scadenzaLink: scadenza }),
      cittadino({ idLocale: 'c-2', idQuestionario: 'q-502', idCittadino: 502, identificativoMascherato: null }),
    ]
    await renderCittadini()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByText('INVIATO')).toBeTruthy()
    expect(within(rows[0]!).getByTestId('scadenza-link').textContent).toMatch(/^Link valido fino al \d\d-\d\d-\d{4} alle \d\d:\d\d$/)
    expect(within(rows[0]!).getByRole('button', { name: 'Invia di nuovo q-501' })).toBeTruthy()
    expect(within(rows[1]!).getByTestId('identificativo-cittadino').textContent).toBe('—')
    expect(within(rows[1]!).getByRole('link', { name: /^Compila questionario\s*del cittadino 502$/ })).toBeTruthy()
  })

  it('citizens: state filter with labels with spaces', async () => {
    await renderCittadini()
    fireEvent.click(screen.getByRole('button', { name: /^Stato/ }))
    expect(screen.getByLabelText('NON COMPILATA')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('COMPILATA'))
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Rimuovi filtro COMPILATA' })).toBeTruthy()
  })

  it('citizens: offline the fiscal-code search is disabled and explained', async () => {
    state.connectivity = 'offline'
    await renderCittadini()
    const input = screen.getByLabelText('Cerca cittadino per codice fiscale') as HTMLInputElement
    expect(input.disabled).toBe(true)
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toContain('i codici fiscali non sono conservati sul dispositivo')
  })

  it('citizens: online the fiscal-code search asks the server and keeps the matching local rows', async () => {
    vi.mocked(apiPost).mockResolvedValue({ cittadini: [{ idCittadino: 502, idQuestionario: 'q-502', statoQuestionario: 'COMPILATA', dataUltimoAggiornamento: '', genere: 'F', fasciaDiEta: '30-54' }], numeroPagine: 1, numeroTotaleElementi: 1, numeroCittadini: 3, numeroQuestionariCompilati: 1 })
    await renderCittadini()
    const input = screen.getByLabelText('Cerca cittadino per codice fiscale')
    fireEvent.change(input, { target: { value: 'rssmra85t10a562s' } })
    expect((input as HTMLInputElement).value).toBe('RSSMRA85T10A562S')
    fireEvent.submit(input.closest('form')!)
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2))
    const [path, body] = vi.mocked(apiPost).mock.calls[0]!
    expect(path).toBe('servizio/cittadino/all/101?currPage=0&pageSize=1000')
    expect(body).toMatchObject({ idProgetto: 42, filtroRequest: { criterioRicerca: 'RSSMRA85T10A562S' } })
    expect(screen.getByText('La ricerca per codice fiscale considera solo i cittadini già inviati al server.')).toBeTruthy()
  })

  it('Aggiungi cittadino opens the modal for the service’s device id; not for a future date', async () => {
    await renderCittadini()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi cittadino' }))
    expect(screen.getByRole('dialog').textContent).toBe(`Aggiungi cittadino a ${servizio().idLocale}`)
  })

  it('a service in the future cannot receive citizens yet', async () => {
    state.servizio = servizio({ data: '2999-01-01' })
    await renderCittadini()
    const btn = screen.getByRole('button', { name: 'Aggiungi cittadino' }) as HTMLButtonElement
    expect(btn.disabled).toBe(true)
    expect(screen.getByText(/La data del servizio è impostata nel futuro/)).toBeTruthy()
  })
})

describe('service detail — manager', () => {
  beforeEach(() => {
    queryClient.clear()
    state.session = sessionOf('REGP')
    vi.mocked(apiPost).mockReset()
    vi.mocked(apiPost).mockImplementation(async (path: string) => {
      if (path.endsWith('/schedaDettaglio')) {
        return {
          dettaglioServizio: {
            idServizio: 101, idLocale: null, nomeServizio: 'Uso dello SPID', idEnte: 3, nomeEnte: 'Comune di Roma', idSede: 11, nomeSede: 'Biblioteca',
            idProgetto: 42, statoServizio: 'ATTIVO', nominativoFacilitatore: 'ROSSI Anna', listaTipologiaServizio: [{ titolo: 'Facilitazione individuale' }],
            dataServizio: '2025-03-10', durataServizio: '1:30', sezioneQ3compilato: servizio().sezioneQ3Questionario, idQuestionarioTemplateSnapshot: 'tpl-1',
            dataOraCreazione: '2025-03-10T10:00:00Z', dataOraAggiornamento: '2025-03-10T10:00:00Z', modificabile: false, eliminabile: false,
          },
          questionarioTemplateSnapshot: template(),
          progettiAssociatiAlServizio: [],
        }
      }
      return { cittadini: [{ idCittadino: 9, idQuestionario: 'q-9', statoQuestionario: 'COMPILATA', dataUltimoAggiornamento: '2025-03-11T09:00:00Z', genere: 'M', fasciaDiEta: '18-29' }], numeroPagine: 1, numeroTotaleElementi: 1, numeroCittadini: 4, numeroQuestionariCompilati: 2 }
    })
  })

  it('reads the card online, read-only', async () => {
    await renderInfo()
    expect(await screen.findByText('ROSSI Anna')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Modifica' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Elimina' })).toBeNull()
    expect(vi.mocked(apiPost).mock.calls[0]![0]).toBe('servizio/101/schedaDettaglio')
  })

  it('citizens from the server: counters, view only', async () => {
    await renderCittadini()
    const row = (await screen.findAllByRole('row'))[1]!
    expect(within(row).getByRole('link', { name: /Visualizza questionario/ })).toBeTruthy()
    expect(within(row).queryByRole('button', { name: /Invia questionario/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Aggiungi cittadino' })).toBeNull()
    expect(within(screen.getByRole('group', { name: 'Riepilogo' })).getByText('Cittadini partecipanti').nextSibling!.textContent).toBe('4')
  })
})
