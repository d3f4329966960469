// @vitest-environment node
import { parseSetProgress, parseSetRequest, type OfflineSetProgress } from '../../sw/messages'
import {
  OFFLINE_SETS_CACHE,
  OfflineSets,
  REVISION_PARAM,
  cacheKeyFor,
  partitionManifest,
} from '../../sw/offline-sets'

const ORIGIN = 'https://pd.example'

/** A Cache Storage in memory: exact-URL keys, like the Cache API without Vary. */
class FakeCache {
  readonly store = new Map<string, Response>()
  private key(r: RequestInfo | URL): string {
    return typeof r === 'string' ? new URL(r, ORIGIN).href : r instanceof URL ? r.href : r.url
  }
  async match(r: RequestInfo | URL): Promise<Response | undefined> {
    return this.store.get(this.key(r))?.clone()
  }
  async put(r: RequestInfo | URL, response: Response): Promise<void> {
    this.store.set(this.key(r), response)
  }
  async keys(): Promise<Request[]> {
    return [...this.store.keys()].map((k) => new Request(k))
  }
  async delete(r: RequestInfo | URL): Promise<boolean> {
    return this.store.delete(this.key(r))
  }
}

class FakeCaches {
  readonly caches = new Map<string, FakeCache>()
  async open(name: string): Promise<Cache> {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache())
    return this.caches.get(name)! as unknown as Cache
  }
  get(name: string): FakeCache {
    return this.caches.get(name) ?? new FakeCache()
  }
}

/** A network answering every path with its name, except the paths in `down` (rejected) and `missing` (404). */
function network(opts: { down?: Set<string>; missing?: Set<string> } = {}) {
  const calls: Array<{ url: string; cache: RequestCache }> = []
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    calls.push({ url: request.url, cache: request.cache })
    if (opts.down?.has(path)) throw new TypeError('Failed to fetch')
    if (opts.missing?.has(path)) return new Response('no', { status: 404 })
    return new Response(`body of ${path}`, { status: 200 })
  })
  return { fetch, calls }
}

const MANIFEST = [
  { url: 'index.html', revision: 'i1' },
  { url: 'assets/index-a.js', revision: null },
  { url: 'assets/servizi-a.js', revision: null, sets: ['field'] },
  { url: 'assets/ItPencil-a.js', revision: null, sets: ['field'] },
  { url: 'assets/token-a.js', revision: null, sets: ['field', 'survey'] },
  { url: 'data/province.json', revision: 'p1', sets: ['field'] },
]

function setUp(manifest = MANIFEST, net = network(), extra: { onProgress?: (p: OfflineSetProgress) => void } = {}) {
  const caches = new FakeCaches()
  const { core, onDemand } = partitionManifest(manifest, `${ORIGIN}/sw.js`)
  const sets = new OfflineSets(onDemand, { caches, fetch: net.fetch, reportIntervalMs: 0, concurrency: 2, ...extra })
  return { caches, core, onDemand, sets, net }
}

describe('manifest partition', () => {
  it('gives workbox the unmarked entries and keeps the marked ones, with absolute URLs and revision keys', () => {
    const { core, onDemand } = setUp()
    expect(core).toEqual([{ url: 'index.html', revision: 'i1' }, { url: 'assets/index-a.js', revision: null }])
    expect(onDemand.map((e) => [e.url, e.cacheKey, e.sets])).toEqual([
      [`${ORIGIN}/assets/servizi-a.js`, `${ORIGIN}/assets/servizi-a.js`, ['field']],
      [`${ORIGIN}/assets/ItPencil-a.js`, `${ORIGIN}/assets/ItPencil-a.js`, ['field']],
      [`${ORIGIN}/assets/token-a.js`, `${ORIGIN}/assets/token-a.js`, ['field', 'survey']],
      [`${ORIGIN}/data/province.json`, `${ORIGIN}/data/province.json?${REVISION_PARAM}=p1`, ['field']],
    ])
    expect(partitionManifest(['assets/plain.js'], `${ORIGIN}/sw.js`).core).toEqual(['assets/plain.js'])
  })

  it('builds the keys workbox-precaching builds', () => {
    expect(cacheKeyFor(`${ORIGIN}/a.json`, null)).toBe(`${ORIGIN}/a.json`)
    expect(cacheKeyFor(`${ORIGIN}/a.json`, 'x y')).toBe(`${ORIGIN}/a.json?__WB_REVISION__=x+y`)
  })
})

describe('offline sets in the service worker', () => {
  it('fetches the missing files of a set with progress, then reports it ready; a second run fetches nothing', async () => {
    const reports: OfflineSetProgress[] = []
    const { sets, caches, net } = setUp(MANIFEST, network(), { onProgress: (p) => reports.push(p) })
    expect(await sets.status('field')).toMatchObject({ status: 'missing', done: 0, total: 4 })

    const final = await sets.ensure('field')
    expect(final).toEqual({ type: 'OFFLINE_SET_PROGRESS', set: 'field', status: 'ready', done: 4, total: 4, failed: 0 })
    expect(reports[0]).toMatchObject({ status: 'downloading', done: 0, total: 4 })
    expect(reports.at(-1)).toEqual(final)
    expect(reports.map((r) => r.done)).toEqual([...reports.map((r) => r.done)].sort())
    expect([...caches.get(OFFLINE_SETS_CACHE).store.keys()].sort()).toEqual(
      [`${ORIGIN}/assets/ItPencil-a.js`, `${ORIGIN}/assets/servizi-a.js`, `${ORIGIN}/assets/token-a.js`, `${ORIGIN}/data/province.json?__WB_REVISION__=p1`].sort(),
    )
    // a revisioned file bypasses the HTTP cache (a stale copy must not be stored under the new revision)
    expect(net.calls.find((c) => c.url.endsWith('province.json'))?.cache).toBe('reload')
    expect(net.calls.find((c) => c.url.endsWith('servizi-a.js'))?.cache).toBe('default')

    net.fetch.mockClear()
    expect(await sets.ensure('field')).toMatchObject({ status: 'ready', done: 4 })
    expect(net.fetch).not.toHaveBeenCalled()
    expect(await sets.status('field')).toMatchObject({ status: 'ready', done: 4, total: 4 })
    // the survey's file is already there
    expect(await sets.status('survey')).toMatchObject({ status: 'ready', done: 1, total: 1 })
  })

  it('reports an error with the files it could not fetch, and completes on a later run', async () => {
    const net = network({ down: new Set(['/assets/ItPencil-a.js']), missing: new Set(['/data/province.json']) })
    const { sets } = setUp(MANIFEST, net)
    expect(await sets.ensure('field')).toMatchObject({ status: 'error', done: 2, total: 4, failed: 2 })
    expect(await sets.status('field')).toMatchObject({ status: 'error', done: 2, failed: 2 })
    net.fetch.mockImplementation(async (request: Request) => new Response(`ok ${request.url}`, { status: 200 }))
    expect(await sets.ensure('field')).toMatchObject({ status: 'ready', done: 4, failed: 0 })
    expect(net.fetch).toHaveBeenCalledTimes(2 + 4)
  })

  it('joins a running download instead of starting another; a quiet download reports nothing', async () => {
    const reports: OfflineSetProgress[] = []
    const { sets, net } = setUp(MANIFEST, network(), { onProgress: (p) => reports.push(p) })
    const [a, b] = await Promise.all([sets.ensure('survey', { quiet: true }), sets.ensure('survey', { quiet: true })])
    expect(a).toBe(b)
    expect(net.fetch).toHaveBeenCalledTimes(1)
    expect(reports).toEqual([])
  })

  it('answers a request for a file of a set from the cache, else from the network, keeping what it got', async () => {
    const net = network({ missing: new Set(['/assets/ItPencil-a.js']) })
    const { sets, caches } = setUp(MANIFEST, net)
    expect(sets.has(`${ORIGIN}/assets/servizi-a.js`)).toBe(true)
    expect(sets.has(`${ORIGIN}/assets/index-a.js`)).toBe(false)

    const first = await sets.respond(new Request(`${ORIGIN}/assets/servizi-a.js`))
    expect(await first.text()).toBe('body of /assets/servizi-a.js')
    expect(caches.get(OFFLINE_SETS_CACHE).store.has(`${ORIGIN}/assets/servizi-a.js`)).toBe(true)
    net.fetch.mockRejectedValue(new TypeError('offline'))
    expect(await (await sets.respond(new Request(`${ORIGIN}/assets/servizi-a.js`))).text()).toBe('body of /assets/servizi-a.js')

    // an error answer goes to the page but is not kept
    net.fetch.mockResolvedValueOnce(new Response('no', { status: 404 }))
    expect((await sets.respond(new Request(`${ORIGIN}/assets/ItPencil-a.js`))).status).toBe(404)
    expect(caches.get(OFFLINE_SETS_CACHE).store.has(`${ORIGIN}/assets/ItPencil-a.js`)).toBe(false)
  })

  it('on activation removes what this version no longer lists (old revisions, old chunks)', async () => {
    const old = setUp()
    await old.sets.ensure('field')
    const next = [
      { url: 'assets/servizi-b.js', revision: null, sets: ['field'] },
      { url: 'assets/ItPencil-a.js', revision: null, sets: ['field'] },
      { url: 'data/province.json', revision: 'p2', sets: ['field'] },
    ]
    const { onDemand } = partitionManifest(next, `${ORIGIN}/sw.js`)
    const net = network()
    const sets = new OfflineSets(onDemand, { caches: old.caches, fetch: net.fetch })
    // installing: only the changed files are fetched
    expect(await sets.ensure('field', { quiet: true })).toMatchObject({ status: 'ready', done: 3 })
    expect(net.calls.map((c) => new URL(c.url).pathname).sort()).toEqual(['/assets/servizi-b.js', '/data/province.json'])
    // activating
    expect(await sets.cleanup()).toBe(3)
    expect([...old.caches.get(OFFLINE_SETS_CACHE).store.keys()].sort()).toEqual(
      [`${ORIGIN}/assets/ItPencil-a.js`, `${ORIGIN}/assets/servizi-b.js`, `${ORIGIN}/data/province.json?__WB_REVISION__=p2`].sort(),
    )
  })

  it('remembers the sets asked for, and a new version fetches them while installing', async () => {
    const first = setUp()
    expect(await first.sets.wanted()).toEqual([])
    await first.sets.want('field')
    await first.sets.want('field')
    await first.sets.want('survey')
    await first.sets.want('unknown')
    expect(await first.sets.wanted()).toEqual(['field', 'survey'])

    const net = network()
    const { onDemand } = partitionManifest(MANIFEST, `${ORIGIN}/sw.js`)
    const next = new OfflineSets(onDemand, { caches: first.caches, fetch: net.fetch })
    await next.prefetchWanted()
    expect(net.fetch).toHaveBeenCalledTimes(4)
    expect(await next.status('field')).toMatchObject({ status: 'ready' })
  })

  it('adopts the files an earlier version precached at install, without downloading them again', async () => {
    const { sets, caches, net } = setUp()
    const precache = caches.get('workbox-precache-v2')
    caches.caches.set('workbox-precache-v2', precache)
    await precache.put(`${ORIGIN}/assets/servizi-a.js`, new Response('old precache'))
    await precache.put(`${ORIGIN}/data/province.json?__WB_REVISION__=p0`, new Response('other revision'))
    expect(await sets.adoptFrom('workbox-precache-v2')).toBe(1)
    expect(await sets.status('field')).toMatchObject({ status: 'missing', done: 1, total: 4 })
    expect(net.fetch).not.toHaveBeenCalled()
  })
})

describe('offline set messages', () => {
  it('accepts the requests and reports of the protocol only', () => {
    expect(parseSetRequest({ type: 'PRECACHE_SET', set: 'field' })).toEqual({ type: 'PRECACHE_SET', set: 'field' })
    expect(parseSetRequest({ type: 'OFFLINE_SET_STATUS', set: 'survey', extra: 1 })).toEqual({ type: 'OFFLINE_SET_STATUS', set: 'survey' })
    for (const bad of [null, 'PRECACHE_SET', { type: 'PRECACHE_SET' }, { type: 'PRECACHE_SET', set: '' }, { type: 'SKIP_WAITING', set: 'x' }]) {
      expect(parseSetRequest(bad)).toBeNull()
    }
    const ok = { type: 'OFFLINE_SET_PROGRESS', set: 'field', status: 'downloading', done: 3, total: 10, failed: 0 }
    expect(parseSetProgress(ok)).toEqual(ok)
    for (const bad of [{ ...ok, status: 'done' }, { ...ok, done: 11 }, { ...ok, failed: -1 }, { ...ok, total: 1.5 }, { ...ok, type: 'X' }]) {
      expect(parseSetProgress(bad)).toBeNull()
    }
  })
})
