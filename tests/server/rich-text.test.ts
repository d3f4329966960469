import { describe, expect, it } from 'vitest'
import { plainText, sanitizeRichText } from '../../server/domain/rich-text'

describe('sanitizeRichText (spec 001 §5, issue 12 Done-when)', () => {
  it('removes a script tag, an onerror attribute and a javascript: link', () => {
    const out = sanitizeRichText('<p>Ciao<script>alert(1)</script> <img src=x onerror="alert(2)"><a href="javascript:alert(3)">qui</a></p>')
    expect(out.html).not.toMatch(/script|onerror|javascript|<img/i)
    expect(out.html).toBe('<p>Ciao qui</p>')
    expect(out.text).toBe('Ciao qui')
  })

  it('keeps the formatting the content needs and makes links safe', () => {
    const out = sanitizeRichText('<p><b>Bold</b> <i>it</i> <u>u</u></p><ul><li>uno</li></ul><a href="https://www.agid.gov.it" onclick="x()">AgID</a>')
    expect(out.html).toBe('<p><strong>Bold</strong> <em>it</em> <u>u</u></p><ul><li>uno</li></ul>' +
      '<a href="https://www.agid.gov.it" target="_blank" rel="noopener noreferrer nofollow">AgID</a>')
  })

  it('drops styles, iframes, data: and protocol-relative links; keeps their visible text only where it is text', () => {
    const out = sanitizeRichText('<p style="color:red">a</p><iframe src="https://x"></iframe><a href="data:text/html,x">d</a><a href="//evil.example">e</a><style>p{}</style>')
    expect(out.html).toBe('<p>a</p>de')
  })

  it('counts plain characters: entities decoded, markup not counted, empty paragraph is empty', () => {
    expect(sanitizeRichText('<p></p>')).toMatchObject({ empty: true, plainLength: 0, html: '' })
    expect(sanitizeRichText('<p> &nbsp; </p>').empty).toBe(true)
    expect(sanitizeRichText('<p>caff&egrave; &amp; più</p>')).toMatchObject({ text: 'caffè & più', plainLength: 11 })
    expect(sanitizeRichText(`<p>${'a'.repeat(1500)}</p>`).plainLength).toBe(1500)
    expect(plainText('<p>uno</p><p>due</p>')).toBe('unodue')
  })
})
