import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CittadinoTrovato } from '../../src/api/contract/cittadino'

const campo = vi.hoisted(() => ({
  aggiungiCittadino: vi.fn(),
  rif: { current: null as unknown },
}))
const net = vi.hoisted(() => ({ state: 'online' as 'online' | 'offline' | 'unknown' }))

vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  CampoInputError: class CampoInputError extends Error {},
  useServizioCampo: () => ({ idLocale: 'srv-loc', idServer: 42 }),
  useCampoRiferimenti: () => campo.rif.current,
  aggiungiCittadino: campo.aggiungiCittadino,
}))
vi.mock('../../src/offline', () => ({ useConnectivity: () => net.state }))
vi.mock('../../src/features/cittadini/province', () => ({ useProvince: () => ['Milano', 'Roma'] }))
vi.mock('../../src/features/cittadini/ricerca', () => ({ cercaCittadino: vi.fn() }))

import { ApiCallError } from '../../src/api/client'
import { AggiungiCittadinoModal } from '../../src/features/cittadini'
import { cercaCittadino } from '../../src/features/cittadini/ricerca'
import { getToasts } from '../../src/ui/stores/toasts'

const ADULTO = 'RSSMRA85T10A562S'
const RAGAZZA = 'BNCNNA10E50H501I'

const trovato = (over: Partial<CittadinoTrovato> = {}): CittadinoTrovato => ({
  idCittadino: 7, genere: 'F', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore',
  provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', tipoDocumento: null, ...over,
})

const search = vi.mocked(cercaCittadino)
let onClose: ReturnType<typeof vi.fn<() => void>>

function open() {
  onClose = vi.fn<() => void>()
  return render(<AggiungiCittadinoModal idServizioLocale="srv-loc" isOpen onClose={onClose} />)
}

async function cerca(value: string) {
  const input = await screen.findByLabelText(/^(Codice fiscale|Numero documento)\*$/)
  fireEvent.change(input, { target: { value } })
  fireEvent.click(screen.getByRole('button', { name: /^(Cerca|Prosegui)$/ }))
}

const choose = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillDemographics() {
  choose(/^Titolo di studio/, 'Laurea (3 anni)')
  choose(/^Stato occupazionale/, 'Imprenditore')
  choose(/^Provincia di domicilio/, 'Milano')
  choose(/^Cittadinanza/, 'Italiana')
}

beforeEach(() => {
  net.state = 'online'
  campo.rif.current = { configurazioneMinorenni: null, templateSnapshot: [], template: null }
  campo.aggiungiCittadino.mockReset()
  campo.aggiungiCittadino.mockResolvedValue({})
  search.mockReset()
})

describe('Aggiungi cittadino al servizio', () => {
  it('upper-cases the fiscal code as typed and refuses an invalid one without searching', async () => {
    open()
    const input = await screen.findByLabelText('Codice fiscale*')
    fireEvent.change(input, { target: { value: 'rssmra85t10a562x' } })
    expect((input as HTMLInputElement).value).toBe('RSSMRA85T10A562X')
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }))
    expect(await screen.findByText('Codice fiscale non valido')).toBeTruthy()
    expect(search).not.toHaveBeenCalled()
  })

  it('refuses a minor when the programme is not enabled (§8 message)', async () => {
    open()
    await cerca(RAGAZZA)
    expect(await screen.findByText('Il cittadino inserito deve essere maggiorenne')).toBeTruthy()
    expect(search).not.toHaveBeenCalled()
  })

  it('one match: step 2 with the existing citizen locked, saved with the typed fiscal code', async () => {
    search.mockResolvedValue([trovato()])
    open()
    await cerca(ADULTO)
    expect(await screen.findByText('Il cittadino è già presente nella tua lista I miei cittadini')).toBeTruthy()
    expect(search).toHaveBeenCalledWith('CF', ADULTO, 42)
    expect((screen.getByLabelText('Codice fiscale') as HTMLInputElement).value).toBe('Codice fiscale disponibile ma non visualizzabile')
    const genere = screen.getByLabelText('Genere') as HTMLInputElement
    expect(genere.readOnly).toBe(true)
    expect(genere.value).toBe('F')
    expect((screen.getByLabelText('Fascia di età') as HTMLInputElement).value).toBe('30-54')
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(campo.aggiungiCittadino).toHaveBeenCalledTimes(1))
    expect(campo.aggiungiCittadino).toHaveBeenCalledWith('srv-loc', expect.objectContaining({ idCittadino: 7, codiceFiscale: ADULTO, nuovoCittadino: false }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(getToasts().some((t) => t.status === 'success' && t.title === 'Cittadino aggiunto')).toBe(true)
  })

  it('a match already on the service shows U23 and stays on the search', async () => {
    search.mockResolvedValue([trovato({ giaAssociatoAlServizio: true })])
    open()
    await cerca(ADULTO)
    expect(await screen.findByText('Il cittadino inserito è già incluso nella tua lista I miei cittadini')).toBeTruthy()
    expect(screen.getByLabelText('Codice fiscale*')).toBeTruthy()
  })

  it('no match: the prompt opens the creation form with gender and age band derived and locked', async () => {
    search.mockResolvedValue([])
    open()
    await cerca(ADULTO)
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi nuovo cittadino' }))
    const genere = (await screen.findByLabelText('Genere')) as HTMLInputElement
    expect(genere.readOnly).toBe(true)
    expect(genere.value).toBe('M')
    expect((screen.getByLabelText('Fascia di età') as HTMLInputElement).value).toBe('30-54')
    expect((screen.getByLabelText('Codice fiscale') as HTMLInputElement).value).toBe(ADULTO)
    fillDemographics()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(campo.aggiungiCittadino).toHaveBeenCalledTimes(1))
    expect(campo.aggiungiCittadino.mock.calls[0]?.[1]).toEqual({
      codiceFiscale: ADULTO, genere: 'M', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore',
      provinciaDiDomicilio: 'Milano', cittadinanza: 'Italiana', nuovoCittadino: true,
    })
  })

  it('several matches: a selectable table', async () => {
    search.mockResolvedValue([trovato(), trovato({ idCittadino: 8, genere: 'M', giaAssociatoAlServizio: true })])
    open()
    await cerca(ADULTO)
    const table = await screen.findByTestId('risultati-ricerca')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect((within(table).getByLabelText('Seleziona il cittadino 8') as HTMLInputElement).disabled).toBe(true)
    const seleziona = screen.getByRole('button', { name: 'Seleziona' }) as HTMLButtonElement
    expect(seleziona.disabled).toBe(true)
    fireEvent.click(within(table).getByLabelText('Seleziona il cittadino 7'))
    fireEvent.click(seleziona)
    expect(await screen.findByText('Il cittadino è già presente nella tua lista I miei cittadini')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(campo.aggiungiCittadino).toHaveBeenCalledTimes(1))
    expect(campo.aggiungiCittadino.mock.calls[0]?.[1]).toMatchObject({ idCittadino: 7, codiceFiscale: ADULTO })
  })

  it('a match outside the scope (datiRiservati): gender and band of the code locked, the other data asked and sent with the code', async () => {
    search.mockResolvedValue([trovato({ genere: 'M', titoloDiStudio: null, occupazione: null, provinciaDiDomicilio: null, cittadinanza: null, datiRiservati: true })])
    open()
    await cerca(ADULTO)
    expect(await screen.findByText('Il cittadino è già registrato, ma non è nella tua lista I miei cittadini (per esempio lo ha registrato un altro progetto): chiedigli i dati richiesti e inseriscili qui sotto.')).toBeTruthy()
    // issue 8 point 10: never 'già presente nella tua lista' for a citizen outside it
    expect(screen.queryByText('Il cittadino è già presente nella tua lista I miei cittadini')).toBeNull()
    const genere = screen.getByLabelText('Genere') as HTMLInputElement
    expect(genere.readOnly).toBe(true)
    expect(genere.value).toBe('M')
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect((await screen.findAllByText('Campo obbligatorio')).length).toBe(4)
    expect(campo.aggiungiCittadino).not.toHaveBeenCalled()
    fillDemographics()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(campo.aggiungiCittadino).toHaveBeenCalledTimes(1))
    expect(campo.aggiungiCittadino.mock.calls[0]?.[1]).toEqual({
      idCittadino: 7, codiceFiscale: ADULTO, tipoDocumento: null, genere: 'M', fasciaDiEtaId: 2, titoloDiStudio: 'Laurea (3 anni)',
      occupazione: 'Imprenditore', provinciaDiDomicilio: 'Milano', cittadinanza: 'Italiana', nuovoCittadino: false,
    })
  })

  it('offline: no search, straight to the form with the notice and nuovoCittadino false', async () => {
    net.state = 'offline'
    open()
    expect(await screen.findByText("Sei offline: il cittadino verrà cercato o registrato all'invio")).toBeTruthy()
    await cerca(ADULTO)
    await screen.findByLabelText('Genere')
    expect(screen.getByTestId('avviso-offline').textContent).toBe("Sei offline: il cittadino verrà cercato o registrato all'invio")
    expect(search).not.toHaveBeenCalled()
    fillDemographics()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    await waitFor(() => expect(campo.aggiungiCittadino).toHaveBeenCalledTimes(1))
    expect(campo.aggiungiCittadino.mock.calls[0]?.[1]).toMatchObject({ codiceFiscale: ADULTO, nuovoCittadino: false })
  })

  it('a network failure of the search falls back to the offline path', async () => {
    search.mockRejectedValue(new ApiCallError(0, null, 'Network error', 'network'))
    open()
    await cerca(ADULTO)
    expect(await screen.findByTestId('avviso-offline')).toBeTruthy()
  })

  it('document path: default gender, required fields, and the typed values kept when saving fails', async () => {
    search.mockResolvedValue([])
    campo.aggiungiCittadino.mockRejectedValue(new Error('Il servizio non esiste più sul dispositivo.'))
    open()
    fireEvent.click(await screen.findByLabelText('Numero documento'))
    await cerca('ca12345')
    expect(search).toHaveBeenCalledWith('NUM_DOC', 'CA12345', 42)
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi nuovo cittadino' }))
    expect((await screen.findByLabelText('Genere*') as HTMLSelectElement).value).toBe('Preferisco non rispondere')
    const fascia = screen.getByLabelText('Fascia di età*') as HTMLSelectElement
    expect([...fascia.options].map((o) => o.textContent)).not.toContain('14-17')
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect((await screen.findAllByText('Campo obbligatorio')).length).toBe(6)
    expect(campo.aggiungiCittadino).not.toHaveBeenCalled()
    choose('Tipo documento*', 'Patente')
    choose('Fascia di età*', '3')
    fillDemographics()
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi' }))
    expect(await screen.findByText('Il servizio non esiste più sul dispositivo.')).toBeTruthy()
    expect(campo.aggiungiCittadino.mock.calls[0]?.[1]).toMatchObject({ tipoDocumento: 'Patente', numeroDocumento: 'CA12345', fasciaDiEtaId: 3, genere: 'Preferisco non rispondere', nuovoCittadino: true })
    expect((screen.getByLabelText('Provincia di domicilio*') as HTMLSelectElement).value).toBe('Milano')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('offers 14–17 and accepts a minor once the minors configuration is in force', async () => {
    campo.rif.current = { configurazioneMinorenni: { dataAbilitazione: '2025-01-01', dataDecorrenza: '2025-02-01' }, templateSnapshot: [], template: null }
    search.mockResolvedValue([])
    open()
    await cerca(RAGAZZA)
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi nuovo cittadino' }))
    expect(((await screen.findByLabelText('Fascia di età')) as HTMLInputElement).value).toBe('14-17')
    expect((screen.getByLabelText('Genere') as HTMLInputElement).value).toBe('F')
  })

  it('Annulla closes and resets the modal', async () => {
    const view = open()
    const input = await screen.findByLabelText('Codice fiscale*')
    fireEvent.change(input, { target: { value: 'ABC' } })
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }))
    expect(onClose).toHaveBeenCalled()
    await act(async () => {})
    view.rerender(<AggiungiCittadinoModal idServizioLocale="srv-loc" isOpen onClose={onClose} />)
    expect(((await screen.findByLabelText('Codice fiscale*')) as HTMLInputElement).value).toBe('')
  })

  it('is named by its title only, not by its close button (issue 15)', async () => {
    open()
    // jsdom's name computation leaves the button out: check what aria-labelledby points at instead
    const dialog = await screen.findByRole('dialog')
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Aggiungi cittadino al servizio')
    expect(title?.querySelector('button')).toBeNull()
  })
})
