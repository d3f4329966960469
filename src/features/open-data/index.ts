/**
 * Open data (spec 002 §2 `/open-data`): what the route files and other features use of it — the query options
 * of the open data's state, read by the page and by its route loader (src/api/prefetch.ts).
 */
export { openDataQuery } from './api'
