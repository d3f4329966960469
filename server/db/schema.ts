/**
 * The whole domain model of platform-backend §1 as ONE Drizzle pg-core schema that runs unchanged on
 * PGlite and PostgreSQL (issue #2 point 3). Later issues add behaviour, not tables.
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
import { sql } from 'drizzle-orm'
import {
  bigint, boolean, check, customType, date, foreignKey, index, integer, json, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar,
} from 'drizzle-orm/pg-core'

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

const audit = {
  dataOraCreazione: timestamp('data_ora_creazione', { withTimezone: true }).notNull().defaultNow(),
  dataOraAggiornamento: timestamp('data_ora_aggiornamento', { withTimezone: true }).notNull().defaultNow(),
}
const ts = (name: string) => timestamp(name, { withTimezone: true })
const day = (name: string) => date(name, { mode: 'string' })
const stato = (name: string) => text(name).notNull().default(STATO.NON_ATTIVO).$type<Stato>()

// ───────────────────────────── 1.1 Programme / project / body / site ─────────────────────────────

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

// ───────────────────────────── 1.2 Users, roles, groups, permissions ─────────────────────────────

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
  ...audit,
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

// ───────────────────────────── 1.3 Services, citizens, questionnaires ─────────────────────────────

export const fasciaDiEta = pgTable('fascia_di_eta', {
  /** 1 = 18-29, 2 = 30-54, 3 = 55-74, 4 = 75 e oltre, 5 = 14-17 */
  id: integer('id').primaryKey(),
  fascia: text('fascia').notNull().unique(),
})

/**
 * A version of a survey template (platform-backend §1.3, §2.9; issue 10 point 1). A template in use is
 * never changed: editing it inserts a new row (`versione` + 1, same `id_origine`) and the old row gets
 * `id_versione_successiva`; services and surveys keep pointing at the row they were made with. The name is
 * unique among current versions (those without a successor).
 */
export const questionarioTemplate = pgTable('questionario_template', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull(),
  descrizione: text('descrizione'),
  stato: stato('stato'),
  defaultRfd: boolean('default_rfd').notNull().default(false),
  defaultScd: boolean('default_scd').notNull().default(false),
  /** the full template body (sections with their schema), formerly a Mongo document; `json`, not
   *  `jsonb`, so the key order of the checkbox options (properties keyed by label) is kept */
  sezioni: json('sezioni').notNull().$type<SezioneTemplate[]>(),
  /** 1 for a new template, + 1 at each edit of a template in use */
  versione: integer('versione').notNull().default(1),
  /** the first version's id (null on the first version itself) */
  idOrigine: uuid('id_origine'),
  /** the version that replaced this one (null: current version) */
  idVersioneSuccessiva: uuid('id_versione_successiva'),
  ...audit,
}, (t) => [
  uniqueIndex('questionario_template_nome_corrente_uq').on(t.nome).where(sql`${t.idVersioneSuccessiva} is null`),
  index('questionario_template_origine_idx').on(t.idOrigine),
  uniqueIndex('questionario_template_default_rfd_uq').on(t.defaultRfd).where(sql`${t.defaultRfd}`),
  uniqueIndex('questionario_template_default_scd_uq').on(t.defaultScd).where(sql`${t.defaultScd}`),
])

/** A programme has exactly one ATTIVO template association (partial unique index). */
export const programmaXQuestionarioTemplate = pgTable('programma_x_questionario_template', {
  idProgramma: integer('id_programma').notNull().references(() => programma.id),
  idQuestionarioTemplate: uuid('id_questionario_template').notNull().references(() => questionarioTemplate.id),
  stato: text('stato').notNull().$type<Stato>(),
  ...audit,
}, (t) => [
  primaryKey({ columns: [t.idProgramma, t.idQuestionarioTemplate] }),
  uniqueIndex('programma_template_attivo_uq').on(t.idProgramma).where(sql`${t.stato} = 'ATTIVO'`),
])

export const servizio = pgTable('servizio', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nome: text('nome').notNull(),
  dataServizio: day('data_servizio').notNull(),
  /** 'HH:mm' (hours may have up to 3 digits) */
  durataServizio: text('durata_servizio').notNull(),
  /** the selected service types joined with ", " (rows in tipologia_servizio) */
  tipologiaServizio: text('tipologia_servizio').notNull(),
  stato: stato('stato'),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  idSede: integer('id_sede').notNull().references(() => sede.id),
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  idFacilitatore: integer('id_facilitatore').notNull().references(() => utente.id),
  /** the Q3 section filled at creation (formerly Mongo `SezioneQ3`) */
  sezioneQ3Compilato: jsonb('sezione_q3_compilato').$type<SezioneCompilata>(),
  idQuestionarioTemplateSnapshot: uuid('id_questionario_template_snapshot').references(() => questionarioTemplate.id),
  codInserimento: text('cod_inserimento'),
  /** client id (UUID) of a service created on a device (issue #3 "client ids"); unique per facilitator */
  idLocale: uuid('id_locale'),
  /** folded name, the search text of the services list (pd_fold, migration 0005; issue 9 point 7) */
  ricerca: text('ricerca').generatedAlwaysAs(sql`pd_fold(nome)`),
  /** id of the transaction that last wrote the row (trigger of migration 0019; the field sync's change tracking) */
  xidSync: bigint('xid_sync', { mode: 'number' }).notNull().default(0),
  /** the transaction that created the service, moved it to its facilitator/project/body or changed its date (migration 0019) */
  xidIngresso: bigint('xid_ingresso', { mode: 'number' }).notNull().default(0),
  ...audit,
}, (t) => [
  index('servizio_facilitatore_idx').on(t.idFacilitatore),
  index('servizio_progetto_idx').on(t.idProgetto),
  // key (data, id) = the lists' default order; the other columns let a page or CSV batch be picked along that order
  // from the index alone, scope, filters and name search included (no heap row per skipped service; issue 9 point 7)
  index('servizio_data_idx').on(t.dataServizio, t.id, t.idProgetto, t.idEnte, t.idSede, t.idFacilitatore, t.stato, t.tipologiaServizio, t.ricerca),
  // also carries the columns the scopes, the state filter and the name search read, so that a project's services
  // are counted, searched and picked for a list page or CSV batch (engine's late row lookup) from the index alone
  // (issue 9 point 7); the name is at most 200 characters (contract), well within a btree entry
  index('servizio_progetto_data_idx').on(t.idProgetto, t.dataServizio, t.id, t.idFacilitatore, t.idEnte, t.idSede, t.stato, t.ricerca),
  uniqueIndex('servizio_facilitatore_id_locale_uq').on(t.idFacilitatore, t.idLocale),
])

/**
 * Exact service counts per (project, body, facilitator, state, types), kept by the statement-level triggers of
 * migration 0006 on every INSERT, UPDATE, DELETE or TRUNCATE of `servizio` (in the writing transaction). The
 * services list counts its rows from here when no search narrows it (server/domain/servizi-lista.ts): the same
 * `numeroTotaleElementi`, without scanning millions of services. Rows whose count drops to 0 are deleted.
 */
export const servizioConteggio = pgTable('servizio_conteggio', {
  idProgetto: integer('id_progetto').notNull(),
  idEnte: integer('id_ente').notNull(),
  idFacilitatore: integer('id_facilitatore').notNull(),
  stato: text('stato').notNull(),
  /** as `servizio.tipologia_servizio`: the types joined with ", " */
  tipologiaServizio: text('tipologia_servizio').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.idProgetto, t.idEnte, t.idFacilitatore, t.stato, t.tipologiaServizio] })])

/**
 * As `servizio_conteggio`, one level finer: per folded service name (`servizio.ricerca`) too, kept by the same
 * triggers (migration 0010). The services list counts the matches of a name search here (server/domain/servizi-lista.ts):
 * a search such as 'spid' matching hundreds of thousands of services is counted from the groups, not the services.
 */
export const servizioConteggioRicerca = pgTable('servizio_conteggio_ricerca', {
  idProgetto: integer('id_progetto').notNull(),
  idEnte: integer('id_ente').notNull(),
  idFacilitatore: integer('id_facilitatore').notNull(),
  stato: text('stato').notNull(),
  tipologiaServizio: text('tipologia_servizio').notNull(),
  ricerca: text('ricerca').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.idProgetto, t.idEnte, t.idFacilitatore, t.stato, t.tipologiaServizio, t.ricerca] })])

export const tipologiaServizio = pgTable('tipologia_servizio', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  titolo: text('titolo').notNull(),
  idServizio: integer('id_servizio').notNull().references(() => servizio.id, { onDelete: 'cascade' }),
  ...audit,
}, (t) => [index('tipologia_servizio_servizio_idx').on(t.idServizio)])

export const cittadino = pgTable('cittadino', {
  /**
   * Random, not sequential (security issue 6: a sequential id let anyone enumerate citizens): drawn by
   * the server (`newCitizenId`, server/db/citizen-id.ts) in [2^52, 2^53), a safe integer in JavaScript.
   */
  id: bigint('id', { mode: 'number' }).primaryKey(),
  /** HMAC-SHA256 hex (server secret) of the upper-cased fiscal code; never the clear CF */
  codiceFiscaleHash: varchar('codice_fiscale_hash', { length: 64 }).unique(),
  /** document path (no fiscal code available): the type and a keyed hash of the number */
  tipoDocumento: text('tipo_documento'),
  numeroDocumentoHash: varchar('numero_documento_hash', { length: 64 }),
  /**
   * masked fiscal code or document number written at creation (src/lib/masked-identity.ts, issue 8
   * point 2): what screens show to tell citizens apart; never used to find one. Null for citizens
   * registered before masks existed, until they are identified again at a desk
   */
  identificativoMascherato: text('identificativo_mascherato'),
  genere: text('genere'),
  fasciaDiEtaId: integer('fascia_di_eta_id').references(() => fasciaDiEta.id),
  titoloDiStudio: text('titolo_di_studio'),
  occupazione: text('occupazione'),
  cittadinanza: text('cittadinanza'),
  provinciaDiDomicilio: text('provincia_di_domicilio'),
  /** consent to the processing of data (platform-backend §6.4): written once, the first time it is given */
  tipoConferimentoConsenso: text('tipo_conferimento_consenso').$type<'CARTACEO' | 'ONLINE' | 'EMAIL'>(),
  dataConferimentoConsenso: ts('data_conferimento_consenso'),
  codInserimento: text('cod_inserimento'),
  /** id of the transaction that last wrote the row (trigger of migration 0019; the field sync's change tracking) */
  xidSync: bigint('xid_sync', { mode: 'number' }).notNull().default(0),
  ...audit,
}, (t) => [
  uniqueIndex('cittadino_documento_uq').on(t.tipoDocumento, t.numeroDocumentoHash),
  /** the citizens registry's default order (newest update first, id as tie-breaker; server/domain/liste/cittadini.ts) */
  index('cittadino_aggiornamento_idx').on(t.dataOraAggiornamento, t.id),
])

export const servizioXCittadino = pgTable('servizio_x_cittadino', {
  idCittadino: bigint('id_cittadino', { mode: 'number' }).notNull().references(() => cittadino.id),
  idServizio: integer('id_servizio').notNull().references(() => servizio.id, { onDelete: 'cascade' }),
  codInserimento: text('cod_inserimento'),
  ...audit,
}, (t) => [
  primaryKey({ columns: [t.idCittadino, t.idServizio] }),
  // with the citizen: the distinct citizens of a programme's or project's services from the index alone
  index('servizio_x_cittadino_servizio_idx').on(t.idServizio, t.idCittadino),
])

/** One questionnaire instance per (citizen, service); sections formerly in Mongo. */
export const questionarioCompilato = pgTable('questionario_compilato', {
  id: uuid('id').primaryKey().defaultRandom(),
  idQuestionarioTemplate: uuid('id_questionario_template').notNull().references(() => questionarioTemplate.id),
  idCittadino: bigint('id_cittadino', { mode: 'number' }).notNull().references(() => cittadino.id),
  idFacilitatore: integer('id_facilitatore').notNull().references(() => utente.id),
  idSede: integer('id_sede').notNull().references(() => sede.id),
  idEnte: integer('id_ente').notNull().references(() => ente.id),
  idProgetto: integer('id_progetto').notNull().references(() => progetto.id),
  idServizio: integer('id_servizio').notNull().references(() => servizio.id, { onDelete: 'cascade' }),
  codInserimento: text('cod_inserimento'),
  stato: text('stato').notNull().default('NON_COMPILATA').$type<StatoQuestionario>(),
  sezioni: jsonb('sezioni').notNull().default([]).$type<SezioneCompilata[]>(),
  /** id of the transaction that last wrote the row (trigger of migration 0019; the field sync's change tracking) */
  xidSync: bigint('xid_sync', { mode: 'number' }).notNull().default(0),
  ...audit,
}, (t) => [
  uniqueIndex('questionario_compilato_cittadino_servizio_uq').on(t.idCittadino, t.idServizio),
  index('questionario_compilato_servizio_idx').on(t.idServizio),
])

/**
 * Tombstones of the field sync (migration 0019, statement-level triggers): a service deleted or moved to another
 * facilitator, project or body (the old scope's row), an instance deleted while its service stays. An incremental
 * sync sends those of its scope written since its cursor as `rimossi`; rows older than the purge horizon are deleted
 * (server/domain/campo-sync.ts), and a cursor older than that starts a whole sync.
 */
export const campoRimozione = pgTable('campo_rimozione', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  xid: bigint('xid', { mode: 'number' }).notNull(),
  idFacilitatore: integer('id_facilitatore').notNull(),
  idProgetto: integer('id_progetto').notNull(),
  idEnte: integer('id_ente').notNull(),
  tipo: text('tipo').notNull().$type<'servizio' | 'questionario'>(),
  idRecord: text('id_record').notNull(),
  dataOra: ts('data_ora').notNull().defaultNow(),
}, (t) => [
  index('campo_rimozione_scope_idx').on(t.idFacilitatore, t.idProgetto, t.idEnte, t.xid, t.id),
  index('campo_rimozione_data_idx').on(t.dataOra),
])

/** Anonymous self-compile link: only the hash of the token is stored. */
export const questionarioInviatoOnline = pgTable('questionario_inviato_online', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idQuestionarioCompilato: uuid('id_questionario_compilato').notNull().unique()
    .references(() => questionarioCompilato.id, { onDelete: 'cascade' }),
  /** SHA-256 hex of the token sent to the citizen */
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  dataOraCreazione: ts('data_ora_creazione').notNull().defaultNow(),
  dataOraScadenza: ts('data_ora_scadenza').notNull(),
  dataOraUtilizzo: ts('data_ora_utilizzo'),
})

// ───────────────────────────── 1.4 Other tables ─────────────────────────────

/** Minors configuration: one row per programme (platform-backend §9). */
export const configurazioneMinorenni = pgTable('configurazione_minorenni', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idProgramma: integer('id_programma').notNull().unique().references(() => programma.id),
  intervento: text('intervento').notNull().$type<'RFD' | 'SCD'>(),
  dataAbilitazione: day('data_abilitazione').notNull(),
  dataDecorrenza: day('data_decorrenza').notNull(),
  createTimestamp: ts('create_timestamp').notNull().defaultNow(),
  createUser: integer('create_user').references(() => utente.id),
  updateTimestamp: ts('update_timestamp'),
  updateUser: integer('update_user').references(() => utente.id),
})

/** Mass-import jobs (platform-backend §8). */
export const registroAttivita = pgTable('registro_attivita', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  note: text('note'),
  isFileUpdated: boolean('is_file_updated').notNull().default(false),
  idEnte: integer('id_ente').references(() => ente.id),
  idProgetto: integer('id_progetto').references(() => progetto.id),
  /** "Nome Cognome" of the uploader */
  operatore: text('operatore'),
  idUtente: integer('id_utente').references(() => utente.id),
  dataInizioInserimento: ts('data_inizio_inserimento').notNull().defaultNow(),
  dataFineInserimento: ts('data_fine_inserimento'),
  totaleRigheFile: integer('totale_righe_file'),
  righeScartate: integer('righe_scartate'),
  serviziAcquisiti: integer('servizi_acquisiti'),
  cittadiniAggiunti: integer('cittadini_aggiunti'),
  rilevazioneDiEsperienzaCompilate: integer('rilevazione_di_esperienza_compilate'),
  fileName: text('file_name'),
  jobUuid: varchar('job_uuid', { length: 32 }),
  /** IN_PROGRESS, SUCCESS, FAIL_MONGO, FAIL_S3_API, FAIL_S3_UPLOAD, GENERIC_FAIL */
  jobStatus: text('job_status'),
  estensioneInput: text('estensione_input').$type<'csv' | 'xlsx' | 'xls'>(),
  /** result file (formerly on S3) */
  risultato: jsonb('risultato'),
  /** the upload's programme (server/domain/caricamenti) */
  idProgramma: integer('id_programma').references(() => programma.id),
  /** role of the uploader when the job was created */
  codiceRuolo: text('codice_ruolo'),
  /** the uploaded file until the job ends (a restart reads it again): its key in the file storage (an absolute path: a file on this machine's disk, older jobs) */
  percorsoFile: text('percorso_file'),
  /** data rows processed so far (progress while IN_PROGRESS) */
  righeElaborate: integer('righe_elaborate').notNull().default(0),
  /** internal reason of a failure (logged, never shown) */
  motivoFallimento: text('motivo_fallimento'),
  /** process holding the job (server/jobs/caricamenti.ts claim), null when unclaimed */
  processo: text('processo'),
  /** last heartbeat of that process: a claim older than the lease is taken over */
  processoVisto: ts('processo_visto'),
  dataOraAggiornamento: ts('data_ora_aggiornamento'),
}, (t) => [
  uniqueIndex('registro_attivita_job_uuid_uq').on(t.jobUuid),
  /** one running job per project and body (CM01, also under concurrent uploads) */
  uniqueIndex('registro_attivita_in_corso_uq').on(t.idProgetto, t.idEnte).where(sql`job_status = 'IN_PROGRESS'`),
  index('registro_attivita_progetto_idx').on(t.idProgetto, t.dataInizioInserimento),
  index('registro_attivita_stato_idx').on(t.jobStatus),
])

/**
 * Outcome of each data row of a mass-upload job, written in the same transaction as the row's services,
 * citizen and survey (a row is never half applied; a restarted job skips the rows found here).
 */
export const registroAttivitaRiga = pgTable('registro_attivita_riga', {
  idRegistroAttivita: integer('id_registro_attivita').notNull().references(() => registroAttivita.id, { onDelete: 'cascade' }),
  /** the row's number in the file (header = 1 in a CSV; the sheet's row number in an XLSX) */
  numeroRiga: integer('numero_riga').notNull(),
  esito: text('esito').notNull().$type<'CARICATA' | 'SCARTATA'>(),
  /** Italian reasons of a rejected row, joined with ' - ' */
  note: text('note'),
  idServizio: integer('id_servizio'),
  /** the row created its service (false: it joined a service of the same file or already registered) */
  servizioNuovo: boolean('servizio_nuovo').notNull().default(false),
  questionarioCompilato: boolean('questionario_compilato').notNull().default(false),
  /** a rejected row's cells for the report, without names, fiscal code and document number */
  valori: jsonb('valori').$type<Record<string, string>>(),
}, (t) => [primaryKey({ columns: [t.idRegistroAttivita, t.numeroRiga] })])

export const countDownloadFile = pgTable('count_download_file', {
  nomeFile: text('nome_file').primaryKey(),
  count: integer('count').notNull().default(0),
  lastDownload: ts('last_download'),
  dimensioneFile: integer('dimensione_file'),
  dataPrimoUpload: ts('data_primo_upload'),
  dataUltimoUpload: ts('data_ultimo_upload'),
})

export const zendeskAreaTematica = pgTable('zendesk_area_tematica', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tag: text('tag').notNull().unique(),
  descrizione: text('descrizione').notNull(),
})

/**
 * Idempotency records (ARCHITECTURE "offline outbox" point 5; server/idempotency.ts): a repeated key in
 * the same scope answers the stored response. `statusCode` is null while the first request is still
 * running. The scope is `utente:<id>` for a logged user, `token:<sha256>` for the anonymous survey
 * (no user); `idUtente` is set for the former only.
 */
export const idempotencyRecord = pgTable('idempotency_record', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key: text('key').notNull(),
  scope: text('scope').notNull(),
  idUtente: integer('id_utente').references(() => utente.id, { onDelete: 'cascade' }),
  /** e.g. 'POST /api/servizio' */
  methodPath: text('method_path').notNull(),
  /** SHA-256 hex of the canonical request body */
  requestHash: varchar('request_hash', { length: 64 }).notNull(),
  statusCode: integer('status_code'),
  responseBody: jsonb('response_body'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
}, (t) => [
  uniqueIndex('idempotency_record_scope_key_uq').on(t.scope, t.key),
  index('idempotency_record_created_idx').on(t.createdAt),
])

/**
 * Generation counter of the data a Principal is built from (server/domain/principal.ts: users, roles,
 * groups, permissions, the referent/facilitator links and the programmes, projects, bodies and partner
 * rows they join). One row; statement-level triggers (migration 0002) add 1 on every INSERT, UPDATE,
 * DELETE or TRUNCATE of those tables, in the writing transaction. The principal cache
 * (server/auth/principal-cache.ts) reuses a principal only while this value is unchanged, so a change is
 * seen by the next request whoever made it (a route, the seed, another process, a manual SQL session).
 */
export const principalGeneration = pgTable('principal_generation', {
  id: boolean('id').primaryKey().default(true),
  gen: bigint('gen', { mode: 'number' }).notNull().default(0),
}, (t) => [check('principal_generation_one_row', sql`${t.id}`)])

/** Persistent storage of the development OIDC provider (oidc-provider adapter): one row per model instance. */
export const oidcPayload = pgTable('oidc_payload', {
  id: text('id').notNull(),
  /** oidc-provider model name: Session, AccessToken, RefreshToken, Grant, Interaction, … */
  type: text('type').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  grantId: text('grant_id'),
  userCode: text('user_code'),
  uid: text('uid'),
  expiresAt: ts('expires_at'),
  consumedAt: ts('consumed_at'),
}, (t) => [
  primaryKey({ columns: [t.type, t.id] }),
  index('oidc_payload_grant_idx').on(t.grantId),
  index('oidc_payload_user_code_idx').on(t.userCode),
  index('oidc_payload_uid_idx').on(t.uid),
  index('oidc_payload_expires_idx').on(t.expiresAt),
])

/**
 * Generic background jobs (server/jobs/coda.ts; issue 11): open-data generation, e-mail sending and later
 * kinds. A worker claims the oldest due `IN_ATTESA` row with `FOR UPDATE SKIP LOCKED`; a job left
 * `IN_CORSO` by a stopped process (row untouched beyond the lease) is claimed again (resumable). `chiave` (optional,
 * unique) makes an enqueue idempotent (e.g. one open-data file per month). `progresso` 0–100.
 */
export const job = pgTable('job', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  tipo: text('tipo').notNull(),
  chiave: text('chiave').unique(),
  payload: jsonb('payload').notNull().default({}).$type<Record<string, unknown>>(),
  /** IN_ATTESA, IN_CORSO, COMPLETATO, FALLITO */
  stato: text('stato').notNull().default('IN_ATTESA').$type<'IN_ATTESA' | 'IN_CORSO' | 'COMPLETATO' | 'FALLITO'>(),
  tentativi: integer('tentativi').notNull().default(0),
  maxTentativi: integer('max_tentativi').notNull().default(5),
  prossimoTentativo: ts('prossimo_tentativo').notNull().defaultNow(),
  progresso: integer('progresso').notNull().default(0),
  errore: text('errore'),
  ...audit,
}, (t) => [index('job_da_fare_idx').on(t.stato, t.prossimoTentativo, t.id)])

/** One published open-data file per month (platform-backend §10; issue 11 point 3); bytes in app.storage. */
export const openDataFile = pgTable('open_data_file', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** 'YYYY-MM' of publication */
  mese: varchar('mese', { length: 7 }).notNull().unique(),
  chiave: text('chiave').notNull(),
  dimensione: integer('dimensione').notNull(),
  righe: integer('righe').notNull(),
  /** rows whose comune was generalised to the province (small-cell rule) */
  righeGeneralizzate: integer('righe_generalizzate').notNull().default(0),
  /** rows left out (small-cell rule) */
  righeSoppresse: integer('righe_soppresse').notNull().default(0),
  /** first and last year of the services the file covers (null when empty) */
  annoMin: integer('anno_min'),
  annoMax: integer('anno_max'),
  conteggioDownload: integer('conteggio_download').notNull().default(0),
  dataPubblicazione: ts('data_pubblicazione').notNull().defaultNow(),
})

/** An assistance request (platform-backend §12; issue 11 point 4) with the sender's role context. */
export const ticketAssistenza = pgTable('ticket_assistenza', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idUtente: integer('id_utente').notNull().references(() => utente.id),
  nome: text('nome').notNull(),
  email: text('email'),
  codiceFiscale: text('codice_fiscale').notNull(),
  ruoloUtente: text('ruolo_utente').notNull(),
  idProgramma: integer('id_programma'),
  nomeProgramma: text('nome_programma'),
  idProgetto: integer('id_progetto'),
  nomeProgetto: text('nome_progetto'),
  policy: text('policy'),
  idEnte: integer('id_ente'),
  nomeEnte: text('nome_ente'),
  areaTematica: text('area_tematica').notNull(),
  altraAreaTematica: text('altra_area_tematica'),
  oggetto: text('oggetto').notNull(),
  /** sanitised HTML (server/domain/rich-text.ts) */
  descrizione: text('descrizione').notNull(),
  ...audit,
}, (t) => [index('ticket_assistenza_data_idx').on(t.dataOraCreazione, t.id)])

/** Attachment of a ticket: metadata here, bytes in app.storage under `chiave`. */
export const ticketAllegato = pgTable('ticket_allegato', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idTicket: integer('id_ticket').notNull().references(() => ticketAssistenza.id, { onDelete: 'cascade' }),
  nome: text('nome').notNull(),
  tipo: text('tipo').notNull(),
  dimensione: integer('dimensione').notNull(),
  chiave: text('chiave').notNull(),
}, (t) => [index('ticket_allegato_ticket_idx').on(t.idTicket)])
// ───────────────────────────── Community (spec 001 §3; issue 12) ─────────────────────────────

/** Item types of the community (spec 001 §3 `item_type`). */
export const ITEM_TYPES = ['board_item', 'community_item', 'document_item'] as const
export type ItemType = (typeof ITEM_TYPES)[number]
/** Category taxonomies, one per section (platform-frontend §9.2 `type`). */
export const CATEGORY_TYPES = ['board_categories', 'community_categories', 'document_categories'] as const
export type CategoryType = (typeof CATEGORY_TYPES)[number]

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** One community category (spec 001 §3 "Category"): a name within one section's taxonomy. */
export const communityCategory = pgTable('community_category', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 30 }).notNull(),
  type: text('type').notNull().$type<CategoryType>(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('community_category_type_name_uq').on(t.type, sql`lower(${t.name})`),
  check('community_category_type_ck', sql`${t.type} in ('board_categories', 'community_categories', 'document_categories')`),
])

/**
 * A community content item (spec 001 §3 "Content item"): announcements, forum topics and documents share
 * ONE table with `item_type`, since they share almost every field, and comments, likes, reports and the
 * one search index point at a single id space. Bound to a programme (`id_programma` null = 'Tutti i
 * programmi') and an intervention (`intervento` RFD/SCD, null = 'Tutti gli interventi'). `descrizione`
 * holds sanitised HTML (server/domain/rich-text.ts), `testo` its plain text for search. Counters are kept
 * in the row, updated in the transaction of their event. Deletion is soft (`deleted_at` + reason).
 * `search_vector`: Italian full-text vector of title (weight A) and text + tags (B), accents folded
 * by `pd_fold` (migration 0005: `translate` + `lower`, PGlite and PostgreSQL alike, no `unaccent` needed).
 */
export const communityItem = pgTable('community_item', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  itemType: text('item_type').notNull().$type<ItemType>(),
  title: varchar('title', { length: 55 }).notNull(),
  descrizione: text('descrizione').notNull().default(''),
  testo: text('testo').notNull().default(''),
  idAutore: integer('id_autore').notNull().references(() => utente.id),
  /** role the author published with (publisher fallback) */
  codiceRuoloAutore: text('codice_ruolo_autore').notNull(),
  idCategoria: integer('id_categoria').references(() => communityCategory.id),
  idProgramma: integer('id_programma').references(() => programma.id),
  intervento: text('intervento'),
  /** publisher shown (spec 001 §1): the author's body, else the role description */
  entity: text('entity').notNull().default(''),
  entityType: text('entity_type').notNull().default(''),
  externalLink: text('external_link'),
  tags: text('tags').notNull().default(''),
  enableComments: boolean('enable_comments').notNull().default(true),
  highlighted: boolean('highlighted').notNull().default(false),
  coverKey: text('cover_key'),
  coverFileName: text('cover_file_name'),
  coverMime: text('cover_mime'),
  coverSize: integer('cover_size'),
  attachmentKey: text('attachment_key'),
  attachmentFileName: text('attachment_file_name'),
  attachmentMime: text('attachment_mime'),
  attachmentSize: integer('attachment_size'),
  likes: integer('likes').notNull().default(0),
  views: integer('views').notNull().default(0),
  downloads: integer('downloads').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deleteReason: text('delete_reason'),
  searchVector: tsvector('search_vector').generatedAlwaysAs(sql.raw(
    "setweight(to_tsvector('italian'::regconfig, pd_fold(title)), 'A') || " +
    "setweight(to_tsvector('italian'::regconfig, pd_fold(testo || ' ' || tags)), 'B')",
  )),
}, (t) => [
  check('community_item_type_ck', sql`${t.itemType} in ('board_item', 'community_item', 'document_item')`),
  index('community_item_list_idx').on(t.itemType, t.createdAt),
  index('community_item_author_idx').on(t.idAutore),
  // one full-text index per section: a search never combines the text index with an item-type scan
  index('community_item_search_board_idx').using('gin', t.searchVector).where(sql`item_type = 'board_item'`),
  index('community_item_search_community_idx').using('gin', t.searchVector).where(sql`item_type = 'community_item'`),
  index('community_item_search_document_idx').using('gin', t.searchVector).where(sql`item_type = 'document_item'`),
])

/** A comment on an item, or a reply (`id_padre`) to a comment (spec 001 §3 "Comment"). Soft-deleted. */
export const communityComment = pgTable('community_comment', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idItem: integer('id_item').notNull().references(() => communityItem.id),
  idPadre: integer('id_padre'),
  idAutore: integer('id_autore').notNull().references(() => utente.id),
  body: text('body').notNull(),
  likes: integer('likes').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  deleteReason: text('delete_reason'),
}, (t) => [
  foreignKey({ columns: [t.idPadre], foreignColumns: [t.id] }),
  index('community_comment_item_idx').on(t.idItem, t.createdAt),
])

/** Per-user flags on an item (platform-backend §11.3): like, view, downloaded; one row per user and kind. */
export const communityItemFlag = pgTable('community_item_flag', {
  idItem: integer('id_item').notNull().references(() => communityItem.id),
  idUtente: integer('id_utente').notNull().references(() => utente.id),
  flag: text('flag').notNull().$type<'like' | 'view' | 'downloaded'>(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.idItem, t.idUtente, t.flag] })])

/** A user's like of a comment. */
export const communityCommentLike = pgTable('community_comment_like', {
  idComment: integer('id_comment').notNull().references(() => communityComment.id),
  idUtente: integer('id_utente').notNull().references(() => utente.id),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.idComment, t.idUtente] })])

/** 'Ti è stato utile?' answer of a user on a document: 1 yes, 2 no (spec 001 §4). */
export const communityUsefulness = pgTable('community_usefulness', {
  idItem: integer('id_item').notNull().references(() => communityItem.id),
  idUtente: integer('id_utente').notNull().references(() => utente.id),
  status: integer('status').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.idItem, t.idUtente] }), check('community_usefulness_status_ck', sql`${t.status} in (1, 2)`)])

/** A report of an item or of one of its comments (spec 001 §3 "Report"); removed when dismissed. */
export const communityReport = pgTable('community_report', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idItem: integer('id_item').notNull().references(() => communityItem.id),
  idComment: integer('id_comment').references(() => communityComment.id),
  idAutore: integer('id_autore').notNull().references(() => utente.id),
  reason: text('reason').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('community_report_created_idx').on(t.createdAt)])

/**
 * Usage events (spec 000 §3 "Action tracking event", §7 analytics; issue 13): downloads, likes, chat
 * opens. No personal data beyond the role and the programme: no user id, no fiscal code, no address.
 */
export const eventoUtilizzo = pgTable('evento_utilizzo', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** when the event happened on the device (sent by the client, clamped to the last 7 days) */
  dataOra: ts('data_ora').notNull(),
  event: text('event').notNull(),
  eventType: text('event_type').notNull(),
  eventValue: text('event_value'),
  roleCode: text('role_code').notNull(),
  category: text('category'),
  programId: integer('program_id'),
}, (t) => [index('evento_utilizzo_data_idx').on(t.dataOra)])

/**
 * In-app notification of a community event (spec 001 §3 "Notification"; platform-backend §11.4; issue 12
 * point 7), one row per recipient, created in the transaction of its event (server/domain/notifiche).
 * `tipo` is the §11.4 type key (`board_comment`, `comment_reply`, `comment_report`, `board_new`…);
 * the message is built from `tipo`, the actor and `titolo` when read. `letta`: status 1 on the wire.
 */
export const notifica = pgTable('notifica', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idUtente: integer('id_utente').notNull().references(() => utente.id, { onDelete: 'cascade' }),
  tipo: text('tipo').notNull(),
  idAttore: integer('id_attore').references(() => utente.id),
  idItem: integer('id_item').references(() => communityItem.id),
  itemType: text('item_type').$type<ItemType>(),
  idComment: integer('id_comment').references(() => communityComment.id),
  /** title of the item at the time of the event */
  titolo: text('titolo').notNull().default(''),
  letta: boolean('letta').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  // the panel and the badge: a user's unread, newest first; the page: a user's rows by date
  index('notifica_non_lette_idx').on(t.idUtente, t.createdAt, t.id).where(sql`not letta`),
  index('notifica_utente_idx').on(t.idUtente, t.createdAt, t.id),
])

/**
 * Secrets every server process must share (issue 14 point 1; server/shared-secrets.ts), on a local PostgreSQL
 * only (issue 25 point 4: elsewhere they come from outside the data): `citizen_hash_secret`, `cookie_keys`,
 * `oidc_jwks` (the dev provider's private keys). Written once (insert-if-absent: concurrent first starts converge
 * on one value), never updated by the server. Also `citizen_hash_check`, on every database: the check value (not
 * a secret) of the key chain the citizens' hashes were made with (server/db/citizen-rekey.ts), updated by re-keying.
 */
export const segretoServer = pgTable('segreto_server', {
  nome: text('nome').primaryKey(),
  valore: jsonb('valore').notNull(),
  creatoIl: ts('creato_il').notNull().defaultNow(),
})

/**
 * Rate-limit counters shared by every process (server/rate-limit-store.ts): one row per key and window;
 * `scade_il` ends the window. Expired rows are deleted now and then.
 */
export const limiteRichieste = pgTable('limite_richieste', {
  chiave: text('chiave').primaryKey(),
  conteggio: integer('conteggio').notNull(),
  scadeIl: ts('scade_il').notNull(),
}, (t) => [index('limite_richieste_scade_idx').on(t.scadeIl)])
