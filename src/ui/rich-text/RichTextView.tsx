/**
 * Shows stored rich text (spec 001 §5 community descriptions, issue 11 point 4 assistance requests): the
 * server already sanitised it (server/domain/rich-text.ts); here it is rendered as React elements, never with
 * `dangerouslySetInnerHTML`. The markup is parsed with DOMParser (inert: nothing runs, nothing loads) and only
 * the formatting tags the server keeps become elements, without any attribute; any other element contributes
 * its text only, except the ones whose content is not text (script, style, …), dropped whole. Links keep only an
 * http(s)/mailto href and open in a new tab with rel="noopener noreferrer nofollow"; other links become text.
 */
import { createElement, type ReactNode } from 'react'

/** The formatting tags kept (the server's allow-list). */
export const RICH_TEXT_TAGS: ReadonlySet<string> = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'])
/** Elements dropped with their content (code, styles, embedded documents, foreign markup). */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'textarea', 'select'])
const WEB = /^(https?:\/\/|mailto:)/i

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const el = node as Element
  const tag = el.tagName.toLowerCase()
  if (DROPPED.has(tag)) return null
  const children = [...el.childNodes].map((c, i) => toReact(c, i))
  if (!RICH_TEXT_TAGS.has(tag)) return createElement('span', { key }, ...children)
  if (tag === 'br') return createElement('br', { key })
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? ''
    if (!WEB.test(href)) return createElement('span', { key }, ...children)
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children)
  }
  return createElement(tag, { key }, ...children)
}

/** `html` (sanitised rich text) rendered inside a `div.pd-rich-text-view` (plus `className`). */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html')
  const root = doc.body.firstElementChild
  const nodes = root ? [...root.childNodes].map((c, i) => toReact(c, i)) : []
  return <div className={`pd-rich-text-view${className ? ` ${className}` : ''}`}>{nodes}</div>
}

/** The plain text of rich text, white space folded (cards' clamped previews). */
export function plainTextOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}
