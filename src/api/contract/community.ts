/**
 * Wire shapes of the community (spec 001 §3, §5, §7; platform-frontend §9.2): bacheca (`board`),
 * forum (`community`), documenti (`document`), comments, likes, reports, categories, search.
 * The paths are the forwarded contract of spec 001 §7 served under `/api` (no `drupal/forward`
 * gateway); each answer is the `data` part of the gateway's envelope. Imported by client and server.
 */
import * as v from 'valibot'
import { IdSchema, ProfileIdsSchema, VersioneLettaSchema } from './common'
import { isBase64 } from '../../lib/community-files'

/** Path segment of a section and its item type / category taxonomy. */
export const SECTIONS = ['board', 'community', 'document'] as const
export type Section = (typeof SECTIONS)[number]
export const ITEM_TYPE_OF: Record<Section, 'board_item' | 'community_item' | 'document_item'> = {
  board: 'board_item', community: 'community_item', document: 'document_item',
}
export const CATEGORY_TYPE_OF: Record<Section, 'board_categories' | 'community_categories' | 'document_categories'> = {
  board: 'board_categories', community: 'community_categories', document: 'document_categories',
}
export type ItemType = (typeof ITEM_TYPE_OF)[Section]
export type CategoryType = (typeof CATEGORY_TYPE_OF)[Section]

/** Limits of spec 001 §5 and §9 (plain characters). */
export const LIMITS = {
  titleMin: 2, titleMax: 55, newsDescription: 1500, docDescription: 800, topicDescription: 1500,
  comment: 1500, report: 1500, categoryName: 30, fileBytes: 10 * 1024 * 1024, boardPageSize: 6,
  pageSize: 8, searchPageSize: 24, searchMinChars: 2,
} as const

/** Sort keys of spec 001 §9 (the board reuses the forum's). */
export const SORTS = ['created', 'likes', 'views', 'comments', 'downloads'] as const
export type Sort = (typeof SORTS)[number]

const Trimmed = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

/** `program` of a form: 'public' ('Tutti i programmi') or a programme id. */
export const ProgramValueSchema = v.union([v.literal('public'), IdSchema])
/** `intervention`: the programme's policy, or 'public' ('Tutti gli interventi', only with program 'public'). */
export const InterventionValueSchema = v.picklist(['public', 'RFD', 'SCD'])

/** Body of `POST /{section}/item/create` and `/{section}/item/{id}/update`. */
export const ItemBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  title: v.pipe(v.string(), v.trim(), v.minLength(LIMITS.titleMin, 'Il titolo deve avere almeno 2 caratteri'), v.maxLength(LIMITS.titleMax, 'massimo 55 caratteri')),
  /** required for board and document; ignored for topics (no programme targeting) */
  program: v.optional(ProgramValueSchema),
  intervention: v.optional(InterventionValueSchema),
  category: IdSchema,
  /** HTML (sanitised by the server); plain-character limits by section */
  description: v.pipe(v.string(), v.maxLength(60_000)),
  external_link: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000)))),
  tags: v.optional(Trimmed(500)),
  enable_comments: v.optional(v.boolean()),
  highlighted: v.optional(v.boolean()),
  /** a cover staged with `POST /item/file/stage` (announcements): the item is saved with it, or not at all */
  cover_file: v.optional(v.pipe(v.string(), v.regex(/^\d{13}-[0-9a-f]{32}$/, 'File caricato non valido'))),
  /** an attachment staged with `POST /item/file/stage`: the item is saved with it, or not at all */
  attachment_file: v.optional(v.pipe(v.string(), v.regex(/^\d{13}-[0-9a-f]{32}$/, 'File caricato non valido'))),
})
export type ItemBody = v.InferOutput<typeof ItemBodySchema>

/** Body of `POST /item/{id}/file/upload`: base64 content + file name, or `remove` to drop the file. */
export const FileUploadBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  type: v.picklist(['cover', 'attachment']),
  filename: v.optional(v.pipe(v.string(), v.maxLength(200))),
  // a linear check (valibot's base64 regex overflows the stack on a multi-megabyte string); the size is
  // checked by the server from the length, before decoding (400 CO05 beyond LIMITS.fileBytes)
  content: v.optional(v.pipe(v.string(), v.check(isBase64, 'Il file non è codificato in base64.'))),
  remove: v.optional(v.boolean()),
})
export type FileUploadBody = v.InferOutput<typeof FileUploadBodySchema>

/** Query of `POST /item/file/stage` (body: the file's bytes, `application/octet-stream`). */
export const FileStageQuerySchema = v.object({
  idProgramma: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  idProgetto: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  idEnte: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  type: v.picklist(['cover', 'attachment']),
  filename: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
})
/** Answer of `POST /item/file/stage`: the token to send as `cover_file`/`attachment_file`, valid one day. */
export const StagedFileSchema = v.object({ file: v.string(), file_name: v.string(), size: v.number() })
export type StagedFile = v.InferOutput<typeof StagedFileSchema>

/** Body of the deletes: a reason, required when the caller is not the author (spec 001 §5). */
export const DeleteBodySchema = v.object({ ...ProfileIdsSchema.entries, reason: v.optional(Trimmed(1500)) })
/** Body of a comment, a reply or a comment edit. */
export const CommentBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  comment_body: v.pipe(v.string(), v.trim(), v.minLength(1, 'Il testo è obbligatorio'), v.maxLength(LIMITS.comment, 'massimo 1500 caratteri')),
})
/** Body of a report. */
export const ReportBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Il motivo è obbligatorio'), v.maxLength(LIMITS.report, 'massimo 1500 caratteri')),
})
/** Body of 'Ti è stato utile?': 1 yes, 2 no. */
export const UsefulBodySchema = v.object({ ...ProfileIdsSchema.entries, status: v.picklist([1, 2]) })
/** Body of the events and likes (profile only). */
export const EventBodySchema = v.object({ ...ProfileIdsSchema.entries })
export const ITEM_EVENTS = ['like', 'unlike', 'view', 'downloaded'] as const
export const COMMENT_EVENTS = ['like', 'unlike'] as const

/** Body of `POST /category/create` and `/category/{id}/update` (platform-frontend §9.3). */
export const CategoryBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  term_name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Il nome è obbligatorio'), v.maxLength(LIMITS.categoryName, 'massimo 30 caratteri')),
  term_type: v.optional(v.picklist(['board_categories', 'community_categories', 'document_categories'])),
})

const QueryInt = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))
/** Query of the lists, searches and filters (profile ids as strings; comma-joined filter values). */
export const ListQuerySchema = v.object({
  idProgramma: v.optional(QueryInt),
  idProgetto: v.optional(QueryInt),
  idEnte: v.optional(QueryInt),
  page: v.optional(QueryInt),
  items_per_page: v.optional(QueryInt),
  sort: v.optional(v.picklist(SORTS)),
  sort_by: v.optional(v.picklist(SORTS)),
  categories: v.optional(v.pipe(v.string(), v.maxLength(500))),
  programs: v.optional(v.pipe(v.string(), v.maxLength(500))),
  interventions: v.optional(v.pipe(v.string(), v.maxLength(100))),
  keys: v.optional(v.pipe(v.string(), v.maxLength(200))),
  term_type: v.optional(v.picklist(['board_categories', 'community_categories', 'document_categories'])),
  /** section of `GET /user/{id}/items` (exactly one, required there); comma-joined sections filter `GET /reports` */
  item_type: v.optional(v.pipe(v.string(), v.regex(/^(board_item|community_item|document_item)(,(board_item|community_item|document_item))*$/, 'Sezione non valida'))),
  /** comma-joined taxonomies filtering `GET /category/retrieve` (besides the single `term_type`) */
  term_types: v.optional(v.pipe(v.string(), v.regex(/^(board|community|document)_categories(,(board|community|document)_categories)*$/, 'Sezione non valida'))),
})
export type ListQuery = v.InferOutput<typeof ListQuerySchema>

// ───────────── answers ─────────────

export const PagerSchema = v.object({
  current_page: v.number(), total_items: v.number(), total_pages: v.number(), items_per_page: v.number(),
})
export type Pager = v.InferOutput<typeof PagerSchema>

/** A content item as lists, details, searches answer it (spec 001 §3). Dates 'YYYY-MM-DD'. */
export const ItemSchema = v.object({
  id: v.number(),
  /** issue 27: an update or delete of the item sends it */
  versione: VersioneLettaSchema,
  item_type: v.picklist(['board_item', 'community_item', 'document_item']),
  title: v.string(),
  /** sanitised HTML */
  description: v.string(),
  author: v.number(),
  author_name: v.string(),
  /** the author's picture URL with its version (`{url}/{px}.webp`, src/ui/profile/Avatar.tsx), or null */
  author_avatar: v.optional(v.nullable(v.string()), null),
  category: v.nullable(v.number()),
  category_label: v.string(),
  date: v.string(),
  /** API path of the cover image, or null */
  cover: v.nullable(v.string()),
  cover_file_name: v.nullable(v.string()),
  /** API path of the attachment download, or null */
  attachment: v.nullable(v.string()),
  attachment_file_name: v.nullable(v.string()),
  program: v.union([v.literal('public'), v.number()]),
  program_label: v.string(),
  intervention: v.string(),
  entity: v.string(),
  entity_type: v.string(),
  external_link: v.nullable(v.string()),
  tags: v.string(),
  likes: v.number(),
  views: v.number(),
  downloads: v.number(),
  user_like: v.boolean(),
  comment_count: v.number(),
  enable_comments: v.boolean(),
  highlighted: v.boolean(),
  /** the caller's 'Ti è stato utile?' answer: 0 none, 1 yes, 2 no */
  usefull_status: v.number(),
  /** what the caller may do on it */
  can_edit: v.boolean(),
  can_delete: v.boolean(),
})
export type Item = v.InferOutput<typeof ItemSchema>

export const ItemListSchema = v.object({ pager: PagerSchema, items: v.array(ItemSchema) })
export type ItemList = v.InferOutput<typeof ItemListSchema>

/** A comment with its replies (one level), spec 001 §3 "Comment". */
export interface Comment {
  id: number
  comment_body: string
  date: string
  author: number
  author_name: string
  /** the author's picture URL with its version (`{url}/{px}.webp`), or null */
  author_avatar: string | null
  section: 'board' | 'forum' | 'documents'
  likes: number
  user_like: boolean
  reported: 0 | 1
  isAnswer: boolean
  parent_id: number | null
  can_edit: boolean
  can_delete: boolean
  replies: Comment[]
  /** issue 27: an edit or delete of the comment sends it */
  versione?: number
}
const CommentBase = {
  id: v.number(), comment_body: v.string(), date: v.string(), author: v.number(), author_name: v.string(),
  author_avatar: v.nullable(v.string()),
  section: v.picklist(['board', 'forum', 'documents']), likes: v.number(), user_like: v.boolean(),
  reported: v.picklist([0, 1]), isAnswer: v.boolean(), parent_id: v.nullable(v.number()),
  can_edit: v.boolean(), can_delete: v.boolean(), versione: VersioneLettaSchema,
}
export const CommentSchema: v.GenericSchema<Comment> = v.object({
  ...CommentBase,
  replies: v.array(v.lazy(() => CommentSchema)),
})
/** `total_items`: the item's live comments; the server lists at most the 300 most recent (older servers omit it). */
export const CommentListSchema = v.object({ items: v.array(CommentSchema), total_items: v.optional(v.number()) })

/** Filter options: id → label per filter (platform-frontend §9.2). */
export const FiltersSchema = v.object({
  categories: v.record(v.string(), v.string()),
  programs: v.record(v.string(), v.string()),
  interventions: v.record(v.string(), v.string()),
})
export type Filters = v.InferOutput<typeof FiltersSchema>

export const CategorySchema = v.object({ id: v.number(), name: v.string(), type: v.picklist(['board_categories', 'community_categories', 'document_categories']), in_use: v.number() })
export const CategoryListSchema = v.object({ pager: PagerSchema, items: v.array(CategorySchema) })
export type Category = v.InferOutput<typeof CategorySchema>

export const ReportSchema = v.object({
  id: v.number(), title: v.string(), author: v.number(), author_name: v.string(), item_author: v.number(),
  comment_author: v.nullable(v.number()), comment_post_date: v.nullable(v.string()), comment_body: v.nullable(v.string()),
  date: v.string(), item_id: v.number(), item_type: v.picklist(['board_item', 'community_item', 'document_item']),
  comment_id: v.nullable(v.number()), reason: v.string(),
  /** name of the author of the reported content (the comment's, else the item's) */
  reported_author_name: v.string(),
})
export const ReportListSchema = v.object({ pager: PagerSchema, items: v.array(ReportSchema) })
export type Report = v.InferOutput<typeof ReportSchema>

/** Answer of the creates: the new id. */
export const CreatedSchema = v.object({ id: v.number() })
