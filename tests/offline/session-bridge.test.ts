import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { logout, resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { currentDb, currentDbOwner } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { roleContextFromSession, startOfflineSession, syncDbWithSession, unsentCountForLogout } from '../../src/offline/session-bridge'
import { contesto, profile } from '../auth/helpers'
import { CF_LUCA, CF_SARA, resetDbs } from './helpers'

const FAC = profile('FAC', { idProgramma: 3, idProgetto: 30, idEnte: 300 })

function login(cf: string) {
  writeAuth({ id_token: `tok-${cf}`, refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  writeSessionData({ user: { ...contesto([FAC]), codiceFiscale: cf }, profile: FAC })
  resetSessionForTests(true)
}

let stop: () => void = () => undefined
beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  configureConnectivityForTests({ state: 'offline' })
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
})
afterEach(() => {
  stop()
  vi.unstubAllGlobals()
})

describe('session bridge', () => {
  it("opens the logged user's database, gives the role context, warns about unsent entries and keeps them after logout", async () => {
    login(CF_SARA)
    stop = startOfflineSession()
    await syncDbWithSession()
    const sara = currentDbOwner()
    expect(sara).toMatch(/^[0-9a-f]{64}$/)
    const rc = roleContextFromSession()
    expect(rc).toEqual({ codiceRuolo: 'FAC', idProgramma: 3, idProgetto: 30, idEnte: 300, cfUtente: CF_SARA })
    const name = currentDb()!.name
    await enqueue({ kind: 'servizio.crea', payload: { n: 1 }, roleContext: rc! })
    await enqueue({ kind: 'servizio.crea', payload: { n: 2 }, roleContext: rc! })
    await currentDb()!.cache.put({ key: 'campo:riferimenti:FAC:3:30:300', value: { sedi: ['Biblioteca'] }, fetchedAt: 1 })
    expect(await unsentCountForLogout()).toBe(2)
    await logout()
    // the logout waited for the clean-up: only the two unsent entries are left
    const left = new Dexie(name)
    await left.open()
    expect(await left.table('outbox').count()).toBe(2)
    expect(await left.table('cache').count()).toBe(0)
    left.close()
    await syncDbWithSession()
    expect(currentDb()).toBeNull()
    expect(roleContextFromSession()).toBeNull()
    expect(await unsentCountForLogout()).toBe(0)
    // Luca logs in on the same browser: an empty outbox of his own
    login(CF_LUCA)
    await syncDbWithSession()
    expect(currentDbOwner()).toMatch(/^[0-9a-f]{64}$/)
    expect(currentDbOwner()).not.toBe(sara)
    expect(await listEntries()).toEqual([])
    // Sara again: her entries are still there
    login(CF_SARA)
    await syncDbWithSession()
    expect((await listEntries()).map((e) => e.payload)).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('logout with nothing unsent deletes the user database before leaving the page', async () => {
    login(CF_SARA)
    stop = startOfflineSession()
    await syncDbWithSession()
    const db = currentDb()!
    await db.cache.put({ key: 'campo:riferimenti:FAC:3:30:300', value: { sedi: ['Biblioteca'] }, fetchedAt: 1 })
    await db.records.put({ tipo: 'servizio', idLocale: 'srv-1', idServer: 1, data: { nome: 'Corso SPID' }, syncState: 'confermato', updatedAt: 1 })
    await logout()
    expect(await Dexie.getDatabaseNames()).not.toContain(db.name)
  })
})
