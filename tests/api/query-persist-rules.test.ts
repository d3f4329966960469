/** Rules of the managers' persisted read cache (issue 9 point 6): src/lib/query-persist-rules.ts. */
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { describe, expect, it } from 'vitest'
import { boundPersistedClient, containsClearFiscalCode, PERSIST_MAX_AGE_MS, withoutExpired } from '../../src/lib/query-persist-rules'
import { maskFiscalCode } from '../../src/lib/masked-identity'

const maskIdentity = (cf: string) => maskFiscalCode(cf) ?? ''

const NOW = Date.UTC(2026, 10, 24, 10, 0)
const LIMITS = { now: NOW, maxAgeMs: PERSIST_MAX_AGE_MS, maxBytes: 5 * 1024 * 1024 }

function q(hash: string, data: unknown, opts: { persist?: boolean; at?: number; status?: string } = {}) {
  return {
    queryHash: hash,
    queryKey: [hash],
    meta: opts.persist === false ? undefined : { persist: true },
    state: { data, dataUpdatedAt: opts.at ?? NOW - 1000, status: opts.status ?? 'success', fetchStatus: 'idle', error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, dataUpdateCount: 1, isInvalidated: false, fetchMeta: null },
  }
}

function client(queries: unknown[], mutations: unknown[] = []): PersistedClient {
  return { timestamp: NOW, buster: 'b', clientState: { queries, mutations } } as unknown as PersistedClient
}

const hashes = (c: PersistedClient) => c.clientState.queries.map((x) => x.queryHash)

describe('what is kept of the query cache', () => {
  it('only queries marked persistable and with data; never a mutation', () => {
    const out = boundPersistedClient(
      client([q('a', { x: 1 }), q('b', { x: 2 }, { persist: false }), q('c', undefined, { status: 'pending' })], [{ mutationKey: ['m'], state: { status: 'success' } }]),
      LIMITS,
    )
    expect(hashes(out.client)).toEqual(['a'])
    expect(out.client.clientState.mutations).toEqual([])
    expect(out.dropped.unmarked).toEqual(['b', 'c'])
    expect(JSON.parse(out.text)).toEqual(out.client)
  })

  it('never a fiscal code in clear, in the data or in the key; masked identifiers are fine', () => {
    expect(containsClearFiscalCode('{"cf":"RSSMRA85T10A562S"}')).toBe(true)
    expect(containsClearFiscalCode('rssmra85t10a562s')).toBe(true)
    expect(containsClearFiscalCode('RSSMRA85T10A56VS')).toBe(true) // omocodic
    expect(containsClearFiscalCode(maskIdentity('RSSMRA85T10A562S'))).toBe(false)
    expect(containsClearFiscalCode('{"nome":"Laboratorio SPID","id":"550e8400-e29b-41d4-a716-446655440000"}')).toBe(false)
    const key = { ...q('key', { ok: true }), queryKey: ['servizi', 'cittadini', 'RSSMRA85T10A562S'] }
    const out = boundPersistedClient(
      client([q('utenti', { utenti: [{ id: 1, nome: 'Rossi Mario', codiceFiscale: 'RSSMRA85T10A562S' }] }), key, q('ok', { identificativoMascherato: maskIdentity('RSSMRA85T10A562S') })]),
      LIMITS,
    )
    expect(hashes(out.client)).toEqual(['ok'])
    expect(out.dropped.fiscalCode).toEqual(['utenti', 'key'])
    expect(containsClearFiscalCode(out.text)).toBe(false)
  })

  it('each query is aged by itself: older than 7 days is dropped, on save and on restore', () => {
    const old = NOW - PERSIST_MAX_AGE_MS - 1
    const out = boundPersistedClient(client([q('old', 1, { at: old }), q('new', 2, { at: NOW - PERSIST_MAX_AGE_MS + 1000 })]), LIMITS)
    expect(hashes(out.client)).toEqual(['new'])
    expect(out.dropped.expired).toEqual(['old'])
    expect(hashes(withoutExpired(client([q('old', 1, { at: old }), q('new', 2)]), LIMITS))).toEqual(['new'])
  })

  it('size bound: the newest queries are kept within the bytes, the oldest dropped', () => {
    const big = 'x'.repeat(1000)
    const queries = Array.from({ length: 10 }, (_, i) => q(`q${i}`, { big, accento: 'è' }, { at: NOW - (10 - i) * 1000 }))
    const size = new TextEncoder().encode(JSON.stringify(queries[0])).length
    const empty = JSON.stringify(client([])).length
    const maxBytes = empty + 4 * size + 3 + size / 2 // room for four and a half
    const out = boundPersistedClient(client(queries), { ...LIMITS, maxBytes })
    expect(new TextEncoder().encode(out.text).length).toBeLessThanOrEqual(maxBytes)
    expect(hashes(out.client)).toEqual(['q9', 'q8', 'q7', 'q6'])
    expect(out.dropped.size).toEqual(['q5', 'q4', 'q3', 'q2', 'q1', 'q0'])
    // the default bound: 5 MB
    const huge = Array.from({ length: 8 }, (_, i) => q(`h${i}`, 'y'.repeat(1024 * 1024), { at: NOW - i }))
    const bounded = boundPersistedClient(client(huge), LIMITS)
    expect(bounded.text.length).toBeLessThanOrEqual(5 * 1024 * 1024)
    expect(hashes(bounded.client)).toEqual(['h0', 'h1', 'h2', 'h3'])
  })
})
