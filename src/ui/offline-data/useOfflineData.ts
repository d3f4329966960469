/**
 * Is a page showing stored data? (issue 9 point 6). `useIsOffline()`: true without network
 * (`navigator.onLine === false`) or when the API does not answer (src/api/connectivity.ts).
 * `useOfflineData(query)`: for a TanStack query result, `stale` is true when the page shows data that
 * could not be refreshed (offline, fetch paused for lack of network, or the refresh failed) and
 * `updatedAt` is when that data was read from the server (ms since epoch, null without data); `missing`
 * is true when there is nothing to show and nothing can be read (offline, not kept on the device).
 * `refreshing` (issue 24 point 21): online, the page shows a copy while a fresher one is being read (a card
 * restored from the device, or invalidated by a write such as adding a facilitator): the copy may show an
 * old state (NON ATTIVO), so the page says 'Dati salvati il … — aggiornamento in corso' until the new one is in.
 */
import { useIsRestoring } from '@tanstack/react-query'
import { useConnectivity, useNetworkAvailable } from '../../api/connectivity'

/** The part of a `useQuery` result the hook reads. */
export interface QueryLike {
  data: unknown
  /** ms since epoch of the last successful read; 0 when never read */
  dataUpdatedAt: number
  fetchStatus: 'fetching' | 'paused' | 'idle'
  isError: boolean
  /** the previous page's rows shown while the next page loads (`keepPreviousData`): not a stale copy */
  isPlaceholderData?: boolean
}

export interface OfflineData {
  /** the data shown may be out of date: show 'Dati aggiornati al …' */
  stale: boolean
  /** ms since epoch of the data shown, null when there is none */
  updatedAt: number | null
  /** the device cannot reach the server: writes are not possible */
  offline: boolean
  /** no data and none can be read now: say `OFFLINE_TEXTS.nonSalvati` instead of 'Caricamento…' */
  missing: boolean
  /** online, a copy is shown while a fresher one is read: say 'Dati salvati il … — aggiornamento in corso' */
  refreshing: boolean
  /** the copy shown was read before this page was loaded: it comes from the device */
  fromDevice: boolean
}

/** When this page was loaded (ms since epoch): data read before it came from the device. */
const PAGE_LOADED_AT = typeof performance !== 'undefined' ? performance.timeOrigin : 0

/** True when the server cannot be reached (no network, or the API does not answer). */
export function useIsOffline(): boolean {
  const network = useNetworkAvailable()
  const connectivity = useConnectivity()
  return !network || connectivity === 'offline'
}

/** See the module comment. */
export function useOfflineData(query: QueryLike): OfflineData {
  const offline = useIsOffline()
  // while the stored reads are being restored nothing is missing yet (src/api/query-persist.ts)
  const restoring = useIsRestoring()
  const has = query.data !== undefined && query.dataUpdatedAt > 0
  const stale = has && (offline || query.fetchStatus === 'paused' || query.isError)
  return {
    stale,
    updatedAt: has ? query.dataUpdatedAt : null,
    offline,
    missing: !has && !restoring && (offline || query.fetchStatus === 'paused'),
    refreshing: has && !stale && query.fetchStatus === 'fetching' && query.isPlaceholderData !== true,
    fromDevice: has && query.dataUpdatedAt < PAGE_LOADED_AT,
  }
}
