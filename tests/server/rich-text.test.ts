import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_NESTING, plainText, sanitizeRichText } from '../../server/domain/rich-text'

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

/** `html` parsed as the client parses stored rich text (inside a div) and serialised again. */
function reparsed(html: string): string {
  const div = document.createElement('div')
  div.innerHTML = html
  return div.innerHTML
}

/** The element names of `html` in order, `/name` for end tags; throws when one is unbalanced. */
function balancedTags(html: string): string[] {
  const tags = [...html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)].map((m) => `${m[1]}${m[2]!.toLowerCase()}`)
  const open: string[] = []
  for (const tag of tags) {
    if (tag === 'br') continue
    if (!tag.startsWith('/')) open.push(tag)
    else if (open.pop() !== tag.slice(1)) throw new Error(`unbalanced ${tag} in ${html}`)
  }
  if (open.length > 0) throw new Error(`unclosed ${open.join(',')} in ${html}`)
  return tags
}

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'])

/** Well-formed, only allowed tags and link attributes, nothing executable. */
function expectSafeAndWellFormed(input: string): string {
  const { html } = sanitizeRichText(input)
  expect(reparsed(html), input).toBe(html)
  for (const tag of balancedTags(html)) expect(ALLOWED.has(tag.replace('/', '')), `${tag} in ${html}`).toBe(true)
  for (const [, attrs] of html.matchAll(/<a\b([^>]*)>/g)) {
    expect(attrs, html).toMatch(/^ href="(https?:\/\/|mailto:)[^"]*" target="_blank" rel="noopener noreferrer nofollow"$/i)
  }
  expect(html).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=|javascript:|<img|<script|<style|<svg|<math/i)
  return html
}

describe('sanitizeRichText output is well-formed (issue 25 point 6)', () => {
  it('closes a link after a refused link with </a>, not </span>', () => {
    const html = expectSafeAndWellFormed('<p><a href="javascript:alert(1)">uno</a> <a href="https://www.agid.gov.it">due</a> tre</p>')
    expect(html).toBe('<p>uno <a href="https://www.agid.gov.it" target="_blank" rel="noopener noreferrer nofollow">due</a> tre</p>')
    expect(expectSafeAndWellFormed('<a href="ftp://x">a <a href="https://x.it">b</a> c</a> d'))
      .toBe('a <a href="https://x.it" target="_blank" rel="noopener noreferrer nofollow">b</a> c d')
  })

  it('keeps the content model a browser would otherwise repair: no block in a paragraph, no link in a link', () => {
    expect(expectSafeAndWellFormed('<p>uno<ul><li>due</li><li>tre</li></ul></p>'))
      .toBe('<p>uno</p><ul><li>due</li><li>tre</li></ul><p></p>')
    expect(expectSafeAndWellFormed('<p>uno <strong>due<blockquote>tre</blockquote></strong></p>'))
      .toBe('<p>uno <strong>due<br>tre</strong></p>')
    expect(expectSafeAndWellFormed('<a href="https://a.it">uno <a href="https://b.it">due</a></a>'))
      .toBe('<a href="https://a.it" target="_blank" rel="noopener noreferrer nofollow">uno </a><a href="https://b.it" target="_blank" rel="noopener noreferrer nofollow">due</a>')
    expect(expectSafeAndWellFormed('<p><a href="https://x.it">uno<p>due</a></p>'))
      .toBe('<p><a href="https://x.it" target="_blank" rel="noopener noreferrer nofollow">uno<br>due</a></p>')
    expect(expectSafeAndWellFormed('<li>uno<li>due')).toBe('uno<br>due')
  })

  it('turns hostile and malformed inputs into well-formed safe HTML, keeping the allowed content', () => {
    const inputs = [
      '<p>uno <strong>due <em>tre</p> quattro',
      '</p></li></a></strong>vagante<p>',
      '<ul><li>a<li>b<ol><li>c</ul>d',
      '<strong><p>a</strong>b</p>',
      '<p><a href="https://x.it">a<p>b</a></p>',
      '<table><tr><td><p>cella</td></tr></table>',
      '<svg><p><style><a title="</style><img src onerror=alert(1)>">',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<a href="https://x.it/?a=1&b=<2>&c=&quot;3&quot;">q&amp;a</a>',
      '<a href=" HTTPS://x.it ">spazi</a><a href="java&#x09;script:alert(1)">tab</a><a href="&#106;avascript:alert(1)">ent</a>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "virgolette" \'apici\' &nbsp;spazio</p>',
      '<p>a\r\nb\rc\u0000d</p>',
      '<![CDATA[x]]><!-- commento --><?pi x?><!doctype html>testo',
      '<blockquote><p>citazione<blockquote>annidata</p></blockquote>',
      '<s><u><em><strong>'.repeat(50) + 'profondo',
      '<a href="https://x.it"><p>blocco nel link</p></a>',
      '<p><br/><br></br>righe</p>',
      '<ol><strong><li>x</li></strong></ol><li>fuori</li>',
    ]
    for (const input of inputs) expectSafeAndWellFormed(input)
    expect(sanitizeRichText('<p>&lt;script&gt; &amp; "v" &nbsp;s</p>').html).toBe('<p>&lt;script&gt; &amp; "v" &nbsp;s</p>')
    expect(sanitizeRichText('<a href="https://x.it/?a=1&b=<2>&c=&quot;3&quot;">q&amp;a</a>').html)
      .toBe('<a href="https://x.it/?a=1&amp;b=&lt;2&gt;&amp;c=&quot;3&quot;" target="_blank" rel="noopener noreferrer nofollow">q&amp;a</a>')
  })

  it('keeps the text of a very deep nesting without overflowing the stack', () => {
    const out = sanitizeRichText(`${'<em>'.repeat(15_000)}profondo`)
    expect(out.text).toBe('profondo')
    expect(balancedTags(out.html)).toHaveLength(2 * MAX_NESTING)
    expect(reparsed(out.html)).toBe(out.html)
  })

  it('random tag soup of the allowed tags stays well-formed and keeps its text', () => {
    const tag = fc.constantFrom('p', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'b', 'i', 'span', 'div')
    const piece = fc.oneof(
      tag.map((t) => `<${t}>`),
      tag.map((t) => `</${t}>`),
      fc.constantFrom('<br>', '<a href="https://www.agid.gov.it">', '<a href="javascript:x">', '<a>', '</a>', 'testo ', '&amp; ', 'più '),
    )
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const input = pieces.join('')
      const html = expectSafeAndWellFormed(input)
      expect(plainText(html).replace(/\s/g, '')).toBe(plainText(input).replace(/\s/g, ''))
    }), { numRuns: 300 })
  })
})
