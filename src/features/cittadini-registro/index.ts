/**
 * The citizens registry (spec 002 §1 `/area-cittadini`): what the route files and other features use of it —
 * the query options of a citizen's card, read by the pages and by their route loaders (src/api/prefetch.ts).
 */
export { schedaCittadinoQuery } from './api'
