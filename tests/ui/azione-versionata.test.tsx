/**
 * Deletes and state changes of a versioned record (issue 27 point 4, src/ui/conflitto/useAzioneVersionata.ts): the
 * action carries the read's version; a 409 V01 keeps the confirmation dialog open saying when and what changed, and
 * the next 'Conferma' acts on the server's version; a read without a version never sends.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import { useAzioneVersionata } from '../../src/ui/conflitto'
import { useConferma } from '../../src/ui/widgets/useConferma'

const conflitto = new ApiCallError(409, 'V01', 'modificato da altri', 'http', {
  corrente: { nome: 'Nuovo nome', stato: 'ATTIVO', versione: 5 }, modificatoIl: '2026-11-28T09:05:00Z',
})

function Pagina({ run, versione = 2 }: { run(v: number): Promise<unknown>; versione?: number | null }) {
  const { ask, dialog } = useConferma()
  const conVersione = useAzioneVersionata({
    lettura: { valori: { nome: 'Vecchio nome', stato: 'ATTIVO' }, versione },
    daCorrente: (c) => ({ valori: c as Record<string, unknown>, versione: (c as { versione: number }).versione }),
    campi: { nome: { label: 'Nome' }, stato: { label: 'Stato' } },
    soggetto: 'Il progetto',
  })
  return (
    <>
      <button type="button" onClick={() => ask({ title: 'Elimina progetto', text: 'Confermi?', confirmLabel: 'Elimina', run: () => conVersione(run) })}>Apri</button>
      {dialog}
    </>
  )
}

async function conferma() {
  const dialog = await screen.findByRole('dialog')
  await act(async () => { fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' })) })
  return dialog
}

describe('useAzioneVersionata', () => {
  it('a record changed meanwhile: the dialog says when and what, and the next confirmation uses the new version', async () => {
    const run = vi.fn().mockRejectedValueOnce(conflitto).mockResolvedValueOnce({ id: 1 })
    await act(async () => { render(<Pagina run={run} />) })
    fireEvent.click(screen.getByRole('button', { name: 'Apri' }))
    const dialog = await conferma()
    expect(run).toHaveBeenLastCalledWith(2)
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Il progetto è stato modificato da altri nel frattempo il 28-11-2026 alle 10:05. Ora: Nome: Nuovo nome. Se vuoi procedere comunque, conferma di nuovo.')
    await conferma()
    expect(run).toHaveBeenLastCalledWith(5)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a read without a version never sends', async () => {
    const run = vi.fn(async () => ({}))
    await act(async () => { render(<Pagina run={run} versione={null} />) })
    fireEvent.click(screen.getByRole('button', { name: 'Apri' }))
    const dialog = await conferma()
    expect(run).not.toHaveBeenCalled()
    expect(within(dialog).getByRole('alert')).toBeTruthy()
  })
})
