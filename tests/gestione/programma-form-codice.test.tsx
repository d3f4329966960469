/**
 * Issue 24 point 17: a programme code already in use (409 P09) is shown on the code field, with the catalogue's
 * Italian message, not as the generic alert above the form; changing the code clears it.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/api/connectivity', async (importOriginal) => ({
  ...(await importOriginal<object>()), useConnectivity: () => 'online', useNetworkAvailable: () => true,
}))

import { ApiCallError } from '../../src/api/client'
import { ProgrammaForm } from '../../src/features/programmi/form/ProgrammaForm'
import { obiettiviVuoti, type ProgrammaFormValues } from '../../src/lib/gestione-form'

const MESSAGGIO = 'Esiste già un programma con questo codice: scegline un altro.'
const initial: ProgrammaFormValues = {
  codice: 'RFD-2024-LAZ', nome: 'Programma', nomeBreve: 'Prg', policy: 'RFD', bando: '', cup: '',
  dataInizio: '01-01-2025', dataFine: '31-12-2026', obiettivi: obiettiviVuoti(),
}

describe('programme form: a code already in use', () => {
  it('shows P09 on the code field (aria-invalid, described by the message) and clears it when the code changes', async () => {
    // as salva() rejects: the catalogue's text, the ApiCallError as cause
    const onSubmit = vi.fn(() => Promise.reject(new Error(`CODICE GIÀ IN USO: ${MESSAGGIO} (errore P09)`, {
      cause: new ApiCallError(409, 'P09', MESSAGGIO, 'http', { fromServer: true }),
    })))
    render(<ProgrammaForm initial={initial} policies={['RFD', 'SCD']} submitLabel="Crea programma" onSubmit={onSubmit} onCancel={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Crea programma' }))
    const codice = screen.getByLabelText(/^Codice/)
    await waitFor(() => expect(codice.getAttribute('aria-invalid')).toBe('true'))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(document.getElementById('programma-codice-error')?.textContent).toContain(MESSAGGIO)
    expect(codice.getAttribute('aria-describedby')).toContain('programma-codice-error')
    expect(screen.getByTestId('form-errori').textContent).toContain('Il modulo contiene un errore')
    expect(screen.queryByText(/errore P09/)).toBeNull() // not the generic alert
    // what the user typed is kept; a new code clears the server's message
    expect((codice as HTMLInputElement).value).toBe('RFD-2024-LAZ')
    fireEvent.change(codice, { target: { value: 'RFD-2024-LAZ-2' } })
    await waitFor(() => expect(codice.getAttribute('aria-invalid')).toBeNull())
    expect(document.getElementById('programma-codice-error')?.textContent ?? '').not.toContain(MESSAGGIO)
  })

  it('keeps any other refusal as the alert above the form', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('PROGRAMMA NON CREATO: controlla le date (errore P01)', {
      cause: new ApiCallError(409, 'P01', 'x', 'http', { fromServer: true }),
    })))
    render(<ProgrammaForm initial={initial} policies={['RFD']} submitLabel="Crea programma" onSubmit={onSubmit} onCancel={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Crea programma' }))
    expect((await screen.findByText(/errore P01/)).getAttribute('role')).toBe('alert')
    expect(screen.getByLabelText(/^Codice/).getAttribute('aria-invalid')).toBeNull()
  })
})
