/** Shared test helpers: a routed fetch stub, demo answers and an unsigned JWT builder. */
import { vi } from 'vitest'
import type { Contesto, Profilo } from '../../src/api/contract/contesto'

export interface RecordedCall {
  method: string
  url: URL
  headers: Headers
  body: string
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Replaces global fetch; `routes` maps "METHOD /path" to a handler. Unrouted calls answer 404. */
export function installFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    const call: RecordedCall = { method: req.method, url: new URL(req.url), headers: req.headers, body: req.method === 'GET' ? '' : await req.text() }
    calls.push(call)
    const handler = routes[`${call.method} ${call.url.pathname}`]
    return handler ? handler(call) : json(404, { errorCode: 'C01', message: 'non trovato' })
  })
  vi.stubGlobal('fetch', fn)
  return { calls, fn }
}

export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(payload)}.c2lnbmF0dXJl`
}

export function profile(codiceRuolo: string, extra: Partial<Profilo> = {}): Profilo {
  return {
    codiceRuolo,
    descrizioneRuolo: codiceRuolo,
    descrizioneRuoloCompleta: codiceRuolo,
    idProgramma: 1,
    nomeProgramma: 'RFD-2024-LAZ',
    idProgetto: 10,
    nomeProgettoBreve: 'Lazio Digitale Roma',
    idEnte: 100,
    nomeEnte: 'Ente',
    descrizioneEstesaEnte: null,
    policy: 'RFD',
    ...extra,
  }
}

export function contesto(profiles: Profilo[], integrazione = true, permessi: Record<string, string[]> = {}): Contesto {
  return {
    id: 1,
    nome: 'Sara',
    cognome: 'Romano',
    codiceFiscale: 'RMNSRA92E51A944H',
    email: 'sara.romano@example.it',
    telefono: '3335550101',
    stato: integrazione ? 'ATTIVO' : 'NON ATTIVO',
    integrazione,
    immagineProfilo: null,
    ruoli: [...new Set(profiles.map((p) => p.codiceRuolo))].map((c) => ({ codiceRuolo: c, nomeRuolo: c, permessi: permessi[c] ?? ['tab.home'] })),
    profiliUtente: integrazione ? profiles : [],
  }
}

export const DISCOVERY = (origin: string) => ({
  issuer: `${origin}/oidc`,
  authorization_endpoint: `${origin}/oidc/auth`,
  token_endpoint: `${origin}/oidc/token`,
  end_session_endpoint: `${origin}/oidc/session/end`,
  jwks_uri: `${origin}/oidc/jwks`,
})
