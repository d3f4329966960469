/**
 * The access register's page (issue 28 part 1): what the route files use of it — the list's definition, whose first
 * page the route loader prefetches (src/api/prefetch.ts), and the two views.
 */
export { registroDefinition } from './lista'
export { PERCORSO_CITTADINO, PERCORSO_REGISTRO } from './TabRegistro'
