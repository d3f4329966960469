/**
 * Renders the server-sanitised HTML of a description (server/domain/rich-text.ts) as React elements,
 * never with `dangerouslySetInnerHTML`: the markup is parsed with DOMParser and only the formatting tags
 * the server keeps are turned into elements (anything else contributes its text only); links keep only
 * an http(s)/mailto href and open in a new tab with rel="noopener noreferrer nofollow".
 */
import { createElement, type ReactNode } from 'react'

const TAGS = new Set(['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a'])
const WEB = /^(https?:\/\/|mailto:)/i

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const el = node as Element
  const tag = el.tagName.toLowerCase()
  const children = [...el.childNodes].map((c, i) => toReact(c, i))
  if (!TAGS.has(tag)) return createElement('span', { key }, ...children)
  if (tag === 'br') return createElement('br', { key })
  if (tag === 'a') {
    const href = el.getAttribute('href') ?? ''
    if (!WEB.test(href)) return createElement('span', { key }, ...children)
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children)
  }
  return createElement(tag, { key }, ...children)
}

export function RichText({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html')
  const root = doc.body.firstElementChild
  const nodes = root ? [...root.childNodes].map((c, i) => toReact(c, i)) : []
  return <div className={className}>{nodes}</div>
}

/** The plain text of sanitised HTML (cards' clamped previews). */
export function plainTextOf(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim()
}
