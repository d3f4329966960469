// @vitest-environment node
/**
 * Rate limits of the citizen's anonymous survey (server/rate-limit.ts): a facilitation point with 30
 * phones behind one NAT address, each opening its link a few times and submitting, is never limited;
 * one address trying wrong tokens gets 429 `G07` with `Retry-After` after {@link FAILED_LINK_LIMIT}
 * tries, on both anonymous routes; reads beyond {@link PUBLIC_SURVEY_LIMIT} a minute are refused too.
 */
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeSection } from '../../../server/domain/survey-codec'
import { FAILED_LINK_LIMIT, PUBLIC_SURVEY_LIMIT } from '../../../server/rate-limit'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from './fixtures'

const Q4_OK = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': ['5'] } })
const PHONES = 30
const NAT = '203.0.113.5'

describe('anonymous survey rate limits', () => {
  let server: TestServer
  let sara: Actor
  const links: { id: string; token: string }[] = []

  const anon = (method: 'GET' | 'POST', id: string, token: string, remoteAddress: string): Promise<LightMyRequestResponse> => server.app.inject({
    method,
    url: `/api/servizio/cittadino/questionarioCompilato/${id}/${method === 'GET' ? 'anonimo' : 'compila/anonimo'}?t=${encodeURIComponent(token)}`,
    remoteAddress,
    headers: { host: TEST_HOST },
    ...(method === 'POST' ? { payload: { sezioneQ4Questionario: Q4_OK } } : {}),
  })

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    const idServizio = await createService(server, sara, { nomeServizio: named('Servizio al punto'), data: '2025-01-20' })
    for (let i = 0; i < PHONES; i++) {
      const added = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { codiceFiscale: fiscalCodeAged(30 + (i % 40)), nuovoCittadino: true, ...DEMOGRAFICA } })
      if (added.statusCode !== 201) throw new Error(`add citizen ${i}: ${added.statusCode} ${added.body}`)
      const { idQuestionario } = added.json() as { idQuestionario: string }
      const sent = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)
      if (sent.statusCode !== 200) throw new Error(`invia ${i}: ${sent.statusCode} ${sent.body}`)
      links.push({ id: idQuestionario, token: (sent.json() as { token: string }).token })
    }
  })
  afterAll(() => server?.close())

  it('never limits 30 phones behind one NAT opening (3 times), submitting and re-submitting their surveys', async () => {
    const statuses: number[] = []
    for (const { id, token } of links) {
      for (let i = 0; i < 3; i++) statuses.push((await anon('GET', id, token, NAT)).statusCode)
    }
    for (const { id, token } of links) {
      statuses.push((await anon('POST', id, token, NAT)).statusCode)
      statuses.push((await anon('POST', id, token, NAT)).statusCode) // an outbox retry after a lost answer
      statuses.push((await anon('GET', id, token, NAT)).statusCode) // reopened: already compiled
    }
    expect(statuses.filter((s) => s === 429)).toEqual([])
    expect(statuses.filter((s) => s === 200)).toHaveLength(PHONES * 4)
    expect(statuses.filter((s) => s === 409)).toHaveLength(PHONES * 2)
  })

  it('stops an address trying wrong tokens: 429 G07 with Retry-After on both routes, other addresses unaffected', async () => {
    const attacker = '198.51.100.66'
    const [target] = links
    const answered: number[] = []
    for (let i = 0; i < 500; i++) answered.push((await anon('GET', target!.id, `indovinato-${i}`, attacker)).statusCode)
    expect(answered.slice(0, FAILED_LINK_LIMIT.max)).toEqual(Array(FAILED_LINK_LIMIT.max).fill(404))
    expect(answered.slice(FAILED_LINK_LIMIT.max)).toEqual(Array(500 - FAILED_LINK_LIMIT.max).fill(429))

    const limited = await anon('GET', target!.id, 'ancora', attacker)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ errorCode: 'G07', message: expect.stringContaining('Troppe richieste') })
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(FAILED_LINK_LIMIT.timeWindow / 1000)
    // the submit route shares the count; the right token does not help the blocked address either
    expect((await anon('POST', target!.id, 'ancora', attacker)).statusCode).toBe(429)
    expect((await anon('GET', target!.id, target!.token, attacker)).statusCode).toBe(429)
    // the facilitation point keeps working
    expect((await anon('GET', links[1]!.id, links[1]!.token, NAT)).statusCode).toBe(409)
  })

  it(`refuses reads beyond ${PUBLIC_SURVEY_LIMIT.max} a minute from one address`, async () => {
    const busy = '192.0.2.99'
    const { id, token } = links[2]!
    const statuses: number[] = []
    for (let i = 0; i < PUBLIC_SURVEY_LIMIT.max; i++) statuses.push((await anon('GET', id, token, busy)).statusCode)
    expect(statuses.filter((s) => s === 429)).toEqual([])
    const limited = await anon('GET', id, token, busy)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ errorCode: 'G07' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})
