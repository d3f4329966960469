/**
 * Route loaders' reads (ARCHITECTURE.md "routes/ — loaders that call the feature's query options"; issue 26
 * point 4): `prefetchRead(ctx, () => xxxQuery(id))` asks the app's QueryClient for the SAME query options
 * the page's component reads, so the request starts when the router resolves the route instead of when
 * React first renders the page. The page is unchanged: it still reads its query with `useQuery` and shows
 * its own loading, error and offline states; the loader only warms the cache.
 *
 * The rules, each one keeping what the user sees exactly as without a loader:
 * - never awaited by the router: the loader returns at once, so a navigation is never held by the data
 *   (today the page opens at once with its loading text) and an offline start — where TanStack pauses a fetch
 *   and an awaited read would never resolve — renders from the restored cache as before;
 * - never rejects: a 404, 403 or network failure stays the page's own error text, never the router's
 *   error component (the failed query is what the page's `useQuery` then shows or retries on mount);
 * - not on preload (`defaultPreload: 'intent'`: hovering a link loads the route's code, not its data);
 * - only with a session and a chosen profile (`sessionReady`, the condition of every query of the app) and
 *   while online (offline the page shows the persisted copy, query-persist.ts);
 * - after the restore of the persisted reads (query-persist.ts): a stored copy is put in the client first,
 *   then `ensureQueryData` fetches only what the client does not hold — exactly the page's first read;
 *   staleness is still judged by the page's `useQuery` on mount (a stale copy is shown and read again);
 * - a read whose options set `enabled` to false or to a function of the query is left to the page.
 * Loaders live in the route's split chunk with its component (`codeSplitGroupings: [['loader',
 * 'component']]`): this module and the feature's query options stay out of the entry (landing budget).
 */
import { onlineManager, type UseQueryOptions } from '@tanstack/react-query'
import { queryClient, sessionReady } from './query'
import { isRestoringQueries, queryPersistenceReady } from './query-persist'

/** The part of the router's loader context the helper reads. */
export interface LoaderContextLike {
  /** true when the router preloads the route (a link hovered), false on a navigation */
  preload: boolean
}

/** The options of one read, as the page's `useQuery` takes them (a `queryOptions(…)` result). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, whatever its data type
export type ReadOptions = UseQueryOptions<any, any, any, any>

/** Resolves once no restore of persisted reads is running (a restore may start while one is awaited). */
async function restored(): Promise<void> {
  do await queryPersistenceReady()
  while (isRestoringQueries())
}

/** True when the loader may start the reads now (see the module comment). */
export function mayPrefetch(ctx: LoaderContextLike): boolean {
  return !ctx.preload && sessionReady() && onlineManager.isOnline()
}

/**
 * The loader of a page that fetches: `loader: (ctx) => prefetchRead(ctx, () => [xxxQuery(ctx.params.id)])`.
 * `reads` gives the options of the page's reads (built only when they run: a query key holds the profile's
 * scope; a null entry is skipped); returns nothing, so the router never waits for them (see the module comment).
 */
export function prefetchRead(ctx: LoaderContextLike, reads: () => readonly (ReadOptions | null | undefined)[]): void {
  void prefetchReads(ctx, reads)
}

/** {@link prefetchRead}'s work: settles (never rejects) when every read it started has settled. */
export function prefetchReads(ctx: LoaderContextLike, reads: () => readonly (ReadOptions | null | undefined)[]): Promise<void> {
  if (!mayPrefetch(ctx)) return Promise.resolve()
  return restored()
    .then(async () => {
      // the session, the profile or the network may have changed while the restore ran
      if (!mayPrefetch(ctx)) return
      const options = reads().filter((o): o is ReadOptions => o != null && (o.enabled === undefined || o.enabled === true))
      await Promise.all(options.map((o) => queryClient.ensureQueryData(o).catch(() => undefined)))
    })
    .catch(() => undefined)
}
