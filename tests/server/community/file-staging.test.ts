// @vitest-environment node
/**
 * Community files at the limits and with the item they belong to (issue 24 points 1, 5, 6):
 * - 9.9 MB passes and 10.1 MB answers 400/413 CO05 (never 500), on the base64 route (whose base64 check
 *   overflowed the stack on multi-megabyte strings) and on the staged route (raw bytes), also when the
 *   body limit trips;
 * - a file is staged BEFORE the item: a refused file leaves nothing published, the create names the staged
 *   file and saves both in one transaction, a retry with the same Idempotency-Key answers the same item;
 * - the `cover` URL of the answers is loaded by `<img>` without a token (versioned, immutable).
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityItem } from '../../../server/db/schema'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { MAX_STAGED, stageItemFile, STAGE_TTL_MS } from '../../../server/domain/community/item-files'
import type { CommunityCaller } from '../../../server/domain/community/access'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
const MB = 1024 * 1024
let server: TestServer
let token: string
let ids: { idProgramma: number }
let boardCategory: number
let docCategory: number

/** A PDF-looking file of `bytes` bytes (the content check reads the leading bytes). */
const pdf = (bytes: number) => {
  const b = Buffer.alloc(bytes, 0x20)
  b.write('%PDF-1.7\n', 0, 'latin1')
  return b
}

const headers = (extra: Record<string, string> = {}) => ({ host: TEST_HOST, authToken: token, userRole: 'REG', ...extra })

const stage = (type: 'cover' | 'attachment', filename: string, bytes: Buffer) => server.app.inject({
  method: 'POST',
  url: `/api/item/file/stage?idProgramma=${ids.idProgramma}&type=${type}&filename=${encodeURIComponent(filename)}`,
  headers: headers({ 'content-type': 'application/octet-stream' }),
  payload: bytes,
})

const create = (section: 'board' | 'document', body: Record<string, unknown>, key?: string) => server.app.inject({
  method: 'POST',
  url: `/api/${section}/item/create`,
  headers: headers(key ? { 'idempotency-key': key } : {}),
  payload: {
    ...ids, program: ids.idProgramma, intervention: 'RFD', description: '<p>Testo</p>',
    category: section === 'board' ? boardCategory : docCategory, ...body,
  },
})

const itemsTitled = (title: string) => server.database.db.select({ id: communityItem.id }).from(communityItem)
  .where(and(eq(communityItem.title, title), isNull(communityItem.deletedAt)))

beforeAll(async () => {
  server = await createTestServer()
  const principal = await createPrincipalLoader(server.database.db)(LAURA_REG_LOM)
  const p = principal!.profili.find((x) => x.codiceRuolo === 'REG')!
  token = await server.signIdToken(LAURA_REG_LOM)
  ids = { idProgramma: p.idProgramma as number }
  const cats = async (type: string) => ((await apiCall(server.app, { method: 'GET', url: `/api/category/retrieve?term_type=${type}&idProgramma=${ids.idProgramma}`, token, role: 'REG' })).json() as { items: { id: number }[] }).items[0]!.id
  boardCategory = await cats('board_categories')
  docCategory = await cats('document_categories')
})
afterAll(() => server?.close())

describe('file sizes at the 10 MB limit (issue 24 point 1)', () => {
  it('the base64 route takes 3.5 and 9.9 MB, refuses 10.1 MB with CO05, and a body over its limit with CO05', async () => {
    const created = await create('document', { title: `Guida base64 ${randomUUID().slice(0, 6)}`, external_link: 'https://example.org' })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { id: number }).id
    const upload = (content: string) => apiCall(server.app, { url: `/api/item/${id}/file/upload`, token, role: 'REG', body: { ...ids, type: 'attachment', filename: 'guida.pdf', content } })
    for (const size of [3.5 * MB, 9.9 * MB]) {
      const res = await upload(pdf(Math.round(size)).toString('base64'))
      expect(res.statusCode, res.body).toBe(200)
    }
    const over = await upload(pdf(Math.round(10.1 * MB)).toString('base64'))
    expect(over.statusCode, over.body).toBe(400)
    expect(over.json()).toMatchObject({ errorCode: 'CO05', message: 'Il file supera la dimensione massima di 10 MB.' })
    // 12 MB in base64 is 16 MB of JSON: the body limit trips before any parsing
    const huge = await upload(pdf(12 * MB).toString('base64'))
    expect(huge.statusCode, huge.body).toBe(413)
    expect(huge.json()).toMatchObject({ errorCode: 'CO05', message: 'Il file supera la dimensione massima di 10 MB.' })
    const bad = await upload('not base64!')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ errorCode: 'G02' })
  })

  it('the staged route (raw bytes) takes 9.9 MB and refuses 10.1 MB with 413 CO05', async () => {
    const ok = await stage('attachment', 'guida.pdf', pdf(Math.round(9.9 * MB)))
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json()).toMatchObject({ file_name: 'guida.pdf', size: Math.round(9.9 * MB) })
    const over = await stage('attachment', 'guida.pdf', pdf(Math.round(10.1 * MB)))
    expect(over.statusCode, over.body).toBe(413)
    expect(over.json()).toMatchObject({ errorCode: 'CO05', message: 'Il file supera la dimensione massima di 10 MB.' })
  })
})

describe('files staged before the item (issue 24 point 6)', () => {
  it('refuses an SVG renamed .png and an executable renamed .pdf before anything is published', async () => {
    const svg = await stage('cover', 'foto.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))
    expect(svg.statusCode).toBe(400)
    expect(svg.json()).toMatchObject({ errorCode: 'CO04' })
    const exe = await stage('attachment', 'guida.pdf', Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(100)]))
    expect(exe.statusCode).toBe(400)
    expect(exe.json()).toMatchObject({ errorCode: 'CO04' })
  })

  it('a create naming an unknown staged file publishes nothing', async () => {
    const title = `Annuncio senza file ${randomUUID().slice(0, 6)}`
    const res = await create('board', { title, cover_file: `${Date.now()}-${'0'.repeat(32)}` })
    expect(res.statusCode).toBe(400)
    expect(await itemsTitled(title)).toHaveLength(0)
  })

  it('an announcement is published with its staged cover and attachment; a retry with the same key is the same item', async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0066cc' } }).jpeg().toBuffer()
    const cover = await stage('cover', 'foto.jpg', photo)
    expect(cover.statusCode, cover.body).toBe(201)
    const attachment = await stage('attachment', 'programma.pdf', pdf(2000))
    expect(attachment.statusCode, attachment.body).toBe(201)
    const title = `Annuncio con file ${randomUUID().slice(0, 6)}`
    const key = randomUUID()
    const body = { title, cover_file: (cover.json() as { file: string }).file, attachment_file: (attachment.json() as { file: string }).file }
    const first = await create('board', body, key)
    expect(first.statusCode, first.body).toBe(201)
    const again = await create('board', body, key)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await itemsTitled(title)).toHaveLength(1)
    const id = (first.json() as { id: number }).id
    const [row] = await server.database.db.select().from(communityItem).where(eq(communityItem.id, id))
    expect(row).toMatchObject({ coverFileName: 'foto.jpg', coverMime: 'image/webp', attachmentFileName: 'programma.pdf', attachmentMime: 'application/pdf', attachmentSize: 2000 })
    // the staged copies are gone: the token cannot be used a second time
    expect((await server.app.storage.list('community/staged/')).some((k) => k.includes(body.cover_file))).toBe(false)
    const reuse = await create('board', { ...body, title: `${title} bis` })
    expect(reuse.statusCode).toBe(400)
    expect(await itemsTitled(`${title} bis`)).toHaveLength(0)
  })

  it('a document is published with its staged attachment, and an update replaces it', async () => {
    const first = await stage('attachment', 'verbale.pdf', pdf(3000))
    const title = `Documento con allegato ${randomUUID().slice(0, 6)}`
    const res = await create('document', { title, attachment_file: (first.json() as { file: string }).file })
    expect(res.statusCode, res.body).toBe(201)
    const id = (res.json() as { id: number }).id
    const [before] = await server.database.db.select().from(communityItem).where(eq(communityItem.id, id))
    const second = await stage('attachment', 'verbale2.pdf', pdf(4000))
    const upd = await server.app.inject({ method: 'POST', url: `/api/document/item/${id}/update`, headers: headers(), payload: {
      ...ids, title, program: ids.idProgramma, intervention: 'RFD', description: '<p>Testo</p>', category: docCategory, attachment_file: (second.json() as { file: string }).file,
      versione: before!.versione,
    } })
    expect(upd.statusCode, upd.body).toBe(200)
    const [after] = await server.database.db.select().from(communityItem).where(eq(communityItem.id, id))
    expect(after).toMatchObject({ attachmentFileName: 'verbale2.pdf', attachmentSize: 4000 })
    expect(await server.app.storage.size(before!.attachmentKey!)).toBeNull()
    // a cover is for announcements only: the document is left as it was
    const photo = await stage('cover', 'foto.png', await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer())
    const refused = await server.app.inject({ method: 'POST', url: `/api/document/item/${id}/update`, headers: headers(), payload: {
      ...ids, title: 'Titolo cambiato', program: ids.idProgramma, intervention: 'RFD', description: '<p>Testo</p>', category: docCategory, cover_file: (photo.json() as { file: string }).file,
      versione: after!.versione,
    } })
    expect(refused.statusCode).toBe(400)
    const [unchanged] = await server.database.db.select({ title: communityItem.title }).from(communityItem).where(eq(communityItem.id, id))
    expect(unchanged!.title).toBe(title)
  })
})

describe('staged files are bounded per user', () => {
  it('removes the ones older than a day and keeps the most recent 20', async () => {
    const caller = { principal: { userId: 987654 } } as CommunityCaller
    const tokens = async () => new Set((await server.app.storage.list('community/staged/987654/')).map((k) => k.split('/')[3]))
    const now = Date.now()
    const old = await stageItemFile(server.app.storage, caller, 'attachment', 'a.pdf', pdf(100), now - STAGE_TTL_MS - 1000)
    const fresh = await stageItemFile(server.app.storage, caller, 'attachment', 'a.pdf', pdf(100), now)
    expect(await tokens()).toEqual(new Set([fresh.file]))
    expect(old.file).not.toBe(fresh.file)
    for (let i = 1; i <= MAX_STAGED; i++) await stageItemFile(server.app.storage, caller, 'attachment', 'a.pdf', pdf(100), now + i)
    const kept = await tokens()
    expect(kept.size).toBe(MAX_STAGED)
    expect(kept.has(fresh.file)).toBe(false)
  })
})

describe('covers for <img> (issue 24 point 5)', () => {
  it('the cover URL of the answers is served without a token, immutable, in the format the browser accepts', async () => {
    const photo = await sharp({ create: { width: 1300, height: 700, channels: 3, background: '#008055' } }).png().toBuffer()
    const staged = await stage('cover', 'copertina.png', photo)
    const title = `Annuncio con copertina ${randomUUID().slice(0, 6)}`
    const created = await create('board', { title, cover_file: (staged.json() as { file: string }).file })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { id: number }).id
    const detail = await apiCall(server.app, { method: 'GET', url: `/api/board/item/${id}/user/${(await createPrincipalLoader(server.database.db)(LAURA_REG_LOM))!.userId}?idProgramma=${ids.idProgramma}`, token, role: 'REG' })
    const url = (detail.json() as { items: { cover: string }[] }).items[0]!.cover
    expect(url).toMatch(new RegExp(`^/api/item/${id}/cover/cover-[0-9a-f]{32}\\.webp$`))
    // no authToken, no userRole: what an <img> sends
    const img = await server.app.inject({ method: 'GET', url, headers: { host: TEST_HOST, accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } })
    expect(img.statusCode, img.body).toBe(200)
    expect(img.headers['content-type']).toBe('image/avif')
    expect(img.headers['cache-control']).toMatch(/immutable/)
    expect(img.headers.vary).toMatch(/Accept/)
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: 1200, height: 650 })
    // another version (a guess, or the cover before a replacement) is not served
    const guess = await server.app.inject({ method: 'GET', url: url.replace(/cover-[0-9a-f]{4}/, 'cover-0000'), headers: { host: TEST_HOST } })
    expect(guess.statusCode).toBe(404)
  })
})
