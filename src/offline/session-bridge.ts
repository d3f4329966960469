/**
 * Session bridge (ARCHITECTURE.md outbox point 6): the logged user's database is open while a session
 * exists and closed at logout; its entries stay on the device for that user only and are sent again at
 * their next login. A new ID token (login again after 'Sessione scaduta', refresh) restarts the replay.
 */
import { currentFiscalCode, getSessionState, subscribeSession } from '../auth/session'
import { onLogout } from '../auth/logout'
import { readAuth, subscribeTokenStore } from '../auth/token-store'
import { closeUserDb, currentDb, currentDbOwner, normaliseCf, openUserDb } from './db'
import { isQuotaError, StorageFullError } from './errors'
import { emitOfflineEvent } from './events'
import { requestPersistentStorage } from './storage'
import { startSync, syncNow } from './sync'
import type { RoleContext } from './types'

let syncing: Promise<void> = Promise.resolve()

/** Opens the session user's database, or closes it without a session (serialised). */
export function syncDbWithSession(): Promise<void> {
  syncing = syncing.then(async () => {
    const s = getSessionState()
    const cf = s.status === 'authenticated' ? currentFiscalCode() : null
    if (!cf) {
      closeUserDb()
      return
    }
    if (currentDbOwner() === normaliseCf(cf) && currentDb()?.isOpen()) return
    try {
      await openUserDb(cf)
      void requestPersistentStorage()
    } catch (e) {
      if (isQuotaError(e)) emitOfflineEvent('storage-full', { message: new StorageFullError().message })
    }
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
    const offs = [
      subscribeSession(() => void syncDbWithSession()),
      onLogout(() => closeUserDb()),
      subscribeTokenStore(() => {
        const token = readAuth()?.id_token ?? null
        if (token && token !== lastToken && currentDb()) void syncNow({ force: false })
        lastToken = token
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
  return db.outbox.where('status').anyOf('pending', 'sending', 'failed-retry', 'attention', 'paused-auth').count()
}

/** The role context of the session's chosen profile (for `enqueue`), or null without a profile. */
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
