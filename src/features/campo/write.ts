/**
 * Field writes: each stores the local copy and its outbox entry in one device transaction (ARCHITECTURE.md
 * outbox point 1) with the current role context, and resolves once saved (not once sent).
 * Errors: `CampoInputError` (Italian message, nothing stored), `StorageFullError` (device full),
 * `NoUserDbError` (nobody logged in).
 *
 * Dependencies: a write on a service whose creation (or last edit) is still unsent depends on that entry;
 * a survey compilation depends on its citizen's unsent addition; the handlers take the server ids from
 * the parents' results (handlers.ts). An edit of a write the server has surely not applied (never sent,
 * or refused) rewrites that entry instead of queueing another one.
 * Local status rules: a service is ATTIVO from its first citizen, a survey NON_COMPILATA at the addition
 * and COMPILATA once compiled (applied when reading, see local.ts).
 *
 * One file per concern: write-common.ts (role context, labels, rewrites), write-servizio.ts,
 * write-cittadino.ts, write-questionario.ts.
 */
export { etichette } from './write-common'
export { creaServizio, modificaServizio, eliminaServizio } from './write-servizio'
export { aggiungiCittadino } from './write-cittadino'
export { compilaQuestionario } from './write-questionario'
