/**
 * The access register (registro degli accessi, issue 28 part 1; migration 0022): one row per access to a citizen's
 * personal data, change of a citizen's or user's personal data, login, role choice and refused authorisation.
 * Never a fiscal code or personal value: citizens by their internal id, the client address truncated. Append-only
 * (a trigger refuses UPDATE/DELETE except in the retention job's transaction, `SET LOCAL pd.registro_pulizia = 'on'`).
 * Written by server/domain/registro/ in batches. Part of the one Drizzle schema (server/db/schema.ts re-exports it).
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { ts } from './comune'

export const registroAccessi = pgTable('registro_accessi', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  quando: ts('quando').notNull().defaultNow(),
  /** the caller's `utente.id` (null: no identified caller, e.g. a 401 without a valid token, a job) */
  idUtente: integer('id_utente'),
  codiceRuolo: text('codice_ruolo'),
  idProgramma: integer('id_programma'),
  idProgetto: integer('id_progetto'),
  idEnte: integer('id_ente'),
  /** what was read or changed: `cittadino`, `servizio`, `questionario`, `utente`, `registro_accessi`, `api`… */
  entita: text('entita').notNull(),
  /** the entity's internal id (a citizen's random id, a survey's id); null for lists and exports (see `righe`) */
  idEntita: text('id_entita'),
  /** rows read or exported (lists, searches, exports, the field sync) */
  righe: integer('righe'),
  /** one of AZIONI_REGISTRO (server/domain/registro/tipi.ts) */
  azione: text('azione').notNull(),
  esito: text('esito').notNull().$type<'ok' | 'negato' | 'errore'>(),
  idRichiesta: text('id_richiesta'),
  /** IPv4 with its last octet zeroed, IPv6 cut to /48 */
  indirizzo: text('indirizzo'),
  /** short, never a personal value: a route pattern, an error code, a provider's name */
  dettaglio: text('dettaglio'),
}, (t) => [
  index('registro_accessi_quando_idx').on(t.quando, t.id),
  index('registro_accessi_utente_idx').on(t.idUtente, t.quando),
  index('registro_accessi_entita_idx').on(t.entita, t.idEntita, t.quando),
  check('registro_accessi_esito_check', sql`${t.esito} in ('ok', 'negato', 'errore')`),
])
