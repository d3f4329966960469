/**
 * Issue 28 point 2 (migration 0023): retention that ends — the retention date of each policy and the reports of the
 * retention job, confirmed by the DTD before anything is anonymised (server/domain/conservazione/).
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { FileRapporto, ProgrammaRapporto, TotaliRapporto } from '../../../src/api/contract/conservazione'
import { day, modificatoIl, ts, versione } from './comune'
import { utente } from './utenti'

/** Personal data of a policy's programmes are kept until `conservazione_fino` (seeded: RFD 2026-06-30, SCD 2025-12-31). */
export const conservazionePeriodo = pgTable('conservazione_periodo', {
  policy: text('policy').primaryKey().$type<'RFD' | 'SCD'>(),
  conservazioneFino: day('conservazione_fino').notNull(),
  aggiornatoDa: integer('aggiornato_da').references(() => utente.id),
  dataOraAggiornamento: ts('data_ora_aggiornamento').notNull().defaultNow(),
  versione: versione(),
  modificatoIl: modificatoIl(),
})

/** States of a report: waiting for the DTD, confirmed (anonymisation queued), done, replaced by a newer one. */
export type StatoRapporto = 'DA_CONFERMARE' | 'CONFERMATO' | 'ESEGUITO' | 'SUPERATO'

/** One run of `conservazione.rapporto`: what is past its date, per programme (server/domain/conservazione/rapporto.ts). */
export const conservazioneRapporto = pgTable('conservazione_rapporto', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  stato: text('stato').notNull().default('DA_CONFERMARE').$type<StatoRapporto>(),
  /** the day the dates were compared with */
  dataRiferimento: day('data_riferimento').notNull(),
  creatoIl: ts('creato_il').notNull().defaultNow(),
  /** the periods in force when it was computed */
  periodi: jsonb('periodi').notNull().$type<{ policy: 'RFD' | 'SCD'; conservazioneFino: string }[]>(),
  totali: jsonb('totali').notNull().$type<TotaliRapporto>(),
  programmi: jsonb('programmi').notNull().$type<ProgrammaRapporto[]>(),
  /** the mass-upload files of the data concerned */
  file: jsonb('file').notNull().$type<FileRapporto[]>(),
  confermatoDa: integer('confermato_da').references(() => utente.id),
  confermatoIl: ts('confermato_il'),
  eseguitoIl: ts('eseguito_il'),
  /** what the anonymisation did (the same counts) */
  esito: jsonb('esito').$type<TotaliRapporto>(),
  /** Italian note: why a confirmed report was not run (the data grew: a new report was written) */
  nota: text('nota'),
}, (t) => [index('conservazione_rapporto_creato_idx').on(t.creatoIl, t.id)])
