/**
 * Platform-backend §1.2: users, roles, groups, permissions, facilitators, referents and delegates, the managing bodies' history.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { sql } from 'drizzle-orm'
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core'
import { audit, stato, ts, modificatoIl, versione, type Stato } from './comune'
import { ente, enteSedeProgetto, progetto, programma } from './organizzazione'

export const utente = pgTable('utente', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  codiceFiscale: varchar('codice_fiscale', { length: 16 }).notNull().unique(),
  nome: text('nome').notNull(),
  cognome: text('cognome').notNull(),
  /** null until the first-access registration; unique (U21) */
  email: text('email').unique(),
  telefono: text('telefono'),
  /** shown as "bio" */
  mansione: text('mansione'),
  tipoContratto: text('tipo_contratto'),
  consensoDati: boolean('consenso_dati').notNull().default(false),
  dataOraConsensoDati: ts('data_ora_consenso_dati'),
  stato: stato('stato'),
  integrazione: boolean('integrazione').notNull().default(false),
  immagineProfilo: text('immagine_profilo'),
  /** international prefix of `telefono` (`+NN`, spec 000 §5; issue 13); null = Italy '+39' */
  prefissoTelefono: text('prefisso_telefono'),
  /** folded search text of the users list ("cognome nome", "nome cognome", fiscal code; server/domain/liste) */
  ricerca: text('ricerca').generatedAlwaysAs(sql`pd_fold(cognome || ' ' || nome || chr(10) || nome || ' ' || cognome || chr(10) || codice_fiscale)`),
  /** when the user's personal data were replaced at the end of their retention period (issue 28 point 2, migration 0023); the id stays */
  anonimizzatoIl: ts('anonimizzato_il'),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
}, (t) => [index('utente_nominativo_fold_idx').on(sql`pd_fold(cognome)`, sql`pd_fold(nome)`, t.id)])

export const integrazioniUtente = pgTable('integrazioni_utente', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idUtente: integer('id_utente').notNull().unique().references(() => utente.id, { onDelete: 'cascade' }),
  utenteRegistratoWorkdocs: boolean('utente_registrato_workdocs').notNull().default(false),
  idUtenteWorkdocs: text('id_utente_workdocs'),
  utenteRegistratoRocketchat: boolean('utente_registrato_rocketchat').notNull().default(false),
  idUtenteRocketchat: text('id_utente_rocketchat'),
  ...audit,
})

export const ruolo = pgTable('ruolo', {
  codice: text('codice').primaryKey(),
  nome: text('nome').notNull().unique(),
  predefinito: boolean('predefinito').notNull().default(false),
  modificabile: boolean('modificabile').notNull().default(true),
  stato: stato('stato'),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
})

export const utenteXRuolo = pgTable('utente_x_ruolo', {
  idUtente: integer('id_utente').notNull().references(() => utente.id, { onDelete: 'cascade' }),
  codiceRuolo: text('codice_ruolo').notNull().references(() => ruolo.codice),
  dataOraCreazione: ts('data_ora_creazione').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.idUtente, t.codiceRuolo] }), index('utente_x_ruolo_ruolo_idx').on(t.codiceRuolo)])

export const gruppo = pgTable('gruppo', {
  codice: text('codice').primaryKey(),
  descrizione: text('descrizione').notNull(),
  ...audit,
})

export const ruoloXGruppo = pgTable('ruolo_x_gruppo', {
  codiceRuolo: text('codice_ruolo').notNull().references(() => ruolo.codice, { onDelete: 'cascade' }),
  codiceGruppo: text('codice_gruppo').notNull().references(() => gruppo.codice, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.codiceRuolo, t.codiceGruppo] })])

export const permesso = pgTable('permesso', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  codice: text('codice').notNull().unique(),
  descrizione: text('descrizione').notNull(),
})

export const gruppoXPermesso = pgTable('gruppo_x_permesso', {
  codiceGruppo: text('codice_gruppo').notNull().references(() => gruppo.codice, { onDelete: 'cascade' }),
  idPermesso: integer('id_permesso').notNull().references(() => permesso.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.codiceGruppo, t.idPermesso] })])

/** Facilitator (FAC, RFD) or volunteer (VOL, SCD) assigned to a body-site-project. */
export const enteSedeProgettoFacilitatore = pgTable('ente_sede_progetto_facilitatore', {
  idEnte: integer('id_ente').notNull(),
  idSede: integer('id_sede').notNull(),
  idProgetto: integer('id_progetto').notNull(),
  idFacilitatore: integer('id_facilitatore').notNull().references(() => utente.id),
  ruoloUtente: text('ruolo_utente').notNull().$type<'FAC' | 'VOL'>(),
  statoUtente: stato('stato_utente'),
  dataOraAttivazione: ts('data_ora_attivazione'),
  dataOraTerminazione: ts('data_ora_terminazione'),
  ...audit,
}, (t) => [
  primaryKey({ columns: [t.idEnte, t.idSede, t.idProgetto, t.idFacilitatore] }),
  foreignKey({ columns: [t.idEnte, t.idSede, t.idProgetto], foreignColumns: [enteSedeProgetto.idEnte, enteSedeProgetto.idSede, enteSedeProgetto.idProgetto] }),
  index('espf_facilitatore_idx').on(t.idFacilitatore),
  index('espf_progetto_ente_idx').on(t.idProgetto, t.idEnte),
])

const referentColumns = () => ({
  idUtente: integer('id_utente').notNull().references(() => utente.id),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  codiceRuolo: text('codice_ruolo').notNull(),
  statoUtente: stato('stato_utente'),
  dataOraAttivazione: ts('data_ora_attivazione'),
  dataOraTerminazione: ts('data_ora_terminazione'),
  ...audit,
})

/** Referents (REG) and delegates (DEG) of a programme's managing body. */
export const referenteDelegatiGestoreProgramma = pgTable('referente_delegati_gestore_programma', {
  idProgramma: integer('id_programma').notNull().references(() => programma.id),
  ...referentColumns(),
}, (t) => [primaryKey({ columns: [t.idProgramma, t.idUtente, t.idEnte] }), index('rdg_programma_utente_idx').on(t.idUtente)])

/** Referents (REGP) and delegates (DEGP) of a project's managing body. */
export const referenteDelegatiGestoreProgetto = pgTable('referente_delegati_gestore_progetto', {
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  ...referentColumns(),
}, (t) => [primaryKey({ columns: [t.idProgetto, t.idUtente, t.idEnte] }), index('rdg_progetto_utente_idx').on(t.idUtente)])

/** Referents (REPP) and delegates (DEPP) of a partner body in a project. */
export const referenteDelegatiPartner = pgTable('referente_delegati_partner', {
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  ...referentColumns(),
}, (t) => [primaryKey({ columns: [t.idProgetto, t.idEnte, t.idUtente] }), index('rd_partner_utente_idx').on(t.idUtente)])

// History rows: inserted ATTIVO on activation, updated to TERMINATO on termination.
export const storicoEnteGestoreProgramma = pgTable('storico_ente_gestore_programma', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idProgramma: integer('id_programma').notNull().references(() => programma.id),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  stato: text('stato').notNull().$type<Stato>(),
  dataAttivazioneEnte: ts('data_attivazione_ente'),
  dataOraTerminazione: ts('data_ora_terminazione'),
})

const storicoProgettoColumns = () => ({
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  idProgramma: integer('id_programma').notNull().references(() => programma.id),
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  stato: text('stato').notNull().$type<Stato>(),
  dataAttivazioneEnte: ts('data_attivazione_ente'),
  dataOraTerminazione: ts('data_ora_terminazione'),
})
export const storicoEnteGestoreProgetto = pgTable('storico_ente_gestore_progetto', storicoProgettoColumns())
export const storicoEntePartner = pgTable('storico_ente_partner', storicoProgettoColumns())
