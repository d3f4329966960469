/**
 * The community (spec 001 §3; issue 12), usage events, notifications, shared server secrets and rate-limit windows.
 * Part of the one Drizzle schema: server/db/schema.ts re-exports every table (its comment states the conventions).
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, customType, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { ts, modificatoIl, versione } from './comune'
import { programma } from './organizzazione'
import { utente } from './utenti'

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
  versione: versione(),
  modificatoIl: modificatoIl(),
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
  versione: versione(),
  modificatoIl: modificatoIl(),
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
