// @vitest-environment node
/**
 * Route loaders' reads (src/api/prefetch.ts, issue 26 point 4): the loader warms the cache with the page's own
 * query options and changes nothing the user sees — never on preload, never without a session, never offline,
 * never before the persisted reads are restored, never a rejection, never a read the page gates with `enabled`.
 */
import { onlineManager, QueryClient, queryOptions } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const state = vi.hoisted(() => ({ ready: true, restoring: false, readyPromise: Promise.resolve() as Promise<void> }))
const client = vi.hoisted(() => ({ current: null as unknown }))

vi.mock('../../src/api/query', () => ({
  get queryClient() { return client.current },
  sessionReady: () => state.ready,
}))
vi.mock('../../src/api/query-persist', () => ({
  isRestoringQueries: () => state.restoring,
  queryPersistenceReady: () => state.readyPromise,
}))

import { mayPrefetch, prefetchRead, prefetchReads } from '../../src/api/prefetch'

const read = (fn: () => Promise<string>, key = 'a') => queryOptions({ queryKey: ['prova', key], queryFn: fn })

beforeEach(() => {
  client.current = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  state.ready = true
  state.restoring = false
  state.readyPromise = Promise.resolve()
  onlineManager.setOnline(true)
})
afterEach(() => onlineManager.setOnline(true))

const qc = () => client.current as QueryClient

describe('prefetchReads', () => {
  it('starts the page\'s read on a navigation: the data is in the client under the same key', async () => {
    const fn = vi.fn(async () => 'scheda')
    await prefetchReads({ preload: false }, () => [read(fn)])
    expect(fn).toHaveBeenCalledTimes(1)
    expect(qc().getQueryData(['prova', 'a'])).toBe('scheda')
  })

  it('does not read again what the client holds (the page judges staleness on mount)', async () => {
    qc().setQueryData(['prova', 'a'], 'copia')
    const fn = vi.fn(async () => 'nuova')
    await prefetchReads({ preload: false }, () => [read(fn)])
    expect(fn).not.toHaveBeenCalled()
    expect(qc().getQueryData(['prova', 'a'])).toBe('copia')
  })

  it('does nothing on a preload, without a session or offline; the options are not even built', async () => {
    const reads = vi.fn(() => [read(async () => 'x')])
    await prefetchReads({ preload: true }, reads)
    state.ready = false
    await prefetchReads({ preload: false }, reads)
    state.ready = true
    onlineManager.setOnline(false)
    await prefetchReads({ preload: false }, reads)
    expect(reads).not.toHaveBeenCalled()
    expect(mayPrefetch({ preload: false })).toBe(false)
  })

  it('never rejects: a failed read stays a failed query for the page to show', async () => {
    const err = Object.assign(new Error('non trovato'), { status: 404 })
    await expect(prefetchReads({ preload: false }, () => [read(async () => { throw err })])).resolves.toBeUndefined()
    expect(qc().getQueryState(['prova', 'a'])?.status).toBe('error')
    await expect(prefetchReads({ preload: false }, () => { throw new Error('opzioni') })).resolves.toBeUndefined()
  })

  it('leaves to the page a read gated by `enabled`, and skips null entries', async () => {
    const fn = vi.fn(async () => 'x')
    await prefetchReads({ preload: false }, () => [{ ...read(fn), enabled: false }, { ...read(fn, 'b'), enabled: () => true }, null])
    expect(fn).not.toHaveBeenCalled()
  })

  it('waits for the restore of the persisted reads: a restored copy is not fetched again', async () => {
    let finish!: () => void
    state.restoring = true
    state.readyPromise = new Promise<void>((r) => { finish = r })
    const fn = vi.fn(async () => 'rete')
    const done = prefetchReads({ preload: false }, () => [read(fn)])
    await new Promise((r) => setTimeout(r, 10))
    expect(fn).not.toHaveBeenCalled()
    qc().setQueryData(['prova', 'a'], 'ripristinata')
    state.restoring = false
    finish()
    await done
    expect(fn).not.toHaveBeenCalled()
    expect(qc().getQueryData(['prova', 'a'])).toBe('ripristinata')
  })

  it('prefetchRead returns nothing: the router never waits for the data', () => {
    let release!: (v: string) => void
    const pending = new Promise<string>((r) => { release = r })
    expect(prefetchRead({ preload: false }, () => [read(() => pending)])).toBeUndefined()
    release('x')
  })
})
