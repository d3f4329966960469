/**
 * The session (spec 000 §2.6, §4, §7; issue #2 point 6): a store over the persisted tokens, user
 * context and chosen profile, the hook `useSession()`, and the actions
 * `startLogin`, `completeLogin`, `confirmRegistration`, `chooseProfile`, `refreshUserContext`, `logout`.
 * The session survives a restart offline (localStorage); `isOfflineSession` says the app started with
 * no network on the stored session. Tokens are refreshed 600 s before expiry: on a 60 s timer, before
 * every API call and when the network comes back.
 *
 * The actions live in login.ts and are re-exported here: importers (and the tests' mocks) use this module.
 */
import { getAppConfig } from '../api/config'
import type { Contesto, Profilo } from '../api/contract/contesto'
import { createStore, useStore } from '../lib/store'
import { fiscalCodeFromIdToken } from './jwt'
import { notifyTokenStore, readAuth, readEndedProfile, readProfile, readSessionExpired, readUser, subscribeTokenStore } from './token-store'
import { resetLogoutForTests } from './logout'
import { refreshUserContext, resetLoginForTests } from './login'

async function ensureFreshToken(): Promise<void> {
  if (!readAuth()) return
  await (await import('./refresh')).ensureFreshToken()
}

export { logout } from './logout'
export {
  chooseProfile, completeLogin, confirmRegistration, PROFILE_RELOAD_DELAY_MS, refreshUserContext, REGISTRATION_CONFIRM_DELAY_MS, startLogin,
  type LoginOutcome, type LoginProvider, type RegistrationForm,
} from './login'

export interface SessionState {
  status: 'anonymous' | 'authenticated'
  user: Contesto | null
  profilo: Profilo | null
  /** permission codes of the chosen profile's role ([] without a profile) */
  permessi: string[]
  /** the app started with no network and runs on the stored session */
  isOfflineSession: boolean
  /** logged in, registration done, no profile chosen yet: the shell opens 'Scegli il ruolo' (not closable) */
  needsProfileChoice: boolean
  /**
   * The profile the user was working with until the server stopped listing it (project terminated, role
   * removed: platform-backend §2), kept until another profile is chosen or logout; null otherwise. Without a
   * chosen profile the pages say so and field users can still read what their device holds.
   */
  profiloNonAttivo: Profilo | null
  /**
   * The tokens were refused as expired (issue 24 point 7): the user stays in the app with what the device
   * holds, the outbox waits ('In pausa: accesso richiesto') and the shell asks to log in again. The API is
   * not called meanwhile (`sessionReady` in src/api/query.tsx). Absent: false.
   */
  sessionExpired?: boolean
}

/** Period of the token-refresh check. */
export const REFRESH_CHECK_INTERVAL_MS = 60_000

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false

let offlineStart = readAuth() !== null && readUser() !== null && !isOnline()

function permissionsOf(user: Contesto | null, profilo: Profilo | null): string[] {
  if (!user || !profilo) return []
  return user.ruoli.find((r) => r.codiceRuolo === profilo.codiceRuolo)?.permessi ?? []
}

/** Builds the state from what is stored (pure over its inputs; exported for tests). */
export function computeSessionState(auth: unknown, user: Contesto | null, profilo: Profilo | null, offline: boolean, ended: Profilo | null = null, expired = false): SessionState {
  const authenticated = auth !== null && user !== null
  const u = authenticated ? user : null
  const p = authenticated ? profilo : null
  return {
    status: authenticated ? 'authenticated' : 'anonymous',
    user: u,
    profilo: p,
    permessi: permissionsOf(u, p),
    isOfflineSession: authenticated && offline,
    needsProfileChoice: !!u && u.integrazione && !p && u.profiliUtente.length > 0,
    profiloNonAttivo: u && !p ? ended : null,
    sessionExpired: authenticated && expired,
  }
}

const store = createStore<SessionState>(computeSessionState(readAuth(), readUser(), readProfile(), offlineStart, readEndedProfile(), readSessionExpired()))

function recompute(): void {
  const next = computeSessionState(readAuth(), readUser(), readProfile(), offlineStart, readEndedProfile(), readSessionExpired())
  if (JSON.stringify(next) !== JSON.stringify(store.get())) store.set(next)
}
subscribeTokenStore(recompute)

/** Current state without React. */
export function getSessionState(): SessionState {
  return store.get()
}

export function subscribeSession(listener: () => void): () => void {
  const off = store.subscribe(listener)
  startSessionTimers()
  return off
}

/** React hook: the session state, re-rendering on change. */
export function useSession(): SessionState {
  return useStore({ subscribe: subscribeSession, get: getSessionState })
}

let timersStarted = false

/** Starts (once) the 60 s refresh check and the online/storage listeners; called by the first subscriber. */
export function startSessionTimers(): void {
  if (timersStarted || typeof window === 'undefined') return
  timersStarted = true
  window.setInterval(() => void ensureFreshToken(), REFRESH_CHECK_INTERVAL_MS)
  window.addEventListener('online', () => void onBackOnline())
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.startsWith('pd.')) notifyTokenStore()
  })
  const state = store.get()
  if (state.status === 'authenticated' && !state.sessionExpired && isOnline()) {
    void ensureFreshToken().then(() => {
      if (getSessionState().user?.integrazione) return refreshUserContext({ background: true }).catch(() => undefined)
    })
  }
}

/**
 * Network back: fresh token, then the user context again — what changed on the server meanwhile (a
 * project terminated, a role removed) shows at once (`profiloNonAttivo`), not at the next start.
 */
async function onBackOnline(): Promise<void> {
  await ensureFreshToken()
  if (offlineStart) {
    offlineStart = false
    recompute()
  }
  const s = getSessionState()
  if (s.status === 'authenticated' && !s.sessionExpired && s.user?.integrazione) await refreshUserContext({ background: true }).catch(() => undefined)
}

/** The fiscal code of the logged user (user context, else the ID token claim); null when anonymous. */
export function currentFiscalCode(): string | null {
  const user = readUser()
  if (user?.codiceFiscale) return user.codiceFiscale
  const auth = readAuth()
  return auth ? fiscalCodeFromIdToken(auth.id_token) : null
}

/** The configured login flags (dev provider notice on the login screen). */
export function loginSettings(): { devIdentityProvider: boolean } {
  return { devIdentityProvider: getAppConfig().devIdentityProvider }
}

/** Test hook: re-reads the storage and the network state. */
export function resetSessionForTests(offline = false): void {
  resetLogoutForTests()
  offlineStart = offline
  resetLoginForTests()
  store.set(computeSessionState(readAuth(), readUser(), readProfile(), offlineStart, readEndedProfile(), readSessionExpired()))
}
