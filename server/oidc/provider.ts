/**
 * The development OpenID Connect provider (oidc-provider 9) standing in for SPID/CIE (issue #2 point 5).
 * Issuer `PUBLIC_URL/oidc`; one public client `punto-digitale` (PKCE S256, authorization code +
 * refresh token) redirecting to `<origin>/auth` of PUBLIC_URL and its loopback twin. The ID token
 * carries `fiscalNumber: "TINIT-<CF>"` (SPID style), `name`, `given_name`, `family_name`.
 */
import Provider, { type Account, type AdapterConstructor, type AdapterFactory, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { JWK } from 'jose'
import { loopbackTwins, type AppConfig } from '../config'
import { logoutSource, postLogoutSuccessSource, renderErrorPage } from './pages'

/** Name of a person known to the provider, looked up by fiscal code. */
/** `id`: the user's `utente.id`, named by the access register's login row (issue 28) */
export interface AccountRecord { nome: string; cognome: string; id?: number }
/** Finds a person by (upper-case) fiscal code; null when unknown. */
export type AccountLookup = (codiceFiscale: string) => Promise<AccountRecord | null>

export interface DevProviderOptions {
  config: AppConfig
  /** private signing keys (see keys.ts) */
  jwks: { keys: JWK[] }
  /** persistent storage (see adapter.ts); omitted = oidc-provider's in-memory store */
  adapter?: AdapterFactory | AdapterConstructor
  lookupAccount: AccountLookup
  /** URL of the logout auto-confirm script */
  logoutScriptSrc: string
}

const DAY = 24 * 60 * 60
const REFRESH_TOKEN_TTL = 30 * DAY

/** The ID token claims of a person: `sub` is the fiscal code. */
export function accountClaims(codiceFiscale: string, person: AccountRecord) {
  return {
    sub: codiceFiscale,
    fiscalNumber: `TINIT-${codiceFiscale}`,
    name: `${person.nome} ${person.cognome}`,
    given_name: person.nome,
    family_name: person.cognome,
  }
}

/** Builds the provider configuration (exported for inspection in tests). */
export function devProviderConfiguration(opts: DevProviderOptions): Configuration {
  const { config, lookupAccount } = opts
  const clientId = config.oidc.clientId
  const origins = loopbackTwins(config.publicUrl)
  const exposed = config.devIdentityProvider === 'forced'

  async function findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
    const person = await lookupAccount(sub)
    if (!person) return undefined
    return { accountId: sub, claims: () => accountClaims(sub, person) }
  }

  return {
    adapter: opts.adapter,
    clients: [{
      client_id: clientId,
      client_name: 'Punto Digitale',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: origins.map((o) => `${o}/auth`),
      post_logout_redirect_uris: origins.map((o) => `${o}/`),
    }],
    clientBasedCORS: (_ctx, origin, client) => client.clientId === clientId && origins.includes(origin),
    cookies: { keys: config.cookieKeys },
    jwks: opts.jwks as Configuration['jwks'],
    scopes: ['openid', 'offline_access'],
    claims: { openid: ['sub', 'fiscalNumber', 'name', 'given_name', 'family_name'] },
    // claims of granted scopes go into the ID token too (fiscalNumber must be there)
    conformIdTokenClaims: false,
    findAccount,
    // the app asks for offline_access without prompt=consent (which would drop it): issue anyway
    issueRefreshToken: (_ctx, client) => client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logoutSource(opts.logoutScriptSrc, exposed),
        postLogoutSuccessSource: postLogoutSuccessSource(config.publicUrl, exposed),
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    renderError: renderErrorPage(config.publicUrl, exposed),
    ttl: {
      IdToken: 3600,
      AccessToken: 3600,
      AuthorizationCode: 60,
      Interaction: 3600,
      // absolute lifetime: a rotated refresh token keeps what was left of the first one
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
      Grant: REFRESH_TOKEN_TTL,
      Session: REFRESH_TOKEN_TTL,
    },
  }
}

/** A configured provider instance (issuer `config.oidc.issuer`). */
export function createDevProvider(opts: DevProviderOptions): Provider {
  const provider = new Provider(opts.config.oidc.issuer, devProviderConfiguration(opts))
  provider.proxy = opts.config.trustProxy
  return provider
}
