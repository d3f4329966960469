/**
 * The rich-text editor loaded on demand (issue 24 point 24): Tiptap is fetched when a dialog or form that
 * edits rich text opens, never with the list pages. The editor's chunk is not precached (the dialogs that use
 * it need the network to save), so a load that fails — offline, or a deployment that replaced the chunk — is
 * caught here and shown as an Italian message with 'Riprova', instead of breaking the page around it.
 * Props: those of {@link RichTextEditor}; `loadingText` is read while the chunk arrives.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from 'react'
import type { RichTextEditorProps } from './RichTextEditor'

const load = () => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor }))

interface BoundaryProps { onRetry: () => void; children: ReactNode }

/** Shows a failed load (or any error of the editor) with a retry button, keeping the form around it. */
class EditorLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <div className="alert alert-warning" role="alert">
        <p className="mb-2">Non è stato possibile caricare l’editor di testo: controlla la connessione. Quanto hai già scritto negli altri campi resta nel modulo.</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={this.props.onRetry}>Riprova</button>
      </div>
    )
  }
}

/** {@link RichTextEditor} behind a lazy import, a loading line and a retryable load failure. */
export function LazyRichTextEditor({ loadingText = 'Caricamento dell’editor di testo…', ...props }: RichTextEditorProps & { loadingText?: string }) {
  // a new lazy component per attempt: React caches a rejected lazy import for good
  const [attempt, setAttempt] = useState(0)
  const [Editor, setEditor] = useState(() => lazy(load))
  return (
    <EditorLoadBoundary key={attempt} onRetry={() => { setEditor(() => lazy(load)); setAttempt((n) => n + 1) }}>
      <Suspense fallback={<p className="text-secondary" role="status">{loadingText}</p>}>
        <Editor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  )
}
