/**
 * OpenID Connect calls of the browser client (spec 000 §4 "Login", §7 "Token exchange"): discovery
 * (cached in localStorage `pd.oidc`), the authorization URL (code + PKCE S256), the form-encoded token
 * exchange and refresh with a 10 s timeout, and the end-session URL.
 * A stock oidc-provider drops `offline_access` unless the request carries `prompt=consent`; the
 * reference server issues refresh tokens to the app's client anyway, so no prompt is sent unless the
 * app config names one (`oidc.prompt`, e.g. 'consent' for such a provider).
 */
import ky from 'ky'
import * as v from 'valibot'
import type { AppConfig } from '../api/config'

export const DISCOVERY_KEY = 'pd.oidc'
export const TOKEN_TIMEOUT_MS = 10_000
const DISCOVERY_TIMEOUT_MS = 5_000

const DiscoverySchema = v.object({
  issuer: v.string(),
  authorization_endpoint: v.string(),
  token_endpoint: v.string(),
  end_session_endpoint: v.optional(v.string()),
  jwks_uri: v.optional(v.string()),
})
export type OidcDiscovery = v.InferOutput<typeof DiscoverySchema>

/** Answer of the token endpoint (authorization_code and refresh_token grants). */
export const TokenResponseSchema = v.object({
  id_token: v.optional(v.string()),
  access_token: v.optional(v.string()),
  refresh_token: v.optional(v.string()),
  expires_in: v.optional(v.number()),
  token_type: v.optional(v.string()),
  scope: v.optional(v.string()),
})
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>

const memory = new Map<string, OidcDiscovery>()

function readCachedDiscovery(issuer: string): OidcDiscovery | null {
  try {
    const raw = localStorage.getItem(DISCOVERY_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as { issuer?: string; doc?: unknown }
    if (parsed.issuer !== issuer) return null
    const r = v.safeParse(DiscoverySchema, parsed.doc)
    return r.success ? r.output : null
  } catch {
    return null
  }
}

/** The provider's metadata: memory, else `${issuer}/.well-known/openid-configuration`, else the cached copy. */
export async function getDiscovery(issuer: string): Promise<OidcDiscovery> {
  const known = memory.get(issuer)
  if (known) return known
  try {
    const doc = await ky
      .get(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { timeout: DISCOVERY_TIMEOUT_MS, retry: 0 })
      .json(DiscoverySchema)
    memory.set(issuer, doc)
    try {
      localStorage.setItem(DISCOVERY_KEY, JSON.stringify({ issuer, doc }))
    } catch {
      /* ignore */
    }
    return doc
  } catch (e) {
    const cached = readCachedDiscovery(issuer)
    if (cached) return cached
    throw e
  }
}

import { originUri } from './jwt'
export { originUri }

export interface AuthorizeParams {
  challenge: string
  state: string
  nonce: string
  redirectUri: string
  /** ask the provider to show its login form even with a session open (`prompt=login`) */
  forceLogin?: boolean
}

/**
 * The authorization request URL (response_type=code, PKCE S256, state, nonce; `prompt` when configured,
 * plus `login` when `forceLogin`).
 */
export function buildAuthorizeUrl(discovery: OidcDiscovery, config: AppConfig, p: AuthorizeParams): string {
  const url = new URL(discovery.authorization_endpoint)
  const q = url.searchParams
  q.set('response_type', 'code')
  q.set('client_id', config.oidc.clientId)
  q.set('redirect_uri', p.redirectUri)
  q.set('scope', config.oidc.scope)
  q.set('state', p.state)
  q.set('nonce', p.nonce)
  q.set('code_challenge', p.challenge)
  q.set('code_challenge_method', 'S256')
  const prompt = [p.forceLogin ? 'login' : null, config.oidc.prompt || null].filter(Boolean).join(' ')
  if (prompt) q.set('prompt', prompt)
  return url.toString()
}

async function postToken(discovery: OidcDiscovery, form: Record<string, string>): Promise<TokenResponse> {
  return ky
    .post(discovery.token_endpoint, {
      body: new URLSearchParams(form),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      timeout: TOKEN_TIMEOUT_MS,
      retry: 0,
    })
    .json(TokenResponseSchema)
}

/** authorization_code grant (public client + code_verifier). Throws ky errors (HTTPError, TimeoutError, …). */
export function exchangeCode(discovery: OidcDiscovery, config: AppConfig, code: string, verifier: string, redirectUri: string): Promise<TokenResponse> {
  return postToken(discovery, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: config.oidc.clientId,
    code_verifier: verifier,
  })
}

/** refresh_token grant. */
export function refreshTokenGrant(discovery: OidcDiscovery, config: AppConfig, refreshToken: string): Promise<TokenResponse> {
  return postToken(discovery, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.oidc.clientId,
  })
}

/** RP-initiated logout URL, or null when the provider has no end_session_endpoint. */
export function buildEndSessionUrl(discovery: OidcDiscovery, config: AppConfig, idToken: string | null): string | null {
  if (!discovery.end_session_endpoint) return null
  const url = new URL(discovery.end_session_endpoint)
  if (idToken) url.searchParams.set('id_token_hint', idToken)
  url.searchParams.set('client_id', config.oidc.clientId)
  url.searchParams.set('post_logout_redirect_uri', originUri(config.oidc.postLogoutRedirectPath))
  return url.toString()
}

export { decodeJwtPayload, fiscalCodeFromIdToken } from './jwt'
