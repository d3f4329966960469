/**
 * The rich-text editor loaded on demand (issue 24 point 24): Tiptap is fetched when a dialog or form that
 * edits rich text opens, never with the list pages. The editor's chunk is not precached (the dialogs that use
 * it need the network to save), so a load that fails — offline, or a deployment that replaced the chunk — is
 * caught here and shown as an Italian message with 'Riprova', instead of breaking the page around it.
 * Props: those of {@link RichTextEditor}; `loadingText` is read while the chunk arrives.
 */
import { Component, lazy, Suspense, useState, type ReactNode } from 'react'
import type { RichTextEditorProps } from './RichTextEditor'

/** Pauses before each new try of a failed load (ms): a busy network or server gets two more chances. */
const RETRY_DELAYS_MS = [500, 1_500]

/** Imports the editor's chunk, trying again after each of {@link RETRY_DELAYS_MS}; rejects with the last error. */
async function load(): Promise<{ default: typeof import('./RichTextEditor').RichTextEditor }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const m = await import('./RichTextEditor')
      return { default: m.RichTextEditor }
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt]
      if (delay === undefined) throw error
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}

interface BoundaryProps { onRetry: () => void; children: ReactNode }

/** Shows a failed load (or any error of the editor) with a retry button, keeping the form around it. */
class EditorLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    // the cause, for whoever reads the console (a chunk's name, a network error): no personal data here
    console.error('Editor di testo non disponibile:', error)
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
