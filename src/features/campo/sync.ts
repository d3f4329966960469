/**
 * Field sync (issue #3 point 5 "what the field needs offline is fetched at login and on reconnect"; issue 25
 * point 2: incremental and bounded). `GET /campo/sync?idProgramma&idProgetto&idEnte[&cursore]` pages
 * (src/api/contract/campo.ts `CampoSyncPaginaSchema`) stored on the device as they arrive — services and
 * their citizens' additions (with their survey instances) as records, the reference data
 * (`CampoRiferimenti`) in the cache. Background and silent: no loader, no toast, no logout on 401.
 *
 * - A whole sync (no cursor kept for the profile, or a cursor the server no longer takes) fetches page after
 *   page; each page is stored at once (nothing of the sync is held in memory), and at the last page the
 *   profile's confirmed copies that no page returned are removed (see below). The last page's `cursore` is
 *   kept in the cache per profile (`syncKey`, emptied at logout with the rest of the cache).
 * - Later syncs send the kept cursor and apply only what changed: records created or updated, and `rimossi`
 *   (a removed service takes its citizens and surveys; nothing with unsent changes or open entries goes).
 *   `riferimenti` null keeps the stored reference data.
 * - While a sync is under way the next page's cursor is kept too (`StatoSyncCampo.inCorso`): a refused or
 *   failed page keeps what was stored so far, and the next attempt resumes from that page.
 *
 * Merging with the device: server rows take the `idLocale` of the local copy that already has their
 * server id (an addition: also of a survey compiled on the device; a service: or its stored `idLocale`),
 * else `srv-{id}`; `putServerRecords` never overwrites a local copy with unsent changes; a service deleted
 * on this device is not brought back by a page taken before the deletion. At the end of a whole sync,
 * confirmed copies of the profile are removed when no page wrote them and they did not change since the
 * sync's first request left: every page writes its records with the time it was stored, so "not written
 * by this sync and unchanged since it started" is `updatedAt` before the start — no id set to keep, and it
 * holds across a resumed sync.
 *
 * This file runs the sync (fetch, progress, one run at a time, the triggers); sync-store.ts stores its pages.
 */
import { createStore, useStore } from '../../lib/store'
import type { CampoSyncPagina } from '../../api/contract/campo'
import { getSessionState, subscribeSession, useSession } from '../../auth/session'
import { cache, connectivity, onOfflineEvent, userDb } from '../../offline'
import { isFieldRole } from './common'
import { registerCampoHandlers } from './handlers'
import { riferimentiKey, syncKey, type ProfiloCampo } from './records'
import { presentIdsOf } from '../../lib/profile-ids'
import { storePagina, statoSync, type StatoSyncCampo } from './sync-store'

export { storePagina, statoSync, storeServizio, type StatoSyncCampo } from './sync-store'

/** Fetches one sync page of a profile (`cursore` null: start a whole sync). Replaceable in tests. */
export type PaginaFetcher = (profilo: ProfiloCampo, cursore: string | null) => Promise<CampoSyncPagina>

/** The profile's ids as query parameters (the non-null ones; src/lib/profile-ids.ts). */
export function profiloParams(p: ProfiloCampo): Record<string, number> {
  return presentIdsOf(p)
}

const defaultFetcher: PaginaFetcher = async (p, cursore) => {
  const [{ apiGet }, { CampoSyncPaginaSchema }] = await Promise.all([import('../../api/client'), import('../../api/contract/campo')])
  return apiGet('campo/sync', CampoSyncPaginaSchema, {
    silent: true, background: true, authRedirects: false, headers: { userRole: p.codiceRuolo },
    searchParams: { ...profiloParams(p), ...(cursore ? { cursore } : {}) },
  })
}

let fetcher: PaginaFetcher = defaultFetcher

/** Test hook: replaces the HTTP call of a page (null restores the default). */
export function setSyncFetcherForTests(f: PaginaFetcher | null): void {
  fetcher = f ?? defaultFetcher
}

/** Progress of the sync running now (null: none). */
export interface AvanzamentoSync {
  /** `riferimentiKey`-style key of the profile being synced */
  profilo: string
  modalita: CampoSyncPagina['modalita']
  /** no sync of this profile completed on the device yet */
  primo: boolean
  inviati: number
  totale: number
}

const avanzamento = createStore<AvanzamentoSync | null>(null)
const setAvanzamento = avanzamento.set

/** The progress of the running sync (null: none); for tests and non-React callers. */
export function getAvanzamentoSync(): AvanzamentoSync | null {
  return avanzamento.get()
}

/** Subscribes to the progress of the running sync (one call per stored page); returns the unsubscribe function. */
export function subscribeAvanzamentoSync(listener: () => void): () => void {
  return avanzamento.subscribe(listener)
}

/** React: the progress of the field sync running now for the current profile (null: none). */
export function useAvanzamentoSync(): AvanzamentoSync | null {
  const a = useStore(avanzamento)
  const p = useSession().profilo
  return a && p && a.profilo === riferimentiKey(p) ? a : null
}

function currentFieldProfile(): ProfiloCampo | null {
  const s = getSessionState()
  const p = s.status === 'authenticated' ? s.profilo : null
  if (!p || !isFieldRole(p.codiceRuolo)) return null
  return { codiceRuolo: p.codiceRuolo, idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
}

/** The current FAC/VOL profile (null for other roles or without a chosen profile). */
export function profiloCampoCorrente(): ProfiloCampo | null {
  return currentFieldProfile()
}

const profileKey = (p: ProfiloCampo | null) => (p ? riferimentiKey(p) : '')

let running: Promise<void> | null = null
let again = false

/**
 * Syncs the current field profile with the server and stores what comes (see the module comment); no-op
 * for other roles, without a device database, or while the API is known unreachable. Never throws (a
 * failed page keeps what was stored; the next call resumes). Calls during a sync join it and run once
 * more afterwards.
 */
export function refreshCampo(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await syncOnce().catch(() => undefined)
    } while (again)
  })().finally(() => {
    running = null
  })
  return running
}

async function syncOnce(): Promise<void> {
  const profilo = currentFieldProfile()
  const db = userDb.current()
  if (!profilo || !db || connectivity.get() === 'offline') return
  const owner = userDb.owner()
  const key = profileKey(profilo)
  // the user, the profile or the database changed meanwhile: what comes is someone else's
  const same = () => userDb.current() === db && userDb.owner() === owner && profileKey(currentFieldProfile()) === key
  const stato = await statoSync(db, profilo)
  let inCorso = stato.inCorso
  let cursore = inCorso?.cursore ?? stato.cursore
  try {
    // a sync resumed: its progress shows at once, not only after the next page
    if (inCorso) setAvanzamento({ profilo: key, modalita: inCorso.modalita, primo: stato.cursore === null, inviati: inCorso.inviati, totale: inCorso.totale })
    for (;;) {
      const requestedAt = Date.now()
      const pagina = await fetcher(profilo, cursore)
      if (!same()) return
      // a new sync, or the server restarted it as a whole one (a cursor it no longer takes)
      if (!inCorso || (pagina.modalita === 'completa' && inCorso.modalita !== 'completa')) {
        inCorso = { cursore: '', modalita: pagina.modalita, iniziata: requestedAt, inviati: 0, totale: 0 }
      }
      await storePagina(db, profilo, pagina, inCorso.iniziata)
      const next: StatoSyncCampo = pagina.completo
        ? { cursore: pagina.cursore, finestraDal: pagina.finestra.dal, inCorso: null }
        : {
          cursore: stato.cursore, finestraDal: pagina.finestra.dal,
          inCorso: { ...inCorso, cursore: pagina.cursore, inviati: pagina.avanzamento.inviati, totale: pagina.avanzamento.totale },
        }
      await cache.set(syncKey(profilo), next)
      if (pagina.completo) return
      setAvanzamento({ profilo: key, modalita: inCorso.modalita, primo: stato.cursore === null, inviati: pagina.avanzamento.inviati, totale: pagina.avanzamento.totale })
      // a server answering the same cursor again would loop forever: the next attempt retries
      if (pagina.cursore === cursore) return
      cursore = pagina.cursore
      inCorso = next.inCorso
    }
  } finally {
    setAvanzamento(null)
  }
}

/** Delay of the refresh that follows a replay which sent something (lets bursts settle). */
export const REFRESH_AFTER_SYNC_MS = 2_000

/**
 * Registers the outbox handlers and syncs: now (when logged in as FAC/VOL with the device database open),
 * when the database opens, when the API becomes reachable again, when the profile changes, and after a
 * replay that sent something. Returns the stop function.
 */
export function startCampo(): () => void {
  const unregister = registerCampoHandlers()
  let lastProfile = profileKey(currentFieldProfile())
  let timer: ReturnType<typeof setTimeout> | null = null
  const trigger = () => {
    if (currentFieldProfile()) void refreshCampo()
  }
  const offs = [
    userDb.subscribe(() => {
      if (userDb.current()) trigger()
    }),
    // notified on changes only: 'online' here means the API just became reachable again
    connectivity.subscribe(() => {
      if (connectivity.get() === 'online') trigger()
    }),
    subscribeSession(() => {
      const key = profileKey(currentFieldProfile())
      if (key !== lastProfile) {
        lastProfile = key
        trigger()
      }
    }),
    onOfflineEvent('sync-end', (report) => {
      if (report.sent === 0) return
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        trigger()
      }, REFRESH_AFTER_SYNC_MS)
    }),
  ]
  trigger()
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    offs.forEach((off) => off())
    if (timer) clearTimeout(timer)
    unregister()
  }
}
