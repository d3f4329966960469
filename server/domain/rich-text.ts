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
 * The limits of the spec count plain characters (the text a reader sees, entities decoded, markup not
 * counted): `<p></p>` is empty.
 */
import sanitizeHtml from 'sanitize-html'
import { DomUtils, parseDocument } from 'htmlparser2'

export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'] as const

const WEB_LINK = /^\s*(https?:\/\/|mailto:)/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    b: 'strong',
    i: 'em',
    // a link to anything but a web page or an e-mail address becomes its text (span is not kept)
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? ''
      return WEB_LINK.test(href)
        ? { tagName: 'a', attribs: { href: href.trim(), target: '_blank', rel: 'noopener noreferrer nofollow' } }
        : { tagName: 'span', attribs: {} }
    },
  },
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
  const safe = sanitizeHtml(html, OPTIONS).trim()
  const text = plainText(safe)
  const plainLength = [...text].length
  return { html: plainLength === 0 ? '' : safe, text, plainLength, empty: plainLength === 0 }
}
