/**
 * Issue 24 point 8: every list and card a manager opened in the last 7 days is readable at the next offline
 * start, not only the last one saved. Over fake IndexedDB, asserted through what a new start restores (the
 * storage layout is not looked at): a refresh that failed offline does not drop a card from the device, and
 * the saves of a second window of the app (an installed app and a browser tab) never erase what the first saved.
 */
import { render, screen } from '@testing-library/react'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { PERSISTENT_CARD, PERSISTENT_READ, QueryProvider, queryClient } from '../../src/api/query'
import { bindQueryPersistence, clearStoredQueries, QUERY_CACHE_DB_NAME, queryPersistenceReady } from '../../src/api/query-persist'
import { resetSessionForTests } from '../../src/auth/session'
import { writeAuth, writeSessionData } from '../../src/auth/token-store'
import { contesto, fakeJwt, installFetch, profile } from '../auth/helpers'

const CF_REG = 'CNTLRA75H61F205P'

function logIn(cf: string) {
  const now = Math.floor(Date.now() / 1000)
  writeAuth({ id_token: fakeJwt({ sub: cf, iat: now, exp: now + 3600 }), refresh_token: null, expires_in: 3600, session_timestamp: Date.now() })
  const p = profile('REG')
  writeSessionData({ user: { ...contesto([p]), id: 7, codiceFiscale: cf }, profile: p })
  resetSessionForTests()
}

/** Everything stored in the query cache database, whatever its tables, as one text. */
function storedText(): Promise<string> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(QUERY_CACHE_DB_NAME)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      const names = [...db.objectStoreNames]
      if (names.length === 0) {
        db.close()
        resolve('')
        return
      }
      const tx = db.transaction(names)
      const parts: unknown[] = []
      for (const name of names) {
        const req = tx.objectStore(name).getAll()
        req.onsuccess = () => parts.push(req.result)
      }
      tx.oncomplete = () => {
        db.close()
        resolve(JSON.stringify(parts))
      }
      tx.onerror = () => reject(tx.error)
    }
  })
}

/** Waits until the throttled saves put `text` on the device. */
async function waitForStored(...texts: string[]) {
  for (let i = 0; i < 100; i++) {
    const stored = await storedText()
    if (texts.every((t) => stored.includes(t))) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`non salvato: ${texts.join(', ')}`)
}

const lista = (nome: string) => ({ righe: [`Riga di ${nome}`] })
const scheda = (nome: string) => ({ nome: `Scheda ${nome}` })

/** A manager's browsing: lists and cards, each its own query. */
async function open(client: QueryClient, kind: 'lista' | 'scheda', nome: string) {
  const options = kind === 'lista' ? PERSISTENT_READ : PERSISTENT_CARD
  await client.fetchQuery({ ...options, queryKey: [nome, kind, 'REG', 2], queryFn: () => (kind === 'lista' ? lista(nome) : scheda(nome)) })
}

/** A new start of the app: memory empty, the stored reads restored. */
async function restart(): Promise<void> {
  unbind()
  queryClient.clear()
  unbind = bindQueryPersistence(queryClient)
  await queryPersistenceReady()
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

describe('every read opened in the last days is restored at the next start (issue 24 point 8)', () => {
  it('four lists and two cards, a card whose refresh failed offline included', async () => {
    logIn(CF_REG)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()
    for (const nome of ['programmi', 'progetti', 'enti', 'sedi']) await open(queryClient, 'lista', nome)
    await open(queryClient, 'scheda', 'programma-2')
    await open(queryClient, 'scheda', 'progetto-3')
    await waitForStored('Riga di sedi', 'Scheda programma-2', 'Scheda progetto-3')

    // offline start on the first card: shown from the device, its refresh fails (no network)
    await restart()
    function Card() {
      const q = useQuery({
        ...PERSISTENT_CARD,
        queryKey: ['programma-2', 'scheda', 'REG', 2],
        queryFn: (): Promise<{ nome: string }> => Promise.reject(new TypeError('Failed to fetch')),
        retry: false,
      })
      return <p>{q.data?.nome ?? 'Caricamento'} {q.isError ? 'aggiornamento non riuscito' : ''}</p>
    }
    render(<QueryProvider><Card /></QueryProvider>)
    expect(await screen.findByText(/Scheda programma-2 aggiornamento non riuscito/)).toBeTruthy()
    // something else is saved afterwards (another page read)
    await open(queryClient, 'lista', 'utenti-ruoli')
    await waitForStored('Riga di utenti-ruoli')

    await restart()
    for (const nome of ['programmi', 'progetti', 'enti', 'sedi', 'utenti-ruoli']) {
      expect(queryClient.getQueryData([nome, 'lista', 'REG', 2]), nome).toEqual(lista(nome))
    }
    expect(queryClient.getQueryData(['programma-2', 'scheda', 'REG', 2])).toEqual(scheda('programma-2'))
    expect(queryClient.getQueryData(['progetto-3', 'scheda', 'REG', 2])).toEqual(scheda('progetto-3'))
  })

  it('two windows of the app: the saves of one never erase the reads the other saved', async () => {
    logIn(CF_REG)
    unbind = bindQueryPersistence(queryClient)
    await queryPersistenceReady()

    // a second window (installed app and a browser tab): its own copy of the modules and its own client
    vi.resetModules()
    const second = await import('../../src/api/query-persist')
    const { QueryClient } = await import('@tanstack/react-query')
    const client2 = new QueryClient()
    const unbind2 = second.bindQueryPersistence(client2)
    try {
      await second.queryPersistenceReady()

      // the first window opens four lists and a card, the second one then opens another card
      for (const nome of ['programmi', 'progetti', 'enti', 'sedi']) await open(queryClient, 'lista', nome)
      await open(queryClient, 'scheda', 'programma-2')
      await waitForStored('Riga di sedi', 'Scheda programma-2')
      await open(client2, 'scheda', 'progetto-3')
      await waitForStored('Scheda progetto-3')
      await open(client2, 'lista', 'servizi')
      await waitForStored('Riga di servizi')
    } finally {
      unbind2()
      client2.clear()
    }

    await restart()
    for (const nome of ['programmi', 'progetti', 'enti', 'sedi', 'servizi']) {
      expect(queryClient.getQueryData([nome, 'lista', 'REG', 2]), nome).toEqual(lista(nome))
    }
    expect(queryClient.getQueryData(['programma-2', 'scheda', 'REG', 2])).toEqual(scheda('programma-2'))
    expect(queryClient.getQueryData(['progetto-3', 'scheda', 'REG', 2])).toEqual(scheda('progetto-3'))
  })
})
