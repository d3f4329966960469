/**
 * Rich text received from users (community announcements and documents: spec 001 §5; the assistance
 * request's description: spec 002 §5), made safe on the server before it is stored: a maintained
 * sanitiser (sanitize-html) keeps only the formatting the content needs and drops scripts, event
 * attributes, styles and non-web links. The client renders only what this returns.
 *
 * Kept: p, br, strong, em, u, s, ul, ol, li, blockquote, a (http, https or mailto; opened in a new tab
 * with rel="noopener noreferrer nofollow"). `b`/`i` become `strong`/`em`. Everything else is unwrapped
 * (its text kept) except script, style and similar, whose content is discarded.
 *
 * The output is well-formed (issue 25 point 6): what sanitize-html keeps is parsed again (htmlparser2) and
 * serialised from the tree, so every tag is balanced, with the HTML standard's escaping; and it keeps the
 * content model a browser's parser would otherwise repair differently from what was stored: no block (p,
 * list, quote) inside a paragraph and no link inside a link (unwrapped, a block's text on a new line), `li`
 * only as a child of `ul`/`ol`. A browser parsing the stored HTML (the client: src/ui/rich-text/
 * RichTextView.tsx) gets the same tree, and serialising it gives the same string back.
 *
 * The limits of the spec count plain characters (the text a reader sees, entities decoded, markup not
 * counted): `<p></p>` is empty.
 */
import sanitizeHtml from 'sanitize-html'
import { DomUtils, ElementType, parseDocument } from 'htmlparser2'

export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'] as const

/** Deepest element nesting kept (the editor's lists nest a few levels). */
export const MAX_NESTING = 50

const WEB_LINK = /^\s*(https?:\/\/|mailto:)/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // tags nested deeper are dropped, their text kept: the tree walks below (and the reader's) stay shallow
  // (15,000 nested tags, within the body's length limit, overflowed the stack)
  nestingLimit: MAX_NESTING,
  transformTags: {
    b: 'strong',
    i: 'em',
    // a link to anything but a web page or an e-mail address loses its href here and its tag in
    // `exclusiveFilter` (its text stays). Not renamed to a dropped tag: sanitize-html 2.18 then keeps the
    // rename for the next element at that depth, and a later link closed with `</span>`.
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? ''
      return WEB_LINK.test(href)
        ? { tagName: 'a', attribs: { href: href.trim(), target: '_blank', rel: 'noopener noreferrer nofollow' } }
        : { tagName: 'a', attribs: {} }
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
}

type Node = ReturnType<typeof parseDocument>['children'][number]

const KEPT: ReadonlySet<string> = new Set(RICH_TEXT_TAGS)
const BLOCKS: ReadonlySet<string> = new Set(['p', 'ul', 'ol', 'li', 'blockquote'])
/** Elements whose content is never text a reader sees: dropped whole (sanitize-html already did). */
const DROPPED: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'textarea', 'select', 'xmp', 'noembed', 'noframes', 'plaintext'])
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'] }

/** Where a node sits: inside a paragraph, inside a link, directly inside a list. */
interface Place { inParagraph: boolean; inLink: boolean; inList: boolean }

/** Text as the input stream a browser reads: line breaks normalised, NUL dropped (a parser drops or replaces it). */
const streamText = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\0/g, '')
/** The HTML standard's escaping of text and attribute values (serialising HTML fragments). */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' }
const escapeText = (text: string) => streamText(text).replace(/[&<>\u00a0]/g, (c) => ESCAPES[c] as string)
const escapeAttribute = (text: string) => streamText(text).replace(/[&<>"\u00a0]/g, (c) => ESCAPES[c] as string)

function serialiseNodes(nodes: readonly Node[], place: Place): string {
  let out = ''
  for (const node of nodes) {
    if (node.type === ElementType.Text) out += escapeText(node.data)
    else if (node.type === ElementType.Tag || node.type === ElementType.Script || node.type === ElementType.Style) {
      const name = node.name
      if (DROPPED.has(name)) continue
      const blockInPhrasing = BLOCKS.has(name) && (place.inParagraph || name === 'li' && !place.inList)
      const unwrap = !KEPT.has(name) || blockInPhrasing || (name === 'a' && place.inLink)
      if (unwrap) {
        const inner = serialiseNodes(node.children, { ...place, inList: false })
        // a block unwrapped inside a paragraph keeps its own line
        out += blockInPhrasing && out !== '' && inner !== '' ? `<br>${inner}` : inner
        continue
      }
      if (name === 'br') { out += '<br>'; continue }
      const attributes = (ATTRIBUTES[name] ?? []).filter((a) => node.attribs[a] !== undefined)
        .map((a) => ` ${a}="${escapeAttribute(node.attribs[a] as string)}"`).join('')
      const inner = serialiseNodes(node.children, {
        inParagraph: place.inParagraph || name === 'p',
        inLink: place.inLink || name === 'a',
        inList: name === 'ul' || name === 'ol',
      })
      out += `<${name}${attributes}>${inner}</${name}>`
    }
    // comments, processing instructions, CDATA: dropped
  }
  return out
}

/**
 * `html` (only the allowed tags, as sanitize-html leaves it) parsed and serialised from the tree: balanced
 * tags, standard escaping, the content model the module docstring describes.
 */
export function wellFormed(html: string): string {
  const doc = parseDocument(html, { decodeEntities: true })
  return serialiseNodes(doc.children, { inParagraph: false, inLink: false, inList: false })
}

/** Safe HTML, its plain text and that text's length in characters (code points). */
export interface RichText { html: string; text: string; plainLength: number; empty: boolean }

/** Plain text a reader sees in `html` (entities decoded, tags removed, whitespace runs collapsed, trimmed). */
export function plainText(html: string): string {
  const text = DomUtils.textContent(parseDocument(html, { decodeEntities: true }))
  return text.replace(/\s+/g, ' ').trim()
}

/** Sanitises `html` (any string, possibly hostile) as the module docstring says. Never throws. */
export function sanitizeRichText(html: string): RichText {
  const safe = wellFormed(sanitizeHtml(html, OPTIONS)).trim()
  const text = plainText(safe)
  const plainLength = [...text].length
  return { html: plainLength === 0 ? '' : safe, text, plainLength, empty: plainLength === 0 }
}
