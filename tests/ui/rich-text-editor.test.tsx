/**
 * The shared rich-text editor's toolbar (src/ui/rich-text/RichTextEditor.tsx): a pointer press on a button keeps
 * the focus in the text, so what is typed right after 'Grassetto' lands in the editor (a CI run lost the first
 * letters typed after the click while the command was giving the focus back).
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RichTextEditor } from '../../src/ui/rich-text/RichTextEditor'

describe('RichTextEditor toolbar', () => {
  it('does not take the focus from the text on a pointer press, and toggles its format on click', () => {
    render(<RichTextEditor label="Descrizione" value="" maxPlainChars={1500} onChange={() => {}} />)
    const bold = screen.getByRole('button', { name: /Grassetto/ })
    expect(fireEvent.mouseDown(bold)).toBe(false) // default prevented: the focus stays where it was
    expect(fireEvent.mouseDown(screen.getByRole('button', { name: /Link/ }))).toBe(false)
    expect(bold.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(bold)
    expect(bold.getAttribute('aria-pressed')).toBe('true')
  })
})
