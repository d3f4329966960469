/**
 * Managers read offline (issue 9 point 6): what a list or detail page needs to show the data kept on the
 * device and to disable its writes offline, saying why.
 *
 * How a manager page adopts it (see src/features/servizi/list/ServiziManagerList.tsx and
 * src/features/servizi/detail/ServizioDetailPage.tsx):
 * 1. make its READ queries persistable: `queryOptions({ ...PERSISTENT_READ, queryKey, queryFn })`
 *    (src/api/query.tsx). Not for answers holding a fiscal code in clear (e.g. the users list, whose rows
 *    carry `codiceFiscale`, or a search by fiscal code): they would be dropped anyway
 *    (src/lib/query-persist-rules.ts). Never for mutations. Query keys must carry the profile scope, as
 *    `serviziKeys` do. The page sits under `QueryProvider`, which waits for the restore;
 * 2. `const offline = useOfflineData(listQuery)` and `<DatiAggiornatiAl data={offline} />` above the data;
 *    show the stored data when the query has data, even with `isError` (offline it is paused or failed);
 * 3. every write (create link, edit, delete, terminate, form submit): `<OnlineOnlyButton …>` or
 *    `const guard = useOnlineOnly()`, `{...guard.controlProps}` on the control and
 *    `<OnlineOnlyReason guard={guard} />` beside it.
 */
export { useOfflineData, useIsOffline, type OfflineData, type QueryLike } from './useOfflineData'
export { DatiAggiornatiAl } from './DatiAggiornatiAl'
export { OnlineOnlyButton, OnlineOnlyReason, useOnlineOnly, type OnlineOnlyGuard, type OnlineOnlyButtonProps } from './OnlineOnly'
export { OFFLINE_TEXTS } from './labels'
