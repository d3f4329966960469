/**
 * Users (spec 002 §2; platform-backend §2.7): what the route files and other features use of it — the query
 * options of a user's card, read by the page and by its route loader (src/api/prefetch.ts).
 */
export { schedaUtenteQuery } from './api'
/** the users' list definition, whose first page the list's route loader prefetches */
export { utentiDefinition } from './lista'
