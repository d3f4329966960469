/**
 * The description field of the community forms: a plain textarea with the section's plain-character
 * limit (1,500 announcements and topics, 800 documents) and a counter. Feature-local on purpose: the
 * shared rich-text editor (src/ui/rich-text/, another helper) replaces it at merge. The text is sent as
 * paragraphs of HTML, which the server sanitises.
 */
import { useId } from 'react'

export function DescrizioneField({ label, value, onChange, max }: { label: string; value: string; onChange(v: string): void; max: number }) {
  const id = useId()
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">{label} *</label>
      <textarea id={id} className="form-control" rows={6} value={value} maxLength={max} required
        onChange={(e) => onChange(e.target.value.slice(0, max))} aria-describedby={`${id}-count`} />
      <small id={`${id}-count`} className="form-text">{[...value].length}/{max} caratteri</small>
    </div>
  )
}

/** Plain text → paragraphs of escaped HTML (what the server sanitises and stores). */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join('')
}
