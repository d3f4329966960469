/**
 * The bound on concurrent /api requests (server/concurrency.ts): requests beyond the bound wait, first come first
 * served, and none is lost; probes are never held; a slot comes back when a client goes away.
 */
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { registerConcurrencyLimit } from '../../../server/concurrency'

describe('concurrency limit', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => { await close?.() })

  async function appWith(maxActive: number) {
    const app = Fastify({ forceCloseConnections: true })
    const limit = registerConcurrencyLimit(app, { maxActive })
    const gates: (() => void)[] = []
    const started: number[] = []
    app.get('/api/slow/:n', async (request) => {
      const n = Number((request.params as { n: string }).n)
      started.push(n)
      await new Promise<void>((resolve) => gates.push(resolve))
      return { n }
    })
    app.get('/api/health/ready', async () => ({ status: 'ready' }))
    close = () => app.close()
    return { app, limit, gates, started }
  }

  it('runs at most maxActive at once, the others in arrival order, all answered (inject)', async () => {
    const { app, limit, gates, started } = await appWith(2)
    const answers = [1, 2, 3, 4].map((n) => app.inject({ url: `/api/slow/${n}` }))
    await expect.poll(() => started.length).toBe(2)
    expect(limit.active()).toBe(2)
    expect(limit.waiting()).toBe(2)
    // a probe is never held behind them
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200)
    gates.shift()!()
    await expect.poll(() => started).toEqual([1, 2, 3])
    expect(limit.waiting()).toBe(1)
    gates.shift()!()
    await expect.poll(() => started).toEqual([1, 2, 3, 4])
    gates.splice(0).forEach((g) => g())
    const bodies = await Promise.all(answers)
    expect(bodies.map((r) => r.json().n)).toEqual([1, 2, 3, 4])
    await expect.poll(() => limit.active()).toBe(0)
    expect(limit.waiting()).toBe(0)
  })

  it('frees the slot of a client that went away, over a real socket', async () => {
    const { app, limit, gates, started } = await appWith(1)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const gone = new AbortController()
    const first = fetch(`http://127.0.0.1:${port}/api/slow/1`, { signal: gone.signal }).catch(() => 'aborted')
    await expect.poll(() => started.length).toBe(1)
    const second = fetch(`http://127.0.0.1:${port}/api/slow/2`)
    await expect.poll(() => limit.waiting()).toBe(1)
    gone.abort()
    expect(await first).toBe('aborted')
    // the first handler has not finished, but its client is gone: the second starts
    await expect.poll(() => started).toEqual([1, 2])
    gates.forEach((g) => g())
    expect((await (await second).json()).n).toBe(2)
  })
  it('does not run a request whose client went away while it waited, and passes its slot on', async () => {
    const { app, limit, gates, started } = await appWith(1)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const first = fetch(`http://127.0.0.1:${port}/api/slow/1`)
    await expect.poll(() => started.length).toBe(1)
    const gone = new AbortController()
    const second = fetch(`http://127.0.0.1:${port}/api/slow/2`, { signal: gone.signal }).catch(() => 'aborted')
    await expect.poll(() => limit.waiting()).toBe(1)
    gone.abort()
    expect(await second).toBe('aborted')
    const third = fetch(`http://127.0.0.1:${port}/api/slow/3`)
    await expect.poll(() => limit.waiting()).toBe(2)
    gates.shift()!()
    expect((await (await first).json()).n).toBe(1)
    // the second's turn came after its client left: skipped, the slot went on to the third
    await expect.poll(() => started).toEqual([1, 3])
    expect(limit.active()).toBe(1)
    gates.shift()!()
    expect((await (await third).json()).n).toBe(3)
    await expect.poll(() => limit.active()).toBe(0)
    expect(started).toEqual([1, 3])
  })
})
