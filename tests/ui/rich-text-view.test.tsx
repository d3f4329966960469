/**
 * The one rich-text renderer (src/ui/rich-text/RichTextView.tsx), used by the community and by assistance:
 * React elements built from the parsed markup, only the formatting tags kept and without attributes, links only
 * to web pages or e-mail, opened in a new tab; scripts, handlers and javascript: links never rendered.
 */
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { plainTextOf, RichTextView } from '../../src/ui/rich-text/RichTextView'

const view = (html: string) => render(<RichTextView html={html} />).container

describe('RichTextView', () => {
  it('keeps the allowed formatting tags', () => {
    const c = view('<p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br></p><ul><li>uno</li></ul><ol><li>due</li></ol><blockquote>f</blockquote>')
    for (const tag of ['p', 'strong', 'em', 'u', 's', 'br', 'ul', 'ol', 'li', 'blockquote']) expect(c.querySelector(tag), tag).not.toBeNull()
    expect(c.querySelector('strong')?.textContent).toBe('b')
    expect(c.querySelector('ol li')?.textContent).toBe('due')
  })

  it('never renders scripts, event handlers or other elements, whose text alone is kept', () => {
    const c = view('<p onclick="x()">Ciao <img src=x onerror="alert(1)"><script>alert(2)</script><style>p{}</style><iframe src="https://x.it"></iframe><h1 style="color:red">titolo</h1></p>')
    expect(c.querySelector('img, script, style, iframe, h1, [onerror], [onclick], [style]')).toBeNull()
    expect(c.innerHTML).not.toMatch(/alert|onerror|onclick/)
    expect(c.textContent).toBe('Ciao titolo')
  })

  it('keeps only web and e-mail links, with target _blank and rel noopener noreferrer nofollow', () => {
    const c = view('<p><a href="https://example.it" target="_self" rel="opener">sito</a> <a href="javascript:alert(1)">x</a> <a href=" JavaScript:alert(1)">y</a> <a href="mailto:a@b.it">mail</a> <a href="data:text/html,1">z</a></p>')
    const links = [...c.querySelectorAll('a')]
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.it', 'mailto:a@b.it'])
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    }
    expect(c.textContent).toContain('x')
    expect(c.textContent).toContain('z')
  })

  it('wraps the content in div.pd-rich-text-view with the given class', () => {
    const { container } = render(<RichTextView html="<p>a</p>" className="mb-0" />)
    expect(container.firstElementChild?.className).toBe('pd-rich-text-view mb-0')
  })

  it('gives the plain text of a description for the cards', () => {
    expect(plainTextOf('<p>Uno&nbsp;<strong>due</strong></p><p>tre</p>')).toBe('Uno duetre')
  })
})
