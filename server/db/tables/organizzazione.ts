/**
 * Platform-backend §1.1: programme, project, body, partner, site, its addresses and opening hours, the body-site-project link.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core'
import { audit, day, stato, ts, modificatoIl, versione, type Obiettivi, type Stato } from './comune'

export const ente = pgTable('ente', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  partitaIva: varchar('partita_iva', { length: 11 }).notNull().unique(),
  nome: text('nome').notNull().unique(),
  nomeBreve: text('nome_breve').notNull(),
  tipologia: text('tipologia'),
  sedeLegale: text('sede_legale'),
  indirizzoPec: text('indirizzo_pec'),
  /** folded search text of the bodies list (name, short name, VAT number; server/domain/liste) */
  ricerca: text('ricerca').generatedAlwaysAs(sql`pd_fold(nome || chr(10) || nome_breve || chr(10) || partita_iva)`),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
}, (t) => [index('ente_nome_fold_idx').on(sql`pd_fold(nome)`, t.id)])

export const programma = pgTable('programma', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nome: text('nome').notNull(),
  nomeBreve: text('nome_breve').notNull(),
  codice: text('codice').notNull().unique(),
  policy: text('policy').notNull().$type<'RFD' | 'SCD'>(),
  bando: text('bando'),
  cup: text('cup'),
  cupManipolato: boolean('cup_manipolato').notNull().default(false),
  idEnteGestoreProgramma: integer('id_ente_gestore_programma').references(() => ente.id),
  statoGestoreProgramma: text('stato_gestore_programma').$type<Stato>(),
  stato: stato('stato'),
  dataInizioProgramma: day('data_inizio_programma').notNull(),
  dataFineProgramma: day('data_fine_programma').notNull(),
  dataOraAttivazioneProgramma: ts('data_ora_attivazione_programma'),
  dataOraTerminazioneProgramma: ts('data_ora_terminazione_programma'),
  /** the 40 target columns of the reference, as one document */
  obiettivi: jsonb('obiettivi').$type<Obiettivi>(),
  /** folded search text of the programmes list (name, short name, code; server/domain/liste) */
  ricerca: text('ricerca').generatedAlwaysAs(sql`pd_fold(nome || chr(10) || nome_breve || chr(10) || codice)`),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
}, (t) => [
  index('programma_nome_fold_idx').on(sql`pd_fold(nome)`, t.id),
  index('programma_ente_gestore_idx').on(t.idEnteGestoreProgramma),
])

export const progetto = pgTable('progetto', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nome: text('nome').notNull(),
  nomeBreve: text('nome_breve').notNull(),
  idProgramma: integer('id_programma').notNull().references(() => programma.id),
  idEnteGestoreProgetto: integer('id_ente_gestore_progetto').references(() => ente.id),
  statoGestoreProgetto: text('stato_gestore_progetto').$type<Stato>(),
  stato: stato('stato'),
  cup: text('cup'),
  cupManipolato: boolean('cup_manipolato').notNull().default(false),
  dataInizioProgetto: day('data_inizio_progetto').notNull(),
  dataFineProgetto: day('data_fine_progetto').notNull(),
  dataOraProgettoAttivabile: ts('data_ora_progetto_attivabile'),
  dataOraAttivazione: ts('data_ora_attivazione'),
  dataOraTerminazione: ts('data_ora_terminazione'),
  obiettivi: jsonb('obiettivi').$type<Obiettivi>(),
  /** folded search text of the projects list (name, short name; server/domain/liste) */
  ricerca: text('ricerca').generatedAlwaysAs(sql`pd_fold(nome || chr(10) || nome_breve)`),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
}, (t) => [
  index('progetto_programma_idx').on(t.idProgramma),
  index('progetto_nome_fold_idx').on(sql`pd_fold(nome)`, t.id),
  index('progetto_ente_gestore_idx').on(t.idEnteGestoreProgetto),
])

export const entePartner = pgTable('ente_partner', {
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  statoEntePartner: stato('stato_ente_partner'),
  terminatoSingolarmente: boolean('terminato_singolarmente').notNull().default(false),
  ...audit,
}, (t) => [primaryKey({ columns: [t.idProgetto, t.idEnte] }), index('ente_partner_ente_idx').on(t.idEnte)])

export const sede = pgTable('sede', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nome: text('nome').notNull().unique(),
  descrizione: text('descrizione'),
  serviziErogati: text('servizi_erogati'),
  nazione: text('nazione').notNull().default('Italia'),
  regione: text('regione'),
  provincia: text('provincia'),
  comune: text('comune'),
  via: text('via'),
  civico: text('civico'),
  cap: varchar('cap', { length: 5 }),
  itinere: boolean('itinere').notNull().default(false),
  area: text('area'),
  coordinate: jsonb('coordinate').$type<{ lat: number; lng: number }>(),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
})

export const indirizzoSede = pgTable('indirizzo_sede', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idSede: integer('id_sede').notNull().references(() => sede.id, { onDelete: 'cascade' }),
  nazione: text('nazione').notNull().default('Italia'),
  regione: text('regione').notNull(),
  /** province sigla, e.g. 'RM' */
  provincia: varchar('provincia', { length: 2 }).notNull(),
  comune: text('comune').notNull(),
  via: text('via').notNull(),
  civico: text('civico').notNull(),
  cap: varchar('cap', { length: 5 }).notNull(),
  ...audit,
}, (t) => [index('indirizzo_sede_sede_idx').on(t.idSede)])

/** Opening hours of an address: two windows per day ('HH:mm' strings, null when closed). */
export const indirizzoSedeFasciaOraria = pgTable('indirizzo_sede_fascia_oraria', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idIndirizzoSede: integer('id_indirizzo_sede').notNull().unique().references(() => indirizzoSede.id, { onDelete: 'cascade' }),
  lunOrarioApertura1: text('lun_orario_apertura_1'),
  lunOrarioChiusura1: text('lun_orario_chiusura_1'),
  lunOrarioApertura2: text('lun_orario_apertura_2'),
  lunOrarioChiusura2: text('lun_orario_chiusura_2'),
  marOrarioApertura1: text('mar_orario_apertura_1'),
  marOrarioChiusura1: text('mar_orario_chiusura_1'),
  marOrarioApertura2: text('mar_orario_apertura_2'),
  marOrarioChiusura2: text('mar_orario_chiusura_2'),
  merOrarioApertura1: text('mer_orario_apertura_1'),
  merOrarioChiusura1: text('mer_orario_chiusura_1'),
  merOrarioApertura2: text('mer_orario_apertura_2'),
  merOrarioChiusura2: text('mer_orario_chiusura_2'),
  gioOrarioApertura1: text('gio_orario_apertura_1'),
  gioOrarioChiusura1: text('gio_orario_chiusura_1'),
  gioOrarioApertura2: text('gio_orario_apertura_2'),
  gioOrarioChiusura2: text('gio_orario_chiusura_2'),
  venOrarioApertura1: text('ven_orario_apertura_1'),
  venOrarioChiusura1: text('ven_orario_chiusura_1'),
  venOrarioApertura2: text('ven_orario_apertura_2'),
  venOrarioChiusura2: text('ven_orario_chiusura_2'),
  sabOrarioApertura1: text('sab_orario_apertura_1'),
  sabOrarioChiusura1: text('sab_orario_chiusura_1'),
  sabOrarioApertura2: text('sab_orario_apertura_2'),
  sabOrarioChiusura2: text('sab_orario_chiusura_2'),
  domOrarioApertura1: text('dom_orario_apertura_1'),
  domOrarioChiusura1: text('dom_orario_chiusura_1'),
  domOrarioApertura2: text('dom_orario_apertura_2'),
  domOrarioChiusura2: text('dom_orario_chiusura_2'),
  ...audit,
})

/** A site used by a body within a project; `ruoloEnte` is the body's role there. */
export const enteSedeProgetto = pgTable('ente_sede_progetto', {
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  idSede: integer('id_sede').notNull().references(() => sede.id),
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  ruoloEnte: text('ruolo_ente').notNull().$type<'gestore' | 'partner'>(),
  statoSede: stato('stato_sede'),
  dataAttivazioneSede: ts('data_attivazione_sede'),
  dataTerminazioneSede: ts('data_terminazione_sede'),
  ...audit,
}, (t) => [primaryKey({ columns: [t.idEnte, t.idSede, t.idProgetto] })])
