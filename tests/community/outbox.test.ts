/**
 * Community writes in the field outbox (issue 12 point 9): entries built with the role context and the
 * Italian labels, a reply/edit/like of a queued comment after it (its server id substituted), likes toggled
 * twice offline collapsing, replay once per idempotency key, 4xx parked as 'richiede attenzione', the
 * pending comments shown in the thread, online-first with the same key on a network failure.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import {
  COMMUNITY_KIND, effectiveLike, pendingComments, queueComment, queueEdit, queueLike, queueReply, registerCommunityHandlers, sendOrQueue,
  type CommentoPayload, type MiPiacePayload, type RispostaPayload,
} from '../../src/features/community/outbox'
import { kindLabel } from '../../src/features/sincronizzazione/format'
import { currentDb, currentDbOwner } from '../../src/offline/db'
import { listEntries } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import { type OutboxRequest } from '../../src/offline/handlers'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { httpError, networkError, setupReplay } from '../offline/helpers'
import { outboxWorld } from '../campo/helpers'

const TITOLO = 'Nuovi corsi SPID'

/** A fake community API: answers by idempotency key (a repeated key changes nothing), counts what it created. */
function fakeCommunity(opts: { fail?: (req: OutboxRequest) => Error | null } = {}) {
  let nextId = 700
  const applied = new Map<string, unknown>()
  const calls: OutboxRequest[] = []
  const created: string[] = []
  const likes = new Set<string>()
  const transport = vi.fn(async (req: OutboxRequest) => {
    calls.push(req)
    const err = opts.fail?.(req)
    if (err) throw err
    let answer = applied.get(req.idempotencyKey)
    if (answer === undefined) {
      const m = /^(item|comment)\/(\d+)\/(comment|reply|update|like|unlike)$/.exec(req.path)
      if (!m) throw new Error(`unexpected ${req.path}`)
      const [, what, id, ev] = m
      if (ev === 'like') likes.add(`${what}:${id}`)
      else if (ev === 'unlike') likes.delete(`${what}:${id}`)
      answer = ev === 'comment' || ev === 'reply' ? { id: nextId++ } : { id: Number(id) }
      applied.set(req.idempotencyKey, answer)
      created.push(`${req.path} ${JSON.stringify(req.body)}`)
    }
    return answer
  })
  return { transport, calls, created, likes }
}

outboxWorld(registerCommunityHandlers, { connectivity: 'offline' })

describe('community entries', () => {
  it('carry the role context, a key each and the Italian labels of the sync centre', async () => {
    const c = await queueComment(5, 'Ci sarò', TITOLO)
    const l = await queueLike({ idItem: 5 }, true, TITOLO)
    expect(c.label).toBe(`Commento a «${TITOLO}»`)
    expect(l!.label).toBe(`Mi piace a «${TITOLO}»`)
    expect(c.roleContext).toEqual({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100, utente: currentDbOwner() })
    expect(c.idempotencyKey).not.toBe(l!.idempotencyKey)
    expect(kindLabel(COMMUNITY_KIND.commento)).toBe('Commento')
    expect(kindLabel(COMMUNITY_KIND.mipiaceContenuto)).toBe('Mi piace')
  })

  it('send a reply, an edit and a like of a queued comment after it, with its server id', async () => {
    const c = await queueComment(5, 'Primo', TITOLO)
    const target = { idItem: 5, idCommentoLocale: c.payload.idLocale }
    const r = await queueReply(target, 'Risposta', TITOLO)
    const l = await queueLike(target, true, TITOLO)
    expect(r.dependsOn).toEqual([c.id])
    expect(l!.dependsOn).toContain(c.id)
    // never sent: the edit changes the creation's text, no second request
    await queueEdit(target, 'Primo (corretto)', TITOLO)
    expect(await listEntries()).toHaveLength(3)
    const api = fakeCommunity()
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(api.created).toEqual([
      'item/5/comment {"idProgramma":1,"idProgetto":10,"idEnte":100,"comment_body":"Primo (corretto)"}',
      'comment/700/reply {"idProgramma":1,"idProgetto":10,"idEnte":100,"comment_body":"Risposta"}',
      'comment/700/like {"idProgramma":1,"idProgetto":10,"idEnte":100}',
    ])
    expect(await listEntries()).toEqual([])
  })

  it('reach the server once: a replay after a lost answer reuses the key', async () => {
    await queueComment(5, 'Una volta sola', TITOLO)
    let lost = true
    const api = fakeCommunity()
    const transport = vi.fn(async (req: OutboxRequest) => {
      const answer = await api.transport(req)
      if (lost) { lost = false; throw networkError() }
      return answer
    })
    setupReplay({ transport })
    await runReplay(currentDb()!)
    expect((await listEntries())[0]!.status).toBe('failed-retry')
    setupReplay({ transport, now: () => Date.now() + 3_600_000 })
    await runReplay(currentDb()!)
    expect(api.calls).toHaveLength(2)
    expect(api.calls[0]!.idempotencyKey).toBe(api.calls[1]!.idempotencyKey)
    expect(api.created).toHaveLength(1)
  })

  it('park a refused comment as richiede attenzione, with the server message', async () => {
    await queueComment(5, 'Commento', TITOLO)
    setupReplay({ transport: async () => { throw httpError(403, 'A03', 'Non hai i permessi per commentare.') } })
    await runReplay(currentDb()!)
    const [e] = await listEntries()
    expect(e!.status).toBe('attention')
    expect(e!.lastError).toMatchObject({ status: 403 })
  })
})

describe('likes toggled offline', () => {
  it('collapse when never sent: like then unlike leaves nothing to send', async () => {
    expect(await queueLike({ idItem: 5 }, true, TITOLO)).not.toBeNull()
    expect(await queueLike({ idItem: 5 }, false, TITOLO)).toBeNull()
    expect(await listEntries()).toEqual([])
    // a third toggle queues again
    await queueLike({ idItem: 5 }, true, TITOLO)
    expect((await listEntries()).map((e) => (e.payload as MiPiacePayload).like)).toEqual([true])
  })

  it('replay in order when the first may have reached the server: the final state is the last toggle', async () => {
    const first = await queueLike({ idItem: 5 }, true, TITOLO)
    const api = fakeCommunity({ fail: (req) => (req.path.endsWith('/like') && api.calls.length === 1 ? networkError() : null) })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!) // attempted, failed: it may have been applied
    const second = await queueLike({ idItem: 5 }, false, TITOLO)
    expect(second!.dependsOn).toEqual([first!.id])
    setupReplay({ transport: api.transport, now: () => Date.now() + 3_600_000 })
    await runReplay(currentDb()!)
    expect(api.calls.map((c) => c.path)).toEqual(['item/5/like', 'item/5/like', 'item/5/unlike'])
    expect(api.likes.has('item:5')).toBe(false)
  })

  it('show the last queued toggle over the server state', async () => {
    await queueLike({ idItem: 5 }, true, TITOLO)
    const entries = await listEntries()
    expect(effectiveLike({ liked: false, count: 3 }, entries, { idItem: 5 })).toEqual({ liked: true, count: 4, pending: true })
    expect(effectiveLike({ liked: false, count: 3 }, entries, { idItem: 6 })).toEqual({ liked: false, count: 3, pending: false })
    // a comment's like is not the item's
    expect(effectiveLike({ liked: false, count: 0 }, entries, { idItem: 5, idCommento: 9 }).pending).toBe(false)
  })
})

describe('pending comments in the thread', () => {
  it('lists the queued comments and replies of the item with their latest text', async () => {
    const c = await queueComment(5, 'Sul contenuto', TITOLO)
    await queueReply({ idItem: 5, idCommento: 42 }, 'A un commento del server', TITOLO)
    await queueComment(6, 'Altro contenuto', TITOLO)
    const list = pendingComments(await listEntries(), 5)
    expect(list.map((p) => [p.testo, p.parent])).toEqual([
      ['Sul contenuto', null],
      ['A un commento del server', { idCommento: 42, idCommentoLocale: null }],
    ])
    expect(list[0]!.idLocale).toBe((c.payload as CommentoPayload).idLocale)
  })
})

describe('online first', () => {
  it('queues with the same key when the direct call fails for network reasons; other failures are thrown', async () => {
    configureConnectivityForTests({ state: 'online' })
    const keys: string[] = []
    const r = await sendOrQueue({
      target: { idItem: 5 },
      direct: async (k) => { keys.push(k); throw networkError() },
      queue: async (k) => { keys.push(k); await queueComment(5, 'x', TITOLO, k) },
    })
    expect(r).toBe('queued')
    expect(keys[0]).toBe(keys[1])
    expect((await listEntries())[0]!.idempotencyKey).toBe(keys[0])
    await expect(sendOrQueue({ target: { idItem: 7 }, direct: async () => { throw httpError(400, 'U01', 'no') }, queue: async () => undefined })).rejects.toMatchObject({ status: 400 })
    expect(await sendOrQueue({ target: { idItem: 7 }, direct: async () => ({}), queue: async () => undefined })).toBe('sent')
  })

  it('queues without trying online while an earlier write on the same target is queued', async () => {
    configureConnectivityForTests({ state: 'online' })
    await queueLike({ idItem: 5 }, true, TITOLO)
    const direct = vi.fn(async () => ({}))
    expect(await sendOrQueue({ target: { idItem: 5 }, direct, queue: async () => undefined })).toBe('queued')
    expect(direct).not.toHaveBeenCalled()
  })

  it('keeps replies to a server comment independent (no dependency)', async () => {
    const r = await queueReply({ idItem: 5, idCommento: 42 }, 'x', TITOLO)
    expect((r.payload as RispostaPayload).idCommento).toBe(42)
    expect(r.dependsOn).toEqual([])
  })
})
