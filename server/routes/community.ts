/**
 * Community routes (spec 001 §7: the forwarded paths are our API paths, under `/api`; each answer is
 * the `data` part of the gateway's envelope). Profile ids come in the JSON body (POST) or in the query
 * string (GET: `idProgramma`, `idProgetto`, `idEnte`); data are scoped by server/domain/community/access.ts.
 * X = news (board) | topic (community) | doc (document); "any view" = any of view.card.news/topic/doc.
 * | route | permission |
 * |---|---|
 * | GET /{board,community,document}/filters, /items | list.X |
 * | GET /{section}/item/:id/user/:userId | view.card.X (userId must be the caller) |
 * | POST /{section}/item/create | new.X |
 * | POST /{section}/item/:id/update | new.X (own) or upd.X |
 * | GET /search/{section}/items?keys= | list.X |
 * | POST /item/:id/delete | new.* (own) or del.* (reason) |
 * | POST /item/:id/file/upload | new.* (own) or upd.* |
 * | POST /item/file/stage (raw bytes, before the create/update that names it) | any new.* or upd.* |
 * | GET /item/:id/cover, /item/:id/attachment | any view |
 * | GET /item/:id/cover/:version (the `cover` URL of the answers, for `<img>`) | public, unguessable, immutable |
 * | POST /item/:id/{like,unlike,view,downloaded} | any view |
 * | POST /item/:id/usefull | view.card.doc |
 * | GET /item/:id/comments/user/:userId, POST /item/:id/comment | any view |
 * | POST /comment/:id/{update,reply,delete,like,unlike} | any view (+ authorship or upd/del.X) |
 * | POST /item/:id/report, /comment/:id/report | any rprt.* |
 * | GET /reports, POST /report/:id/delete | btn.rprt |
 * | GET /category/retrieve | any list.* or btn.cat |
 * | POST /category/create, /category/:id/update, /category/:id/delete | btn.cat |
 * | GET /tags/retrieve | list.topic |
 * | GET /user/:id/items?item_type= | btn.cont (id must be the caller) |
 * Items and comments carry `versione`; their update and delete send it (issue 27: 428 V02 without it, 409 V01
 * with the current item `{items: [item]}` or comment when stale; server/domain/versioni.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import {
  CategoryBodySchema, COMMENT_EVENTS, CommentBodySchema, DeleteBodySchema, EventBodySchema, FileStageQuerySchema, FileUploadBodySchema, ITEM_EVENTS,
  ItemBodySchema, LIMITS, ListQuerySchema, type ItemBody, ReportBodySchema, SECTIONS, UsefulBodySchema, type Section,
} from '../../src/api/contract/community'
import type { Database, Transaction } from '../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../errors'
import { tooLargeMessage } from '../../src/lib/community-files'
import { runWrite } from '../idempotency'
import { parseIdParam } from '../domain/db-errors'
import { resolveCaller } from '../domain/profile'
import { parseBody } from '../domain/validation'
import { versioneDelCorpo } from '../domain/versioni'
import type { CommunityCaller } from '../domain/community/access'
import {
  createItem, deleteItem, itemDetail, itemEvent, itemFilters, listItems, listTags, listUserItems, searchItems, setUseful, updateItem,
} from '../domain/community/items'
import { openCover, openCoverVersion, openItemFile, stagedFiles, stageItemFile, uploadItemFile } from '../domain/community/item-files'
import {
  addComment, commentEvent, deleteComment, deleteReport, listComments, listReports, replyComment, report, updateComment,
} from '../domain/community/comments'
import { createCategory, deleteCategory, listCategories, renameCategory } from '../domain/community/categories'
import { attachmentDisposition } from '../domain/community/files'

const SUFFIX: Record<Section, string> = { board: 'news', community: 'topic', document: 'doc' }
import { perm, permAny } from '../auth/route-access'
const ANY_VIEW = ['view.card.news', 'view.card.topic', 'view.card.doc']
const write = { idempotency: 'user' as const }
/** API description: the tag and the Italian name of each section's items */
const SECTION_DOC: Record<Section, { tag: string; list: string; items: string; item: string }> = {
  board: { tag: 'Bacheca', list: 'Elenco delle notizie', items: 'le notizie', item: 'una notizia' },
  community: { tag: 'Community', list: 'Elenco delle discussioni', items: 'le discussioni', item: 'una discussione' },
  document: { tag: 'Documenti', list: 'Elenco dei documenti', items: 'i documenti', item: 'un documento' },
}
const TAG = ['Contenuti e commenti']
/** A file route's body over its limit answers CO05 with the catalogue's Italian message (issue 24 point 1). */
const FILE_TOO_LARGE = new ApiError(413, 'CO05', tooLargeMessage(LIMITS.fileBytes))
const FILE_WRITE = ['new.news', 'new.topic', 'new.doc', 'upd.news', 'upd.topic', 'upd.doc']

const LABELS = { title: 'titolo', program: 'programma', intervention: 'intervento', category: 'categoria', description: 'testo',
  external_link: 'link esterno', comment_body: 'testo del commento', reason: 'motivo', term_name: 'nome', term_type: 'sezione',
  filename: 'nome del file', content: 'file', status: 'valutazione' }

function body<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S> {
  return parseBody(schema, raw, LABELS)
}

/** The community caller of a request: role profile (ids from body or query) + permission codes. */
function callerOf(request: FastifyRequest, ids: { idProgramma?: number | null; idProgetto?: number | null; idEnte?: number | null }): CommunityCaller {
  return { ...resolveCaller(request, ids), permessi: request.auth?.permessi ?? [] }
}

function query(request: FastifyRequest) {
  return body(ListQuerySchema, request.query)
}

const idOf = (request: FastifyRequest, name = 'id') => parseIdParam((request.params as Record<string, string>)[name])

/** Paths carrying `user/{userId}` answer only for the caller (platform-backend §11.3, UC06). */
function checkUserParam(request: FastifyRequest, caller: CommunityCaller): void {
  if (idOf(request, 'userId') !== caller.principal.userId) throw forbidden('A02')
}

export default async function communityRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts

  // the body of `POST /item/file/stage` is the file itself, buffered up to the limit (covers are decoded by sharp)
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: LIMITS.fileBytes },
    (_request, payload, done) => done(null, payload))

  /**
   * Runs a create or update with the staged files its body names (server/domain/community/item-files.ts):
   * saved together in one transaction, or not at all.
   */
  const writeWithFiles = async (request: FastifyRequest, reply: FastifyReply, status: number, b: ItemBody,
    work: (tx: Transaction, caller: CommunityCaller) => Promise<{ id: number }>) => {
    const caller = callerOf(request, b)
    const files = stagedFiles(app.storage, caller, b)
    let out: { id: number }
    try {
      out = await runWrite(db, request, reply, status, async (tx) => {
        const saved = await work(tx, caller)
        await files.attach(tx, saved.id)
        return saved
      })
    } catch (err) {
      await files.abort()
      throw err
    }
    // saved: the staged copies and the replaced files go (a failure here leaves files, never a broken item)
    await files.commit().catch((err: unknown) => request.log.warn({ err }, 'staged files not removed'))
    return out
  }

  for (const section of SECTIONS) {
    const x = SUFFIX[section]
    const d = SECTION_DOC[section]
    const doc = (summary: string, more: { body?: v.GenericSchema; status?: number; versioned?: boolean } = {}) => ({ doc: { summary, tags: [d.tag], ...(more.body ? {} : { query: ListQuerySchema }), ...more } })
    app.get(`/${section}/filters`, { config: { ...perm(`list.${x}`), ...doc(`Filtri disponibili per ${d.items}`) } }, async (request) => {
      const q = query(request)
      return itemFilters(db, callerOf(request, q), section)
    })
    app.get(`/${section}/items`, { config: { ...perm(`list.${x}`), ...doc(d.list) } }, async (request) => {
      const q = query(request)
      return listItems(db, callerOf(request, q), section, q)
    })
    app.get(`/${section}/item/:id/user/:userId`, { config: { ...perm(`view.card.${x}`), perIdCheck: true, ...doc(`Dettaglio di ${d.item}`) } }, async (request) => {
      const caller = callerOf(request, query(request))
      checkUserParam(request, caller)
      return itemDetail(db, caller, section, idOf(request))
    })
    app.post(`/${section}/item/create`, { config: { ...perm(`new.${x}`), ...write, ...doc(`Pubblica ${d.item}`, { body: ItemBodySchema, status: 201 }) } }, async (request, reply) => {
      const b = body(ItemBodySchema, request.body)
      return writeWithFiles(request, reply, 201, b, (tx, caller) => createItem(tx, caller, section, b))
    })
    app.post(`/${section}/item/:id/update`, { config: { ...permAny(`new.${x}`, `upd.${x}`), ...write, ...doc(`Modifica ${d.item}`, { body: ItemBodySchema, versioned: true }) } }, async (request, reply) => {
      const b = body(ItemBodySchema, request.body)
      const base = versioneDelCorpo(request.body)
      return writeWithFiles(request, reply, 200, b, (tx, caller) => updateItem(tx, caller, section, idOf(request), b, base))
    })
    app.get(`/search/${section}/items`, { config: { ...perm(`list.${x}`), ...doc(`Cerca tra ${d.items}`) } }, async (request) => {
      const q = query(request)
      return searchItems(db, callerOf(request, q), section, q)
    })
  }

  app.post('/item/:id/delete', { config: { ...permAny('new.news', 'new.topic', 'new.doc', 'del.news', 'del.topic', 'del.doc'), ...write, doc: { summary: 'Elimina un contenuto (con il motivo)', tags: TAG, body: DeleteBodySchema, versioned: true } } }, async (request, reply) => {
    const b = body(DeleteBodySchema, request.body)
    const base = versioneDelCorpo(request.body)
    return runWrite(db, request, reply, 200, (tx) => deleteItem(tx, callerOf(request, b), idOf(request), b.reason, base))
  })

  app.post('/item/:id/file/upload', {
    config: { ...permAny(...FILE_WRITE), upload: true, tooLarge: FILE_TOO_LARGE, doc: { summary: 'Carica la copertina o l’allegato di un contenuto (base64)', tags: TAG, body: FileUploadBodySchema, errors: [413] } },
    // base64 of a 10 MB file plus the JSON around it
    bodyLimit: 15 * 1024 * 1024,
  }, async (request) => {
    const b = body(FileUploadBodySchema, request.body)
    return uploadItemFile(db, app.storage, callerOf(request, b), idOf(request), b)
  })

  // a file sent before the item it belongs to: checked now, attached by the create/update naming its token
  app.post('/item/file/stage', {
    config: { ...permAny(...FILE_WRITE), upload: true, tooLarge: FILE_TOO_LARGE, doc: {
      summary: 'Carica un file prima di pubblicare il contenuto (copertina o allegato)', tags: TAG, query: FileStageQuerySchema, status: 201, errors: [413],
      body: { mediaType: 'application/octet-stream', description: 'Il file (al massimo 10 MB); il contenuto pubblicato con `cover_file`/`attachment_file` lo riceve.' },
    } },
    bodyLimit: LIMITS.fileBytes,
  }, async (request, reply) => {
    const q = body(FileStageQuerySchema, request.query)
    const bytes = request.body
    if (!(bytes instanceof Uint8Array)) throw badRequest('G02', 'Invia il file come application/octet-stream.')
    const staged = await stageItemFile(app.storage, callerOf(request, q), q.type, q.filename, bytes)
    return reply.code(201).send(staged)
  })

  // the cover by its versioned URL, for `<img>` (no token; unguessable; a new upload gets a new URL)
  app.get('/item/:id/cover/:version', { config: { access: { kind: 'public' as const }, doc: { summary: 'Immagine di copertina di un contenuto, dall’indirizzo versionato delle risposte (AVIF, WebP o JPEG secondo Accept)', tags: TAG, response: { mediaType: 'image/*', description: 'L’immagine; l’indirizzo cambia a ogni nuova copertina (cache immutabile).' } } } }, async (request, reply) => {
    const version = (request.params as { version: string }).version
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(version)) throw notFound('C01')
    const file = await openCoverVersion(db, app.storage, idOf(request), version, request.headers.accept)
    return reply.header('vary', 'Accept').header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff').header('content-type', file.mime).header('content-length', String(file.size))
      .header('content-disposition', 'inline').send(file.stream)
  })

  // the cover in AVIF/WebP/JPEG by Accept (server/domain/community/item-files.ts), revalidated by ETag
  app.get('/item/:id/cover', { config: { ...permAny(...ANY_VIEW), doc: { summary: 'Immagine di copertina di un contenuto (AVIF, WebP o JPEG secondo Accept)', tags: TAG, query: ListQuerySchema, response: { mediaType: 'image/*', description: 'L’immagine; 304 quando l’ETag indicato in If-None-Match è ancora valido.' } } } }, async (request, reply) => {
    const file = await openCover(db, app.storage, callerOf(request, query(request)), idOf(request), request.headers.accept)
    reply.header('vary', 'Accept').header('etag', file.etag).header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
    if (request.headers['if-none-match'] === file.etag) {
      file.stream.destroy()
      return reply.code(304).send()
    }
    return reply.header('content-type', file.mime).header('content-length', String(file.size)).header('content-disposition', 'inline').send(file.stream)
  })
  // attachments always download, never rendered by the browser
  app.get('/item/:id/attachment', { config: { ...permAny(...ANY_VIEW), doc: { summary: 'Scarica l’allegato di un contenuto', tags: TAG, query: ListQuerySchema, response: { mediaType: 'application/octet-stream', description: 'Il file allegato (sempre da scaricare).' } } } }, async (request, reply) => {
    const file = await openItemFile(db, app.storage, callerOf(request, query(request)), idOf(request), 'attachment')
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream)
  })

  app.post('/item/:id/usefull', { config: { ...perm('view.card.doc'), ...write, doc: { summary: 'Valuta l’utilità di un documento', tags: TAG, body: UsefulBodySchema } } }, async (request, reply) => {
    const b = body(UsefulBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => setUseful(tx, callerOf(request, b), idOf(request), b.status))
  })

  app.post('/item/:id/report', { config: { ...permAny('rprt.news', 'rprt.topic', 'rprt.doc'), doc: { summary: 'Segnala un contenuto', tags: TAG, body: ReportBodySchema, status: 201 } } }, async (request, reply) => {
    const b = body(ReportBodySchema, request.body)
    return runWrite(db, request, reply, 201, (tx) => report(tx, callerOf(request, b), { itemId: idOf(request) }, b.reason))
  })

  app.get('/item/:id/comments/user/:userId', { config: { ...permAny(...ANY_VIEW), perIdCheck: true, doc: { summary: 'Commenti di un contenuto', tags: TAG, query: ListQuerySchema } } }, async (request) => {
    const caller = callerOf(request, query(request))
    checkUserParam(request, caller)
    return listComments(db, caller, idOf(request))
  })

  app.post('/item/:id/comment', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: 'Commenta un contenuto', tags: TAG, body: CommentBodySchema, status: 201 } } }, async (request, reply) => {
    const b = body(CommentBodySchema, request.body)
    return runWrite(db, request, reply, 201, (tx) => addComment(tx, callerOf(request, b), idOf(request), b.comment_body))
  })

  app.post('/item/:id/:event', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: `Azione su un contenuto (${ITEM_EVENTS.join(', ')})`, tags: TAG, body: EventBodySchema } } }, async (request, reply) => {
    const event = (request.params as { event: string }).event
    if (!(ITEM_EVENTS as readonly string[]).includes(event)) throw badRequest('G02', 'Azione non riconosciuta.')
    const b = body(EventBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => itemEvent(tx, callerOf(request, b), idOf(request), event as (typeof ITEM_EVENTS)[number]))
  })

  app.post('/comment/:id/update', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: 'Modifica un commento', tags: TAG, body: CommentBodySchema, versioned: true } } }, async (request, reply) => {
    const b = body(CommentBodySchema, request.body)
    const base = versioneDelCorpo(request.body)
    return runWrite(db, request, reply, 200, (tx) => updateComment(tx, callerOf(request, b), idOf(request), b.comment_body, base))
  })
  app.post('/comment/:id/reply', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: 'Risponde a un commento', tags: TAG, body: CommentBodySchema, status: 201 } } }, async (request, reply) => {
    const b = body(CommentBodySchema, request.body)
    return runWrite(db, request, reply, 201, (tx) => replyComment(tx, callerOf(request, b), idOf(request), b.comment_body))
  })
  app.post('/comment/:id/delete', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: 'Elimina un commento (con il motivo)', tags: TAG, body: DeleteBodySchema, versioned: true } } }, async (request, reply) => {
    const b = body(DeleteBodySchema, request.body)
    const base = versioneDelCorpo(request.body)
    return runWrite(db, request, reply, 200, (tx) => deleteComment(tx, callerOf(request, b), idOf(request), b.reason, base))
  })
  app.post('/comment/:id/report', { config: { ...permAny('rprt.news', 'rprt.topic', 'rprt.doc'), doc: { summary: 'Segnala un commento', tags: TAG, body: ReportBodySchema, status: 201 } } }, async (request, reply) => {
    const b = body(ReportBodySchema, request.body)
    return runWrite(db, request, reply, 201, (tx) => report(tx, callerOf(request, b), { commentId: idOf(request) }, b.reason))
  })
  app.post('/comment/:id/:event', { config: { ...permAny(...ANY_VIEW), ...write, doc: { summary: `Azione su un commento (${COMMENT_EVENTS.join(', ')})`, tags: TAG, body: EventBodySchema } } }, async (request, reply) => {
    const event = (request.params as { event: string }).event
    if (!(COMMENT_EVENTS as readonly string[]).includes(event)) throw badRequest('G02', 'Azione non riconosciuta.')
    const b = body(EventBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => commentEvent(tx, callerOf(request, b), idOf(request), event as 'like' | 'unlike'))
  })

  app.get('/reports', { config: { ...perm('btn.rprt'), doc: { summary: 'Elenco delle segnalazioni', tags: TAG, query: ListQuerySchema } } }, async (request) => listReports(db, query(request)))
  app.post('/report/:id/delete', { config: { ...perm('btn.rprt'), doc: { summary: 'Archivia una segnalazione', tags: TAG, body: EventBodySchema } } }, async (request, reply) => {
    body(EventBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => deleteReport(tx, idOf(request)))
  })

  app.get('/category/retrieve', { config: { ...permAny('list.news', 'list.topic', 'list.doc', 'btn.cat'), doc: { summary: 'Elenco delle categorie', tags: TAG, query: ListQuerySchema } } }, async (request) => listCategories(db, query(request)))
  app.post('/category/create', { config: { ...perm('btn.cat'), doc: { summary: 'Crea una categoria', tags: TAG, body: CategoryBodySchema, status: 201, errors: [409] } } }, async (request, reply) => {
    const b = body(CategoryBodySchema, request.body)
    return runWrite(db, request, reply, 201, (tx) => createCategory(tx, b.term_name, b.term_type))
  })
  app.post('/category/:id/update', { config: { ...perm('btn.cat'), doc: { summary: 'Rinomina una categoria', tags: TAG, body: CategoryBodySchema, errors: [409] } } }, async (request, reply) => {
    const b = body(CategoryBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => renameCategory(tx, idOf(request), b.term_name))
  })
  app.post('/category/:id/delete', { config: { ...perm('btn.cat'), doc: { summary: 'Elimina una categoria', tags: TAG, body: EventBodySchema, errors: [409] } } }, async (request, reply) => {
    body(EventBodySchema, request.body)
    return runWrite(db, request, reply, 200, (tx) => deleteCategory(tx, idOf(request)))
  })

  app.get('/tags/retrieve', { config: { ...perm('list.topic'), doc: { summary: 'Elenco delle etichette delle discussioni', tags: TAG, query: ListQuerySchema } } }, async (request) => listTags(db, callerOf(request, query(request))))

  app.get('/user/:id/items', { config: { ...perm('btn.cont'), perIdCheck: true, doc: { summary: 'I contenuti pubblicati dall’utente', tags: TAG, query: ListQuerySchema } } }, async (request) => {
    const q = query(request)
    const caller = callerOf(request, q)
    // `:id` (not `:userId`): the same segment as `/user/:id/notifications`, one parameter name per position
    if (idOf(request) !== caller.principal.userId) throw forbidden('A02')
    return listUserItems(db, caller, q)
  })
}
