/**
 * Usage events (spec 000 §7 analytics, §3 "Action tracking event"; issue 13): {@link trackEvent} records
 * a download, a like or a chat opening for the data area's 'Utilizzo' counts. Fire and forget: it never
 * throws, never waits for the network, never shows anything. The event carries only the role and the
 * programme of the profile in use (`role_code`, `program_id`) besides what happened.
 *
 * Offline (or when the send fails for the network) the event waits in a tiny IndexedDB queue of its own
 * (database `pd-eventi-utilizzo`, NOT the field outbox), sent again when the connection returns; events
 * older than {@link MAX_AGE_MS} (7 days) are dropped, and so is an event the server refuses (4xx other
 * than 401). Without a chosen profile nothing is recorded.
 */
import { Dexie, type EntityTable } from 'dexie'
import type { EventoUtilizzo } from './contract/profilo'
import { readProfile } from '../auth/token-store'
import { api, ApiCallError } from './client'
import { loadAppConfig } from './config'

/** Queued events older than this are dropped (ms): 7 days. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** What the caller says about the event; the role, programme and time are added here. */
export interface TrackedEvent {
  event: EventoUtilizzo['event']
  /** e.g. 'csv', 'stampa', 'news', 'topic' */
  event_type: string
  /** e.g. the file name or the content id */
  event_value?: string | null
  /** e.g. the list or the content category */
  category?: string | null
}

interface QueuedEvent { id?: number; body: EventoUtilizzo & { timestamp: string } }

let db: (Dexie & { eventi: EntityTable<QueuedEvent, 'id'> }) | null = null
function queue() {
  if (!db) {
    db = new Dexie('pd-eventi-utilizzo') as Dexie & { eventi: EntityTable<QueuedEvent, 'id'> }
    db.version(1).stores({ eventi: '++id' })
  }
  return db
}

type Outcome = 'sent' | 'refused' | 'retry'

async function send(body: QueuedEvent['body']): Promise<Outcome> {
  try {
    await loadAppConfig()
    await api.post('utilizzo/evento', {
      json: body,
      headers: { userRole: body.role_code },
      context: { silent: true, background: true, authRedirects: false },
    })
    return 'sent'
  } catch (e) {
    // the client's error hook turns HTTP failures into ApiCallError (status 0 without an answer)
    const status = e instanceof ApiCallError ? e.status : undefined
    return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429 ? 'refused' : 'retry'
  }
}

let flushing: Promise<void> | null = null
let listening = false

/** Sends what waits in the queue (one flush at a time); drops what is too old or refused. */
function flush(now = Date.now()): Promise<void> {
  flushing ??= (async () => {
    try {
      const items = await queue().eventi.orderBy('id').toArray()
      for (const item of items) {
        if (now - Date.parse(item.body.timestamp) > MAX_AGE_MS) {
          await queue().eventi.delete(item.id!)
          continue
        }
        const outcome = await send(item.body)
        if (outcome === 'retry') break
        await queue().eventi.delete(item.id!)
      }
    } catch {
      // IndexedDB unavailable: usage events are not worth bothering the user
    } finally {
      flushing = null
    }
  })()
  return flushing
}

function listen(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('online', () => void flush())
}

/**
 * Records one usage event (fire and forget: returns at once; the promise it returns, for tests, never
 * rejects). Needs a chosen profile; otherwise nothing happens.
 */
export function trackEvent(e: TrackedEvent): Promise<void> {
  const profilo = readProfile()
  if (!profilo) return Promise.resolve()
  listen()
  const body = {
    event: e.event, event_type: e.event_type, event_value: e.event_value ?? null, category: e.category ?? null,
    role_code: profilo.codiceRuolo, program_id: profilo.idProgramma, timestamp: new Date().toISOString(),
  }
  return (async () => {
    try {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        await queue().eventi.add({ body })
        return
      }
      await flush()
      if ((await send(body)) === 'retry') await queue().eventi.add({ body })
    } catch {
      // never in the user's way
    }
  })()
}

/** Test hooks: the queued events, a flush at a given time, a fresh queue. */
export const usageQueueForTests = {
  all: async () => (await queue().eventi.orderBy('id').toArray()).map((q) => q.body),
  flush: (now?: number) => flush(now),
  add: (body: QueuedEvent['body']) => queue().eventi.add({ body }),
  clear: () => queue().eventi.clear(),
}
