/**
 * Covers and attachments of community items (spec 001 §5, §7 "Files"), kept in the one file storage
 * (server/storage/index.ts) under `community/items/{id}/{kind}-{uuid}`; the row holds name, media type
 * and size. Upload: `POST /item/{id}/file/upload` with base64 content (or `remove`), by whoever may
 * edit the item; covers are stored as validated uploads (resizing is wired later: server/media).
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
    if (oldKey) await storage.delete(oldKey)
    return { id, type: b.type, file_name: null }
  }
  if (!b.filename || !b.content) throw badRequest('G02', 'Indica il file e il suo nome.')
  const bytes = Buffer.from(b.content, 'base64')
  const { mime, ext } = checkFile(b.type, b.filename, bytes, LIMITS.fileBytes)
  const key = `community/items/${id}/${b.type}-${randomUUID()}.${ext}`
  const stored = await storage.put(key, bytes, { maxBytes: LIMITS.fileBytes })
  try {
    await db.update(communityItem).set(b.type === 'cover'
      ? { coverKey: key, coverFileName: b.filename, coverMime: mime, coverSize: stored.size, updatedAt: new Date() }
      : { attachmentKey: key, attachmentFileName: b.filename, attachmentMime: mime, attachmentSize: stored.size, updatedAt: new Date() })
      .where(eq(communityItem.id, id))
  } catch (err) {
    await storage.delete(key)
    throw err
  }
  if (oldKey) await storage.delete(oldKey)
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
