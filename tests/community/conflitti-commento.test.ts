/**
 * Issue 27 on the community outbox: a comment's edit queued offline carries the version and the text it was made
 * on; the replay sends `versione` (the creation's, 1, for a comment queued too; the version the device's own
 * earlier edit left for a second edit); a 409 V01 whose text nobody else changed is re-sent at once, one whose text
 * changed is 'In conflitto' until the user's choice; an entry queued before versions is asked, never overwritten.
 * Against a fake server that versions comments as server/domain/community/comments.ts does.
 */
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { COMMUNITY_KIND, queueComment, queueEdit, registerCommunityHandlers, type ModificaPayload } from '../../src/features/community/outbox'
import { nomeCampoCommento } from '../../src/features/community/outbox-conflitti'
import { currentDb } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { resolveConflict } from '../../src/offline/conflicts'
import { runReplay } from '../../src/offline/replay'
import { type OutboxRequest } from '../../src/offline/handlers'
import { ApiCallError } from '../../src/api/client'
import { applicaScelte, merge3 } from '../../src/lib/merge3'
import { networkError, role, setupReplay } from '../offline/helpers'
import { conflittoV01, outboxWorld } from '../campo/helpers'

const TITOLO = 'Nuovi corsi SPID'

/** A fake server of comments: creation at version 1, an update must send the current version (428 / 409 V01). */
function fakeServer() {
  let nextId = 800
  const comments = new Map<number, { body: string; versione: number }>()
  const calls: OutboxRequest[] = []
  const transport = vi.fn(async (req: OutboxRequest) => {
    calls.push(req)
    const body = req.body as { comment_body: string; versione?: unknown }
    const m = /^(item|comment)\/(\d+)\/(comment|update)$/.exec(req.path)
    if (!m) throw new Error(`unexpected ${req.path}`)
    if (m[3] === 'comment') {
      const id = nextId++
      comments.set(id, { body: body.comment_body, versione: 1 })
      return { id, versione: 1 }
    }
    const id = Number(m[2])
    const c = comments.get(id)!
    if (body.versione === undefined) throw new ApiCallError(428, 'V02', 'Versione mancante', 'http')
    if (body.versione !== c.versione) throw conflittoV01({ id, comment_body: c.body, versione: c.versione })
    comments.set(id, { body: body.comment_body, versione: c.versione + 1 })
    return { id, versione: c.versione + 1 }
  })
  return { transport, calls, comments }
}

outboxWorld(registerCommunityHandlers, { connectivity: 'offline' })

const updates = (calls: OutboxRequest[]) => calls.filter((c) => c.path.endsWith('/update')).map((c) => c.body as { comment_body: string; versione: number })

describe('a queued comment edit (issue 27)', () => {
  it('carries the version and text it was made on and sends the version', async () => {
    const api = fakeServer()
    api.comments.set(42, { body: 'Ci sarò', versione: 3 })
    const e = await queueEdit({ idItem: 5, idCommento: 42 }, 'Ci sarò anch’io', TITOLO, undefined, { versione: 3, testo: 'Ci sarò' })
    expect(e.payload).toMatchObject({ versione: 3, testoBase: 'Ci sarò', testo: 'Ci sarò anch’io' })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(updates(api.calls)).toEqual([expect.objectContaining({ versione: 3, comment_body: 'Ci sarò anch’io' })])
    expect(api.comments.get(42)).toEqual({ body: 'Ci sarò anch’io', versione: 4 })
    expect(await listEntries()).toEqual([])
  })

  it('a second edit is based on the version the first one left, not on the stale copy', async () => {
    const api = fakeServer()
    api.comments.set(42, { body: 'A', versione: 2 })
    const target = { idItem: 5, idCommento: 42 }
    await queueEdit(target, 'B', TITOLO, undefined, { versione: 2, testo: 'A' })
    // the thread shows the queued text 'B'; the card still says version 2
    await queueEdit(target, 'C', TITOLO, undefined, { versione: 2, testo: 'B' })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(updates(api.calls).map((b) => b.versione)).toEqual([2, 3])
    expect(api.comments.get(42)).toEqual({ body: 'C', versione: 4 })
  })

  it('an edit of a queued comment already tried is sent after its creation, on the creation version', async () => {
    const api = fakeServer()
    const c = await queueComment(5, 'Primo', TITOLO)
    // the first attempt is lost on the network: the creation is no longer 'never sent'
    let lost = true
    const transport = vi.fn(async (req: OutboxRequest) => {
      if (lost) { lost = false; throw networkError() }
      return api.transport(req)
    })
    setupReplay({ transport })
    await runReplay(currentDb()!)
    const e = await queueEdit({ idItem: 5, idCommentoLocale: c.payload.idLocale }, 'Primo (corretto)', TITOLO, undefined, { testo: 'Primo' })
    expect(e.id).not.toBe(c.id)
    expect(e.dependsOn).toContain(c.id)
    setupReplay({ transport, now: () => Date.now() + 3_600_000 })
    await runReplay(currentDb()!)
    expect(updates(api.calls)).toEqual([expect.objectContaining({ versione: 1, comment_body: 'Primo (corretto)' })])
    expect(api.comments.get(800)).toEqual({ body: 'Primo (corretto)', versione: 2 })
    expect(await listEntries()).toEqual([])
  })

  it('a version moved on without a text change (409 V01) is re-sent at once with the server version', async () => {
    const api = fakeServer()
    api.comments.set(42, { body: 'A', versione: 5 })
    await queueEdit({ idItem: 5, idCommento: 42 }, 'B', TITOLO, undefined, { versione: 4, testo: 'A' })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(updates(api.calls).map((b) => b.versione)).toEqual([4, 5])
    expect(api.comments.get(42)).toEqual({ body: 'B', versione: 6 })
    expect(await listEntries()).toEqual([])
  })

  it('a text changed by others meanwhile is In conflitto; the choice is sent with the server version', async () => {
    const api = fakeServer()
    api.comments.set(42, { body: 'Testo del moderatore', versione: 5 })
    await queueEdit({ idItem: 5, idCommento: 42 }, 'Il mio testo', TITOLO, undefined, { versione: 4, testo: 'Testo originale' })
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    const [entry] = await listEntries()
    expect(entry).toMatchObject({ kind: COMMUNITY_KIND.modifica, status: 'conflict', conflitto: { versione: 5, theirs: { testo: 'Testo del moderatore' }, mine: { testo: 'Il mio testo' } } })
    expect(api.comments.get(42)).toEqual({ body: 'Testo del moderatore', versione: 5 })
    const c = entry!.conflitto!
    const esito = merge3(c.base, c.mine, c.theirs)
    expect(esito.conflitti.map((x) => nomeCampoCommento(x.percorso))).toEqual(['Testo del commento'])
    await resolveConflict(entry!.id, applicaScelte(esito, { testo: 'mine' }))
    await runReplay(currentDb()!)
    expect(api.comments.get(42)).toEqual({ body: 'Il mio testo', versione: 6 })
    expect(await listEntries()).toEqual([])
  })

  it('an entry queued before versions is sent on the creation version and asked when the comment changed since', async () => {
    const api = fakeServer()
    api.comments.set(42, { body: 'Corretto dal moderatore', versione: 2 })
    api.comments.set(43, { body: 'Mai toccato', versione: 1 })
    const legacy = (idCommento: number, testo: string) => enqueue<ModificaPayload>({
      kind: COMMUNITY_KIND.modifica, payload: { idItem: 5, idCommento, idCommentoLocale: null, testo }, roleContext: role(), label: 'Modifica',
    })
    await legacy(42, 'Vecchia app')
    await legacy(43, 'Vecchia app, mai toccato')
    setupReplay({ transport: api.transport })
    await runReplay(currentDb()!)
    expect(api.comments.get(43)).toEqual({ body: 'Vecchia app, mai toccato', versione: 2 })
    expect(api.comments.get(42)).toEqual({ body: 'Corretto dal moderatore', versione: 2 })
    const [entry] = await listEntries()
    expect(entry).toMatchObject({ status: 'conflict', payload: { idCommento: 42 } })
  })
})
