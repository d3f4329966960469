/**
 * Issue 27 point 2, a community item's edit (src/features/community/CreateItemModal.tsx): the update carries the
 * item's version; a 409 V01 whose saved item changed a field the user changed too opens the side-by-side view in
 * the dialog (the form stays, hidden, with the typing), the fields changed by one side only are merged, and
 * 'Salva' sends the chosen values with the server's version. Files are compared by name: 'Usa quella salvata'
 * keeps the file someone else saved (the chosen one is not sent).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import type { Item } from '../../src/api/contract/community'
import type { SessionState } from '../../src/auth/session'
import { sessionOf } from '../servizi/helpers'

const state = vi.hoisted(() => ({ session: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => state.session, getSessionState: () => state.session }))
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()), useNavigate: () => vi.fn(),
}))
// the rich-text editor as a plain text area (its own tests: tests/ui/rich-text-editor.test.tsx)
vi.mock('../../src/ui/rich-text/LazyRichTextEditor', () => ({
  LazyRichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange(html: string, info: { empty: boolean; plainLength: number }): void }) => (
    <><label htmlFor="rte">{label}</label><textarea id="rte" value={value} onChange={(e) => onChange(e.target.value, { empty: e.target.value === '', plainLength: e.target.value.length })} /></>
  ),
}))
const api = vi.hoisted(() => ({ updateItem: vi.fn(), stageFile: vi.fn() }))
vi.mock('../../src/features/community/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/community/api')>()),
  categoriesQuery: () => ({ queryKey: ['test-categories'], queryFn: async () => ({ items: [{ id: 5, name: 'Notizie' }, { id: 6, name: 'Eventi' }] }) }),
  updateItem: api.updateItem,
  stageFile: api.stageFile,
  checkChosenFile: async () => null,
}))

import { CreateItemModal } from '../../src/features/community/CreateItemModal'

function itemOf(over: Partial<Item>): Item {
  return {
    id: 41, versione: 3, item_type: 'community_item', title: 'Titolo di partenza', description: '<p>Testo di partenza</p>', author: 7,
    author_name: 'Sara Romano', author_avatar: null, category: 5, category_label: 'Notizie', date: '2026-11-27', cover: null, cover_file_name: null,
    attachment: null, attachment_file_name: null, program: 'public', program_label: 'Tutti i programmi', intervention: 'public', entity: 'Comune di Roma',
    entity_type: 'Comune', external_link: null, tags: 'spid', likes: 0, views: 1, downloads: 0, user_like: false, comment_count: 0,
    enable_comments: true, highlighted: false, usefull_status: 0, can_edit: true, can_delete: true, ...over,
  }
}

const conflitto409 = (corrente: Item) =>
  new ApiCallError(409, 'V01', 'modificato da altri', 'http', { fromServer: true, corrente: { items: [corrente] }, modificatoIl: '2026-11-28T09:05:00Z' })

function renderModal(section: 'board' | 'community' | 'document', item: Item) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const ui = (isOpen: boolean) => <QueryClientProvider client={qc}><CreateItemModal section={section} isOpen={isOpen} item={item} onClose={() => {}} /></QueryClientProvider>
  const { rerender } = render(ui(true))
  return { setOpen: (isOpen: boolean) => rerender(ui(isOpen)) }
}

async function conferma() {
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Conferma' })) })
}

beforeEach(() => {
  state.session = sessionOf('FAC')
  api.updateItem.mockReset()
  api.stageFile.mockReset()
})

describe('community item edit meets a 409 V01 (issue 27 point 2)', () => {
  it('shows the field changed on both sides, keeps the typing, merges the rest, and saves the choice with the server version', async () => {
    const base = itemOf({})
    api.updateItem
      .mockRejectedValueOnce(conflitto409(itemOf({ versione: 4, title: 'Titolo di altri', description: '<p>Testo di altri</p>', category: 6, category_label: 'Eventi' })))
      .mockResolvedValueOnce({ id: 41, versione: 5 })
    renderModal('community', base)
    await screen.findByRole('option', { name: 'Eventi' })
    fireEvent.change(screen.getByLabelText('Titolo *'), { target: { value: 'Titolo mio' } })
    fireEvent.change(screen.getByLabelText('Tag'), { target: { value: 'spid;cie' } })
    await conferma()

    expect(api.updateItem).toHaveBeenCalledOnce()
    expect(api.updateItem.mock.calls[0]?.slice(0, 4)).toEqual(['community', 41, { title: 'Titolo mio', category: 5, description: '<p>Testo di partenza</p>', tags: 'spid;cie' }, 3])
    const vista = await screen.findByTestId('vista-conflitto')
    expect(within(vista).getByRole('heading', { name: 'Modifica in conflitto' })).toBe(document.activeElement)
    // only 'Titolo' is asked: both values side by side
    const titolo = within(vista).getByRole('group', { name: 'Titolo' })
    expect(within(vista).getAllByRole('group')).toHaveLength(1)
    expect(within(titolo).getByText('La tua modifica')).toBeTruthy()
    expect(within(titolo).getByText('Titolo mio')).toBeTruthy()
    expect(within(titolo).getByText(/^Modificato da altri il 28-11-2026 alle 10:05$/)).toBeTruthy()
    expect(within(titolo).getByText('Titolo di altri')).toBeTruthy()
    // the others' description and category were taken without asking, by their labels
    const presi = within(vista).getAllByRole('listitem').map((li) => li.textContent)
    expect(presi).toEqual(['Categoria', 'Descrizione'])
    // the form is kept with the typing, hidden; its buttons are gone
    expect((screen.getByLabelText('Titolo *') as HTMLInputElement).value).toBe('Titolo mio')
    expect(screen.getByLabelText('Titolo *').closest('form')!.hidden).toBe(true)
    expect(screen.queryByRole('button', { name: 'Conferma' })).toBeNull()

    const salva = within(vista).getByRole('button', { name: 'Salva' })
    expect((salva as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(titolo).getByRole('radio', { name: 'Usa quella salvata' }))
    await act(async () => { fireEvent.click(salva) })

    expect(api.updateItem).toHaveBeenCalledTimes(2)
    expect(api.updateItem.mock.calls[1]?.slice(0, 4)).toEqual(['community', 41, { title: 'Titolo di altri', category: 6, description: '<p>Testo di altri</p>', tags: 'spid;cie' }, 4])
    // a new version, a new idempotency key
    expect(api.updateItem.mock.calls[1]?.[4]).not.toBe(api.updateItem.mock.calls[0]?.[4])
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Argomento modificato correttamente!'))
  })

  it("a file chosen on both sides is compared by name: 'Usa quella salvata' keeps the saved one and sends none", async () => {
    const base = itemOf({ item_type: 'document_item', attachment: '/api/item/41/attachment', attachment_file_name: 'vecchio.pdf', external_link: 'https://example.it' })
    api.updateItem
      .mockRejectedValueOnce(conflitto409({ ...base, versione: 4, attachment_file_name: 'di-altri.pdf' }))
      .mockResolvedValueOnce({ id: 41, versione: 5 })
    api.stageFile.mockResolvedValue({ file: 'tok-1' })
    renderModal('document', base)
    await screen.findByRole('option', { name: 'Eventi' })
    const file = new File(['%PDF-1.4'], 'mio.pdf', { type: 'application/pdf' })
    await act(async () => { fireEvent.change(screen.getByLabelText('Allegato (max 10 MB)'), { target: { files: [file] } }) })
    await waitFor(() => expect((screen.getByRole('button', { name: 'Conferma' }) as HTMLButtonElement).disabled).toBe(false))
    await conferma()
    expect(api.updateItem.mock.calls[0]?.[2]).toMatchObject({ attachment_file: 'tok-1' })

    const vista = await screen.findByTestId('vista-conflitto')
    const allegato = within(vista).getByRole('group', { name: 'Allegato' })
    expect(within(allegato).getByText('File mio.pdf')).toBeTruthy()
    expect(within(allegato).getByText('File di-altri.pdf')).toBeTruthy()
    fireEvent.click(within(allegato).getByRole('radio', { name: 'Usa quella salvata' }))
    await act(async () => { fireEvent.click(within(vista).getByRole('button', { name: 'Salva' })) })
    const body = api.updateItem.mock.calls[1]?.[2] as Record<string, unknown>
    expect(body.attachment_file).toBeUndefined()
    expect(body).toMatchObject({ external_link: 'https://example.it', program: 'public', intervention: 'public' })
    expect(api.updateItem.mock.calls[1]?.[3]).toBe(4)
  })

  it('a dialog closed while the view is open opens again on the form, from the item', async () => {
    api.updateItem.mockRejectedValueOnce(conflitto409(itemOf({ versione: 4, title: 'Titolo di altri' })))
    const { setOpen } = renderModal('community', itemOf({}))
    await screen.findByRole('option', { name: 'Eventi' })
    fireEvent.change(screen.getByLabelText('Titolo *'), { target: { value: 'Titolo mio' } })
    await conferma()
    await screen.findByTestId('vista-conflitto')
    setOpen(false)
    setOpen(true)
    await waitFor(() => expect(screen.queryByTestId('vista-conflitto')).toBeNull())
    expect((screen.getByLabelText('Titolo *') as HTMLInputElement).value).toBe('Titolo di partenza')
    expect(screen.getByRole('button', { name: 'Conferma' })).toBeTruthy()
  })

  it('an announcement: the view takes the place of the preview; programme and intervention go as one field', async () => {
    const base = itemOf({ item_type: 'board_item', highlighted: false })
    api.updateItem
      .mockRejectedValueOnce(conflitto409({ ...base, versione: 4, title: 'Titolo di altri', intervention: 'SCD' }))
      .mockResolvedValueOnce({ id: 41, versione: 5 })
    renderModal('board', base)
    await screen.findByRole('option', { name: 'Eventi' })
    fireEvent.change(screen.getByLabelText('Titolo *'), { target: { value: 'Titolo mio' } })
    fireEvent.click(screen.getByLabelText('Annunci in evidenza'))
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima' }))
    await conferma()
    const vista = await screen.findByTestId('vista-conflitto')
    expect(screen.getByLabelText('Anteprima').hidden).toBe(true)
    expect(within(vista).getAllByRole('group').map((g) => g.getAttribute('data-campo'))).toEqual(['titolo'])
    // the others' intervention is taken with its programme, as one field
    expect(within(vista).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Programma e intervento'])
    fireEvent.click(within(vista).getByRole('radio', { name: 'Mantieni la mia' }))
    await act(async () => { fireEvent.click(within(vista).getByRole('button', { name: 'Salva' })) })
    expect(api.updateItem.mock.calls[1]?.[2]).toMatchObject({ title: 'Titolo mio', program: 'public', intervention: 'SCD', highlighted: true, enable_comments: true })
    expect(api.updateItem.mock.calls[1]?.[3]).toBe(4)
  })
})
