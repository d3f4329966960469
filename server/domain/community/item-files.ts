/**
 * Covers and attachments of community items (spec 001 §5, §7 "Files"), kept in the one file storage
 * (server/storage/index.ts) under `community/items/{id}/{kind}-{uuid}`; the row holds name, media type
 * and size. Upload: `POST /item/{id}/file/upload` with base64 content (or `remove`), by whoever may
 * edit the item. Covers are resized at upload to 1200×650 (spec 001 §9, server/media/images.ts) and kept
 * in three encodings, `cover-{uuid}.webp` (the key in the row, media type `image/webp`) with `.avif` and
 * `.jpg` beside it; {@link openCover} picks one by the request's Accept. A cover stored before resizing
 * existed (media type `image/jpeg`/`image/png`) is served as it was uploaded.
 * Download: streamed by the route with `Content-Disposition: attachment` and `nosniff`.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { LIMITS, type FileUploadBody, type StagedFile } from '../../../src/api/contract/community'
import { base64DecodedBytes, tooLargeMessage, type FileKind } from '../../../src/lib/community-files'
import type { Database, Executor } from '../../db/types'
import { communityItem } from '../../db/schema'
import { badRequest, forbidden, notFound } from '../../errors'
import type { FileStorage, OpenedFile } from '../../storage/index'
import { canEdit, type CommunityCaller } from './access'
import { checkFile } from './files'
import { coverVariants, NotAnImageError, type CoverFormat } from '../../media/images'
import { loadItem } from './items'

/** Stores (or removes) the cover or attachment of an item; answers the file name kept (null when removed). */
export async function uploadItemFile(db: Database, storage: FileStorage, caller: CommunityCaller, id: number, b: FileUploadBody): Promise<{ id: number; type: string; file_name: string | null }> {
  const { row } = await loadItem(db, caller, id)
  if (!canEdit(caller, row)) throw forbidden('A02')
  if (b.type === 'cover' && row.itemType !== 'board_item') throw badRequest('G02', 'Solo gli annunci hanno un\'immagine di copertina.')
  const oldKey = b.type === 'cover' ? row.coverKey : row.attachmentKey
  if (b.remove) {
    await db.update(communityItem).set(b.type === 'cover'
      ? { coverKey: null, coverFileName: null, coverMime: null, coverSize: null, updatedAt: new Date() }
      : { attachmentKey: null, attachmentFileName: null, attachmentMime: null, attachmentSize: null, updatedAt: new Date() })
      .where(eq(communityItem.id, id))
    if (oldKey) await deleteStored(storage, oldKey)
    return { id, type: b.type, file_name: null }
  }
  if (!b.filename || !b.content) throw badRequest('G02', 'Indica il file e il suo nome.')
  // the size from the text's length, before decoding: a file over the limit is never held decoded
  if (base64DecodedBytes(b.content) > LIMITS.fileBytes) throw badRequest('CO05', tooLargeMessage(LIMITS.fileBytes))
  const bytes = Buffer.from(b.content, 'base64')
  const { key, mime, size } = await storeCheckedFile(storage, `community/items/${id}/${b.type}-${randomUUID()}`, b.type, b.filename, bytes)
  try {
    await db.update(communityItem).set(b.type === 'cover'
      ? { coverKey: key, coverFileName: b.filename, coverMime: mime, coverSize: size, updatedAt: new Date() }
      : { attachmentKey: key, attachmentFileName: b.filename, attachmentMime: mime, attachmentSize: size, updatedAt: new Date() })
      .where(eq(communityItem.id, id))
  } catch (err) {
    await deleteStored(storage, key)
    throw err
  }
  if (oldKey) await deleteStored(storage, oldKey)
  return { id, type: b.type, file_name: b.filename }
}

/**
 * Checks a file (name, type, size, content; covers decoded and resized) and stores it under `base` + its
 * extension: a cover as `base.webp` with `base.avif` and `base.jpg` beside it. Throws 400 CO03/CO04/CO05.
 */
async function storeCheckedFile(storage: FileStorage, base: string, kind: FileKind, filename: string, bytes: Uint8Array): Promise<{ key: string; mime: string; size: number }> {
  const checked = checkFile(kind, filename, bytes, LIMITS.fileBytes)
  if (kind === 'cover') {
    let variants: Record<CoverFormat, Buffer>
    try {
      variants = await coverVariants(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    } catch (err) {
      if (err instanceof NotAnImageError) throw badRequest('CO04', 'Il file non è un\'immagine leggibile.')
      throw err
    }
    const key = `${base}.webp`
    for (const f of ['avif', 'jpeg'] as const) await storage.put(variantKey(key, f), variants[f])
    const stored = await storage.put(key, variants.webp)
    return { key, mime: 'image/webp', size: stored.size }
  }
  const key = `${base}.${checked.ext}`
  const stored = await storage.put(key, bytes, { maxBytes: LIMITS.fileBytes })
  return { key, mime: checked.mime, size: stored.size }
}

// ─────────────── staged files (issue 24 point 6) ───────────────
//
// A file is sent BEFORE its item is created or saved: `POST /item/file/stage` checks it as above and keeps
// it under `community/staged/{userId}/{token}/` with a `meta.json` (kind, name, media type, size); the
// create/update request names it (`cover_file`, `attachment_file`) and the item is saved with its files in
// one transaction, or not at all. So a refused file never leaves an item published without it, and a
// retry (same Idempotency-Key) answers the item already saved. Staged files not used within a day (or
// beyond the caller's 20 most recent) are removed at the caller's next stage.

/** A staged file's token: creation time (ms) and 128 random bits (`{13 digits}-{32 hex}`). */
const STAGE_TOKEN = /^(\d{13})-[0-9a-f]{32}$/
/** Staged files older than this are removed. */
export const STAGE_TTL_MS = 24 * 3600 * 1000
/** Staged files kept per user at most (the oldest go first). */
export const MAX_STAGED = 20

interface StagedMeta { kind: FileKind; name: string; mime: string; size: number; key: string }

const stageDir = (userId: number, token: string) => `community/staged/${userId}/${token}`

/** Reads a small stored file whole (a staged file's `meta.json`); null when absent. */
async function readSmall(storage: FileStorage, key: string): Promise<Buffer | null> {
  const opened = await storage.get(key)
  if (!opened) return null
  const chunks: Buffer[] = []
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** Deletes every file under a staged file's folder. */
async function deleteStaged(storage: FileStorage, userId: number, token: string): Promise<void> {
  for (const key of await storage.list(`${stageDir(userId, token)}/`)) await storage.delete(key)
}

/**
 * `POST /item/file/stage`: checks the caller's file (400 CO03/CO04/CO05) and keeps it for the next
 * create or update; answers its token. Removes the caller's staged files older than {@link STAGE_TTL_MS}
 * and keeps at most {@link MAX_STAGED} (the oldest go).
 */
export async function stageItemFile(storage: FileStorage, caller: CommunityCaller, kind: FileKind, filename: string, bytes: Uint8Array, now = Date.now()): Promise<StagedFile> {
  const userId = caller.principal.userId
  // a day's files not used yet, and beyond the most recent MAX_STAGED, are removed (bounded disk per user)
  const keys = await storage.list(`community/staged/${userId}/`)
  const tokens = [...new Set(keys.map((key) => key.split('/')[3] ?? ''))].sort()
  const keep = new Set(tokens.filter((t) => now - Number(STAGE_TOKEN.exec(t)?.[1] ?? 0) <= STAGE_TTL_MS).slice(-(MAX_STAGED - 1)))
  for (const key of keys) if (!keep.has(key.split('/')[3] ?? '')) await storage.delete(key)
  const token = `${now}-${randomUUID().replace(/-/g, '')}`
  const stored = await storeCheckedFile(storage, `${stageDir(userId, token)}/${kind}`, kind, filename, bytes)
  const meta: StagedMeta = { kind, name: filename, mime: stored.mime, size: stored.size, key: stored.key }
  await storage.put(`${stageDir(userId, token)}/meta.json`, Buffer.from(JSON.stringify(meta)))
  return { file: token, file_name: filename, size: stored.size }
}

/** Copies a stored file to another key (streamed). */
async function copyStored(storage: FileStorage, from: string, to: string): Promise<void> {
  const opened = await storage.get(from)
  if (!opened) throw badRequest('G02', 'Il file caricato non è più disponibile: caricalo di nuovo.')
  await storage.put(to, opened.stream)
}

/**
 * The staged files named by a create or update body, attached to the item inside the write's
 * transaction: `attach(tx, id)` copies them to the item's keys and sets its columns (400 G02 when a token
 * is unknown or expired, or a cover is sent for a topic or document); after the commit `commit()` removes
 * the staged copies and the item's replaced files; after a failure `abort()` removes the copies made.
 */
export function stagedFiles(storage: FileStorage, caller: CommunityCaller, b: { cover_file?: string | undefined; attachment_file?: string | undefined }) {
  const userId = caller.principal.userId
  const copied: string[] = []
  const obsolete: string[] = []
  const tokens: string[] = []
  return {
    async attach(tx: Executor, id: number): Promise<void> {
      for (const kind of ['cover', 'attachment'] as const) {
        const token = kind === 'cover' ? b.cover_file : b.attachment_file
        if (!token) continue
        const made = STAGE_TOKEN.exec(token)?.[1]
        const raw = made && Date.now() - Number(made) <= STAGE_TTL_MS ? await readSmall(storage, `${stageDir(userId, token)}/meta.json`) : null
        const meta = raw ? JSON.parse(raw.toString('utf8')) as StagedMeta : null
        if (!meta || meta.kind !== kind) throw badRequest('G02', 'Il file caricato non è più disponibile: caricalo di nuovo.')
        const [row] = await tx.select({ itemType: communityItem.itemType, coverKey: communityItem.coverKey, attachmentKey: communityItem.attachmentKey })
          .from(communityItem).where(eq(communityItem.id, id))
        if (!row) throw notFound('C01')
        if (kind === 'cover' && row.itemType !== 'board_item') throw badRequest('G02', 'Solo gli annunci hanno un\'immagine di copertina.')
        const ext = meta.key.slice(meta.key.lastIndexOf('.'))
        const key = `community/items/${id}/${kind}-${token.split('-')[1] as string}${ext}`
        for (const f of kind === 'cover' ? (['avif', 'jpeg'] as const) : []) {
          copied.push(variantKey(key, f))
          await copyStored(storage, variantKey(meta.key, f), variantKey(key, f))
        }
        copied.push(key)
        await copyStored(storage, meta.key, key)
        await tx.update(communityItem).set(kind === 'cover'
          ? { coverKey: key, coverFileName: meta.name, coverMime: meta.mime, coverSize: meta.size, updatedAt: new Date() }
          : { attachmentKey: key, attachmentFileName: meta.name, attachmentMime: meta.mime, attachmentSize: meta.size, updatedAt: new Date() })
          .where(eq(communityItem.id, id))
        const old = kind === 'cover' ? row.coverKey : row.attachmentKey
        if (old && old !== key) obsolete.push(old)
        tokens.push(token)
      }
    },
    async commit(): Promise<void> {
      for (const token of tokens) await deleteStaged(storage, userId, token)
      for (const key of obsolete) await deleteStored(storage, key)
    },
    async abort(): Promise<void> {
      for (const key of copied) await storage.delete(key)
    },
  }
}

/** Opens the cover or attachment of an item the caller may see: stream, size, name, media type. 404 C01 when absent. */
export async function openItemFile(db: Database, storage: FileStorage, caller: CommunityCaller, id: number, kind: 'cover' | 'attachment'): Promise<OpenedFile & { name: string; mime: string }> {
  const { row } = await loadItem(db, caller, id)
  const key = kind === 'cover' ? row.coverKey : row.attachmentKey
  const name = kind === 'cover' ? row.coverFileName : row.attachmentFileName
  const mime = kind === 'cover' ? row.coverMime : row.attachmentMime
  if (!key || !name || !mime) throw notFound('C01')
  const opened = await storage.get(key)
  if (!opened) throw notFound('C01')
  return { ...opened, name, mime }
}

const VARIANT_EXT: Record<CoverFormat, string> = { avif: '.avif', webp: '.webp', jpeg: '.jpg' }
const VARIANT_MIME: Record<CoverFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }

/** Storage key of one encoding of a resized cover (`….webp` → `….avif`/`….jpg`). */
function variantKey(webpKey: string, format: CoverFormat): string {
  return webpKey.replace(/\.webp$/, VARIANT_EXT[format])
}

/** Deletes a stored file and, for a resized cover, its other encodings. */
async function deleteStored(storage: FileStorage, key: string): Promise<void> {
  if (key.endsWith('.webp')) for (const f of ['avif', 'jpeg'] as const) await storage.delete(variantKey(key, f))
  await storage.delete(key)
}

/**
 * The encoding to send for an `Accept` header: AVIF, then WebP when the client lists them (q > 0),
 * else JPEG (every browser). A `*\/*` alone gets JPEG: old clients send it without supporting WebP.
 */
export function negotiateCover(accept: string | undefined): CoverFormat {
  const listed = new Set((accept ?? '').split(',').map((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q && Number(q.slice(2)) === 0 ? '' : (type ?? '').trim()
  }))
  if (listed.has('image/avif')) return 'avif'
  if (listed.has('image/webp')) return 'webp'
  return 'jpeg'
}

/**
 * Opens the cover of an item the caller may see in the encoding `accept` prefers (see
 * {@link negotiateCover}); `etag` names the stored version and encoding. 404 C01 when absent.
 */
export async function openCover(db: Database, storage: FileStorage, caller: CommunityCaller, id: number, accept: string | undefined): Promise<OpenedFile & { mime: string; etag: string }> {
  const { row } = await loadItem(db, caller, id)
  return openCoverOf(storage, row, accept)
}

/**
 * Opens the cover of item `id` by its versioned URL (`coverUrl`, ./items.ts), without a token: an `<img>` sends
 * none, and the server's CSP forbids the `blob:` URL a fetch with the token would need (issue 24 point 5).
 * The version is the stored file's name (128 random bits, new at every upload), so the URL cannot be
 * guessed and never changes content (cached immutable). A deleted item, or a version that is not the
 * item's current cover, answers 404 C01.
 */
export async function openCoverVersion(db: Database, storage: FileStorage, id: number, version: string, accept: string | undefined): Promise<OpenedFile & { mime: string; etag: string }> {
  const [row] = await db.select({ coverKey: communityItem.coverKey, coverMime: communityItem.coverMime })
    .from(communityItem).where(and(eq(communityItem.id, id), isNull(communityItem.deletedAt)))
  if (!row?.coverKey || row.coverKey.split('/').pop() !== version) throw notFound('C01')
  return openCoverOf(storage, row, accept)
}

async function openCoverOf(storage: FileStorage, row: { coverKey: string | null; coverMime: string | null }, accept: string | undefined): Promise<OpenedFile & { mime: string; etag: string }> {
  if (!row.coverKey || !row.coverMime) throw notFound('C01')
  const resized = row.coverMime === 'image/webp' && row.coverKey.endsWith('.webp')
  const format = resized ? negotiateCover(accept) : null
  const key = format ? variantKey(row.coverKey, format) : row.coverKey
  const opened = await storage.get(key)
  if (!opened) throw notFound('C01')
  const version = row.coverKey.split('/').pop() as string
  return { ...opened, mime: format ? VARIANT_MIME[format] : row.coverMime, etag: `"${version}-${format ?? 'orig'}"` }
}
