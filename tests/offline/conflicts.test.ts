/**
 * The replay's version conflicts (issue 27 point 3, src/offline/conflicts.ts) with a test handler: a 409 V01 is
 * merged and re-sent at once when no field changed on both sides; otherwise the entry is 'conflict' with the three
 * sides and `corrente`, its dependents wait, the header counts it; `resolveConflict` sends the choice; a handler
 * that never merges alone asks; an unreadable `corrente` needs attention; a record moving under every attempt ends
 * up asked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import { closeUserDb, currentDb } from '../../src/offline/db'
import { correnteOf, MAX_AUTOMATIC_MERGES, resolveConflict } from '../../src/offline/conflicts'
import { registerHandler, type OutboxRequest } from '../../src/offline/handlers'
import { counts, enqueue, getEntry } from '../../src/offline/outbox'
import { runReplay } from '../../src/offline/replay'
import { indicatorTexts, type SyncStatus } from '../../src/offline/status'
import { freshDb, resetDbs, role, scriptedTransport, setupReplay } from './helpers'

interface Payload {
  versioneBase: number
  base: Record<string, unknown>
  campi: Record<string, unknown>
}

const v01 = (corrente: unknown) =>
  new ApiCallError(409, 'V01', 'Modificato da altri', 'http', { cause: { name: 'HTTPError', data: { errorCode: 'V01', corrente } }, fromServer: true })

/** the server's record: `{campi, versione}` */
let server: { campi: Record<string, unknown>; versione: number }
let automatic = true
let offs: (() => void)[] = []

function registerEdit(): void {
  offs.push(registerHandler<Payload, { versione: number }>('nota.modifica', {
    send: (e, ctx) => ctx.put('nota/1', { ...e.payload.campi, versione: e.payload.versioneBase }),
    conflict: {
      base: (p) => p.base,
      mine: (p) => p.campi,
      theirs: (c) => {
        const x = c as { campi?: Record<string, unknown>; versione?: number } | undefined
        return x?.campi && typeof x.versione === 'number' ? { campi: x.campi, versione: x.versione, modificatoIl: '2026-11-28T10:00:00.000Z' } : null
      },
      rebase: (p, campi, versione, theirs) => ({ ...p, campi, versioneBase: versione, base: theirs }),
      get automatic() {
        return automatic
      },
    },
  }))
  offs.push(registerHandler('nota.altro', { send: (_e, ctx) => ctx.post('nota/1/altro', {}) }))
}

/** A server applying PUT nota/1 only at the current version (409 V01 with the record otherwise). */
function versionedServer(onPut?: (req: OutboxRequest) => void) {
  return scriptedTransport((req) => {
    if (req.method !== 'PUT') return { ok: true }
    onPut?.(req)
    const { versione, ...campi } = req.body as Record<string, unknown>
    if (versione !== server.versione) return v01({ campi: server.campi, versione: server.versione })
    server = { campi, versione: server.versione + 1 }
    return { versione: server.versione }
  })
}

const edit = (campi: Record<string, unknown>, base = { titolo: 'T', testo: 'x' }) =>
  enqueue<Payload>({ kind: 'nota.modifica', payload: { versioneBase: 1, base, campi }, roleContext: role(), record: { tipo: 'servizio', idLocale: 'n1', data: campi } })

beforeEach(async () => {
  await resetDbs()
  await freshDb()
  server = { campi: { titolo: 'T', testo: 'x' }, versione: 1 }
  automatic = true
  registerEdit()
})
afterEach(() => {
  offs.forEach((off) => off())
  offs = []
  closeUserDb()
})

describe('409 V01 on replay', () => {
  it('merges fields changed on one side only and re-sends at once with the server version and a new key', async () => {
    server = { campi: { titolo: 'T', testo: 'altri' }, versione: 2 }
    const t = versionedServer()
    setupReplay({ transport: t.transport })
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    const report = await runReplay(currentDb()!)
    expect(report).toMatchObject({ sent: 1, attention: 0 })
    expect(t.calls.map((c) => (c.body as { versione: number }).versione)).toEqual([1, 2])
    expect(t.calls[0]!.idempotencyKey).not.toBe(t.calls[1]!.idempotencyKey)
    expect(server).toEqual({ campi: { titolo: 'Mio', testo: 'altri' }, versione: 3 })
    expect(await getEntry(e.id)).toMatchObject({ status: 'done' })
  })

  it('both sides changed a field: conflict with the three sides, dependents wait, counted; the choice is sent', async () => {
    server = { campi: { titolo: 'Loro', testo: 'x' }, versione: 2 }
    const t = versionedServer()
    setupReplay({ transport: t.transport })
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    const dep = await enqueue({ kind: 'nota.altro', payload: {}, roleContext: role(), dependsOn: [e.id] })
    const db = currentDb()!
    await runReplay(db)
    const c = await getEntry(e.id)
    expect(c).toMatchObject({ status: 'conflict', lastError: { kind: 'conflict', status: 409, errorCode: 'V01' } })
    expect(c!.conflitto).toMatchObject({ base: { titolo: 'T' }, mine: { titolo: 'Mio' }, theirs: { titolo: 'Loro' }, versione: 2, modificatoIl: '2026-11-28T10:00:00.000Z' })
    expect(await getEntry(dep.id)).toMatchObject({ status: 'pending' })
    expect(t.calls).toHaveLength(1)
    expect(await counts()).toMatchObject({ conflict: 1, open: 2 })
    const status: SyncStatus = { connectivity: 'online', pending: 1, retrying: 0, sending: 0, attention: 0, conflict: 1, pausedAuth: 0, lastSyncAt: null }
    expect(indicatorTexts(status)).toEqual(['1 in attesa', '1 in conflitto'])

    await resolveConflict(e.id, { titolo: 'Loro', testo: 'x' })
    expect(await getEntry(e.id)).toMatchObject({ status: 'pending', payload: { versioneBase: 2, base: { titolo: 'Loro' } } })
    expect((await getEntry(e.id))?.conflitto).toBeUndefined()
    await runReplay(db)
    expect(await getEntry(e.id)).toMatchObject({ status: 'done' })
    expect(await getEntry(dep.id)).toMatchObject({ status: 'done' })
    expect(server.versione).toBe(3)
  })

  it('a handler that never merges alone asks even without a field changed on both sides', async () => {
    automatic = false
    server = { campi: { titolo: 'T', testo: 'altri' }, versione: 2 }
    setupReplay({ transport: versionedServer().transport })
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    await runReplay(currentDb()!)
    expect(await getEntry(e.id)).toMatchObject({ status: 'conflict' })
  })

  it('an unreadable corrente needs attention, as any other 409', async () => {
    setupReplay({ transport: scriptedTransport(() => v01(undefined)).transport })
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    await runReplay(currentDb()!)
    expect(await getEntry(e.id)).toMatchObject({ status: 'attention', lastError: { errorCode: 'V01' } })
  })

  it('a record changing under every attempt is left to the user after the automatic merges', async () => {
    server = { campi: { titolo: 'T', testo: 'altri' }, versione: 2 }
    // someone else edits the text before each request arrives
    const t = versionedServer(() => {
      server = { campi: { ...server.campi, testo: `altri ${server.versione}` }, versione: server.versione + 1 }
    })
    setupReplay({ transport: t.transport })
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    await runReplay(currentDb()!)
    expect(t.calls).toHaveLength(MAX_AUTOMATIC_MERGES + 1)
    expect(await getEntry(e.id)).toMatchObject({ status: 'conflict' })
  })

  it('resolveConflict refuses an entry that is not in conflict', async () => {
    const e = await edit({ titolo: 'Mio', testo: 'x' })
    await expect(resolveConflict(e.id, {})).rejects.toThrow(/non è più in conflitto/)
  })

  it('correnteOf reads corrente wherever the transport put it', () => {
    expect(correnteOf(v01({ a: 1 }))).toEqual({ a: 1 })
    expect(correnteOf({ corrente: 2 })).toBe(2)
    expect(correnteOf({ data: { corrente: 3 } })).toBe(3)
    expect(correnteOf(new Error('x'))).toBeUndefined()
  })
})
