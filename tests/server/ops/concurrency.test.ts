/**
 * The bound on concurrent /api requests (server/concurrency.ts): requests beyond the bound wait, first come first
 * served, and none is lost; probes are never held; a slot comes back when a client goes away; no slot is held
 * while a body arrives; uploads have a pool of their own; readiness reports a saturated process (issue 25 point 1).
 */
import { connect } from 'node:net'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { registerConcurrencyLimit, saturationCheck } from '../../../server/concurrency'
import healthRoutes from '../../../server/routes/health'

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

describe('concurrency limit: bodies, uploads, saturation (issue 25 point 1)', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => { await close?.() })

  async function appWith(opts: { maxActive: number; maxUploads: number; saturatedAfterMs?: number }) {
    const app = Fastify({ forceCloseConnections: true })
    const limit = registerConcurrencyLimit(app, opts)
    await app.register(healthRoutes, { prefix: '/api', ready: () => true, checks: [saturationCheck(limit)] })
    const gates: (() => void)[] = []
    const started: string[] = []
    const slow = async (name: string) => {
      started.push(name)
      await new Promise<void>((resolve) => gates.push(resolve))
      return { name }
    }
    app.post('/api/general/:n', async (request) => slow(`general ${(request.params as { n: string }).n}`))
    app.post('/api/upload/:n', { config: { upload: true } }, async (request) => slow(`upload ${(request.params as { n: string }).n}`))
    close = () => app.close()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const post = (path: string) => fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    return { app, limit, gates, started, port, post }
  }

  it('takes no slot while a body is still arriving', async () => {
    const { limit, gates, started, port, post } = await appWith({ maxActive: 1, maxUploads: 1 })
    const stalled = connect(port, '127.0.0.1')
    stalled.on('error', () => undefined)
    stalled.write('POST /api/general/0 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{')
    const answer = post('/api/general/1')
    await expect.poll(() => started).toEqual(['general 1'])
    expect(limit.active()).toBe(1)
    gates.splice(0).forEach((g) => g())
    expect((await (await answer).json()).name).toBe('general 1')
    stalled.destroy()
  })

  it('runs uploads in their own pool: a running upload takes no general slot, nor a general request an upload slot', async () => {
    const { limit, gates, started, post } = await appWith({ maxActive: 1, maxUploads: 1 })
    const upload = post('/api/upload/1')
    await expect.poll(() => started).toEqual(['upload 1'])
    expect([limit.uploads.active(), limit.active()]).toEqual([1, 0])
    const general = post('/api/general/1')
    await expect.poll(() => started).toEqual(['upload 1', 'general 1'])
    expect([limit.uploads.active(), limit.active()]).toEqual([1, 1])
    // a second upload waits for the upload slot, not for the general one
    const second = post('/api/upload/2')
    await expect.poll(() => limit.uploads.waiting()).toBe(1)
    expect(limit.waiting()).toBe(0)
    gates.shift()!()
    expect((await (await upload).json()).name).toBe('upload 1')
    await expect.poll(() => started).toEqual(['upload 1', 'general 1', 'upload 2'])
    gates.splice(0).forEach((g) => g())
    expect((await (await general).json()).name).toBe('general 1')
    expect((await (await second).json()).name).toBe('upload 2')
  })

  it('readiness answers 503 saturated while requests queue longer than the bound, 200 again once they drain; liveness stays 200', async () => {
    const { limit, gates, port, post } = await appWith({ maxActive: 2, maxUploads: 1, saturatedAfterMs: 50 })
    const probe = async (what: 'ready' | 'live') => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health/${what}`)
      return { status: answer.status, body: await answer.json() as unknown }
    }
    expect(await probe('ready')).toEqual({ status: 200, body: { status: 'ok' } })
    const answers = [1, 2, 3].map((n) => post(`/api/general/${n}`))
    await expect.poll(() => limit.waiting()).toBe(1)
    await expect.poll(() => probe('ready')).toEqual({ status: 503, body: { status: 'saturated' } })
    expect((await probe('live')).status).toBe(200)
    gates.shift()!()
    await expect.poll(() => limit.waiting()).toBe(0)
    expect(await probe('ready')).toEqual({ status: 200, body: { status: 'ok' } })
    gates.splice(0).forEach((g) => g())
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200])
  })
})
