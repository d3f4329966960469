/**
 * The citizens registry (spec 002 §1 `/area-cittadini`): what the route files and other features use of it —
 * the query options of a citizen's card, read by the pages and by their route loaders (src/api/prefetch.ts).
 */
export { schedaCittadinoQuery } from './api'
/** the registry's list definition, whose first page the list's route loader prefetches */
export { cittadiniDefinition } from './lista'
