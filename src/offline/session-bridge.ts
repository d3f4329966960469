/**
 * Session bridge (ARCHITECTURE.md outbox point 6): the logged user's database is open while a session
 * exists. When the session ends (logout here or in another tab, expiry) the database is closed and only
 * what is still unsent stays on the device, for that user only, sent again at their next login; with
 * nothing unsent the database is deleted (retention.ts). At every login the other users' databases left on
 * the device get the same treatment. A new ID token (login again after 'Sessione scaduta', refresh)
 * restarts the replay; a session marked expired runs it at once, which pauses the queue for the login.
 */
import { currentFiscalCode, getSessionState, subscribeSession } from '../auth/session'
import { onLogout } from '../auth/logout'
import { readAuth, readSessionExpired, subscribeTokenStore } from '../auth/token-store'
import { closeUserDb, currentDb, currentDbUser, normaliseCf, openUserDb } from './db'
import { forgetOwnerHashes } from '../lib/device-owner'
import { isQuotaError, StorageFullError } from './errors'
import { emitOfflineEvent } from './events'
import { purgeUserDb, sweepDevice } from './retention'
import { requestPersistentStorage } from './storage'
import { startSync, syncIdle, syncNow } from './sync'
import type { RoleContext } from './types'

/** Longest wait of a logout for the database clean-up, and of a login for the sweep (ms): never blocks them for good. */
export const RETENTION_WAIT_MS = 10_000
/** Longest wait for this page's replay to stop before the clean-up (ms). */
const REPLAY_STOP_WAIT_MS = 3_000

const within = (p: Promise<unknown>, ms: number): Promise<void> => {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    p.then(() => undefined, () => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

let leaving: Promise<void> | null = null

/**
 * The user leaves the device (logout, end of the session): closes their database, lets this page's replay
 * stop, then keeps on the device only what is unsent, or deletes the database (retention.ts). A call while
 * a clean-up runs joins it. Never rejects.
 */
export function leaveUserDb(): Promise<void> {
  const name = closeUserDb()
  if (!name) return leaving ?? Promise.resolve()
  const run: Promise<void> = (async () => {
    await within(syncIdle(), REPLAY_STOP_WAIT_MS)
    await purgeUserDb(name)
  })()
    .catch(() => undefined)
    .finally(() => {
      forgetOwnerHashes()
      if (leaving === run) leaving = null
    })
  leaving = run
  return run
}

let syncing: Promise<void> = Promise.resolve()

/**
 * Opens the session user's database and sweeps the other users' databases, or — without a session — leaves
 * the device ({@link leaveUserDb}). Serialised.
 */
export function syncDbWithSession(): Promise<void> {
  syncing = syncing.then(async () => {
    const s = getSessionState()
    const cf = s.status === 'authenticated' ? currentFiscalCode() : null
    if (!cf) {
      await leaveUserDb()
      return
    }
    if (currentDbUser() === normaliseCf(cf) && currentDb()?.isOpen()) return
    if (leaving) await leaving
    let name: string
    try {
      name = (await openUserDb(cf)).name
      void requestPersistentStorage()
    } catch (e) {
      if (isQuotaError(e)) emitOfflineEvent('storage-full', { message: new StorageFullError().message })
      return
    }
    await within(sweepDevice([name]), RETENTION_WAIT_MS)
  })
  return syncing
}

let started = 0
let stop: (() => void) | null = null

/**
 * Starts the bridge and the sync triggers (reference-counted; returns the stop function): opens the
 * user's database now when logged in, follows session changes, closes it on logout, replays on a new token.
 */
export function startOfflineSession(): () => void {
  if (started++ === 0) {
    let lastToken: string | null = null
    let lastExpired = readSessionExpired()
    const offs = [
      subscribeSession(() => void syncDbWithSession()),
      // awaited by the logout before it leaves the page (end-session redirect)
      onLogout(() => within(leaveUserDb(), RETENTION_WAIT_MS)),
      subscribeTokenStore(() => {
        const token = readAuth()?.id_token ?? null
        const expired = readSessionExpired()
        // a new token resumes the queue; a session just marked expired pauses it ('In pausa: accesso richiesto')
        if (token && (token !== lastToken || (expired && !lastExpired)) && currentDb()) void syncNow({ force: false })
        lastToken = token
        lastExpired = expired
      }),
      startSync(),
    ]
    stop = () => offs.forEach((off) => off())
    void syncDbWithSession()
  }
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (--started === 0) {
      stop?.()
      stop = null
    }
  }
}

/** Entries of the current user not yet confirmed by the server (for the logout warning). 0 without a database. */
export async function unsentCountForLogout(): Promise<number> {
  const db = currentDb()
  if (!db) return 0
  return db.outbox.where('status').anyOf('pending', 'sending', 'failed-retry', 'attention', 'conflict', 'paused-auth').count()
}

/** The role context of the session's chosen profile (for `enqueue`, which stores the owner hash instead of the fiscal code), or null without a profile. */
export function roleContextFromSession(): RoleContext | null {
  const s = getSessionState()
  const cf = currentFiscalCode()
  if (s.status !== 'authenticated' || !s.profilo || !cf) return null
  return {
    codiceRuolo: s.profilo.codiceRuolo,
    idProgramma: s.profilo.idProgramma,
    idProgetto: s.profilo.idProgetto,
    idEnte: s.profilo.idEnte,
    cfUtente: normaliseCf(cf),
  }
}
