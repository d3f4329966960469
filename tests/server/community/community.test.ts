// @vitest-environment node
/**
 * Community server rules (spec 001 §5–§7; issue 12): audience scoping per programme, permissions,
 * sanitising, file checks by content, delete reasons, comments, likes, reports, categories in use,
 * Italian full-text search with stemming and accent folding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'
import { communityCalls, type Actor, type CommunityCalls } from './attori'
import { versioneLetta } from '../versioni-letture'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
const ALESSANDRO = 'RSSLSN77R19G478N' // FAC in RFD-2024-LOM (among other roles)
const SARA_FAC_LAZ = 'RMNSRA92E51A944H'
const LUCA_VOL_SCD = 'SPSLCU00B24F839F'
const CHIARA_MOD = 'CLMCHR88M48L736C'
const GIULIA_DTD = 'FRRGLI78C54H501Q'

let server: TestServer
let actor: CommunityCalls['actor']
let post: CommunityCalls['post']
let get: CommunityCalls['get']

async function categoryId(a: Actor, type: string, name: string): Promise<number> {
  const res = await get(a, `/category/retrieve?term_type=${type}`)
  const found = (res.json() as { items: { id: number; name: string }[] }).items.find((c) => c.name === name)
  if (!found) throw new Error(`no category ${name}`)
  return found.id
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex')

beforeAll(async () => {
  server = await createTestServer()
  ;({ actor, post, get } = communityCalls(server))
})
afterAll(() => server?.close())

describe('bacheca: publishing, audience and sanitising', () => {
  let reg: Actor
  let lomProgramme: number
  let newsId: number

  beforeAll(async () => {
    reg = await actor(LAURA_REG_LOM, 'REG')
    lomProgramme = reg.ids.idProgramma as number
  })

  it('a REG publishes a highlighted announcement for her programme; the HTML is sanitised', async () => {
    const category = await categoryId(reg, 'board_categories', 'Eventi')
    const res = await post(reg, '/board/item/create', {
      title: 'Giornata della facilitazione', program: lomProgramme, intervention: 'RFD', category, highlighted: true, enable_comments: true,
      description: '<p>Ciao <strong>a tutti</strong><script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">clic</a> <a href="https://example.it">sito</a></p>',
    })
    expect(res.statusCode, res.body).toBe(201)
    newsId = (res.json() as { id: number }).id
    const detail = await get(reg, `/board/item/${newsId}/user/${reg.userId}`)
    expect(detail.statusCode, detail.body).toBe(200)
    const item = (detail.json() as { items: { description: string; highlighted: boolean; program_label: string; entity: string }[] }).items[0]!
    expect(item.description).not.toMatch(/script|onerror|javascript:|<img/i)
    expect(item.description).toContain('<strong>a tutti</strong>')
    expect(item.description).toContain('href="https://example.it"')
    expect(item.highlighted).toBe(true)
    expect(item.entity.length).toBeGreaterThan(0)
  })

  it('refuses an empty or too long description and a programme that is not hers', async () => {
    const category = await categoryId(reg, 'board_categories', 'Eventi')
    const base = { title: 'Titolo valido', program: lomProgramme, intervention: 'RFD', category }
    expect((await post(reg, '/board/item/create', { ...base, description: '<p></p>' })).statusCode).toBe(400)
    expect((await post(reg, '/board/item/create', { ...base, description: `<p>${'a'.repeat(1501)}</p>` })).statusCode).toBe(400)
    expect((await post(reg, '/board/item/create', { ...base, description: `<p><em>${'a'.repeat(1500)}</em></p>` })).statusCode).toBe(201)
    const sara = await actor(SARA_FAC_LAZ, 'FAC')
    const other = await post(reg, '/board/item/create', { ...base, program: sara.ids.idProgramma, description: 'x' })
    expect(other.statusCode).toBe(403)
    // a category of another section
    const topicCat = await categoryId(reg, 'community_categories', 'Domande e risposte')
    const wrongCat = await post(reg, '/board/item/create', { ...base, category: topicCat, description: 'x' })
    expect(wrongCat.json()).toMatchObject({ errorCode: 'CO06' })
  })

  it('a FAC of the programme sees it first; a FAC of another programme never sees it', async () => {
    const fac = await actor(ALESSANDRO, 'FAC')
    const list = await get(fac, '/board/items')
    expect(list.statusCode, list.body).toBe(200)
    const items = (list.json() as { items: { id: number }[] }).items
    expect(items[0]?.id).toBe(newsId)
    const sara = await actor(SARA_FAC_LAZ, 'FAC')
    const hers = (await get(sara, '/board/items')).json() as { items: { id: number }[] }
    expect(hers.items.map((i) => i.id)).not.toContain(newsId)
    expect((await get(sara, `/board/item/${newsId}/user/${sara.userId}`)).statusCode).toBe(404)
    expect((await post(sara, `/item/${newsId}/comment`, { comment_body: 'ciao' })).statusCode).toBe(404)
    // another user's id in the path
    expect((await get(fac, `/board/item/${newsId}/user/${sara.userId}`)).statusCode).toBe(403)
    // the DTD sees everything
    const dtd = await actor(GIULIA_DTD, 'DTD')
    expect(((await get(dtd, '/board/items')).json() as { items: { id: number }[] }).items.map((i) => i.id)).toContain(newsId)
  })

  it('a FAC cannot publish announcements (no new.news)', async () => {
    const fac = await actor(ALESSANDRO, 'FAC')
    const res = await post(fac, '/board/item/create', { title: 'Non posso', program: 'public', intervention: 'public', category: 1, description: 'x' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ errorCode: 'A02' })
  })

  it('comments, replies, likes, counters, reports and the moderator deleting with a reason', async () => {
    const fac = await actor(ALESSANDRO, 'FAC')
    const comment = await post(fac, `/item/${newsId}/comment`, { comment_body: 'Bella iniziativa!' })
    expect(comment.statusCode, comment.body).toBe(201)
    const commentId = (comment.json() as { id: number }).id
    const reply = await post(reg, `/comment/${commentId}/reply`, { comment_body: 'Grazie!' })
    expect(reply.statusCode, reply.body).toBe(201)
    expect((await post(fac, `/comment/${commentId}/like`)).json()).toEqual({ likes: 1 })
    expect((await post(fac, `/comment/${commentId}/like`)).json()).toEqual({ likes: 1 })
    expect((await post(fac, `/item/${newsId}/like`)).json()).toMatchObject({ likes: 1 })
    expect((await post(fac, `/item/${newsId}/view`)).json()).toMatchObject({ views: 1 })
    expect((await post(fac, `/item/${newsId}/view`)).json()).toMatchObject({ views: 1 })
    expect((await post(fac, `/item/${newsId}/unlike`)).json()).toMatchObject({ likes: 0 })
    // too long and blank comments
    expect((await post(fac, `/item/${newsId}/comment`, { comment_body: 'a'.repeat(1501) })).statusCode).toBe(400)
    expect((await post(fac, `/item/${newsId}/comment`, { comment_body: '   ' })).statusCode).toBe(400)

    const thread = (await get(fac, `/item/${newsId}/comments/user/${fac.userId}`)).json() as { items: { id: number; replies: unknown[]; reported: number; author_name: string }[] }
    expect(thread.items).toHaveLength(1)
    expect(thread.items[0]).toMatchObject({ id: commentId, author_name: 'Alessandro Rossi' })
    expect(thread.items[0]!.replies).toHaveLength(1)
    expect(((await get(fac, `/board/item/${newsId}/user/${fac.userId}`)).json() as { items: { comment_count: number }[] }).items[0]!.comment_count).toBe(2)

    // the FAC cannot edit or delete someone else's comment
    const replyId = (reply.json() as { id: number }).id
    expect((await post(fac, `/comment/${replyId}/update`, { comment_body: 'no' })).statusCode).toBe(403)

    const vol = await actor(LUCA_VOL_SCD, 'VOL')
    // the VOL (SCD) does not see an RFD programme's item, so cannot report its comment
    expect((await post(vol, `/comment/${commentId}/report`, { reason: 'Spam' })).statusCode).toBe(404)
    const sameProgramme = await actor(LAURA_REG_LOM, 'REG')
    const rep = await post(sameProgramme, `/comment/${commentId}/report`, { reason: 'Linguaggio offensivo' })
    expect(rep.statusCode, rep.body).toBe(201)

    const mod = await actor(CHIARA_MOD, 'MOD')
    const reports = (await get(mod, '/reports')).json() as { items: { id: number; comment_id: number; reason: string; item_id: number }[] }
    expect(reports.items[0]).toMatchObject({ comment_id: commentId, reason: 'Linguaggio offensivo', item_id: newsId })
    // the reported mark is visible only with btn.rprt
    const modThread = (await get(mod, `/item/${newsId}/comments/user/${mod.userId}`)).json() as { items: { reported: number }[] }
    expect(modThread.items[0]!.reported).toBe(1)
    const facThread = (await get(fac, `/item/${newsId}/comments/user/${fac.userId}`)).json() as { items: { reported: number }[] }
    expect(facThread.items[0]!.reported).toBe(0)
    expect((await get(fac, '/reports')).statusCode).toBe(403)

    // delete by a non-author needs a reason
    const noReason = await post(mod, `/comment/${commentId}/delete`, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json()).toMatchObject({ errorCode: 'CO07' })
    const versioneCommento = await versioneLetta(server, mod, 'commento', `${newsId}/${mod.userId}/${commentId}`)
    expect((await post(mod, `/comment/${commentId}/delete`, { reason: 'Contenuto offensivo', versione: versioneCommento })).statusCode).toBe(200)
    expect(((await get(fac, `/item/${newsId}/comments/user/${fac.userId}`)).json() as { items: unknown[] }).items).toHaveLength(0)
    expect(((await get(mod, '/reports')).json() as { items: unknown[] }).items).toHaveLength(0)
    expect(((await get(fac, `/board/item/${newsId}/user/${fac.userId}`)).json() as { items: { comment_count: number }[] }).items[0]!.comment_count).toBe(0)
  })

  it('item delete: the author needs no reason, others do', async () => {
    const category = await categoryId(reg, 'board_categories', 'Formazione')
    const created = await post(reg, '/board/item/create', { title: 'Da eliminare', program: 'public', intervention: 'public', category, description: 'x' })
    const id = (created.json() as { id: number }).id
    const mod = await actor(CHIARA_MOD, 'MOD')
    expect((await post(mod, `/item/${id}/delete`, {})).json()).toMatchObject({ errorCode: 'CO07' })
    const fac = await actor(ALESSANDRO, 'FAC')
    expect((await post(fac, `/item/${id}/delete`, { reason: 'x' })).statusCode).toBe(403)
    expect((await post(reg, `/item/${id}/delete`, { versione: await versioneLetta(server, reg, 'contenuto', `board/${id}/${reg.userId}`) })).statusCode).toBe(200)
    expect((await get(reg, `/board/item/${id}/user/${reg.userId}`)).statusCode).toBe(404)
  })
})

describe('documenti: files checked by content, downloads, usefulness, search', () => {
  let docId: number

  it('a FAC uploads a PDF; an .exe renamed .pdf and a bad file name are refused', async () => {
    const fac = await actor(ALESSANDRO, 'FAC')
    const category = await categoryId(fac, 'document_categories', 'Guide')
    const created = await post(fac, '/document/item/create', {
      title: 'Guida alla facilitazione digitale', program: fac.ids.idProgramma, intervention: 'RFD', category, description: '<p>Una guida pratica per l\'attività</p>',
    })
    expect(created.statusCode, created.body).toBe(201)
    docId = (created.json() as { id: number }).id
    const exe = await post(fac, `/item/${docId}/file/upload`, { type: 'attachment', filename: 'guida.pdf', content: EXE.toString('base64') })
    expect(exe.statusCode).toBe(400)
    expect(exe.json()).toMatchObject({ errorCode: 'CO04' })
    const dotted = await post(fac, `/item/${docId}/file/upload`, { type: 'attachment', filename: 'guida.v2.pdf', content: PDF.toString('base64') })
    expect(dotted.json()).toMatchObject({ errorCode: 'CO03' })
    const realExe = await post(fac, `/item/${docId}/file/upload`, { type: 'attachment', filename: 'setup.exe', content: EXE.toString('base64') })
    expect(realExe.json()).toMatchObject({ errorCode: 'CO04' })
    // covers only on announcements
    expect((await post(fac, `/item/${docId}/file/upload`, { type: 'cover', filename: 'a.png', content: PNG.toString('base64') })).statusCode).toBe(400)
    const ok = await post(fac, `/item/${docId}/file/upload`, { type: 'attachment', filename: 'guida.pdf', content: PDF.toString('base64') })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('another user downloads it (streamed, attachment, nosniff) and rates it: counters 1 and 1', async () => {
    const reg = await actor(LAURA_REG_LOM, 'REG')
    const res = await get(reg, `/item/${docId}/attachment`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="guida.pdf"/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.rawPayload.equals(PDF)).toBe(true)
    expect((await post(reg, `/item/${docId}/downloaded`)).json()).toMatchObject({ downloads: 1 })
    expect((await post(reg, `/item/${docId}/usefull`, { status: 1 })).json()).toEqual({ usefull_status: 1 })
    expect((await post(reg, `/item/${docId}/view`)).json()).toMatchObject({ views: 1 })
    const detail = (await get(reg, `/document/item/${docId}/user/${reg.userId}`)).json() as { items: { downloads: number; views: number; usefull_status: number; attachment_file_name: string }[] }
    expect(detail.items[0]).toMatchObject({ downloads: 1, views: 1, usefull_status: 1, attachment_file_name: 'guida.pdf' })
  })

  it('search finds it with another inflection and without accents, ranked, min 2 characters', async () => {
    const reg = await actor(LAURA_REG_LOM, 'REG')
    const found = (await get(reg, `/search/document/items?keys=${encodeURIComponent('facilitazioni')}`)).json() as { items: { id: number }[] }
    expect(found.items.map((i) => i.id)).toContain(docId)
    const accents = (await get(reg, `/search/document/items?keys=${encodeURIComponent('attivita')}`)).json() as { items: { id: number }[] }
    expect(accents.items.map((i) => i.id)).toContain(docId)
    const accented = (await get(reg, `/search/document/items?keys=${encodeURIComponent('PRATICHE Attività')}`)).json() as { items: { id: number }[] }
    expect(accented.items.map((i) => i.id)).toContain(docId)
    expect((await get(reg, '/search/document/items?keys=a')).statusCode).toBe(400)
    const none = (await get(reg, '/search/document/items?keys=zanzibar')).json() as { items: unknown[]; pager: { total_items: number } }
    expect(none.pager.total_items).toBe(0)
    // out of audience: a FAC of another programme does not find it
    const sara = await actor(SARA_FAC_LAZ, 'FAC')
    const hers = (await get(sara, '/search/document/items?keys=facilitazione')).json() as { items: { id: number }[] }
    expect(hers.items.map((i) => i.id)).not.toContain(docId)
  })
})

describe('categories and forum', () => {
  it('creates, renames, refuses duplicates and deletion while in use', async () => {
    const mod = await actor(CHIARA_MOD, 'MOD')
    const fac = await actor(SARA_FAC_LAZ, 'FAC')
    expect((await post(fac, '/category/create', { term_name: 'Nuova', term_type: 'community_categories' })).statusCode).toBe(403)
    const created = await post(mod, '/category/create', { term_name: 'Accessibilità', term_type: 'community_categories' })
    expect(created.statusCode, created.body).toBe(201)
    const id = (created.json() as { id: number }).id
    expect((await post(mod, '/category/create', { term_name: 'accessibilità', term_type: 'community_categories' })).json()).toMatchObject({ errorCode: 'CO09' })
    expect((await post(mod, `/category/${id}/update`, { term_name: 'Accessibilità digitale' })).statusCode).toBe(200)
    // a FAC opens a topic in it: the category is in use
    const topic = await post(fac, '/community/item/create', { title: 'Lettori di schermo', category: id, description: 'Quali usate?', tags: 'accessibilità; strumenti' })
    expect(topic.statusCode, topic.body).toBe(201)
    const refused = await post(mod, `/category/${id}/delete`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ errorCode: 'CO02', message: expect.stringContaining('usata') })
    // topics reach everyone (no programme targeting)
    const vol = await actor(LUCA_VOL_SCD, 'VOL')
    const topics = (await get(vol, '/community/items?sort=created')).json() as { items: { id: number; tags: string }[] }
    expect(topics.items[0]).toMatchObject({ id: (topic.json() as { id: number }).id, tags: 'accessibilità;strumenti' })
    expect(((await get(vol, '/tags/retrieve')).json() as { items: { name: string }[] }).items.map((t) => t.name)).toEqual(['accessibilità', 'strumenti'])
    // the author deletes the topic, then the category can go
    const topicId = (topic.json() as { id: number }).id
    expect((await post(fac, `/item/${topicId}/delete`, { versione: await versioneLetta(server, fac, 'contenuto', `community/${topicId}/${fac.userId}`) })).statusCode).toBe(200)
    expect((await post(mod, `/category/${id}/delete`)).statusCode).toBe(200)
  })

  it('filters list only the options of the visible items', async () => {
    const reg = await actor(LAURA_REG_LOM, 'REG')
    const filters = (await get(reg, '/board/filters')).json() as { categories: Record<string, string>; programs: Record<string, string> }
    expect(Object.values(filters.categories)).toContain('Eventi')
    expect(Object.keys(filters.programs)).toContain(String(reg.ids.idProgramma))
  })
})
