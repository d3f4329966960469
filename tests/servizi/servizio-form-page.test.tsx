import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import type { CampoRiferimenti, ServizioLocale } from '../../src/features/campo/types'
import { isAnyFormDirty, resetDirtyForms } from '../../src/pwa/dirty-forms'
import { getToasts } from '../../src/ui/stores/toasts'
import { riferimenti, servizio } from './fixtures'
import { renderAt, sessionOf } from './helpers'

const state = vi.hoisted(() => ({
  session: null as unknown as SessionState,
  riferimenti: undefined as CampoRiferimenti | null | undefined,
  servizio: undefined as ServizioLocale | null | undefined,
  connectivity: 'online' as 'online' | 'offline' | 'unknown',
}))

vi.mock('../../src/auth/session', () => ({
  useSession: () => state.session,
  getSessionState: () => state.session,
}))
vi.mock('../../src/offline', () => ({ useConnectivity: () => state.connectivity }))
vi.mock('../../src/features/campo', () => ({
  isFieldRole: (r: string | null | undefined) => r === 'FAC' || r === 'VOL',
  useCampoRiferimenti: () => state.riferimenti,
  useServizioCampo: () => state.servizio,
  creaServizio: vi.fn(),
  modificaServizio: vi.fn(),
  SyncChip: () => null,
}))

import { creaServizio, modificaServizio } from '../../src/features/campo'
import { CreaServizioPage, ModificaServizioPage } from '../../src/features/servizi/form/ServizioFormPage'
import { useParams } from '@tanstack/react-router'

const AREA_D = 'Sicurezza'
const COMP_11 = 'Proteggere i dispositivi (es.: impostare e gestire password, riconoscere ed evitare i messaggi di phishing)'

const renderCrea = () => renderAt('/area-amministrativa/servizi/crea', { '/area-amministrativa/servizi/crea': CreaServizioPage })

function ModificaRoute() {
  const { serviceId } = useParams({ strict: false }) as { serviceId: string }
  return <ModificaServizioPage serviceId={serviceId} />
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillValid() {
  type(/^Nome/, 'Uso dello SPID')
  type(/^Sede/, '12')
  type(/^Data/, '2025-03-10')
  const durata = screen.getByLabelText(/^Durata/)
  fireEvent.change(durata, { target: { value: '1:5' } })
  fireEvent.blur(durata)
  fireEvent.click(screen.getByLabelText('Facilitazione di gruppo'))
  fireEvent.click(screen.getByLabelText(AREA_D))
  fireEvent.click(screen.getByLabelText(COMP_11))
  fireEvent.click(screen.getByLabelText('App IO'))
  type(/^Descrivi i dettagli/, 'Attivazione, primo accesso')
}

describe('Crea servizio', () => {
  beforeEach(() => {
    state.session = sessionOf('FAC')
    state.riferimenti = riferimenti()
    state.connectivity = 'online'
    vi.mocked(creaServizio).mockReset()
    resetDirtyForms()
  })

  it('an empty save shows Italian messages under each field and calls nothing', async () => {
    await renderCrea()
    fireEvent.click(screen.getByRole('button', { name: 'Crea servizio' }))
    expect(await screen.findByText('Il modulo contiene 8 errori: correggi i campi evidenziati.')).toBeTruthy()
    expect(screen.getByTestId('error-servizio-nome-error').textContent).toBe('Campo obbligatorio')
    expect(screen.getByTestId('error-servizio-sede-error').textContent).toBe('Seleziona la sede')
    expect(screen.getByTestId('error-q3-24-error').textContent).toBe('Seleziona almeno un’opzione')
    expect(screen.getByTestId('error-q3-25-error').textContent).toBe('Seleziona almeno un’area di competenza')
    expect(screen.getByLabelText(/^Nome/).getAttribute('aria-invalid')).toBe('true')
    // a group of checkboxes: aria-invalid on its boxes, not on the fieldset (issue 15 point 5)
    for (const id of ['q3-24', 'q3-25']) {
      const group = screen.getByTestId(`group-${id}`)
      expect(group.hasAttribute('aria-invalid')).toBe(false)
      expect(group.getAttribute('aria-describedby')).toBe(`${id}-error`)
      const boxes = [...group.querySelectorAll(':scope > .form-check input, :scope > div > .form-check input')]
      expect(boxes.length).toBeGreaterThan(0)
      for (const box of boxes) expect(box.getAttribute('aria-invalid')).toBe('true')
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/^Nome/))
    expect(creaServizio).not.toHaveBeenCalled()
  })

  it('Ente is the profile body, read-only; the competence area reveals its specific competences', async () => {
    await renderCrea()
    const ente = screen.getByLabelText('Ente') as HTMLInputElement
    expect(ente.value).toBe('Comune di Roma')
    expect(ente.readOnly).toBe(true)
    const sub = screen.getByLabelText(COMP_11).closest('fieldset')!
    expect(sub.hidden).toBe(true)
    fireEvent.click(screen.getByLabelText(AREA_D))
    expect(sub.hidden).toBe(false)
  })

  it('a valid form calls creaServizio with the Q3 answers, toasts and opens the detail', async () => {
    vi.mocked(creaServizio).mockResolvedValue(servizio({ idServer: null, idLocale: 'loc-1', syncState: 'locale' }))
    const { history } = await renderCrea()
    fillValid()
    expect((screen.getByLabelText(/^Durata/) as HTMLInputElement).value).toBe('1:05')
    expect(isAnyFormDirty()).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Crea servizio' }))
    await waitFor(() => expect(creaServizio).toHaveBeenCalledOnce())
    expect(vi.mocked(creaServizio).mock.calls[0]![0]).toEqual({
      nome: 'Uso dello SPID',
      idSede: 12,
      q3: { '22': '2025-03-10', '23': '1:05', '24': ['Facilitazione di gruppo'], '25': [AREA_D], '26': [COMP_11], '27': ['App IO'], '28': 'Attivazione, primo accesso' },
    })
    await waitFor(() => expect(history.location.pathname).toBe('/area-amministrativa/servizi/loc-1/info'))
    expect(getToasts().at(-1)?.message).toBe('Servizio salvato')
  })

  it('offline: the toast says the service is on the device', async () => {
    state.connectivity = 'offline'
    vi.mocked(creaServizio).mockResolvedValue(servizio())
    const { history } = await renderCrea()
    fillValid()
    fireEvent.click(screen.getByRole('button', { name: 'Crea servizio' }))
    await waitFor(() => expect(history.location.pathname).toBe('/area-amministrativa/servizi/101/info'))
    expect(getToasts().at(-1)?.message).toBe('Servizio salvato sul dispositivo')
  })

  it('a refused save keeps what was typed and shows the message', async () => {
    const err = new Error('La data del servizio deve essere compresa tra le date del progetto')
    err.name = 'CampoInputError'
    vi.mocked(creaServizio).mockRejectedValue(err)
    await renderCrea()
    fillValid()
    fireEvent.click(screen.getByRole('button', { name: 'Crea servizio' }))
    expect(await screen.findByText(err.message)).toBeTruthy()
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Uso dello SPID')
    expect((screen.getByLabelText(AREA_D) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('button', { name: 'Crea servizio' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('the date outside the project and an invalid duration are explained on leaving the field', async () => {
    await renderCrea()
    const data = screen.getByLabelText(/^Data/)
    expect(data.getAttribute('min')).toBe('2024-01-01')
    expect(data.getAttribute('max')).toBe('2026-12-31')
    fireEvent.change(data, { target: { value: '2027-02-01' } })
    fireEvent.blur(data)
    expect(screen.getByTestId('error-q3-22-error').textContent).toBe('La data deve essere compresa tra il 01-01-2024 e il 31-12-2026 (date del progetto)')
    const durata = screen.getByLabelText(/^Durata/)
    fireEvent.change(durata, { target: { value: '0' } })
    fireEvent.blur(durata)
    expect(document.getElementById('q3-23-error')!.textContent).toBe('La durata deve essere maggiore di zero')
    expect(durata.getAttribute('aria-describedby')).toContain('q3-23-error')
    // an invalid duration stays as typed, explained (issue 8 point 8)
    fireEvent.change(durata, { target: { value: '1:75' } })
    fireEvent.blur(durata)
    expect((durata as HTMLInputElement).value).toBe('1:75')
    expect(document.getElementById('q3-23-error')!.textContent).toBe('I minuti vanno da 00 a 59: forse intendevi 2:15?')
  })

  it('details: counter up to 600 characters', async () => {
    await renderCrea()
    const details = screen.getByLabelText(/^Descrivi i dettagli/) as HTMLTextAreaElement
    expect(details.maxLength).toBe(600)
    fireEvent.change(details, { target: { value: 'x'.repeat(650) } })
    expect(details.value).toHaveLength(600)
    expect(screen.getByText('600 caratteri su 600')).toBeTruthy()
  })

  it('no template on the programme (S04): explained, no form', async () => {
    state.riferimenti = riferimenti({ template: null })
    await renderCrea()
    expect(screen.getByText('Non è possibile creare servizi')).toBeTruthy()
    expect(screen.queryByTestId('servizio-form')).toBeNull()
    expect((screen.getByRole('button', { name: 'Crea servizio' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('managers get no form', async () => {
    state.session = sessionOf('REGP')
    await renderCrea()
    expect(screen.getByText('Operazione non disponibile')).toBeTruthy()
    expect(screen.queryByTestId('servizio-form')).toBeNull()
  })
})

describe('Modifica servizio', () => {
  beforeEach(() => {
    state.session = sessionOf('FAC')
    state.riferimenti = riferimenti()
    state.servizio = servizio()
    state.connectivity = 'online'
    vi.mocked(modificaServizio).mockReset()
    resetDirtyForms()
  })

  it('prefilled from the service; saving calls modificaServizio with its device id', async () => {
    vi.mocked(modificaServizio).mockResolvedValue(servizio())
    const { history } = await renderAt('/area-amministrativa/servizi/101/modifica', { '/area-amministrativa/servizi/$serviceId/modifica': ModificaRoute })
    expect((screen.getByLabelText(/^Nome/) as HTMLInputElement).value).toBe('Uso dello SPID')
    expect((screen.getByLabelText(COMP_11) as HTMLInputElement).checked).toBe(true)
    expect(isAnyFormDirty()).toBe(false)
    type(/^Nome/, 'Uso dello SPID e della CIE')
    expect(isAnyFormDirty()).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Salva' }))
    await waitFor(() => expect(modificaServizio).toHaveBeenCalledOnce())
    const [idLocale, input] = vi.mocked(modificaServizio).mock.calls[0]!
    expect(idLocale).toBe(servizio().idLocale)
    expect(input.nome).toBe('Uso dello SPID e della CIE')
    expect(input.q3['28']).toBe('Attivazione SPID')
    await waitFor(() => expect(history.location.pathname).toBe('/area-amministrativa/servizi/101/info'))
  })

  it('unknown service', async () => {
    state.servizio = null
    await renderAt('/area-amministrativa/servizi/999/modifica', { '/area-amministrativa/servizi/$serviceId/modifica': ModificaRoute })
    expect(within(screen.getByTestId('servizi-notice')).getByText('Servizio non trovato')).toBeTruthy()
    await act(async () => {})
  })
})
