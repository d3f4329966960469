/**
 * The community's client rendering of descriptions (src/features/community/RichText.tsx): React elements
 * built from the parsed markup, only the formatting tags kept, links only to web pages or e-mail,
 * opened in a new tab; never raw HTML injection.
 */
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { plainTextOf, RichText } from '../../src/features/community/RichText'

describe('RichText', () => {
  it('renders the kept formatting and drops anything else to its text', () => {
    const { container } = render(<RichText html={'<p>Ciao <strong>a tutti</strong> <img src=x onerror="alert(1)"><script>alert(2)</script><em>!</em></p><ul><li>uno</li></ul>'} />)
    expect(container.querySelector('strong')?.textContent).toBe('a tutti')
    expect(container.querySelector('em')?.textContent).toBe('!')
    expect(container.querySelector('li')?.textContent).toBe('uno')
    expect(container.querySelector('img, script, [onerror]')).toBeNull()
  })

  it('keeps only web and e-mail links, opened safely in a new tab', () => {
    const { container } = render(<RichText html={'<p><a href="https://example.it">sito</a> <a href="javascript:alert(1)">x</a> <a href="mailto:a@b.it">mail</a></p>'} />)
    const links = [...container.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.it', 'mailto:a@b.it'])
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    expect(links[0]?.getAttribute('target')).toBe('_blank')
    expect(container.textContent).toContain('x')
  })

  it('gives the plain text of a description for the cards', () => {
    expect(plainTextOf('<p>Uno&nbsp;<strong>due</strong></p><p>tre</p>')).toBe('Uno duetre')
  })
})
