/**
 * Messages between the pages and the service worker about the offline sets (delivery issue 7, item 3).
 * Plain data and pure parsers only: imported by the worker (sw/sw.ts) and by the page (src/pwa/offline-sets.ts).
 *
 * The precache is split at build time (sw/precache-split.ts): what an anonymous visitor needs is precached
 * when the worker installs; the rest is grouped in named *offline sets* fetched into the cache only when a
 * page asks for them:
 * - `field`: everything an anonymous visitor does not need (field routes, codice-fiscale-js, Dexie, every
 *   icon chunk, data files such as province.json), asked for after a FAC/VOL login and at profile change;
 * - `survey`: the citizen's anonymous survey page and what it loads, asked for by that page when it opens.
 */

/** The set a facilitator or volunteer needs to work offline. */
/** Message type of a page that an active worker does not control yet: claim me. */
export const CLAIM_CLIENTS = 'CLAIM_CLIENTS'

export const FIELD_SET = 'field'
/** The set of the citizen's anonymous survey page (`/servizi/questionario/{id}/online/{token}`). */
export const SURVEY_SET = 'survey'

/** Page → worker: fetch the set into the cache (missing files only) and remember it for later versions. */
export interface PrecacheSetMessage {
  type: 'PRECACHE_SET'
  set: string
}

/** Page → worker: report the set's current state (answered with an {@link OfflineSetProgress}). */
export interface OfflineSetStatusMessage {
  type: 'OFFLINE_SET_STATUS'
  set: string
}

/**
 * Where a set stands: being fetched, complete on the device, stopped with files that could not be fetched
 * ('error', `failed` > 0), or incomplete with nothing running ('missing': never asked for, or evicted).
 */
export type OfflineSetStatus = 'downloading' | 'ready' | 'error' | 'missing'

/** Worker → pages: progress of a set (`done` files of `total` are in the cache; `failed` could not be fetched). */
export interface OfflineSetProgress {
  type: 'OFFLINE_SET_PROGRESS'
  set: string
  status: OfflineSetStatus
  done: number
  total: number
  failed: number
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0

/** The request carried by a message the worker received, or null for anything else. */
export function parseSetRequest(data: unknown): PrecacheSetMessage | OfflineSetStatusMessage | null {
  if (!isRecord(data) || typeof data.set !== 'string' || data.set === '') return null
  if (data.type === 'PRECACHE_SET') return { type: 'PRECACHE_SET', set: data.set }
  if (data.type === 'OFFLINE_SET_STATUS') return { type: 'OFFLINE_SET_STATUS', set: data.set }
  return null
}

/** The progress report carried by a message a page received, or null for anything else. */
export function parseSetProgress(data: unknown): OfflineSetProgress | null {
  if (!isRecord(data) || data.type !== 'OFFLINE_SET_PROGRESS' || typeof data.set !== 'string') return null
  const { status, done, total, failed } = data
  if (status !== 'downloading' && status !== 'ready' && status !== 'error' && status !== 'missing') return null
  if (!isCount(done) || !isCount(total) || !isCount(failed) || done > total) return null
  return { type: 'OFFLINE_SET_PROGRESS', set: data.set, status, done, total, failed }
}
