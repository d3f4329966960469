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
import { eq } from 'drizzle-orm'
import { LIMITS, type FileUploadBody } from '../../../src/api/contract/community'
import type { Database } from '../../db/types'
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
  const bytes = Buffer.from(b.content, 'base64')
  const checked = checkFile(b.type, b.filename, bytes, LIMITS.fileBytes)
  let mime = checked.mime
  let key = `community/items/${id}/${b.type}-${randomUUID()}.${checked.ext}`
  let stored: { size: number }
  if (b.type === 'cover') {
    let variants: Record<CoverFormat, Buffer>
    try {
      variants = await coverVariants(bytes)
    } catch (err) {
      if (err instanceof NotAnImageError) throw badRequest('CO04', 'Il file non è un\'immagine leggibile.')
      throw err
    }
    key = key.replace(/\.[a-z]+$/, '.webp')
    mime = 'image/webp'
    for (const f of ['avif', 'jpeg'] as const) await storage.put(variantKey(key, f), variants[f])
    stored = await storage.put(key, variants.webp)
  } else {
    stored = await storage.put(key, bytes, { maxBytes: LIMITS.fileBytes })
  }
  try {
    await db.update(communityItem).set(b.type === 'cover'
      ? { coverKey: key, coverFileName: b.filename, coverMime: mime, coverSize: stored.size, updatedAt: new Date() }
      : { attachmentKey: key, attachmentFileName: b.filename, attachmentMime: mime, attachmentSize: stored.size, updatedAt: new Date() })
      .where(eq(communityItem.id, id))
  } catch (err) {
    await deleteStored(storage, key)
    throw err
  }
  if (oldKey) await deleteStored(storage, oldKey)
  return { id, type: b.type, file_name: b.filename }
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
  if (!row.coverKey || !row.coverMime) throw notFound('C01')
  const resized = row.coverMime === 'image/webp' && row.coverKey.endsWith('.webp')
  const format = resized ? negotiateCover(accept) : null
  const key = format ? variantKey(row.coverKey, format) : row.coverKey
  const opened = await storage.get(key)
  if (!opened) throw notFound('C01')
  const version = row.coverKey.split('/').pop() as string
  return { ...opened, mime: format ? VARIANT_MIME[format] : row.coverMime, etag: `"${version}-${format ?? 'orig'}"` }
}
