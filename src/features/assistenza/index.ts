/**
 * Technical assistance (issue 11 point 4): what the route files and other features use of it — the list of the
 * requests received, whose first page the list's route loader prefetches (src/api/prefetch.ts).
 */
export { ticketDefinition } from './lista'
