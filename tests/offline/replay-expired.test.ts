/**
 * Issue 24 point 7: a session marked expired (src/auth/session-end.ts) sends nothing; its waiting entries
 * are paused for the login at once ('In pausa: accesso richiesto', "nessun dato andrà perso") and sent,
 * once each, after the user logged in again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enqueue, getEntry, listEntries } from '../../src/offline/outbox'
import { configureReplay, runReplay } from '../../src/offline/replay'
import { AUTH_REQUIRED_MESSAGE, onOfflineEvent } from '../../src/offline/events'
import { freshDb, registerTestHandlers, resetDbs, role, scriptedTransport, setupReplay, type ServizioPayload } from './helpers'

let unregister: () => void
beforeEach(async () => {
  await resetDbs()
  unregister = registerTestHandlers()
})
afterEach(() => unregister())

const servizio = (idLocale: string) =>
  enqueue<ServizioPayload>({
    kind: 'servizio.crea',
    payload: { idLocale, nomeServizio: `Servizio ${idLocale}`, data: '2025-03-12' },
    roleContext: role(),
    record: { tipo: 'servizio', idLocale, data: { nome: idLocale } },
  })

describe('replay on a session marked expired', () => {
  it('pauses every waiting entry without sending, then sends each once after the new login', async () => {
    const db = await freshDb()
    const a = await servizio('s-a')
    const b = await servizio('s-b')
    let next = 500
    const { transport, calls } = scriptedTransport(() => ({ idServizio: next++ }))
    let expired = true
    let token = 'token-scaduto'
    const { refreshTokens } = setupReplay({ transport, currentToken: () => token })
    configureReplay({ sessionExpired: () => expired })
    const events = vi.fn()
    const off = onOfflineEvent('auth-required', events)
    try {
      const r = await runReplay(db, { force: true })
      expect(r.stopped).toBe('auth')
      expect(calls).toHaveLength(0)
      expect(refreshTokens).not.toHaveBeenCalled()
      for (const e of [a, b]) expect((await getEntry(e.id))?.status).toBe('paused-auth')
      expect(events).toHaveBeenCalledWith({ message: AUTH_REQUIRED_MESSAGE })
      expect(AUTH_REQUIRED_MESSAGE).toContain('Nessun dato andrà perso')

      // 'Sincronizza ora' while still expired: nothing goes out, nothing is lost
      await runReplay(db, { force: true })
      expect(calls).toHaveLength(0)
      expect(await listEntries()).toHaveLength(2)

      // logged in again: new token, no longer expired
      expired = false
      token = 'token-nuovo'
      await runReplay(db)
      expect(calls.map((c) => c.idempotencyKey)).toEqual([a.idempotencyKey, b.idempotencyKey])
      expect(await listEntries()).toHaveLength(0)
    } finally {
      off()
    }
  })
})
