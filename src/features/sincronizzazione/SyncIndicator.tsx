/**
 * Header sync indicator (ARCHITECTURE.md outbox point 9), registered in the header's status slot by the
 * offline wiring: 'Offline', 'N in attesa', 'N da verificare' (`indicatorTexts`) with icons, linking to
 * the sync centre; nothing visible when everything is sent and the API is reachable. The wrapper is a
 * polite live region, so changes are announced. Below `md` only icons and numbers show (375 px header):
 * the words are then visually hidden but still read, so the link's name — its own text, never an
 * `aria-label` that could drift from what is shown — always carries the full text.
 * When a sync ends with everything sent, the region says 'Sincronizzazione completata' (visually hidden,
 * for a few seconds) instead of falling silent (issue 15 point 5).
 */
import { Link } from '@tanstack/react-router'
import { Icon } from 'design-react-kit'
import { useEffect, useRef, useState } from 'react'
import { syncCentre, useSyncStatus } from '../../offline/shell'

type SyncStatus = ReturnType<typeof useSyncStatus>

/** Route of the sync centre. */
export const SYNC_CENTRE_PATH = '/area-personale/sincronizzazione'

interface Item {
  icon: string
  /** number shown at every width ('' for offline) */
  count: string
  /** words shown from md */
  words: string
  /** full text for the accessible name */
  text: string
}

/** The indicator's items from the texts of `indicatorTexts` (exported for tests). */
export function indicatorItems(texts: readonly string[]): Item[] {
  return texts.map((t) => {
    if (t === 'offline') return { icon: 'it-ban', count: '', words: 'Offline', text: 'Offline' }
    const [count = '', ...rest] = t.split(' ')
    const words = rest.join(' ')
    return { icon: words === 'da verificare' || words === 'in conflitto' ? 'it-warning-circle' : 'it-clock', count, words, text: t }
  })
}

/** The words announced when a sync ends with everything sent. */
export const SYNC_COMPLETED_TEXT = 'Sincronizzazione completata'
/** How long the completion words stay in the live region. */
export const SYNC_COMPLETED_MS = 8_000

/**
 * True for {@link SYNC_COMPLETED_MS} after a sync ended well: operations were waiting (or being sent),
 * none waits any more, none more needs attention than when they started waiting, and the last sync time
 * moved on (a replay run wrote it). Discarding the operations or closing the database at logout (which
 * clears the counts and the time) announces nothing.
 */
export function useSyncCompleted(status: SyncStatus): boolean {
  const [completed, setCompleted] = useState(false)
  const since = useRef<{ attention: number; lastSyncAt: number | null } | null>(null)
  const waiting = status.pending + status.sending + status.pausedAuth
  useEffect(() => {
    if (waiting > 0) {
      since.current ??= { attention: status.attention, lastSyncAt: status.lastSyncAt }
      setCompleted(false)
      return
    }
    const start = since.current
    if (!start) return
    if (status.lastSyncAt === null) {
      since.current = null
      return
    }
    if (status.lastSyncAt === start.lastSyncAt) return
    since.current = null
    if (status.attention <= start.attention) setCompleted(true)
  }, [waiting, status.attention, status.lastSyncAt])
  useEffect(() => {
    if (!completed) return
    const t = setTimeout(() => setCompleted(false), SYNC_COMPLETED_MS)
    return () => clearTimeout(t)
  }, [completed])
  return completed
}

export function SyncIndicator() {
  const status = useSyncStatus()
  const completed = useSyncCompleted(status)
  const items = indicatorItems(syncCentre.indicatorTexts(status))
  const name = `Sincronizzazione: ${items.map((i) => i.text).join(', ')}`
  return (
    <div className="pd-sync-indicator d-flex align-items-center" aria-live="polite" aria-atomic="true" data-testid="sync-indicator">
      {completed && (
        <span className="visually-hidden" data-testid="sync-indicator-completed">
          {SYNC_COMPLETED_TEXT}
        </span>
      )}
      {items.length > 0 && (
        <Link
          to={SYNC_CENTRE_PATH}
          className="btn btn-link text-white text-decoration-none d-inline-flex align-items-center gap-2 px-1 px-md-2 py-1"
          title={name}
          data-testid="sync-indicator-link"
        >
          <span className="visually-hidden">Sincronizzazione: </span>
          {items.map((i, n) => (
            <span key={i.icon} className="d-inline-flex align-items-center gap-1 text-nowrap" data-testid={`sync-indicator-${i.icon}`}>
              {n > 0 && <span className="visually-hidden">, </span>}
              <Icon icon={i.icon} color="light" size="sm" aria-hidden />
              {i.count && <span className="fw-semibold">{i.count}</span>}
              <span className={i.count ? 'pd-words-md' : 'pd-words-sm'}>{i.count ? ` ${i.words}` : i.words}</span>
            </span>
          ))}
        </Link>
      )}
    </div>
  )
}
