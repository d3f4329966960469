// @vitest-environment node
/**
 * Community management rules (issue 12 points 4 and 6; spec 001 §2, §7): the reports list with the reported
 * content's author, filtered by section and text; 'I miei contenuti' (`GET /user/{id}/items`) answering only
 * the caller's own live items of one section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from '../helpers'
import { communityCalls, type Actor, type CommunityCalls } from './attori'
import { versioneLetta } from '../versioni-letture'

const SARA_FAC = 'RMNSRA92E51A944H'
const LUCA_VOL = 'SPSLCU00B24F839F'
const CHIARA_MOD = 'CLMCHR88M48L736C'

let server: TestServer
let actor: CommunityCalls['actor']
let post: CommunityCalls['post']
let get: CommunityCalls['get']

async function topicCategory(a: Actor): Promise<number> {
  const res = await get(a, '/category/retrieve?term_type=community_categories')
  return (res.json() as { items: { id: number }[] }).items[0]!.id
}

beforeAll(async () => {
  server = await createTestServer()
  ;({ actor, post, get } = communityCalls(server))
})
afterAll(() => server?.close())

describe('gestione segnalazioni and contenuti pubblicati', () => {
  let fac: Actor
  let topicId: number

  beforeAll(async () => {
    fac = await actor(SARA_FAC, 'FAC')
    const created = await post(fac, '/community/item/create', { title: 'Dubbio sulla privacy', category: await topicCategory(fac), description: '<p>Come si fa?</p>' })
    expect(created.statusCode, created.body).toBe(201)
    topicId = (created.json() as { id: number }).id
  })

  it('lists a report with the reported author, filtered by section and by text', async () => {
    const vol = await actor(LUCA_VOL, 'VOL')
    const comment = await post(vol, `/item/${topicId}/comment`, { comment_body: 'Messaggio molesto' })
    expect(comment.statusCode, comment.body).toBe(201)
    const commentId = (comment.json() as { id: number }).id
    expect((await post(fac, `/comment/${commentId}/report`, { reason: 'Tono offensivo' })).statusCode).toBe(201)
    expect((await post(vol, `/item/${topicId}/report`, { reason: 'Argomento fuori tema' })).statusCode).toBe(201)

    const mod = await actor(CHIARA_MOD, 'MOD')
    type Rows = { pager: { total_items: number }; items: { comment_id: number | null; reason: string; reported_author_name: string; author_name: string }[] }
    const all = (await get(mod, '/reports?item_type=community_item')).json() as Rows
    const onComment = all.items.find((r) => r.comment_id === commentId)
    expect(onComment).toMatchObject({ reason: 'Tono offensivo', reported_author_name: 'Luca Esposito', author_name: 'Sara Romano' })
    const onItem = all.items.find((r) => r.reason === 'Argomento fuori tema')
    expect(onItem).toMatchObject({ comment_id: null, reported_author_name: 'Sara Romano', author_name: 'Luca Esposito' })

    // text search on reason, title or comment (accent and case folded)
    const byText = (await get(mod, `/reports?keys=${encodeURIComponent('OFFENSÌVO')}`)).json() as Rows
    expect(byText.items.map((r) => r.reason)).toEqual(['Tono offensivo'])
    expect(byText.pager.total_items).toBe(1)
    const byTitle = (await get(mod, `/reports?keys=privacy`)).json() as Rows
    expect(byTitle.pager.total_items).toBe(2)
    // another section: none of them
    const docs = (await get(mod, '/reports?item_type=document_item')).json() as Rows
    expect(docs.items.some((r) => r.reason === 'Tono offensivo')).toBe(false)
    expect((await get(mod, '/reports?item_type=altro')).statusCode).toBe(400)
    const two = (await get(mod, '/reports?item_type=document_item,community_item')).json() as Rows
    expect(two.pager.total_items).toBe(all.pager.total_items)
  })

  it('filters the categories by several sections', async () => {
    const dtd = await actor('FRRGLI78C54H501Q', 'DTD')
    type Rows = { items: { type: string }[] }
    const two = (await get(dtd, '/category/retrieve?term_types=board_categories,document_categories')).json() as Rows
    expect(new Set(two.items.map((c) => c.type))).toEqual(new Set(['board_categories', 'document_categories']))
    expect((await get(dtd, '/category/retrieve?term_types=altro')).statusCode).toBe(400)
  })

  it("answers the caller's own items of a section, never someone else's", async () => {
    type Rows = { pager: { total_items: number }; items: { id: number; author: number; item_type: string }[] }
    const mine = (await get(fac, `/user/${fac.userId}/items?item_type=community_item`)).json() as Rows
    expect(mine.items.map((i) => i.id)).toContain(topicId)
    expect(mine.items.every((i) => i.author === fac.userId && i.item_type === 'community_item')).toBe(true)
    const byTitle = (await get(fac, `/user/${fac.userId}/items?item_type=community_item&keys=PRIVACY`)).json() as Rows
    expect(byTitle.items.map((i) => i.id)).toEqual([topicId])
    const noMatch = (await get(fac, `/user/${fac.userId}/items?item_type=community_item&keys=zzzz`)).json() as Rows
    expect(noMatch.pager.total_items).toBe(0)
    const boards = (await get(fac, `/user/${fac.userId}/items?item_type=board_item`)).json() as Rows
    expect(boards.items.some((i) => i.id === topicId)).toBe(false)

    const vol = await actor(LUCA_VOL, 'VOL')
    const volMine = (await get(vol, `/user/${vol.userId}/items?item_type=community_item`)).json() as Rows
    expect(volMine.items.some((i) => i.id === topicId)).toBe(false)
    // another user's id, or no section
    const other = await get(vol, `/user/${fac.userId}/items?item_type=community_item`)
    expect(other.statusCode).toBe(403)
    const noType = await get(fac, `/user/${fac.userId}/items`)
    expect(noType.statusCode).toBe(400)
    expect(noType.json()).toMatchObject({ errorCode: 'G02' })
    expect((await get(fac, `/user/${fac.userId}/items?item_type=board_item,community_item`)).statusCode).toBe(400)

    // a deleted item leaves the list
    expect((await post(fac, `/item/${topicId}/delete`, { versione: await versioneLetta(server, fac, 'contenuto', `community/${topicId}/${fac.userId}`) })).statusCode).toBe(200)
    const after = (await get(fac, `/user/${fac.userId}/items?item_type=community_item`)).json() as Rows
    expect(after.items.some((i) => i.id === topicId)).toBe(false)
  })
})
