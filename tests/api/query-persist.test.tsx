/**
 * Managers read offline (issue 9 point 6): the persisted read cache of src/api/query-persist.ts, over
 * fake IndexedDB: one row per query (issue 24 point 8) under the user's owner hash, restored before the
 * queries run, only the persistable reads, never a fiscal code in clear, another user never reads them,
 * emptied at logout.
 */
import { act, render, screen } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { PERSISTENT_READ, QueryProvider, queryClient } from '../../src/api/query'
import {
  bindQueryPersistence, clearStoredQueries, isRestoringQueries, PERSIST_BUSTER, QUERY_CACHE_DB_NAME, queryPersistenceReady, storeKeyOf,
} from '../../src/api/query-persist'
import { logout } from '../../src/auth/logout'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { PERSIST_MAX_AGE_MS } from '../../src/lib/query-persist-rules'
import { contesto, fakeJwt, installFetch, profile } from '../auth/helpers'

const CF_A = 'RMNSRA92E51A944H'
const CF_B = 'FRRGLI78C54H501Q'
const CF_CITIZEN = 'RSSMRA85T10A562S'

function logIn(cf: string, id: number) {
  const now = Math.floor(Date.now() / 1000)
  writeAuth({ id_token: fakeJwt({ sub: cf, iat: now, exp: now + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  const p = profile('DTD')
  writeSessionData({ user: { ...contesto([p]), id, codiceFiscale: cf }, profile: p })
  resetSessionForTests()
}

interface Row { key: string; owner: string; queryHash: string; value: string; buster: string; dataUpdatedAt: number; size: number }
function openCache() {
  const db = new Dexie(QUERY_CACHE_DB_NAME)
  db.version(1).stores({ clients: 'key, savedAt' })
  db.version(2).stores({ clients: null, queries: 'key, owner, dataUpdatedAt' })
  return db
}
async function rows(): Promise<Row[]> {
  const db = openCache()
  try {
    return await db.table<Row>('queries').toArray()
  } finally {
    db.close()
  }
}

/** Waits until the throttled save wrote a row holding `text` (or `count` rows). */
async function waitForSave(check: (rows: Row[]) => boolean) {
  for (let i = 0; i < 60; i++) {
    if (check(await rows())) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('nessun salvataggio')
}

let unbind: () => void = () => undefined

beforeEach(() => {
  localStorage.clear()
  installFetch({})
})
afterEach(async () => {
  unbind()
  queryClient.clear()
  await clearStoredQueries()
  vi.unstubAllGlobals()
})

/** Fills the client as a manager's pages would: two persistable reads, one not marked, one with a fiscal code. */
async function browse(tag: string) {
  await queryClient.fetchQuery({ ...PERSISTENT_READ, queryKey: ['servizi', 'lista', tag], queryFn: () => ({ righe: [`Laboratorio ${tag}`] }) })
  await queryClient.fetchQuery({ ...PERSISTENT_READ, queryKey: ['servizi', 'scheda', tag], queryFn: () => ({ nome: `Scheda ${tag}` }) })
  await queryClient.fetchQuery({ queryKey: ['questionari', 'compilato', tag], queryFn: () => ({ risposte: 'non persistita' }) })
  await queryClient.fetchQuery({ ...PERSISTENT_READ, queryKey: ['utenti', 'lista', tag], queryFn: () => ({ utenti: [{ nome: 'Rossi', codiceFiscale: CF_CITIZEN }] }) })
}

describe('persisted read cache of the managers (issue 9 point 6)', () => {
  it('saves only the persistable reads of the user, under a hashed key, without any fiscal code in clear', async () => {
    logIn(CF_A, 1)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    await browse('A')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda A')))
    const stored = await rows()
    // one row per persistable read: the list and the card (not the unmarked one, not the one with a fiscal code)
    expect(stored).toHaveLength(2)
    const owner = await storeKeyOf(CF_A)
    expect(owner).toMatch(/^rq-[0-9a-f]{64}$/)
    for (const row of stored) {
      expect(row.owner).toBe(owner)
      expect(row.key).toBe(`${owner}|${row.queryHash}`)
      expect(row.buster).toBe(PERSIST_BUSTER)
    }
    const all = stored.map((r) => r.value).join('\n')
    expect(all).toContain('Laboratorio A')
    expect(all).not.toContain('non persistita')
    expect(all).not.toContain(CF_CITIZEN)
    expect(all).not.toMatch(new RegExp(`${CF_A}|${CF_B}`, 'i'))
    const keys = stored.map((r) => (JSON.parse(r.value) as { queryKey: unknown[] }).queryKey[1])
    expect(keys).toEqual(expect.arrayContaining(['lista', 'scheda']))
  })

  it('restores at start before the queries run: an offline start shows the data', async () => {
    logIn(CF_A, 1)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    await browse('A')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda A')))
    // a new start: memory emptied, persistence bound again
    unbind()
    queryClient.clear()
    unbind = bindQueryPersistence(queryClient)
    expect(isRestoringQueries()).toBe(true)
    const queryFn = vi.fn((): Promise<{ righe: string[] }> => Promise.reject(new Error('offline')))
    function Lista() {
      const q = useQuery({ ...PERSISTENT_READ, queryKey: ['servizi', 'lista', 'A'], queryFn, staleTime: Infinity })
      return <p>{q.data ? q.data.righe[0] : 'Caricamento'}</p>
    }
    render(<QueryProvider><Lista /></QueryProvider>)
    expect(await screen.findByText('Laboratorio A')).toBeTruthy()
    expect(queryFn).not.toHaveBeenCalled()
    expect(isRestoringQueries()).toBe(false)
  })

  it('another user on the same browser never reads the first one’s store, and the memory is emptied', async () => {
    logIn(CF_A, 1)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    await browse('A')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda A')))
    // B logs in (A's session ended without a logout)
    logIn(CF_B, 2)
    expect(queryClient.getQueryData(['servizi', 'lista', 'A'])).toBeUndefined()
    await queryPersistenceReady()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    await browse('B')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda B')))
    const stored = await rows()
    const keyB = await storeKeyOf(CF_B)
    const b = stored.filter((x) => x.owner === keyB).map((x) => x.value).join('\n')
    expect(b).toContain('Scheda B')
    expect(b).not.toContain('Scheda A')
    // a restart as B restores B's reads only
    unbind()
    queryClient.clear()
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    expect(queryClient.getQueryData(['servizi', 'scheda', 'B'])).toEqual({ nome: 'Scheda B' })
    expect(queryClient.getQueryData(['servizi', 'scheda', 'A'])).toBeUndefined()
  })

  it('logout deletes the stores of the device, and a save queued before it is dropped', async () => {
    logIn(CF_A, 1)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    await browse('A')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda A')))
    queryClient.setQueryData(['servizi', 'lista', 'A'], { righe: ['Modificato'] }) // a save is queued (throttled)
    await act(() => logout())
    expect(await rows()).toEqual([])
    await new Promise((r) => setTimeout(r, 1_300))
    expect(await rows()).toEqual([])
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })

  it('a store older than 7 days, or of another release, is discarded', async () => {
    logIn(CF_A, 1)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    await browse('A')
    await waitForSave((r) => r.some((x) => x.value.includes('Scheda A')))
    unbind()
    queryClient.clear()
    const db = openCache()
    for (const row of await db.table<Row>('queries').toArray()) await db.table('queries').put({ ...row, buster: 'versione-precedente' })
    db.close()
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(await rows()).toEqual([])

    // expired: every read too old
    unbind()
    await browse('A')
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    queryClient.setQueryData(['servizi', 'lista', 'A'], { righe: ['Laboratorio A'] })
    await waitForSave((r) => r.length === 1)
    unbind()
    queryClient.clear()
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + PERSIST_MAX_AGE_MS + 60_000)
    try {
      unbind = bindQueryPersistence(queryClient)
      await queryPersistenceReady()
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
      expect(await rows()).toEqual([])
    } finally {
      vi.restoreAllMocks()
    }
  })
})
