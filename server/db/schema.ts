/**
 * The whole domain model of platform-backend §1 as ONE Drizzle pg-core schema that runs unchanged on
 * PGlite and PostgreSQL (issue #2 point 3). Later issues add behaviour, not tables. The tables are written
 * by area in server/db/tables/ (issue 26 point 9); this module re-exports them all, and drizzle-kit reads it
 * (drizzle.config.ts).
 *
 * Conventions:
 * - SQL names are snake_case, TypeScript names camelCase; ids are `integer` identity columns, except the
 *   citizen's: a random `bigint` (not guessable, see `cittadino`).
 * - Status columns are text holding the reference's values: 'ATTIVO', 'ATTIVABILE', 'NON ATTIVO'
 *   (with a space), 'TERMINATO' (see `Stato`).
 * - Timestamps are `timestamptz`; calendar dates are `date` columns read and written as 'YYYY-MM-DD' strings.
 * - Users are referenced by their numeric `utente.id` everywhere (the reference used the fiscal code in
 *   `utente_x_ruolo`, in the facilitator link and in the referent tables).
 * - Citizens are never stored with a clear fiscal code: `cittadino.codice_fiscale_hash` is an
 *   HMAC-SHA256 hex with a server secret (server/db/citizen-hash.ts).
 * - Mongo documents of the reference (template bodies, compiled instances, SezioneQ3) are jsonb columns.
 * - The 40 target columns of `programma`/`progetto` (4 families × 5 × value+date) are one jsonb column
 *   `obiettivi` of type `Obiettivi`.
 * - The `permessi_api` table of the reference is not modelled: every route declares its permission codes
 *   in `config.access` (server/auth/types.ts).
 */
export {
  STATO, type DomandaSchema, type Obiettivi, type Obiettivo, type SezioneCompilata, type SezioneSchema, type SezioneTemplate, type Stato, type StatoQuestionario,
} from './tables/comune'
export * from './tables/organizzazione'
export * from './tables/utenti'
export * from './tables/servizi'
export * from './tables/piattaforma'
export * from './tables/community'
export * from './tables/conservazione'
export * from './tables/registro'
export * from './tables/diritti'
