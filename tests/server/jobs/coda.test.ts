// @vitest-environment node
/**
 * The generic job queue (server/jobs/coda.ts): idempotent keys, progress, retries with back-off until
 * FALLITO, resumption of jobs a stopped process left running, two workers never running the same job.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../server/db/index'
import { job } from '../../../server/db/schema'
import { createJobQueue } from '../../../server/jobs/coda'
import { openTestDatabase } from '../helpers'

describe('job queue', () => {
  let handle: DatabaseHandle
  beforeAll(async () => { handle = await openTestDatabase() })
  afterAll(async () => { await handle?.close() })

  it('runs a job once per key, records progress, completes it', async () => {
    const db = handle.db
    const seen: unknown[] = []
    const q = createJobQueue({ db, pollMs: 0, handlers: { prova: async (p, ctx) => { seen.push(p); await ctx.progress(50) } } })
    await q.start()
    const id = await q.enqueue('prova', { n: 1 }, { chiave: 'k1' })
    expect(await q.enqueue('prova', { n: 2 }, { chiave: 'k1' })).toBeNull()
    await q.idle()
    expect(seen).toEqual([{ n: 1 }])
    const [row] = await db.select().from(job).where(eq(job.id, id!))
    expect(row).toMatchObject({ stato: 'COMPLETATO', progresso: 100, tentativi: 1 })
    await q.close()
  })

  it('retries a failing job with back-off, then marks it FALLITO with the error', async () => {
    const db = handle.db
    let calls = 0
    const q = createJobQueue({ db, pollMs: 0, backoffMs: 0, handlers: { rotto: async () => { calls++; throw new Error('SMTP giù') } } })
    await q.start()
    const id = await q.enqueue('rotto', {}, { maxTentativi: 3 })
    for (let i = 0; i < 3; i++) { q.kick(); await q.idle() }
    expect(calls).toBe(3)
    const [row] = await db.select().from(job).where(eq(job.id, id!))
    expect(row).toMatchObject({ stato: 'FALLITO', tentativi: 3, errore: 'SMTP giù' })
    await q.close()
  })

  it('resumes a job left IN_CORSO by a stopped process; two workers never run the same job', async () => {
    const db = handle.db
    // left running by a process that stopped an hour ago (its lease expired)
    const [left] = await db.insert(job).values({ tipo: 'conta', stato: 'IN_CORSO', tentativi: 1, dataOraAggiornamento: new Date(Date.now() - 3_600_000) }).returning({ id: job.id })
    // running right now in another live process (lease fresh): not taken over
    const [live] = await db.insert(job).values({ tipo: 'conta', stato: 'IN_CORSO', tentativi: 1 }).returning({ id: job.id })
    for (let i = 0; i < 10; i++) await db.insert(job).values({ tipo: 'conta', payload: { i } })
    const runs = new Map<number, number>()
    const handler = async (_p: Record<string, unknown>, ctx: { id: number }) => {
      runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1)
      await new Promise((r) => setTimeout(r, 5))
    }
    const a = createJobQueue({ db, pollMs: 0, handlers: { conta: handler } })
    const b = createJobQueue({ db, pollMs: 0, handlers: { conta: handler } })
    await a.start()
    await b.start()
    await Promise.all([a.idle(), b.idle()])
    expect(runs.get(left!.id)).toBe(1)
    expect(runs.has(live!.id)).toBe(false)
    expect(runs.size).toBe(11)
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    await Promise.all([a.close(), b.close()])
  })
})
