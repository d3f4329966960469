/**
 * Runtime app configuration (`GET /app-config.json`, common brief "Runtime app config"):
 * loaded once with a 5 s timeout, cached in localStorage (`pd.appConfig`); when the file cannot be
 * fetched the cached copy is used, then the defaults (`/api`, issuer `${origin}/oidc`, client 'punto-digitale').
 */
import { fetchJson } from './fetch-json'
import * as v from 'valibot'

export interface OidcConfig {
  issuer: string
  clientId: string
  scope: string
  /** path of the redirect URI on this origin (default '/auth') */
  redirectPath: string
  /** path of the post-logout redirect URI on this origin (default '/') */
  postLogoutRedirectPath: string
  /** optional `prompt` of the authorization request (e.g. 'consent' for providers that only issue
   * refresh tokens for offline_access with a consent prompt); absent by default */
  prompt?: string
}

export interface AppConfig {
  apiBaseUrl: string
  oidc: OidcConfig
  devIdentityProvider: boolean
  /** the development identity provider runs on a server others may reach: every page shows a banner */
  devIdentityProviderWarning: boolean
  /** origin of the embedded chat (server `CHAT_URL`), or null: no chat (spec 001 §2 "Chat") */
  chatUrl: string | null
}

export const APP_CONFIG_STORAGE_KEY = 'pd.appConfig'
export const APP_CONFIG_URL = '/app-config.json'
export const APP_CONFIG_TIMEOUT_MS = 5_000

const origin = () => (typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:8080')

/** Defaults used when neither the server file nor a cached copy is available. */
export function defaultAppConfig(): AppConfig {
  return {
    apiBaseUrl: '/api',
    oidc: {
      issuer: `${origin()}/oidc`,
      clientId: 'punto-digitale',
      scope: 'openid offline_access',
      redirectPath: '/auth',
      postLogoutRedirectPath: '/',
    },
    devIdentityProvider: false,
    devIdentityProviderWarning: false,
    chatUrl: null,
  }
}

const PartialConfigSchema = v.object({
  apiBaseUrl: v.optional(v.pipe(v.string(), v.minLength(1))),
  oidc: v.optional(
    v.object({
      issuer: v.optional(v.pipe(v.string(), v.minLength(1))),
      clientId: v.optional(v.pipe(v.string(), v.minLength(1))),
      scope: v.optional(v.pipe(v.string(), v.minLength(1))),
      redirectPath: v.optional(v.pipe(v.string(), v.startsWith('/'))),
      postLogoutRedirectPath: v.optional(v.pipe(v.string(), v.startsWith('/'))),
      prompt: v.optional(v.pipe(v.string(), v.minLength(1))),
    }),
  ),
  devIdentityProvider: v.optional(v.boolean()),
  devIdentityProviderWarning: v.optional(v.boolean()),
  chatUrl: v.optional(v.nullable(v.pipe(v.string(), v.url()))),
})

/** Merges a (possibly partial) config over the defaults; null when `raw` is not a config object. */
export function parseAppConfig(raw: unknown): AppConfig | null {
  const r = v.safeParse(PartialConfigSchema, raw)
  if (!r.success) return null
  const d = defaultAppConfig()
  const o = r.output.oidc ?? {}
  return {
    apiBaseUrl: (r.output.apiBaseUrl ?? d.apiBaseUrl).replace(/\/+$/, '') || '/',
    oidc: {
      issuer: (o.issuer ?? d.oidc.issuer).replace(/\/+$/, ''),
      clientId: o.clientId ?? d.oidc.clientId,
      scope: o.scope ?? d.oidc.scope,
      redirectPath: o.redirectPath ?? d.oidc.redirectPath,
      postLogoutRedirectPath: o.postLogoutRedirectPath ?? d.oidc.postLogoutRedirectPath,
      ...(o.prompt ? { prompt: o.prompt } : {}),
    },
    devIdentityProvider: r.output.devIdentityProvider ?? d.devIdentityProvider,
    devIdentityProviderWarning: r.output.devIdentityProviderWarning ?? d.devIdentityProviderWarning,
    chatUrl: r.output.chatUrl ?? null,
  }
}

function readCached(): AppConfig | null {
  try {
    const raw = localStorage.getItem(APP_CONFIG_STORAGE_KEY)
    return raw ? parseAppConfig(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

let current: AppConfig | null = null
let loading: Promise<AppConfig> | null = null

/** The config known now, without waiting: loaded copy, else cached copy, else defaults. */
export function getAppConfig(): AppConfig {
  return current ?? readCached() ?? defaultAppConfig()
}

/** Fetches `/app-config.json` once per page (5 s timeout), falling back to the cache, then the defaults. */
export function loadAppConfig(): Promise<AppConfig> {
  loading ??= (async () => {
    try {
      const raw = await fetchJson(new URL(APP_CONFIG_URL, origin()).toString(), APP_CONFIG_TIMEOUT_MS, 'no-cache')
      const parsed = parseAppConfig(raw)
      if (!parsed) throw new Error('app-config.json non valido')
      try {
        localStorage.setItem(APP_CONFIG_STORAGE_KEY, JSON.stringify(parsed))
      } catch {
        /* storage full or blocked: keep the in-memory copy */
      }
      current = parsed
    } catch {
      current = readCached() ?? defaultAppConfig()
    }
    return current
  })()
  return loading
}

/** Test hook: forgets the loaded copy so the next `loadAppConfig()` fetches again. */
export function resetAppConfigForTests(): void {
  current = null
  loading = null
}
