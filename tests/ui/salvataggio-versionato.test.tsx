/**
 * The one handling of a stale online edit (issue 27 point 2, src/ui/conflitto/useSalvataggioVersionato.tsx): the
 * update carries the read's version; a form without one never sends; a 409 V01 without conflicting fields sends the
 * merged record at once with the server's version and says so; with conflicting fields the view opens, the user's
 * typing is kept, 'Salva' sends the choices with the server's version, and a new 409 repeats the cycle.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import { getToasts } from '../../src/ui/stores/toasts'
import { TESTO_UNITE, useSalvataggioVersionato, VersioneMancante, type LetturaVersionata } from '../../src/ui/conflitto'

interface Valori { nome: string; descrizione: string }
const LETTURA: LetturaVersionata<Valori> = { valori: { nome: 'A', descrizione: 'Prima' }, versione: 3 }

const conflitto409 = (corrente: { nome: string; descrizione: string; versione: number }) =>
  new Error('Modifica in conflitto', {
    cause: new ApiCallError(409, 'V01', 'modificato da altri', 'http', { fromServer: true, corrente, modificatoIl: '2026-11-28T09:05:00Z' }),
  })

function Form({ lettura = LETTURA, invia, onSalvato, onErrore }: {
  lettura?: LetturaVersionata<Valori>; invia(v: Valori, versione: number): Promise<unknown>; onSalvato(): void; onErrore?(e: unknown): void
}) {
  const [valori, setValori] = useState(lettura.valori)
  const s = useSalvataggioVersionato({
    lettura, invia, onSalvato,
    daCorrente: (c) => {
      const x = c as Valori & { versione: number }
      return { valori: { nome: x.nome, descrizione: x.descrizione }, versione: x.versione }
    },
    campi: { nome: { label: 'Nome' }, descrizione: { label: 'Descrizione' } },
  })
  return (
    <>
      {s.vista}
      <form hidden={s.inConflitto} onSubmit={(e) => { e.preventDefault(); s.salva(valori).catch((err: unknown) => onErrore?.(err)) }}>
        <label htmlFor="n">Nome</label>
        <input id="n" value={valori.nome} onChange={(e) => setValori({ ...valori, nome: e.target.value })} />
        <label htmlFor="d">Descrizione</label>
        <input id="d" value={valori.descrizione} onChange={(e) => setValori({ ...valori, descrizione: e.target.value })} />
        <button type="submit">Salva modifiche</button>
      </form>
    </>
  )
}

async function scriviEInvia(nome: string) {
  fireEvent.change(screen.getByLabelText('Nome'), { target: { value: nome } })
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' })) })
}

afterEach(() => vi.restoreAllMocks())

describe('useSalvataggioVersionato', () => {
  it('sends the edit with the version of the read', async () => {
    const invia = vi.fn(async () => ({}))
    const onSalvato = vi.fn()
    render(<Form invia={invia} onSalvato={onSalvato} />)
    await scriviEInvia('B')
    expect(invia).toHaveBeenCalledWith({ nome: 'B', descrizione: 'Prima' }, 3)
    expect(onSalvato).toHaveBeenCalledOnce()
  })

  it('a read without a version never sends: it fails loudly', async () => {
    const invia = vi.fn(async () => ({}))
    const onErrore = vi.fn()
    render(<Form lettura={{ valori: LETTURA.valori, versione: undefined }} invia={invia} onSalvato={() => {}} onErrore={onErrore} />)
    await scriviEInvia('B')
    expect(invia).not.toHaveBeenCalled()
    expect(onErrore.mock.calls[0]?.[0]).toBeInstanceOf(VersioneMancante)
  })

  it('a 409 whose changes touch other fields: the merged record goes at once with the new version, and the user is told', async () => {
    const invia = vi.fn()
      .mockRejectedValueOnce(conflitto409({ nome: 'A', descrizione: 'Loro', versione: 4 }))
      .mockResolvedValueOnce({})
    const onSalvato = vi.fn()
    render(<Form invia={invia} onSalvato={onSalvato} />)
    await scriviEInvia('B')
    expect(invia).toHaveBeenLastCalledWith({ nome: 'B', descrizione: 'Loro' }, 4)
    expect(onSalvato).toHaveBeenCalledOnce()
    expect(getToasts().some((t) => t.message === TESTO_UNITE)).toBe(true)
    expect(screen.queryByTestId('vista-conflitto')).toBeNull()
  })

  it('a 409 on the same field: the view opens with the typing kept, Salva sends the choice with the new version; a new 409 repeats', async () => {
    const invia = vi.fn()
      .mockRejectedValueOnce(conflitto409({ nome: 'C', descrizione: 'Prima', versione: 4 }))
      .mockRejectedValueOnce(conflitto409({ nome: 'C', descrizione: 'Ancora', versione: 5 }))
      .mockResolvedValueOnce({})
    const onSalvato = vi.fn()
    render(<Form invia={invia} onSalvato={onSalvato} />)
    await scriviEInvia('B')
    const vista = await screen.findByTestId('vista-conflitto')
    expect(onSalvato).not.toHaveBeenCalled()
    const nome = within(vista).getByRole('group', { name: 'Nome' })
    expect(within(nome).getByText('B')).toBeTruthy()
    expect(within(nome).getByText('Modificato da altri il 28-11-2026 alle 10:05')).toBeTruthy()
    // the form is hidden, not gone: what was typed is still there
    expect((screen.getByLabelText('Nome', { selector: 'input' }) as HTMLInputElement).value).toBe('B')
    fireEvent.click(within(nome).getByRole('radio', { name: 'Usa quella salvata' }))
    await act(async () => { fireEvent.click(within(vista).getByRole('button', { name: 'Salva' })) })
    // the second answer changed only the description (theirs since the view): merged at once, the choice kept
    expect(invia).toHaveBeenNthCalledWith(2, { nome: 'C', descrizione: 'Prima' }, 4)
    expect(invia).toHaveBeenNthCalledWith(3, { nome: 'C', descrizione: 'Ancora' }, 5)
    await waitFor(() => expect(onSalvato).toHaveBeenCalledOnce())
  })

  it('Annulla closes the view and shows the form with the typing; the next save meets the conflict again', async () => {
    const invia = vi.fn().mockRejectedValue(conflitto409({ nome: 'C', descrizione: 'Prima', versione: 4 }))
    render(<Form invia={invia} onSalvato={() => {}} />)
    await scriviEInvia('B')
    fireEvent.click(within(await screen.findByTestId('vista-conflitto')).getByRole('button', { name: 'Annulla' }))
    expect(screen.queryByTestId('vista-conflitto')).toBeNull()
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('B')
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva modifiche' })) })
    expect(invia).toHaveBeenLastCalledWith({ nome: 'B', descrizione: 'Prima' }, 3)
    expect(await screen.findByTestId('vista-conflitto')).toBeTruthy()
  })
})
