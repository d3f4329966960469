/**
 * Shared column helpers and value types of the schema (server/db/schema.ts): status values, targets, template and answer shapes.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { date, integer, text, timestamp } from 'drizzle-orm/pg-core'

/** Values of the status columns (platform-backend §1 `StatoEnum`; NON ATTIVO is stored with a space). */
export const STATO = {
  ATTIVO: 'ATTIVO',
  ATTIVABILE: 'ATTIVABILE',
  NON_ATTIVO: 'NON ATTIVO',
  TERMINATO: 'TERMINATO',
} as const
export type Stato = (typeof STATO)[keyof typeof STATO]

/** States of a compiled questionnaire (platform-backend §5.5). */
export type StatoQuestionario = 'NON_COMPILATA' | 'INVIATO' | 'COMPILATA'

/** One target: a value to reach by a date ('YYYY-MM-DD'). */
export interface Obiettivo { valore: number | null; data: string | null }
/** The 4 target families × 5 steps of a programme or project (replaces 40 columns of the reference). */
export interface Obiettivi {
  puntiFacilitazione: Obiettivo[]
  utentiUnici: Obiettivo[]
  servizi: Obiettivo[]
  facilitatori: Obiettivo[]
}

/** A question of a template section (platform-frontend §3.1). */
export interface DomandaSchema {
  id: string
  title: string
  type: 'string' | 'number' | 'integer' | 'date' | 'time' | 'range' | 'object' | 'boolean'
  enum?: string[]
  properties?: Record<string, { type: 'boolean' }>
  order: number
  keyBE?: string
  format?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  flag?: boolean
  dependencyFlag?: string
  dependencyNotFlag?: string
  relatedTo?: string
  relatedFrom?: string
  enumLevel1?: string[]
  enumLevel2?: { label: string; value: string; upperLevel: string }[]
  regex?: string
  hidden?: boolean
}
/** JSON-schema-like body of a section: properties keyed by question id, `required`, `default`. */
export interface SezioneSchema {
  type: 'object'
  properties: Record<string, DomandaSchema>
  required: string[]
  default: string[]
}
/** A section of a questionnaire template. */
export interface SezioneTemplate {
  id: string
  title: string
  schema: SezioneSchema
  schemaui: Record<string, unknown>
  'default-section': boolean
}
/** An answered section: ordered list of single-key objects `{ "<questionId>": ["<value>", …] }`. */
export interface SezioneCompilata {
  id: string
  title: string
  properties: Record<string, string[]>[]
}

/** Creation and last-update times, on most tables. */
export const audit = {
  dataOraCreazione: timestamp('data_ora_creazione', { withTimezone: true }).notNull().defaultNow(),
  dataOraAggiornamento: timestamp('data_ora_aggiornamento', { withTimezone: true }).notNull().defaultNow(),
}
/**
 * Row version of an editable record (issue 27): 1 at creation, + 1 at every change of its editable data; an
 * update or delete sends the version it was based on and is refused (409 V01) when the row moved on
 * (server/domain/versioni.ts).
 */
export const versione = () => integer('versione').notNull().default(1)
/**
 * When the record's `versione` last moved (issue 27 point 2: 'Modificato da altri il …' of the conflict view), set
 * by the database trigger of drizzle/0021 on every change of the version, whatever path wrote it.
 */
export const modificatoIl = () => timestamp('modificato_il', { withTimezone: true }).notNull().defaultNow()
/** A `timestamptz` column. */
export const ts = (name: string) => timestamp(name, { withTimezone: true })
/** A `date` column read and written as 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' })
/** A status column (see {@link Stato}), NON ATTIVO by default. */
export const stato = (name: string) => text(name).notNull().default(STATO.NON_ATTIVO).$type<Stato>()
