// @vitest-environment node
/**
 * The community writes the outbox replays (issue 12 point 9; ARCHITECTURE.md outbox point 5): a comment, a
 * reply and a like sent again with the same Idempotency-Key — one after the other or at once — are the same
 * request: one comment, one reply, one like, the same answer.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { TEST_HOST, createTestServer, type TestServer } from '../helpers'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
const ALESSANDRO = 'RSSLSN77R19G478N' // FAC in RFD-2024-LOM

interface Actor { token: string; role: string; ids: Record<string, number | null>; userId: number }

let server: TestServer
let reg: Actor
let fac: Actor
let newsId: number

async function actor(cf: string, role: string): Promise<Actor> {
  const principal = await createPrincipalLoader(server.database.db)(cf)
  const p = principal!.profili.find((x) => x.codiceRuolo === role)!
  return { token: await server.signIdToken(cf), role, userId: principal!.userId, ids: { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte } }
}

function post(a: Actor, url: string, body: Record<string, unknown>, key?: string) {
  return server.app.inject({
    method: 'POST', url: `/api${url}`, payload: { ...a.ids, ...body },
    headers: { host: TEST_HOST, authToken: a.token, userRole: a.role, ...(key ? { 'Idempotency-Key': key } : {}) },
  })
}

async function thread(a: Actor) {
  const qs = Object.entries(a.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join('&')
  const res = await server.app.inject({ method: 'GET', url: `/api/item/${newsId}/comments/user/${a.userId}?${qs}`, headers: { host: TEST_HOST, authToken: a.token, userRole: a.role } })
  return (res.json() as { items: { id: number; comment_body: string; likes: number; replies: { id: number }[] }[] }).items
}

beforeAll(async () => {
  server = await createTestServer()
  reg = await actor(LAURA_REG_LOM, 'REG')
  fac = await actor(ALESSANDRO, 'FAC')
  const cats = await server.app.inject({ method: 'GET', url: `/api/category/retrieve?term_type=board_categories&idProgramma=${reg.ids.idProgramma}`, headers: { host: TEST_HOST, authToken: reg.token, userRole: 'REG' } })
  const category = (cats.json() as { items: { id: number }[] }).items[0]!.id
  const res = await post(reg, '/board/item/create', { title: 'Replay', description: 'Annuncio', program: reg.ids.idProgramma, intervention: 'RFD', category, enable_comments: true })
  expect(res.statusCode, res.body).toBe(201)
  newsId = (res.json() as { id: number }).id
})
afterAll(() => server?.close())

describe('community writes replayed with the same Idempotency-Key', () => {
  it('a comment sent twice (and twice at once) is created once, with the same answer', async () => {
    const key = randomUUID()
    const first = await post(fac, `/item/${newsId}/comment`, { comment_body: 'Ci sarò' }, key)
    expect(first.statusCode, first.body).toBe(201)
    const again = await post(fac, `/item/${newsId}/comment`, { comment_body: 'Ci sarò' }, key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    const k2 = randomUUID()
    const both = await Promise.all([post(fac, `/item/${newsId}/comment`, { comment_body: 'Insieme' }, k2), post(fac, `/item/${newsId}/comment`, { comment_body: 'Insieme' }, k2)])
    expect(both.map((r) => r.statusCode).filter((s) => s === 201).length).toBeGreaterThanOrEqual(1)
    const items = await thread(fac)
    expect(items.filter((c) => c.comment_body === 'Ci sarò')).toHaveLength(1)
    expect(items.filter((c) => c.comment_body === 'Insieme')).toHaveLength(1)
  })

  it('a reply and a like replayed are applied once', async () => {
    const parent = (await thread(fac)).find((c) => c.comment_body === 'Ci sarò')!
    const rk = randomUUID()
    expect((await post(fac, `/comment/${parent.id}/reply`, { comment_body: 'Anch\'io' }, rk)).statusCode).toBe(201)
    expect((await post(fac, `/comment/${parent.id}/reply`, { comment_body: 'Anch\'io' }, rk)).statusCode).toBe(201)
    const lk = randomUUID()
    expect((await post(reg, `/comment/${parent.id}/like`, {}, lk)).statusCode).toBe(200)
    expect((await post(reg, `/comment/${parent.id}/like`, {}, lk)).statusCode).toBe(200)
    const after = (await thread(fac)).find((c) => c.id === parent.id)!
    expect(after.replies).toHaveLength(1)
    expect(after.likes).toBe(1)
  })
})
