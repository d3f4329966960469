/**
 * Shell entry of the offline library (README "Architecture in brief"): what the app shell (the session
 * wiring, the header indicator, the service worker's relay) and the sync centre use.
 * Features use ./index.ts; nothing outside src/offline imports another file of the library.
 *
 * - `startOfflineSession()` once at start-up: opens/closes the user's database with the session, starts
 *   the sync loop; returns the stop function;
 * - `useSyncStatus()` for the header and the sync centre; `syncCentre` for its actions;
 * - `handleBackgroundSync()` / `SW_SYNC_MESSAGE` for the page side of Background Sync;
 * - `useNetworkAvailable()` (the browser reports a network) for the sync centre's notices.
 */
import { syncNow } from './sync'
import { storageEstimate } from './storage'
import { unsentCountForLogout } from './session-bridge'
import { indicatorTexts } from './status'

export { startOfflineSession } from './session-bridge'
export { useSyncStatus } from './status'
export { handleBackgroundSync, SW_SYNC_MESSAGE } from './sync'
export { useNetworkAvailable } from '../api/connectivity'

/**
 * The sync centre's actions: `syncNow()` ('Sincronizza ora'; resolves with the run's result),
 * `storageEstimate()` (device storage used/quota, null when unknown), `unsentCountForLogout()` (open entries
 * left on logout), `indicatorTexts(status)` (the header indicator's texts). The entries' actions (retry,
 * discard, edit, export, counts) are the feature entry's `outbox`.
 */
export const syncCentre = { syncNow, storageEstimate, unsentCountForLogout, indicatorTexts }
