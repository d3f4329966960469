/**
 * Offline wiring of a logged-in session, loaded lazily by the shell (src/ui/shell/useFieldSession.ts) so
 * that Dexie and the feature code stay off the landing page. `startSyncWiring()`:
 * - starts the per-user database, the replay triggers and the session bridge (`startOfflineSession`);
 * - starts the field data layer (`startCampo`, loaded with a dynamic import; a failure is logged, never thrown)
 *   and the community's outbox handlers (`startCommunityOutbox`, the same way);
 * - asks the service worker for the field's offline set with a FAC/VOL profile (`startFieldOfflineSet`),
 *   and for the same set with a manager profile, whose pages read offline too (`startManagerOfflineSet`);
 * - registers the header sync indicator and the shell's alerts (session expired, logout warning) and the
 *   update gate (never reload while the outbox is sending);
 * - turns the offline events into UI: 'auth-required' → persistent alert, 'storage-full' → error toast;
 * - asks before a logout with unsent operations (`setLogoutConfirmation`);
 * - answers the service worker's Background Sync relay.
 * Returns the stop function (logout, shell unmounted); stopping twice is harmless.
 */
import { rootKeys } from '../../api/query-keys'
import { setLogoutConfirmation } from '../../auth/logout'
import { onOfflineEvent } from '../../offline'
import { startOfflineSession, syncCentre } from '../../offline/shell'
import type { ShellHooks } from '../../ui/shell/useFieldSession'
import { showToast, TOAST_DURATION } from '../../ui/stores/toasts'
import { askLogoutConfirmation, resetSyncAlerts, setAuthRequired } from './alerts-store'
import { startFieldOfflineSet } from './field-offline-set'
import { startManagerOfflineSet } from './manager-offline-set'
import { AuthRequiredAlert } from './AuthRequiredAlert'
import { answerBackgroundSync } from './background-sync'
import { LogoutWarningModal } from './LogoutWarningModal'
import { SyncIndicator } from './SyncIndicator'
import { createOutboxUpdateGate, trackReplayRuns } from './update-gate'

/** Toast shown on 'storage-full': nothing already saved was lost, and what to do. */
export const STORAGE_FULL_TOAST = {
  id: 'pd-storage-full',
  title: 'MEMORIA DEL DISPOSITIVO PIENA',
  message:
    "L'ultimo dato non è stato salvato, ma nessuna operazione già salvata è andata persa. Libera spazio sul dispositivo (elimina file, foto o app che non ti servono), poi ripeti l'operazione.",
} as const

/** Logout confirmation: asks only when operations are unsent; a failing count never blocks the logout. */
export async function confirmLogoutWithUnsent(): Promise<boolean> {
  const n = await syncCentre.unsentCountForLogout().catch(() => 0)
  return n > 0 ? askLogoutConfirmation(n) : true
}

/** Starts the campo data layer; returns its stop function (a no-op while it is not available). */
function startCampoSafely(): () => void {
  let stopped = false
  let stop: (() => void) | null = null
  import('../campo')
    .then((m) => {
      if (stopped) return
      try {
        stop = m.startCampo()
      } catch (error) {
        console.warn('Avvio dei dati di campo non riuscito', error)
      }
    })
    .catch((error: unknown) => console.warn('Caricamento dei dati di campo non riuscito', error))
  return () => {
    stopped = true
    try {
      stop?.()
    } catch {
      /* stopping must not break the logout */
    }
    stop = null
  }
}

/** Starts the community's outbox handlers; a replay that sent something refreshes the community reads. */
function startCommunitySafely(): () => void {
  let stopped = false
  let stop: (() => void) | null = null
  Promise.all([import('../community'), import('../../api/query')])
    .then(([m, q]) => {
      if (stopped) return
      stop = m.startCommunityOutbox(() => void q.queryClient.invalidateQueries({ queryKey: rootKeys.community }))
    })
    .catch((error: unknown) => console.warn('Caricamento della community non riuscito', error))
  return () => {
    stopped = true
    stop?.()
    stop = null
  }
}

/**
 * Wires the offline library and the sync UI for the logged-in session into the shell's registries
 * (`shell`, handed over by src/ui/shell/useFieldSession.ts); returns the stop function.
 */
export function startSyncWiring(shell: ShellHooks): () => void {
  const offs: (() => void)[] = [
    trackReplayRuns(),
    onOfflineEvent('auth-required', () => setAuthRequired(true)),
    onOfflineEvent('storage-full', () => showToast({ ...STORAGE_FULL_TOAST, status: 'error', duration: TOAST_DURATION.slow })),
    shell.registerHeaderStatus('sync', SyncIndicator),
    shell.registerShellSlot('before-main', 'sync-auth-required', AuthRequiredAlert),
    shell.registerShellSlot('overlay', 'sync-logout-warning', LogoutWarningModal),
    shell.registerShellSlot('overlay', 'sync-update-gate', createOutboxUpdateGate(shell.setUpdateBlocked)),
    setLogoutConfirmation(confirmLogoutWithUnsent),
    answerBackgroundSync(),
    startOfflineSession(),
    startCampoSafely(),
    startFieldOfflineSet(),
    startManagerOfflineSet(),
    startCommunitySafely(),
  ]
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    for (const off of offs.reverse()) off()
    resetSyncAlerts()
  }
}
