/**
 * Live unread count (issue 12 point 7): a server-sent events stream (`GET /notifications/stream` with a
 * ticket from `POST /notifications/stream/ticket`), falling back to polling the count every
 * {@link POLL_MS} ms when the stream fails; each poll also tries the stream again. Nothing runs while the
 * browser is offline; going online starts again. `onCount` gets every new count, `onNew` fires when a
 * notification arrived.
 */
import * as v from 'valibot'
import { getAppConfig } from '../../api/config'
import { StreamEventSchema } from '../../api/contract/notifiche'
import { fetchUnreadCount, streamTicket } from './api'

export const POLL_MS = 120_000

export interface LiveCallbacks {
  onCount(unread: number): void
  onNew(): void
}

/** Starts the live count; returns the function that stops it. */
export function startLiveCount(cb: LiveCallbacks): () => void {
  let stopped = false
  let source: EventSource | null = null
  let poll: ReturnType<typeof setInterval> | null = null

  const closeStream = () => {
    source?.close()
    source = null
  }
  const stopPolling = () => {
    if (poll) clearInterval(poll)
    poll = null
  }

  const refreshCount = async () => {
    try {
      cb.onCount(await fetchUnreadCount())
    } catch {
      // offline or server down: the next tick tries again
    }
  }

  const openStream = async (): Promise<void> => {
    if (stopped || source || !navigator.onLine || typeof EventSource === 'undefined') return
    let ticket: string
    try {
      ticket = (await streamTicket()).ticket
    } catch {
      startPolling()
      return
    }
    if (stopped || source) return
    const base = getAppConfig().apiBaseUrl.replace(/\/+$/, '')
    const es = new EventSource(`${base}/notifications/stream?ticket=${encodeURIComponent(ticket)}`)
    source = es
    es.addEventListener('open', () => stopPolling())
    es.addEventListener('notifica', (e) => {
      const parsed = v.safeParse(StreamEventSchema, JSON.parse((e as MessageEvent<string>).data))
      if (!parsed.success) return
      cb.onCount(parsed.output.unread)
      if (parsed.output.id !== null) cb.onNew()
    })
    es.addEventListener('error', () => {
      // the browser retries a dropped stream by itself, with the same ticket, which the server refuses
      // (single use): close it and poll; each poll tries a fresh stream. A stream the server ends (a sixth
      // tab of the same user ends the oldest one: server/events/user-streams.ts) lands here too.
      if (source === es) closeStream()
      startPolling()
    })
  }

  function startPolling(): void {
    if (stopped || poll) return
    poll = setInterval(() => {
      if (!navigator.onLine) return
      void refreshCount()
      void openStream()
    }, POLL_MS)
  }

  const onOnline = () => {
    void refreshCount()
    void openStream()
  }
  const onOffline = () => {
    closeStream()
    stopPolling()
  }
  window.addEventListener('online', onOnline)
  window.addEventListener('offline', onOffline)
  if (navigator.onLine) void openStream()

  return () => {
    stopped = true
    window.removeEventListener('online', onOnline)
    window.removeEventListener('offline', onOffline)
    closeStream()
    stopPolling()
  }
}
