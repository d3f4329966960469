/**
 * Issue 28 part 3 (migration 0024): the citizen's rights — the erasure requests of programmes' and projects' referents
 * (rich.canc.cittadino), executed or rejected by the data-protection permission (gest.dati.personali;
 * server/domain/diritti/). A request names the citizen by its internal random id only.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { ts } from './comune'
import { cittadino } from './servizi'
import { utente } from './utenti'

/** States of an erasure request: waiting, executed (the citizen erased), rejected (with a note). */
export type StatoRichiestaCancellazione = 'IN_ATTESA' | 'ESEGUITA' | 'RIFIUTATA'

export const richiestaCancellazione = pgTable('richiesta_cancellazione', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idCittadino: bigint('id_cittadino', { mode: 'number' }).notNull().references(() => cittadino.id),
  /** the requester's reason (Italian free text, shown to the data-protection role) */
  motivo: text('motivo').notNull(),
  stato: text('stato').notNull().default('IN_ATTESA').$type<StatoRichiestaCancellazione>(),
  richiestaDa: integer('richiesta_da').notNull().references(() => utente.id),
  ruoloRichiedente: text('ruolo_richiedente').notNull(),
  richiestaIl: ts('richiesta_il').notNull().defaultNow(),
  decisaDa: integer('decisa_da').references(() => utente.id),
  decisaIl: ts('decisa_il'),
  /** the reason of a rejection, or of the erasure that executed it */
  nota: text('nota'),
}, (t) => [
  index('richiesta_cancellazione_stato_idx').on(t.stato, t.richiestaIl, t.id),
  index('richiesta_cancellazione_cittadino_idx').on(t.idCittadino),
])
