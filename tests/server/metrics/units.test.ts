// @vitest-environment node
/**
 * The pieces of server/metrics: the error-code reading of a JSON answer, the constant-time bearer check,
 * the bounded source reading, and a registry whose database source fails (the scrape still answers,
 * without the queue gauge, and says so in the log).
 */
import { describe, expect, it } from 'vitest'
import { errorCodeOf } from '../../../server/metrics/http'
import { createMetrics } from '../../../server/metrics/registry'
import { withTimeout } from '../../../server/metrics/sources'
import { bearerChecker } from '../../../server/metrics/token'
import { find, parsePrometheus } from './prometheus'

describe('errorCodeOf', () => {
  it.each([
    ['{"errorCode":"S09","message":"Il servizio non esiste."}', 'S09'],
    ['{"errorCode":"FAIL_S3_API","message":"x"}', 'FAIL_S3_API'],
    ['{"message":"x","errorCode":"G02"}', 'G02'],
    ['{"errorCode":"<script>","message":"x"}', undefined],
    ['{"errore":"x"}', undefined],
    [`{"lista":[${'1,'.repeat(200)}1],"errorCode":"G02"}`, undefined],
    [Buffer.from('{"errorCode":"G02"}'), undefined],
  ])('%s', (payload, expected) => expect(errorCodeOf(payload)).toBe(expected))
})

describe('bearerChecker', () => {
  const check = bearerChecker('t'.repeat(40))
  it('accepts exactly the token, as a Bearer credential', () => {
    expect(check(`Bearer ${'t'.repeat(40)}`)).toBe(true)
    expect(check(`bearer ${'t'.repeat(40)}`)).toBe(true)
    expect(check([`Bearer ${'t'.repeat(40)}`])).toBe(true)
    for (const value of [undefined, '', 'Bearer', `Bearer ${'t'.repeat(39)}`, `Bearer ${'t'.repeat(41)}`, `Basic ${'t'.repeat(40)}`, `Bearer ${'t'.repeat(40)} x`]) {
      expect(check(value), String(value)).toBe(false)
    }
  })
})

describe('withTimeout', () => {
  it('passes a timely result through and rejects a late one', async () => {
    await expect(withTimeout(Promise.resolve(3), 50)).resolves.toBe(3)
    await expect(withTimeout(new Promise(() => undefined), 10)).rejects.toThrow(/10 ms/)
  })
})

describe('a registry whose queue source fails', () => {
  it('still answers, without the queue gauge, and reports the failure', async () => {
    const failures: string[] = []
    const metrics = createMetrics({
      queueDepth: () => Promise.reject(new Error('database away')),
      poolConnections: () => ({ total: 4, idle: 3, waiting: 0 }),
      onSourceError: (_err, metric) => { failures.push(metric) },
    })
    const samples = parsePrometheus(await metrics.registry.metrics())
    expect(find(samples, 'job_queue_depth')).toEqual([])
    expect(find(samples, 'db_pool_connections').map((s) => [s.labels.state, s.value])).toEqual([['total', 4], ['idle', 3], ['waiting', 0]])
    expect(failures).toEqual(['job_queue_depth'])
  })
})

describe('the /api requests gauge', () => {
  it('reports the running and waiting requests its source gives, and is absent without a source', async () => {
    let now = { active: 12, waiting: 5 }
    const base = { queueDepth: async () => [], poolConnections: () => ({ total: 1 }) }
    const metrics = createMetrics({ ...base, apiRequests: () => now })
    const values = async () => find(parsePrometheus(await metrics.registry.metrics()), 'api_requests_in_progress').map((s) => [s.labels.state, s.value])
    expect(await values()).toEqual([['active', 12], ['waiting', 5]])
    now = { active: 3, waiting: 0 }
    expect(await values()).toEqual([['active', 3], ['waiting', 0]])
    const without = createMetrics(base)
    expect(find(parsePrometheus(await without.registry.metrics()), 'api_requests_in_progress')).toEqual([])
  })
})
