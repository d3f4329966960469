/**
 * The editor loaded on demand (src/ui/rich-text/LazyRichTextEditor.tsx, issue 24 point 24): while its chunk
 * arrives a loading line is read; a chunk that cannot be loaded (offline: the editor is not precached) shows an
 * Italian message with 'Riprova' instead of breaking the dialog, and 'Riprova' loads it again.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

// while `offline`, the editor cannot be had (as its chunk cannot be fetched); back online, it renders
const state = vi.hoisted(() => ({ offline: true }))

vi.mock('../../src/ui/rich-text/RichTextEditor', () => ({
  RichTextEditor: ({ label }: { label: string }) => {
    if (state.offline) throw new TypeError('Failed to fetch dynamically imported module')
    return <label>{label}<textarea /></label>
  },
}))

import { LazyRichTextEditor } from '../../src/ui/rich-text/LazyRichTextEditor'

describe('LazyRichTextEditor', () => {
  it('shows a failed load as a message with Riprova, and Riprova brings the editor', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <form>
        <input aria-label="Titolo" defaultValue="Il mio titolo" />
        <LazyRichTextEditor label="Testo" value="" maxPlainChars={500} onChange={() => {}} />
      </form>,
    )
    expect(screen.getByRole('status').textContent).toBe('Caricamento dell’editor di testo…')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Non è stato possibile caricare l’editor di testo')
    expect((screen.getByLabelText('Titolo') as HTMLInputElement).value).toBe('Il mio titolo')
    state.offline = false
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Riprova' })) })
    expect(await screen.findByLabelText('Testo')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    spy.mockRestore()
  })
})
