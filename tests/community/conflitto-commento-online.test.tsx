/**
 * Issue 27 point 2, a comment's edit online (src/features/community/ModificaCommentoModal.tsx): sent with the
 * comment's version and text; a 409 V01 keeps the typing and shows the side-by-side view for 'Testo del commento';
 * 'Salva' re-sends the chosen text with the server's version (and the text of that version, for the outbox should
 * the network fail then). A comment still queued has no version: its edit goes to the outbox as before.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import type { Comment } from '../../src/api/contract/community'
import type { Target } from '../../src/features/community/outbox'

const api = vi.hoisted(() => ({ modificaCommento: vi.fn() }))
vi.mock('../../src/features/community/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/community/api')>()),
  modificaCommento: api.modificaCommento,
}))

import { ModificaCommentoModal } from '../../src/features/community/ModificaCommentoModal'

const ITEM = { id: 41, title: 'Corso SPID' }
const COMMENT = {
  id: 9, comment_body: 'Testo di partenza', versione: 2, date: '2026-11-27T10:00:00Z', author: 7, author_name: 'Sara Romano', author_avatar: null,
  section: 'forum', likes: 0, user_like: false, reported: 0, isAnswer: false, parent_id: null, can_edit: true, can_delete: true, replies: [],
} satisfies Comment

const conflitto409 = (comment_body: string, versione: number) =>
  new ApiCallError(409, 'V01', 'modificato da altri', 'http', { fromServer: true, corrente: { ...COMMENT, comment_body, versione }, modificatoIl: '2026-11-28T09:05:00Z' })

beforeEach(() => api.modificaCommento.mockReset())

function renderEdit(edit: { comment: Comment; target: Target } = { comment: COMMENT, target: { idItem: 41, idCommento: 9 } }) {
  const onClose = vi.fn()
  const onDone = vi.fn(async () => undefined)
  render(<ModificaCommentoModal isOpen item={ITEM} edit={edit} onClose={onClose} onDone={onDone} />)
  return { onClose, onDone }
}

describe('comment edit online meets a 409 V01 (issue 27 point 2)', () => {
  it('keeps the typing, shows both texts side by side, and re-sends the choice with the server version', async () => {
    api.modificaCommento.mockRejectedValueOnce(conflitto409('Testo di altri', 3)).mockResolvedValueOnce('sent')
    const { onClose, onDone } = renderEdit()
    fireEvent.change(screen.getByLabelText('Digita qui sotto il testo *'), { target: { value: 'Testo mio' } })
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva' })) })
    expect(api.modificaCommento).toHaveBeenCalledWith(ITEM, { idItem: 41, idCommento: 9 }, 'Testo mio', { versione: 2, testo: 'Testo di partenza' })

    const vista = await screen.findByTestId('vista-conflitto')
    expect(within(vista).getByRole('heading', { name: 'Modifica in conflitto' })).toBe(document.activeElement)
    const campo = within(vista).getByRole('group', { name: 'Testo del commento' })
    expect(within(campo).getByText('La tua modifica')).toBeTruthy()
    expect(within(campo).getByText('Testo mio')).toBeTruthy()
    expect(within(campo).getByText(/^Modificato da altri il 28-11-2026 alle 10:05$/)).toBeTruthy()
    expect(within(campo).getByText('Testo di altri')).toBeTruthy()
    // the typing is kept (hidden), the dialog is still open
    expect((screen.getByLabelText('Digita qui sotto il testo *') as HTMLTextAreaElement).value).toBe('Testo mio')
    expect(onClose).not.toHaveBeenCalled()

    fireEvent.click(within(campo).getByRole('radio', { name: 'Mantieni la mia' }))
    await act(async () => { fireEvent.click(within(vista).getByRole('button', { name: 'Salva' })) })
    expect(api.modificaCommento).toHaveBeenLastCalledWith(ITEM, { idItem: 41, idCommento: 9 }, 'Testo mio', { versione: 3, testo: 'Testo di altri' })
    expect(onClose).toHaveBeenCalledOnce()
    expect(onDone).toHaveBeenCalledWith('sent')
  })

  it("'Usa quella salvata' sends the saved text with the new version; 'Annulla' first brings the text area back", async () => {
    api.modificaCommento.mockRejectedValueOnce(conflitto409('Testo di altri', 3)).mockRejectedValueOnce(conflitto409('Testo di altri', 3)).mockResolvedValueOnce('sent')
    renderEdit()
    fireEvent.change(screen.getByLabelText('Digita qui sotto il testo *'), { target: { value: 'Testo mio' } })
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva' })) })
    await act(async () => { fireEvent.click(within(await screen.findByTestId('vista-conflitto')).getByRole('button', { name: 'Annulla' })) })
    expect(screen.queryByTestId('vista-conflitto')).toBeNull()
    expect((screen.getByLabelText('Digita qui sotto il testo *') as HTMLTextAreaElement).value).toBe('Testo mio')
    // the next save is still based on the read: the view opens again
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva' })) })
    const vista = await screen.findByTestId('vista-conflitto')
    fireEvent.click(within(vista).getByRole('radio', { name: 'Usa quella salvata' }))
    await act(async () => { fireEvent.click(within(vista).getByRole('button', { name: 'Salva' })) })
    expect(api.modificaCommento).toHaveBeenLastCalledWith(ITEM, { idItem: 41, idCommento: 9 }, 'Testo di altri', { versione: 3, testo: 'Testo di altri' })
  })

  it('a comment still queued (no server id) is edited without a version, in the outbox', async () => {
    api.modificaCommento.mockResolvedValueOnce('queued')
    const target = { idItem: 41, idCommentoLocale: 'loc-1' }
    const { onDone } = renderEdit({ comment: { ...COMMENT, id: 0, versione: undefined }, target })
    fireEvent.change(screen.getByLabelText('Digita qui sotto il testo *'), { target: { value: 'Corretto' } })
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Salva' })) })
    expect(api.modificaCommento).toHaveBeenCalledWith(ITEM, target, 'Corretto', { testo: 'Testo di partenza' })
    expect(onDone).toHaveBeenCalledWith('queued')
  })
})
