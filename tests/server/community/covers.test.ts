// @vitest-environment node
/**
 * Community covers (issue 12 point 1, spec 001 §9): resized to 1200×650 at upload, served as AVIF/WebP
 * by Accept with a JPEG fallback, `Vary: Accept`, ETag revalidation; a cover stored before resizing
 * existed is still served as uploaded.
 */
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityItem, utente } from '../../../server/db/schema'
import { negotiateCover } from '../../../server/domain/community/item-files'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from '../helpers'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
let server: TestServer
let token: string
let ids: { idProgramma: number; idProgetto: null; idEnte: null }
let newsId: number

const cover = (accept?: string, etag?: string) => server.app.inject({
  method: 'GET', url: `/api/item/${newsId}/cover?idProgramma=${ids.idProgramma}`,
  headers: { host: TEST_HOST, authToken: token, userRole: 'REG', ...(accept ? { accept } : {}), ...(etag ? { 'if-none-match': etag } : {}) },
})

beforeAll(async () => {
  server = await createTestServer()
  const principal = await createPrincipalLoader(server.database.db)(LAURA_REG_LOM)
  const p = principal!.profili.find((x) => x.codiceRuolo === 'REG')!
  token = await server.signIdToken(LAURA_REG_LOM)
  ids = { idProgramma: p.idProgramma as number, idProgetto: null, idEnte: null }
  const cats = (await apiCall(server.app, { method: 'GET', url: `/api/category/retrieve?term_type=board_categories&idProgramma=${ids.idProgramma}`, token, role: 'REG' })).json() as { items: { id: number }[] }
  const created = await apiCall(server.app, { url: '/api/board/item/create', token, role: 'REG', body: {
    ...ids, title: 'Annuncio con copertina', program: ids.idProgramma, intervention: 'RFD', category: cats.items[0]!.id, description: '<p>Testo</p>',
  } })
  expect(created.statusCode, created.body).toBe(201)
  newsId = (created.json() as { id: number }).id
})
afterAll(() => server?.close())

describe('covers', () => {
  it('negotiates AVIF, then WebP, then JPEG; q=0 excludes a type', () => {
    expect(negotiateCover('image/avif,image/webp,*/*')).toBe('avif')
    expect(negotiateCover('image/webp,*/*;q=0.8')).toBe('webp')
    expect(negotiateCover('image/avif;q=0, image/webp')).toBe('webp')
    expect(negotiateCover('*/*')).toBe('jpeg')
    expect(negotiateCover(undefined)).toBe('jpeg')
  })

  it('an uploaded photo is cropped to 1200×650 and served in the format the browser accepts', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#0066cc' } }).png().toBuffer()
    const up = await apiCall(server.app, { url: `/api/item/${newsId}/file/upload`, token, role: 'REG', body: { ...ids, type: 'cover', filename: 'foto.png', content: photo.toString('base64') } })
    expect(up.statusCode, up.body).toBe(200)
    for (const [accept, format, mime] of [['image/avif,image/webp,*/*', 'heif', 'image/avif'], ['image/webp,*/*', 'webp', 'image/webp'], ['*/*', 'jpeg', 'image/jpeg']] as const) {
      const res = await cover(accept)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe(mime)
      expect(res.headers.vary).toMatch(/Accept/)
      expect(res.headers['cache-control']).toMatch(/max-age=/)
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual([format, 1200, 650])
    }
    const first = await cover('image/webp')
    const again = await cover('image/webp', first.headers.etag as string)
    expect(again.statusCode).toBe(304)
    expect((await cover('*/*', first.headers.etag as string)).statusCode).toBe(200)
  })

  it('a file with an image extension that does not decode is refused with CO04', async () => {
    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 1)])
    const up = await apiCall(server.app, { url: `/api/item/${newsId}/file/upload`, token, role: 'REG', body: { ...ids, type: 'cover', filename: 'rotta.png', content: broken.toString('base64') } })
    expect(up.statusCode).toBe(400)
    expect(up.json()).toMatchObject({ errorCode: 'CO04' })
  })

  it('a cover stored before resizing (original PNG) is still served as it was', async () => {
    const old = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#fff' } }).png().toBuffer()
    const key = `community/items/${newsId}/cover-legacy.png`
    await server.app.storage.put(key, old)
    await server.database.db.update(communityItem).set({ coverKey: key, coverMime: 'image/png', coverFileName: 'vecchia.png', coverSize: old.length }).where(eq(communityItem.id, newsId))
    const res = await cover('image/avif,image/webp,*/*')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.rawPayload.equals(old)).toBe(true)
  })
})

describe('author avatars', () => {
  it('a comment and the item carry the author picture URL with its version, null without one', async () => {
    const principal = await createPrincipalLoader(server.database.db)(LAURA_REG_LOM)
    const me = principal!.userId
    const list = async () => (await apiCall(server.app, { method: 'GET', url: `/api/item/${newsId}/comments/user/${me}?idProgramma=${ids.idProgramma}`, token, role: 'REG' })).json() as { items: { author_avatar: string | null; author_name: string }[] }
    expect((await apiCall(server.app, { url: `/api/item/${newsId}/comment`, token, role: 'REG', body: { ...ids, comment_body: 'Ciao' } })).statusCode).toBe(201)
    await server.database.db.update(utente).set({ immagineProfilo: null }).where(eq(utente.id, me))
    expect((await list()).items[0]!.author_avatar).toBeNull()
    await server.database.db.update(utente).set({ immagineProfilo: `/api/utente/download/immagineProfilo/${me}/3` }).where(eq(utente.id, me))
    expect((await list()).items[0]!.author_avatar).toBe(`/api/utente/download/immagineProfilo/${me}/3`)
    const detail = (await apiCall(server.app, { method: 'GET', url: `/api/board/item/${newsId}/user/${me}?idProgramma=${ids.idProgramma}`, token, role: 'REG' })).json() as { items: { author_avatar: string | null }[] }
    expect(detail.items[0]!.author_avatar).toBe(`/api/utente/download/immagineProfilo/${me}/3`)
  })
})
