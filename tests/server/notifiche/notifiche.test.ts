// @vitest-environment node
/**
 * Notifications (issue 12 point 7; platform-backend §11.4; spec 001 §7): triggers in the event's
 * transaction (comment, reply, report, new content in my programme), never to the actor, nothing on a
 * rolled-back event (no row, no push), scoping to the caller's own rows, list/sort/pages, read and delete,
 * the SSE stream over a real HTTP listen (delivered after commit), tickets, the e-mail jobs.
 */
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { addComment } from '../../../server/domain/community/comments'
import { createEventHub } from '../../../server/events/index'
import { job, notifica } from '../../../server/db/schema'
import { consumeStreamTicket } from '../../../server/domain/notifiche/biglietti'
import { MAX_STREAMS_PER_USER, ticketSigner } from '../../../server/routes/notifiche'
import { apiCall, createTestServer, type TestServer } from '../helpers'
import { communityCalls, type Actor, type CommunityCalls } from '../community/attori'
import { sseReader } from './sse'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
const ALESSANDRO = 'RSSLSN77R19G478N' // FAC in RFD-2024-LOM
const SARA_FAC_LAZ = 'RMNSRA92E51A944H'
const CHIARA_MOD = 'CLMCHR88M48L736C'
const LUCA_VOL_SCD = 'SPSLCU00B24F839F'

interface Ntf { id: number; message: string; status: number; action: string; node_id: number | null; node_bundle: string; names: Record<string, string> }

let server: TestServer
let actor: CommunityCalls['actor']
let post: CommunityCalls['post']
let calls: CommunityCalls
const get = (a: Actor, url: string) => calls.get(a, url, { scoped: false })

async function list(a: Actor, query = ''): Promise<{ items: Ntf[]; unread: number; pager: { total_items: number; total_pages: number } }> {
  const res = await get(a, `/user/${a.userId}/notifications${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
async function unread(a: Actor): Promise<number> {
  const res = await get(a, `/user/${a.userId}/notifications/count`)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { unread: number }).unread
}
async function category(a: Actor, type: string): Promise<number> {
  const res = await get(a, `/category/retrieve?term_type=${type}`)
  return (res.json() as { items: { id: number }[] }).items[0]!.id
}
async function publish(a: Actor, title: string, program: number | 'public' = a.ids.idProgramma as number): Promise<number> {
  const res = await post(a, '/board/item/create', {
    title, program, intervention: program === 'public' ? 'public' : 'RFD', category: await category(a, 'board_categories'), description: '<p>Testo</p>', enable_comments: true,
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: number }).id
}
async function comment(a: Actor, itemId: number, text = 'Un commento'): Promise<number> {
  const res = await post(a, `/item/${itemId}/comment`, { comment_body: text })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: number }).id
}

let reg: Actor, fac: Actor, sara: Actor, mod: Actor, vol: Actor

beforeAll(async () => {
  server = await createTestServer()
  calls = communityCalls(server)
  ;({ actor, post } = calls)
  reg = await actor(LAURA_REG_LOM, 'REG')
  fac = await actor(ALESSANDRO, 'FAC')
  sara = await actor(SARA_FAC_LAZ, 'FAC')
  mod = await actor(CHIARA_MOD, 'MOD')
  vol = await actor(LUCA_VOL_SCD, 'VOL')
})
afterAll(() => server?.close())

let address: string | undefined
/** The server's sockets: a stream closed by the client is gone for the server once its socket is destroyed. */
const sockets = new Set<Socket>()
/** The server listening on a real port (streams need real connections). */
async function listening(): Promise<string> {
  if (address === undefined) {
    server.app.server.on('connection', (socket: Socket) => sockets.add(socket))
    address = await server.app.listen({ port: 0, host: '127.0.0.1' })
  }
  return address
}
/** A new ticket of `a`. */
async function newTicket(a: Actor): Promise<string> {
  const res = await post(a, '/notifications/stream/ticket')
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { ticket: string }).ticket
}
/** GET of the stream with `ticket` over a real connection; `abort` closes it from the client side. */
async function streamWith(ticket: string) {
  const abort = new AbortController()
  const res = await fetch(`${await listening()}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal })
  return { res, close: () => abort.abort() }
}
/** A stream of `a` with a fresh ticket, its first event (the count at connection) read. */
async function openStream(a: Actor) {
  const { res, close } = await streamWith(await newTicket(a))
  expect(res.status).toBe(200)
  const events = sseReader(res)
  expect((await events.next()).id).toBeNull()
  return { events, close: async () => { close(); await events.cancel() } }
}

describe('triggers (platform-backend §11.4)', () => {
  let itemId: number
  let facComment: number

  it('new content for a programme notifies its users, not the author nor other programmes', async () => {
    const facBefore = await unread(fac)
    const saraBefore = await unread(sara)
    const regBefore = await unread(reg)
    itemId = await publish(reg, 'Annuncio per Lombardia')
    expect(await unread(fac)).toBe(facBefore + 1)
    expect(await unread(sara)).toBe(saraBefore)
    expect(await unread(reg)).toBe(regBefore)
    const newest = (await list(fac, '?status=0')).items[0]!
    expect(newest).toMatchObject({ node_id: itemId, node_bundle: 'board_item', action: `/bacheca/${itemId}`, status: 0 })
    expect(newest.message).toBe(`$${reg.userId}$ ha pubblicato «Annuncio per Lombardia» per il tuo programma`)
    expect(newest.names[String(reg.userId)]).toMatch(/\w+ \w+/)
    // 'Tutti i programmi' broadcasts nothing
    const facNow = await unread(fac)
    await publish(reg, 'Annuncio per tutti', 'public')
    expect(await unread(fac)).toBe(facNow)
  })

  it('a comment notifies the item owner, never the commenter', async () => {
    const regBefore = await unread(reg)
    const facBefore = await unread(fac)
    facComment = await comment(fac, itemId)
    expect(await unread(reg)).toBe(regBefore + 1)
    expect(await unread(fac)).toBe(facBefore)
    const n = (await list(reg)).items[0]!
    expect(n.message).toBe(`$${fac.userId}$ ha commentato «Annuncio per Lombardia»`)
    expect(n.node_bundle).toBe('board_item')
  })

  it('a reply notifies the parent comment author with comment_reply and the owner with a comment', async () => {
    const facBefore = await unread(fac)
    const res = await post(reg, `/comment/${facComment}/reply`, { comment_body: 'Grazie!' })
    expect(res.statusCode, res.body).toBe(201)
    expect(await unread(fac)).toBe(facBefore + 1)
    expect((await list(fac)).items[0]!.message).toBe(`$${reg.userId}$ ha risposto al tuo commento su «Annuncio per Lombardia»`)
    // the owner replied: no notification to herself
    const mine = await server.database.db.select().from(notifica).where(and(eq(notifica.idUtente, reg.userId), eq(notifica.idAttore, reg.userId)))
    expect(mine).toHaveLength(0)
  })

  it('a report notifies the moderators (group GEST.SGN), not the reporter', async () => {
    const modBefore = await unread(mod)
    const facBefore = await unread(fac)
    const res = await post(fac, `/comment/${facComment}/report`, { reason: 'Fuori tema' })
    expect(res.statusCode, res.body).toBe(201)
    expect(await unread(mod)).toBe(modBefore + 1)
    expect(await unread(fac)).toBe(facBefore)
    const n = (await list(mod)).items[0]!
    expect(n).toMatchObject({ action: '/area-gestionale/gestione-segnalazioni', node_id: itemId })
    expect(n.message).toContain('ha segnalato un commento su «Annuncio per Lombardia»')
  })

  it('a rolled-back event leaves no row and pushes nothing', async () => {
    const db = server.database.db
    const hub = createEventHub(server.database)
    const pushed: number[] = []
    const stop = await hub.subscribe(reg.userId, (id) => pushed.push(id))
    try {
      const before = await unread(reg)
      const caller = { principal: fac.principal, codiceRuolo: 'FAC', profilo: fac.principal.profili.find((p) => p.codiceRuolo === 'FAC')!, permessi: fac.principal.ruoli.find((r) => r.codiceRuolo === 'FAC')!.permessi }
      await expect(db.transaction(async (tx) => {
        await addComment(tx, caller as never, itemId, 'Annullato')
        throw new Error('rollback')
      })).rejects.toThrow('rollback')
      expect(await unread(reg)).toBe(before)
      // a committed event after it: the only push that arrives is the committed one
      await comment(fac, itemId, 'Confermato')
      await expect.poll(() => pushed.length).toBe(1)
      const [row] = await db.select().from(notifica).where(eq(notifica.id, pushed[0]!))
      expect(row).toMatchObject({ idUtente: reg.userId, tipo: 'board_comment' })
      expect(await unread(reg)).toBe(before + 1)
    } finally {
      stop()
      await hub.close()
    }
  })
})

describe('scoping, reading, deleting (spec 001 §4, §7)', () => {
  it('answers 403 for another user\'s list, and ignores other users\' ids in read and delete', async () => {
    expect((await get(fac, `/user/${reg.userId}/notifications`)).statusCode).toBe(403)
    expect((await get(fac, `/user/${reg.userId}/notifications/count`)).statusCode).toBe(403)
    expect((await post(fac, `/user/${reg.userId}/notifications/read`)).statusCode).toBe(403)
    const regIds = (await list(reg, '?status=0')).items.map((n) => n.id)
    expect(regIds.length).toBeGreaterThan(0)
    const before = await unread(reg)
    const read = await post(fac, `/notification/${regIds.join(';')}/read`)
    expect(read.json()).toEqual({ count: 0 })
    const del = await post(fac, `/notification/${regIds.join(';')}/delete`)
    expect(del.json()).toEqual({ count: 0 })
    expect(await unread(reg)).toBe(before)
    expect((await post(reg, '/notification/1;x/read')).statusCode).toBe(400)
  })

  it('marks some read, sorts, pages, deletes, marks all read', async () => {
    const itemId = await publish(reg, 'Molti commenti')
    for (let i = 0; i < 10; i++) await comment(i % 2 ? fac : mod, itemId, `Commento ${i}`)
    const page0 = await list(reg, '?status=0&sort_by=created_desc&page=0')
    expect(page0.items).toHaveLength(9)
    expect(page0.pager.total_items).toBe(page0.unread)
    const asc = await list(reg, '?sort_by=created_asc&items_per_page=50')
    const desc = await list(reg, '?sort_by=created_desc&items_per_page=50')
    expect(asc.items.map((n) => n.id)).toEqual([...desc.items.map((n) => n.id)].reverse())
    const [a, b] = page0.items
    expect((await post(reg, `/notification/${a!.id};${b!.id}/read`)).json()).toEqual({ count: 2 })
    expect(await unread(reg)).toBe(page0.unread - 2)
    expect((await list(reg, '?status=1')).items.map((n) => n.id)).toEqual(expect.arrayContaining([a!.id, b!.id]))
    expect((await post(reg, `/notification/${a!.id}/delete`)).json()).toEqual({ count: 1 })
    expect((await list(reg, '?items_per_page=50')).items.map((n) => n.id)).not.toContain(a!.id)
    const all = await post(reg, `/user/${reg.userId}/notifications/read`)
    expect(all.statusCode).toBe(200)
    expect(await unread(reg)).toBe(0)
  })
})

describe('live stream (server-sent events)', () => {
  it('refuses a missing, forged or expired ticket with 4xx', async () => {
    expect((await apiCall(server.app, { method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(400)
    const forged = await apiCall(server.app, { method: 'GET', url: `/api/notifications/stream?ticket=${reg.userId}.9999999999.${'b'.repeat(16)}.${'a'.repeat(43)}` })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ errorCode: 'NT01' })
    const signer = ticketSigner(server.config.citizenHashSecret)
    expect(signer.verify(signer.issue(7, Date.now() - 120_000))).toBeNull()
    expect(signer.verify(signer.issue(7))).toMatchObject({ userId: 7 })
    // two tickets of one user in the same second are two tickets
    expect(signer.verify(signer.issue(7))!.id).not.toBe(signer.verify(signer.issue(7))!.id)
  })

  it('opens one stream per ticket: a second use is refused 401 NT01, also at the same moment (issue 25 point 5)', async () => {
    const ticket = await newTicket(reg)
    const first = await streamWith(ticket)
    expect(first.res.status).toBe(200)
    const events = sseReader(first.res)
    try {
      await events.next()
      const again = await streamWith(ticket)
      const status = again.res.status
      again.close()
      expect(status).toBe(401)
      expect(await apiCall(server.app, { method: 'GET', url: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}` }))
        .toMatchObject({ statusCode: 401, body: expect.stringContaining('"NT01"') })
    } finally {
      first.close()
      await events.cancel()
    }
    // still refused once the stream it opened is closed
    expect((await apiCall(server.app, { method: 'GET', url: `/api/notifications/stream?ticket=${encodeURIComponent(ticket)}` })).statusCode).toBe(401)
    // one fresh ticket sent twice at once: exactly one stream
    const shared = await newTicket(reg)
    const both = await Promise.all([streamWith(shared), streamWith(shared)])
    try {
      expect(both.map((b) => b.res.status).sort()).toEqual([200, 401])
      const refused = both.find((b) => b.res.status === 401)!
      expect(await refused.res.json()).toMatchObject({ errorCode: 'NT01' })
    } finally {
      for (const b of both) b.close()
    }
  })

  it('records a ticket\'s use atomically in the database: of concurrent uses exactly one succeeds', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 60
    const uses = await Promise.all(Array.from({ length: 8 }, () => consumeStreamTicket(server.database.db, 'uso-unico-test01', expiresAt)))
    expect(uses.filter(Boolean)).toHaveLength(1)
    expect(await consumeStreamTicket(server.database.db, 'uso-unico-test02', expiresAt)).toBe(true)
  })

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user: one more ends the oldest, closed ones free their slot`, async () => {
    const notifyLaura = async (title: string) => comment(fac, await publish(reg, title), 'Ciao')
    const destroyed = () => [...sockets].filter((socket) => socket.destroyed).length
    const streams = []
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(reg))
    const other = await openStream(fac) // another user's streams are not counted with hers
    try {
      streams.push(await openStream(reg))
      await expect(streams[0]!.events.next()).rejects.toThrow('stream ended')
      await notifyLaura('Limite dei flussi')
      for (const s of streams.slice(1)) expect((await s.events.next()).id).not.toBeNull()

      // two closed by the client: their slots are free once the server has seen them go
      const before = destroyed()
      await Promise.all([streams[1]!.close(), streams[2]!.close()])
      await vi.waitFor(() => expect(destroyed()).toBeGreaterThanOrEqual(before + 2), { timeout: 10_000 })
      streams.push(await openStream(reg), await openStream(reg))
      await notifyLaura('Flussi liberati')
      // none of the open ones was ended: each gets the new notification
      for (const s of streams.slice(3)) expect((await s.events.next()).id).not.toBeNull()
    } finally {
      for (const s of [...streams, other]) await s.close()
    }
  })

  it('pushes the unread count after the commit, over a real HTTP connection', async () => {
    const address = await listening()
    const ticketRes = await post(reg, '/notifications/stream/ticket')
    expect(ticketRes.statusCode, ticketRes.body).toBe(200)
    const { ticket } = ticketRes.json() as { ticket: string }
    const abort = new AbortController()
    const res = await fetch(`${address}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const events = sseReader(res)
    const nextEvent = events.next
    try {
      const first = await nextEvent()
      expect(first.id).toBeNull()
      const itemId = await publish(reg, 'Annuncio in diretta')
      await comment(fac, itemId, 'Ciao in diretta')
      const pushed = await nextEvent()
      expect(pushed.unread).toBe(first.unread + 1)
      const [row] = await server.database.db.select().from(notifica).where(eq(notifica.id, pushed.id!))
      expect(row).toMatchObject({ idUtente: reg.userId, idItem: itemId })
    } finally {
      abort.abort()
      await events.cancel()
    }
  })
})

describe('e-mails (platform-backend §11.1, SMTP configured)', () => {
  it('queues one e-mail job per notified user with an address, in the event\'s transaction; none for the broadcast', async () => {
    const withMail = await createTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Punto Digitale <noreply@example.it>' } })
    try {
      const swap = { server, calls, actor, post }
      server = withMail
      calls = communityCalls(withMail)
      ;({ actor, post } = calls)
      try {
        const r = await actor(LAURA_REG_LOM, 'REG')
        const f = await actor(ALESSANDRO, 'FAC')
        const db = withMail.database.db
        const jobsBefore = (await db.select().from(job).where(eq(job.tipo, 'email.invia'))).length
        const itemId = await publish(r, 'Annuncio con e-mail')
        expect((await db.select().from(job).where(eq(job.tipo, 'email.invia'))).length).toBe(jobsBefore)
        await comment(f, itemId, 'Commento con e-mail')
        const jobs = await db.select().from(job).where(eq(job.tipo, 'email.invia'))
        expect(jobs.length).toBe(jobsBefore + 1)
        const payload = jobs[jobs.length - 1]!.payload as { to: string; subject: string; text: string }
        expect(payload.to).toMatch(/@/)
        expect(payload.subject).toContain('ha commentato «Annuncio con e-mail»')
        expect(payload.text).toContain('/notifiche')
        expect(payload.text).not.toMatch(/\$\d+\$/)
      } finally {
        ;({ server, calls, actor, post } = swap)
      }
    } finally {
      await withMail.close()
    }
  })
  void vol
})
