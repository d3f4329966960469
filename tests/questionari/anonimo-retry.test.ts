/**
 * The anonymous survey's queue keeps a submission by the outbox's failure classifier (issue 26 point 10;
 * src/features/questionari/anonimo/queue.ts `daRiprovare`, src/lib/failure-classify.ts): the same decisions as
 * its former own rule (no answer, 408, 429, 5xx), plus 409 G06 (the same submission still in progress on the
 * server), which the outbox retries too.
 */
import { describe, expect, it } from 'vitest'
import { AnonimoCallError } from '../../src/features/questionari/anonimo/api'
import { daRiprovare } from '../../src/features/questionari/anonimo/queue'

const formerRule = (e: AnonimoCallError) => e.kind === 'network' || e.status === 408 || e.status === 429 || e.status >= 500

describe('anonymous submissions: what is retried', () => {
  it('no answer is retried; an answer that does not match the contract is not', () => {
    expect(daRiprovare(new AnonimoCallError('network', 0, null, 'Failed to fetch'))).toBe(true)
    expect(daRiprovare(new AnonimoCallError('invalid', 200, null, 'Risposta non valida'))).toBe(false)
  })

  it.each([400, 401, 403, 404, 408, 409, 410, 413, 422, 429, 500, 502, 503, 504])('HTTP %i with any catalogue code: as before', (status) => {
    for (const code of [null, 'T01', 'T02', 'Q02', 'G02']) {
      const e = new AnonimoCallError('http', status, code, 'x')
      expect(daRiprovare(e)).toBe(formerRule(e))
    }
  })

  it('409 G06 (same idempotency key still in progress) is retried, as the outbox does', () => {
    expect(daRiprovare(new AnonimoCallError('http', 409, 'G06', 'In corso'))).toBe(true)
  })
})
