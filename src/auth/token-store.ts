/**
 * Persistent session storage (spec 000 §3 "Auth session"; platform-frontend §10.1), in localStorage so
 * that an installed app opened offline still shows the last user's shell:
 * - `pd.auth`: `{ id_token, refresh_token, expires_in (s), session_timestamp (ms epoch) }`
 * - `pd.user`: the user context (`Contesto`)
 * - `pd.profile`: the chosen profile (`Profilo`)
 * - `pd.profileEnded`: the profile the user was working with when the server stopped listing it (the
 *   project ended, the role was removed), until another profile is chosen or the user logs out
 * - `pd.sessionExpired`: the server or the provider refused the session's tokens because they expired
 *   (issue 24 point 7): the user stays in the app, reads what the device holds, and is asked to log in
 *   again; cleared by new tokens (login, refresh) and at logout
 * The transient PKCE data of a login in progress lives in sessionStorage (`pd.pkce`).
 * Every write notifies the subscribers (the session store).
 */
import * as v from 'valibot'
import { ContestoSchema, ProfiloSchema, type Contesto, type Profilo } from '../api/contract/contesto'
import { createStore } from '../lib/store'

export const AUTH_KEY = 'pd.auth'
export const USER_KEY = 'pd.user'
export const PROFILE_KEY = 'pd.profile'
export const PKCE_KEY = 'pd.pkce'
export const ENDED_PROFILE_KEY = 'pd.profileEnded'
export const EXPIRED_KEY = 'pd.sessionExpired'
/** Default token lifetime in seconds when the provider does not say (spec 000 §9). */
export const DEFAULT_EXPIRES_IN = 3600

const StoredAuthSchema = v.object({
  id_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullable(v.string()),
  expires_in: v.number(),
  session_timestamp: v.number(),
})
export type StoredAuth = v.InferOutput<typeof StoredAuthSchema>

const PendingLoginSchema = v.object({
  verifier: v.string(),
  state: v.string(),
  nonce: v.string(),
  provider: v.picklist(['spid', 'cie']),
  redirectUri: v.string(),
  createdAt: v.number(),
})
export type PendingLogin = v.InferOutput<typeof PendingLoginSchema>

const changes = createStore(null)
const emit = changes.emit

/** Subscribes to every change written through this module; returns the unsubscribe function. */
export function subscribeTokenStore(listener: () => void): () => void {
  return changes.subscribe(listener)
}

/** Notifies subscribers (also used when another tab changed the storage). */
export function notifyTokenStore(): void {
  emit()
}

function read<T>(storage: Storage | undefined, key: string, schema: v.GenericSchema<unknown, T>): T | null {
  try {
    const raw = storage?.getItem(key)
    if (!raw) return null
    const r = v.safeParse(schema, JSON.parse(raw))
    return r.success ? r.output : null
  } catch {
    return null
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key)
    else storage?.setItem(key, JSON.stringify(value))
  } catch {
    /* quota or privacy mode: the session then lasts for this page only */
  }
}

const local = () => (typeof localStorage !== 'undefined' ? localStorage : undefined)
const session = () => (typeof sessionStorage !== 'undefined' ? sessionStorage : undefined)

export function readAuth(): StoredAuth | null {
  return read(local(), AUTH_KEY, StoredAuthSchema)
}

/** Stores the tokens of a token-endpoint answer, stamping `session_timestamp` with `now` (ms); new tokens end the expired state. */
export function writeAuth(auth: StoredAuth | null): void {
  write(local(), AUTH_KEY, auth)
  write(local(), EXPIRED_KEY, null)
  emit()
}

/** True when the session's tokens were refused as expired (see `pd.sessionExpired` above). */
export function readSessionExpired(): boolean {
  return read(local(), EXPIRED_KEY, v.literal(true)) === true
}

/** Marks (or clears) the expired state of the session's tokens; notifies the subscribers on change. */
export function markSessionExpired(expired: boolean): void {
  if (readSessionExpired() === expired) return
  write(local(), EXPIRED_KEY, expired ? true : null)
  emit()
}

export function readUser(): Contesto | null {
  return read(local(), USER_KEY, ContestoSchema)
}

export function readProfile(): Profilo | null {
  return read(local(), PROFILE_KEY, ProfiloSchema)
}

/** The profile that is no longer active (see `pd.profileEnded` above), null when none. */
export function readEndedProfile(): Profilo | null {
  return read(local(), ENDED_PROFILE_KEY, ProfiloSchema)
}

/**
 * Writes user context, profile and/or ended profile with one notification (`undefined` leaves a value
 * unchanged). Writing a profile (not null) clears the ended one unless `endedProfile` says otherwise.
 */
export function writeSessionData(data: { user?: Contesto | null; profile?: Profilo | null; endedProfile?: Profilo | null }): void {
  if (data.user !== undefined) write(local(), USER_KEY, data.user)
  if (data.profile !== undefined) write(local(), PROFILE_KEY, data.profile)
  const ended = data.endedProfile !== undefined ? data.endedProfile : data.profile ? null : undefined
  if (ended !== undefined) write(local(), ENDED_PROFILE_KEY, ended)
  emit()
}

/** Removes tokens, user context, profile and ended profile of the session. */
export function clearSession(): void {
  const s = local()
  for (const key of [AUTH_KEY, USER_KEY, PROFILE_KEY, ENDED_PROFILE_KEY, EXPIRED_KEY]) write(s, key, null)
  write(session(), PKCE_KEY, null)
  emit()
}

export function readPendingLogin(): PendingLogin | null {
  return read(session(), PKCE_KEY, PendingLoginSchema)
}

export function writePendingLogin(p: PendingLogin | null): void {
  write(session(), PKCE_KEY, p)
}

const RELOGIN_KEY = 'pd.relogin'

/**
 * Marks (or clears) that the identity provider's session may still be open although the user logged out
 * here (logout without network: the end-session redirect was not possible). While marked, the next login
 * asks the provider to show its login form again (`prompt=login`), so the next person on a shared tablet
 * is never signed in silently as the previous one.
 */
export function markProviderLogoutPending(pending: boolean): void {
  try {
    if (pending) local()?.setItem(RELOGIN_KEY, '1')
    else local()?.removeItem(RELOGIN_KEY)
  } catch {
    /* storage unavailable */
  }
}

/** True while {@link markProviderLogoutPending} is set. */
export function providerLogoutPending(): boolean {
  try {
    return local()?.getItem(RELOGIN_KEY) === '1'
  } catch {
    return false
  }
}
