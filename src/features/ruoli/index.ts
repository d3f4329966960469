/**
 * Roles management (spec 002 §1 `/gestione-ruoli`): what the route files and other features use of it — the
 * query options of a role and of the permission groups, read by the pages and by their route loaders
 * (src/api/prefetch.ts).
 */
export { gruppiQuery, ruoloQuery } from './api'
/** the roles' list definition, whose first page the list's route loader prefetches */
export { ruoliDefinition } from './lista'
