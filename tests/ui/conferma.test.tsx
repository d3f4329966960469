/**
 * The one confirmed-action behaviour (issue 26 point 4, src/ui/widgets/useConferma.tsx): a failed action keeps
 * the dialog open and says why (the catalogue's wording by default), the buttons come back; a successful one
 * closes it.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import { useConferma } from '../../src/ui/widgets/useConferma'

function Pagina({ run }: { run(): Promise<unknown> }) {
  const { ask, dialog } = useConferma()
  return (
    <>
      <button type="button" onClick={() => ask({ title: 'Rimuovi ruolo', text: 'Confermi?', confirmLabel: 'Rimuovi', run })}>Apri</button>
      {dialog}
    </>
  )
}

async function conferma(run: () => Promise<unknown>) {
  await act(async () => { render(<Pagina run={run} />) })
  fireEvent.click(screen.getByRole('button', { name: 'Apri' }))
  const dialog = await screen.findByRole('dialog')
  await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Rimuovi' })) })
  return dialog
}

describe('useConferma', () => {
  it('a failure keeps the dialog open with the reason, and the buttons usable again', async () => {
    const dialog = await conferma(async () => { throw new ApiCallError(0, null, 'Network error', 'network') })
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Non è stato possibile raggiungere il server. Controlla la connessione e riprova.')
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Rimuovi' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('a success closes the dialog', async () => {
    const run = vi.fn(async () => ({ id: 1 }))
    await conferma(run)
    expect(run).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
