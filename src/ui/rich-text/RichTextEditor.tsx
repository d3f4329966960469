/**
 * A rich-text field (issue 11 point 4; reusable by the community contents, spec 001 §5): Tiptap 3 with
 * only bold, italic, underline, bulleted and numbered lists and links (web or e-mail), a keyboard-usable
 * toolbar of labelled buttons, a visible label, a counter of plain characters (markup not counted) and a
 * hard limit: input beyond `maxPlainChars` is refused by the editor. `value`/`onChange` carry HTML;
 * `onChange` also tells whether the text is empty once markup is removed. The server sanitises again
 * (server/domain/rich-text.ts).
 */
import { CharacterCount } from '@tiptap/extensions'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useState } from 'react'
import './rich-text.css'

export interface RichTextEditorProps {
  label: string
  value: string
  /** HTML and whether its plain text is empty */
  onChange(html: string, info: { empty: boolean; plainLength: number }): void
  maxPlainChars: number
  error?: string | null
  disabled?: boolean
  required?: boolean
  /** extra help under the label */
  hint?: string
  id?: string
}

/** Plain characters as the server counts them (code points). */
const countChars = (text: string) => [...text].length
const LINK = /^(https?:\/\/\S+|mailto:\S+@\S+)$/i

export function RichTextEditor({ label, value, onChange, maxPlainChars, error, disabled, required, hint, id }: RichTextEditorProps) {
  const auto = useId()
  const base = id ?? `rte-${auto.replace(/:/g, '')}`
  const [linkOpen, setLinkOpen] = useState(false)
  const [linkUrl, setLinkUrl] = useState('https://')
  const [linkError, setLinkError] = useState<string | null>(null)
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: false, blockquote: false, code: false, codeBlock: false, horizontalRule: false, strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' } },
      }),
      CharacterCount.configure({ limit: maxPlainChars, textCounter: countChars }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id: base, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': `${base}-label`,
        'aria-describedby': [hint ? `${base}-hint` : '', `${base}-count`, error ? `${base}-error` : ''].filter(Boolean).join(' '),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: `form-control pd-rich-text__area${error ? ' is-invalid' : ''}`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const text = e.getText().replace(/\s+/g, ' ').trim()
      onChange(e.isEmpty || text === '' ? '' : e.getHTML(), { empty: text === '', plainLength: countChars(text) })
    },
  })
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false, italic: e?.isActive('italic') ?? false, underline: e?.isActive('underline') ?? false,
      bullet: e?.isActive('bulletList') ?? false, ordered: e?.isActive('orderedList') ?? false, link: e?.isActive('link') ?? false,
      chars: e?.storage.characterCount?.characters() ?? 0,
    }),
  })
  useEffect(() => { editor?.setEditable(!disabled) }, [editor, disabled])
  // an outside reset (e.g. value '' after a send) replaces the content
  useEffect(() => {
    if (editor && value === '' && !editor.isEmpty) editor.commands.clearContent()
  }, [editor, value])

  const run = (fn: () => void) => () => { if (!disabled) fn() }
  // a pointer press on a toolbar button must not take the focus from the text: what is typed right after a
  // click (Grassetto, then typing) would otherwise land nowhere until the command gives the focus back
  const keepEditorFocus = (e: React.MouseEvent) => e.preventDefault()
  const buttons = editor ? [
    { key: 'b', label: 'Grassetto', icon: <b>G</b>, active: state?.bold, action: () => editor.chain().focus().toggleBold().run() },
    { key: 'i', label: 'Corsivo', icon: <i>C</i>, active: state?.italic, action: () => editor.chain().focus().toggleItalic().run() },
    { key: 'u', label: 'Sottolineato', icon: <u>S</u>, active: state?.underline, action: () => editor.chain().focus().toggleUnderline().run() },
    { key: 'ul', label: 'Elenco puntato', icon: <span aria-hidden="true">•≡</span>, active: state?.bullet, action: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'ol', label: 'Elenco numerato', icon: <span aria-hidden="true">1.≡</span>, active: state?.ordered, action: () => editor.chain().focus().toggleOrderedList().run() },
  ] : []

  const applyLink = () => {
    if (!editor) return
    const url = linkUrl.trim()
    if (!LINK.test(url)) { setLinkError('Scrivi un indirizzo che inizia con https:// o http://, oppure mailto:'); return }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run()
    setLinkOpen(false)
    setLinkError(null)
  }

  return (
    <div className={`pd-rich-text mb-3${disabled ? ' pd-rich-text--disabled' : ''}`}>
      <div id={`${base}-label`} className="form-label fw-semibold" onClick={() => editor?.commands.focus()}>
        {label}{required && <span aria-hidden="true"> *</span>}
      </div>
      {hint && <p id={`${base}-hint`} className="small text-secondary mb-1">{hint}</p>}
      <div role="toolbar" aria-label={`Formattazione di ${label}`} aria-controls={base} className="pd-rich-text__toolbar">
        {buttons.map((b) => (
          <button key={b.key} type="button" className="btn btn-outline-secondary btn-xs" aria-pressed={b.active ? 'true' : 'false'}
            title={b.label} disabled={disabled} onMouseDown={keepEditorFocus} onClick={run(b.action)}>
            {b.icon}<span className="visually-hidden">{b.label}</span>
          </button>
        ))}
        <button type="button" className="btn btn-outline-secondary btn-xs" aria-pressed={state?.link ? 'true' : 'false'} aria-expanded={linkOpen}
          disabled={disabled} onMouseDown={keepEditorFocus} onClick={run(() => { setLinkOpen((o) => !o); setLinkUrl((editor?.getAttributes('link').href as string | undefined) ?? 'https://') })}>
          Link<span className="visually-hidden"> (inserisci o modifica un collegamento)</span>
        </button>
        {state?.link && (
          <button type="button" className="btn btn-outline-secondary btn-xs" disabled={disabled}
            onClick={run(() => editor?.chain().focus().extendMarkRange('link').unsetLink().run())}>
            Rimuovi link
          </button>
        )}
      </div>
      {linkOpen && (
        <div className="pd-rich-text__link">
          <label htmlFor={`${base}-url`} className="form-label small">Indirizzo del collegamento</label>
          <div className="d-flex gap-2">
            <input id={`${base}-url`} type="url" className={`form-control form-control-sm${linkError ? ' is-invalid' : ''}`} value={linkUrl}
              aria-describedby={linkError ? `${base}-url-error` : undefined}
              onChange={(e) => setLinkUrl(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); applyLink() } if (e.key === 'Escape') setLinkOpen(false) }} />
            <button type="button" className="btn btn-primary btn-xs" onClick={applyLink}>Applica</button>
            <button type="button" className="btn btn-outline-secondary btn-xs" onClick={() => setLinkOpen(false)}>Annulla</button>
          </div>
          {linkError && <div id={`${base}-url-error`} className="invalid-feedback d-block">{linkError}</div>}
        </div>
      )}
      <EditorContent editor={editor} />
      <div className="d-flex justify-content-between">
        <div>{error && <div id={`${base}-error`} className="invalid-feedback d-block">{error}</div>}</div>
        <div id={`${base}-count`} className="small text-secondary" aria-live="polite">
          {state?.chars ?? 0} di {maxPlainChars} caratteri
        </div>
      </div>
    </div>
  )
}
