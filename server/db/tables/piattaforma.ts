/**
 * Platform-backend §1.4 and the platform's own tables: minors configuration, mass-upload jobs, idempotency, principal generation, the development identity provider, the job queue, open data, help-desk tickets.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { audit, day, ts, modificatoIl, versione } from './comune'
import { ente, progetto, programma } from './organizzazione'
import { utente } from './utenti'

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
  versione: versione(),
  modificatoIl: modificatoIl(),
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
  /** the job queue's worker running the upload (server/domain/caricamenti/esecuzione.ts), null when none */
  processo: text('processo'),
  /** refreshed with the progress: a claim older than the lease is another process's no more */
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
 * The background jobs (server/jobs/coda.ts; issue 11, issue 26 point 2): every kind of background work (mass
 * upload, the report views' refresh, open data, e-mails: server/jobs/index.ts); a recurring kind is one row
 * re-armed after each run. A worker claims the oldest due `IN_ATTESA` row with `FOR UPDATE SKIP LOCKED`; a job left
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
