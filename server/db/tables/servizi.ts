/**
 * Platform-backend §1.3: age bands, questionnaire templates, services and their counters, citizens, compiled questionnaires, field removals, anonymous links.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, json, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import { audit, day, stato, ts, modificatoIl, versione, type SezioneCompilata, type SezioneTemplate, type Stato, type StatoQuestionario } from './comune'
import { ente, progetto, programma, sede } from './organizzazione'
import { utente } from './utenti'

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
  modificatoIl: modificatoIl(),
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
  versione: versione(),
  modificatoIl: modificatoIl(),
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
 * services list counts its rows from here when no search narrows it (server/domain/liste/servizi.ts): the same
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
 * triggers (migration 0010). The services list counts the matches of a name search here (server/domain/liste/servizi.ts):
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
  /**
   * when the citizen was anonymised (issue 28 point 2, migration 0023; server/domain/conservazione/anonimizza.ts): the
   * keyed hashes, mask, document, consent and free texts are gone; writes naming it answer 410 CS01, the field sync
   * drops it from devices. Null: a citizen in use
   */
  anonimizzatoIl: ts('anonimizzato_il'),
  /** why: 'conservazione' (end of the retention period) or 'cancellazione' (erased on request, issue 28 part 3: writes answer 410 DP01) */
  motivoAnonimizzazione: text('motivo_anonimizzazione'),
  ...audit,
  versione: versione(),
  modificatoIl: modificatoIl(),
}, (t) => [
  uniqueIndex('cittadino_documento_uq').on(t.tipoDocumento, t.numeroDocumentoHash),
  /** the citizens registry's default order (newest update first, id as tie-breaker; server/domain/liste/cittadini.ts) */
  index('cittadino_aggiornamento_idx').on(t.dataOraAggiornamento, t.id),
  /** the anonymised citizens (migration 0023): few, read by the field sync's filters */
  index('cittadino_anonimizzato_idx').on(t.id).where(sql`anonimizzato_il is not null`),
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
