import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentDbOwner } from '../../src/offline/db'
import { enqueue, getEntry, listEntries, updateEntryPayload } from '../../src/offline/outbox'
import { getRecord } from '../../src/offline/records'
import { DEPENDENCY_ATTENTION_MESSAGE, NO_HANDLER_MESSAGE, runReplay } from '../../src/offline/replay'
import { AUTH_REQUIRED_MESSAGE, onOfflineEvent } from '../../src/offline/events'
import { getConnectivity } from '../../src/api/connectivity'
import { BACKOFF_CAP_MS } from '../../src/offline/backoff'
import type { OutboxEntry } from '../../src/offline/types'
import {
  freshDb,
  httpError,
  networkError,
  registerTestHandlers,
  resetDbs,
  role,
  setupReplay,
  storedRole,
  timeoutError,
  type CittadinoPayload,
  type ServizioPayload,
  enqueueServizio as servizio,
  enqueueCittadino as cittadino,
  fakeServer,
  statusOf,
} from './helpers'

let unregister: () => void
beforeEach(async () => {
  await resetDbs()
  unregister = registerTestHandlers()
})
afterEach(() => unregister())

describe('replay: order, results and dependencies', () => {
  it('sends in FIFO order with the idempotency key and the role context of each entry, then confirms the records', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    const { transport, calls } = fakeServer()
    setupReplay({ transport })
    const r = await runReplay(db)
    expect(r).toMatchObject({ ran: true, sent: 2, stopped: null })
    expect(calls.map((c) => c.idempotencyKey)).toEqual([a.idempotencyKey, b.idempotencyKey])
    expect(calls[0]).toMatchObject({ method: 'POST', path: 'servizio', roleContext: storedRole('FAC', { utente: currentDbOwner()! }), body: { idLocale: 's-a', idProgramma: 1, idProgetto: 10, idEnte: 100 } })
    expect(await getEntry(a.id)).toMatchObject({ status: 'done', result: { idServizio: 500 }, attempts: 1, lastError: null })
    expect(await getRecord('servizio', 's-a')).toMatchObject({ syncState: 'confermato', idServer: 500 })
    expect(await getRecord('servizio', 's-b')).toMatchObject({ syncState: 'confermato', idServer: 501 })
    expect(await db.meta.get('lastSyncAt')).toBeDefined()
  })

  it('substitutes the parent service id into its citizens once the service is done', async () => {
    const db = await freshDb()
    const s = await servizio('s-1')
    await cittadino('s-1', s.id, 'BNCMRC69S02H501X')
    await cittadino('s-1', s.id, 'FRRGLI78C54H501Q')
    const { transport, calls } = fakeServer()
    setupReplay({ transport })
    await runReplay(db)
    expect(calls.map((c) => c.path)).toEqual(['servizio', 'servizio/500/cittadino', 'servizio/500/cittadino'])
    const rows = await listEntries({ includeDone: true })
    expect(rows.every((e) => e.status === 'done')).toBe(true)
    // the resolved payload is what was sent and is kept
    expect((rows[1] as OutboxEntry<CittadinoPayload>).payload.idServizio).toBe(500)
    expect((await getRecord('cittadino-servizio', 's-1:BNCMRC69S02H501X'))?.syncState).toBe('confermato')
  })

  it('keeps a child waiting while its parent is retrying, and independent entries keep their FIFO order', async () => {
    const db = await freshDb()
    const s1 = await servizio('s-1')
    const c1 = await cittadino('s-1', s1.id, 'BNCMRC69S02H501X')
    const s2 = await servizio('s-2')
    let now = 1_000_000
    const { transport, calls } = fakeServer((req) => (req.idempotencyKey === s1.idempotencyKey && now < 2_000_000 ? httpError(500, 'G01', 'errore') : null))
    setupReplay({ transport, now: () => now })
    const r1 = await runReplay(db)
    expect(r1).toMatchObject({ sent: 1, retrying: 1 })
    expect(calls.map((c) => c.idempotencyKey)).toEqual([s1.idempotencyKey, s2.idempotencyKey])
    expect(await statusOf(s1.id)).toBe('failed-retry')
    expect(await statusOf(c1.id)).toBe('pending')
    expect(await getRecord('cittadino-servizio', 's-1:BNCMRC69S02H501X')).toMatchObject({ syncState: 'locale' })
    expect(await statusOf(s2.id)).toBe('done')
    // backoff: before the retry is due nothing is sent
    const e1 = await getEntry(s1.id)
    expect(e1!.nextAttemptAt).toBe(1_000_000 + 1_000)
    calls.length = 0
    now = 1_000_500
    await runReplay(db)
    expect(calls).toHaveLength(0)
    // server recovered and the retry is due: parent, then child with the substituted id
    now = 2_000_000
    await runReplay(db)
    expect(calls.map((c) => c.path)).toEqual(['servizio', 'servizio/501/cittadino'])
    expect(calls[0]!.idempotencyKey).toBe(s1.idempotencyKey)
    expect(await statusOf(c1.id)).toBe('done')
  })

  it('parks a child, without sending it, when its parent needs attention; editing the parent releases both', async () => {
    const db = await freshDb()
    const s = await servizio('s-1')
    const c = await cittadino('s-1', s.id, 'BNCMRC69S02H501X')
    const indep = await servizio('s-2')
    const { transport, calls } = fakeServer((req) =>
      req.path === 'servizio' && (req.body as ServizioPayload).data === '2025-03-12' && (req.body as ServizioPayload).idLocale === 's-1'
        ? httpError(422, 'A06', 'La data del servizio è fuori dal periodo del progetto')
        : null,
    )
    setupReplay({ transport })
    const r = await runReplay(db)
    expect(r).toMatchObject({ sent: 1, attention: 2 })
    expect(await getEntry(s.id)).toMatchObject({ status: 'attention', lastError: { kind: 'validation', status: 422, errorCode: 'A06', message: 'La data del servizio è fuori dal periodo del progetto (errore A06)' } })
    expect(await getEntry(c.id)).toMatchObject({ status: 'attention', lastError: { kind: 'dependency', message: DEPENDENCY_ATTENTION_MESSAGE } })
    expect(calls.filter((x) => x.path.includes('cittadino'))).toHaveLength(0)
    expect(await statusOf(indep.id)).toBe('done')
    expect(await getRecord('servizio', 's-1')).toMatchObject({ syncState: 'attenzione' })
    // the user fixes the date in the sync centre
    const edited = await updateEntryPayload<ServizioPayload>(s.id, { idLocale: 's-1', nomeServizio: 'Servizio s-1', data: '2025-03-13' })
    expect(edited.idempotencyKey).not.toBe(s.idempotencyKey)
    expect(await statusOf(c.id)).toBe('pending')
    calls.length = 0
    await runReplay(db)
    expect(calls.map((x) => x.path)).toEqual(['servizio', 'servizio/501/cittadino'])
    expect(calls[0]!.idempotencyKey).toBe(edited.idempotencyKey)
    expect(await statusOf(s.id)).toBe('done')
    expect(await statusOf(c.id)).toBe('done')
  })

  it('a 3-day-old outbox survives a new deploy (no maximum age) and is sent', async () => {
    const db = await freshDb()
    const threeDaysAgo = Date.now() - 3 * 24 * 3600_000
    const old = await enqueue<ServizioPayload>({ kind: 'servizio.crea', payload: { idLocale: 'old', nomeServizio: 'Vecchio', data: '2025-03-09' }, roleContext: role() }, threeDaysAgo)
    const { transport } = fakeServer()
    setupReplay({ transport })
    await runReplay(db)
    expect(await getEntry(old.id)).toMatchObject({ status: 'done', createdAt: threeDaysAgo })
  })

  it('parks an entry of a kind nobody handles instead of dropping it', async () => {
    const db = await freshDb()
    const e = await enqueue({ kind: 'sconosciuto', payload: {}, roleContext: role() })
    const { transport, calls } = fakeServer()
    setupReplay({ transport })
    await runReplay(db)
    expect(calls).toHaveLength(0)
    expect(await getEntry(e.id)).toMatchObject({ status: 'attention', lastError: { kind: 'no-handler', message: NO_HANDLER_MESSAGE } })
  })
})

describe('replay: failures never lose a record', () => {
  it('network error: retried later with backoff, the run stops, connectivity goes offline', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    const { transport, calls } = fakeServer(() => networkError())
    setupReplay({ transport, now: () => 5_000 })
    const r = await runReplay(db)
    expect(r).toMatchObject({ sent: 0, retrying: 1, stopped: 'offline' })
    expect(calls).toHaveLength(1)
    expect(await getEntry(a.id)).toMatchObject({ status: 'failed-retry', attempts: 1, nextAttemptAt: 6_000, lastError: { kind: 'network' } })
    expect(await statusOf(b.id)).toBe('pending')
    expect(getConnectivity()).toBe('offline')
  })

  it('500: the entry waits for its retry, the next entries are still tried', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    const { transport } = fakeServer((req) => (req.idempotencyKey === a.idempotencyKey ? httpError(500, 'G01', 'Errore') : null))
    setupReplay({ transport })
    expect(await runReplay(db)).toMatchObject({ sent: 1, retrying: 1, stopped: null })
    expect(await getEntry(a.id)).toMatchObject({ status: 'failed-retry', lastError: { kind: 'server', status: 500 } })
    expect(await statusOf(b.id)).toBe('done')
  })

  it('timeout (answer later than the client waits): resent with the same key, the server answers once', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const { transport, calls } = fakeServer((_req, n) => (n === 1 ? timeoutError() : null))
    setupReplay({ transport })
    await runReplay(db)
    expect(await getEntry(a.id)).toMatchObject({ status: 'failed-retry', lastError: { kind: 'timeout' } })
    await runReplay(db, { force: true })
    expect(calls.map((c) => c.idempotencyKey)).toEqual([a.idempotencyKey, a.idempotencyKey])
    expect(await getEntry(a.id)).toMatchObject({ status: 'done', attempts: 2, result: { idServizio: 500 } })
  })

  it('hours of 503: never discarded, delay never above 5 minutes', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    let now = 0
    const { transport } = fakeServer(() => httpError(503, 'G04', 'Servizio non disponibile'))
    setupReplay({ transport, now: () => now })
    for (let i = 0; i < 60; i++) {
      now += 3 * 60_000 + 1
      await runReplay(db, { force: true })
      const e = await getEntry(a.id)
      expect(e?.status).toBe('failed-retry')
      expect(e!.nextAttemptAt - now).toBeLessThanOrEqual(BACKOFF_CAP_MS)
    }
    expect((await getEntry(a.id))?.attempts).toBe(60)
  })

  it('401 then a successful token refresh: resent once with the same key', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const { transport, calls } = fakeServer((_req, n) => (n === 1 ? httpError(401, null, 'Token scaduto') : null))
    const { refreshTokens } = setupReplay({ transport, refreshTokens: async () => true })
    await runReplay(db)
    expect(refreshTokens).toHaveBeenCalledTimes(1)
    expect(calls.map((c) => c.idempotencyKey)).toEqual([a.idempotencyKey, a.idempotencyKey])
    expect(await statusOf(a.id)).toBe('done')
  })

  it('401 and the refresh fails: everything pauses, "nessun dato andrà perso", resumed after a new login', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    const c = await cittadino('s-a', a.id, 'BNCMRC69S02H501X')
    let token = 'token-old'
    let expired = true
    const { transport, calls } = fakeServer(() => (expired ? httpError(401, null, 'Token scaduto') : null))
    const { refreshTokens } = setupReplay({ transport, refreshTokens: async () => false, currentToken: () => token })
    const events = vi.fn()
    const off = onOfflineEvent('auth-required', events)
    const r = await runReplay(db)
    off()
    expect(r.stopped).toBe('auth')
    expect(refreshTokens).toHaveBeenCalledTimes(1)
    expect(events).toHaveBeenCalledWith({ message: AUTH_REQUIRED_MESSAGE })
    expect(AUTH_REQUIRED_MESSAGE).toBe('Sessione scaduta: accedi di nuovo per inviare i dati. Nessun dato andrà perso.')
    for (const id of [a.id, b.id, c.id]) expect(await statusOf(id)).toBe('paused-auth')
    expect(await listEntries()).toHaveLength(3)
    // same (refused) token: nothing is sent
    calls.length = 0
    await runReplay(db)
    expect(calls).toHaveLength(0)
    // the user logs in again
    token = 'token-new'
    expired = false
    await runReplay(db)
    expect(calls.map((x) => x.path)).toEqual(['servizio', 'servizio', 'servizio/500/cittadino'])
    expect((await listEntries()).length).toBe(0)
  })

  it('401 for the token of before a new login that happened meanwhile: not paused, sent again with the new token', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    let token = 'token-old'
    const sentWith: string[] = []
    // the login completes while the first request is out with the old token, which the server refuses
    const { transport, calls } = fakeServer(() => {
      sentWith.push(token)
      if (token === 'token-old') {
        token = 'token-new'
        return httpError(401, null, 'Token scaduto')
      }
      return null
    })
    const { refreshTokens } = setupReplay({ transport, refreshTokens: async () => false, currentToken: () => token })
    const events = vi.fn()
    const off = onOfflineEvent('auth-required', events)
    const r = await runReplay(db)
    off()
    expect(r.stopped).toBeFalsy()
    expect(events).not.toHaveBeenCalled()
    expect(refreshTokens).not.toHaveBeenCalled()
    // in order: the refused one again at once with the new token, then the next one
    expect(sentWith).toEqual(['token-old', 'token-new', 'token-new'])
    expect(calls.map((c) => c.idempotencyKey)).toEqual([a.idempotencyKey, a.idempotencyKey, b.idempotencyKey])
    expect((await listEntries()).length).toBe(0)
  })

  it('422: attention with the server message, editable, sent after the edit', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const { transport, calls } = fakeServer((req) => ((req.body as ServizioPayload).nomeServizio === '' ? httpError(422, 'G02', "Il campo 'Nome' è obbligatorio") : null))
    await updateEntryPayload<ServizioPayload>(a.id, { idLocale: 's-a', nomeServizio: '', data: '2025-03-12' })
    setupReplay({ transport })
    await runReplay(db)
    expect(await getEntry(a.id)).toMatchObject({ status: 'attention', lastError: { message: "Il campo 'Nome' è obbligatorio (errore G02)" } })
    // not retried automatically
    await runReplay(db, { force: true })
    expect(calls).toHaveLength(1)
    await updateEntryPayload<ServizioPayload>(a.id, { idLocale: 's-a', nomeServizio: 'Corso SPID', data: '2025-03-12' })
    await runReplay(db)
    expect(calls).toHaveLength(2)
    expect(calls[1]!.idempotencyKey).not.toBe(calls[0]!.idempotencyKey)
    expect(await statusOf(a.id)).toBe('done')
  })

  it('413 (data over the server\'s limit): attention with the server\'s message, kept and not retried, the next entries still sent', async () => {
    const db = await freshDb()
    const a = await servizio('s-a', 'x'.repeat(50))
    const b = await servizio('s-b')
    const { transport, calls } = fakeServer((req) => ((req.body as ServizioPayload).nomeServizio.length === 50
      ? httpError(413, 'G02', 'La richiesta supera la dimensione massima accettata (1 MB): riduci i dati o gli allegati e riprova.') : null))
    setupReplay({ transport })
    const r = await runReplay(db)
    expect(r).toMatchObject({ sent: 1, attention: 1, stopped: null })
    expect(await getEntry(a.id)).toMatchObject({ status: 'attention', payload: { nomeServizio: 'x'.repeat(50) }, lastError: { kind: 'too-large', status: 413, message: 'La richiesta supera la dimensione massima accettata (1 MB): riduci i dati o gli allegati e riprova. (errore G02)' } })
    expect(await statusOf(b.id)).toBe('done')
    await runReplay(db, { force: true })
    expect(calls.filter((c) => c.idempotencyKey === a.idempotencyKey)).toHaveLength(1)
  })
})
