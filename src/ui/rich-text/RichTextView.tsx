/**
 * Shows stored rich text (issue 11 point 4; spec 001 §5): the server already sanitised it; DOMPurify
 * cleans it again in the browser with the same allow-list (formatting, lists, links to web pages or
 * e-mail) before it is rendered.
 */
import DOMPurify from 'dompurify'
import { useMemo } from 'react'

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a']

/** `html` made safe for rendering (exported for tests). */
export function purify(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  })
}

export function RichTextView({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => purify(html), [html])
  return <div className={`pd-rich-text-view${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: safe }} />
}
