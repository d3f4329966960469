/**
 * Minors configuration (spec 002 §1): what the route files and other features use of it — the list of the
 * enabled programmes (`minorenniDefinition(revoca)`: the row action, null without it), whose first page the
 * list's route loader prefetches (src/api/prefetch.ts).
 */
export { minorenniDefinition } from './lista'
