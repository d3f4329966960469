/**
 * The session's actions (session.ts; spec 000 §2.6, §4, §7): the login (authorization code + PKCE, then
 * `POST contesto` and the profile step), the first-access registration, the choice of a profile and the
 * reload of the user context. session.ts re-exports them: importers use that module.
 */
import { loadAppConfig } from '../api/config'
import type { apiPost as ApiPostFn } from '../api/client'
import { ContestoSchema, SceltaProfiloRispostaSchema, type ConfermaIntegrazione, type Contesto, type Profilo } from '../api/contract/contesto'
import { showToast, TOAST_DURATION } from '../ui/stores/toasts'
import { withLoader } from '../ui/stores/loader'
import { decodeJwtPayload, originUri } from './jwt'
import { createNonce, createPkcePair, createState, isPkceSupported } from './pkce'
import {
  DEFAULT_EXPIRES_IN, clearSession, markProviderLogoutPending, providerLogoutPending, readPendingLogin, readProfile, writeAuth, writePendingLogin, writeSessionData,
} from './token-store'
import { logoutSettled } from './logout'
import { navigateTo, redirectBrowser, reloadPage } from './navigation'
import { getSessionState } from './session'

// The HTTP client, the OIDC calls and the refresh logic (ky and valibot with them) load on first use,
// so an anonymous visitor's landing page carries none of them (issue #2 point 10).
const apiPost = (async (...args: Parameters<typeof ApiPostFn>) => (await import('../api/client')).apiPost(...args)) as typeof ApiPostFn
const loadOidc = () => import('./oidc')

/** The catalogue code of a failed API call ({@link ApiCallError}), null for anything else. */
function errorCodeOf(e: unknown): string | null {
  const code = (e as { errorCode?: unknown } | null)?.errorCode
  return typeof code === 'string' ? code : null
}
/** True for ky's HTTPError (an answer with a non-2xx status), without importing ky. */
function isHttpError(e: unknown): boolean {
  return (e as Error | null)?.name === 'HTTPError'
}

export type LoginProvider = 'spid' | 'cie'

/** Confirm delay after `confermaIntegrazione` (platform-frontend §10.2: the FE waits 2 s). */
export const REGISTRATION_CONFIRM_DELAY_MS = 2_000
/** Delay before the reload that follows a profile switch (spec 000 §4). */
export const PROFILE_RELOAD_DELAY_MS = 500

// ---------------------------------------------------------------------------------------------
// Login

/** Starts the authorization-code + PKCE redirect to the identity provider (SPID or CIE button). */
export async function startLogin(provider: LoginProvider): Promise<void> {
  if (!isPkceSupported()) {
    showToast({
      title: 'ACCESSO NON DISPONIBILE',
      message: "L'accesso richiede una connessione sicura (https). Apri Punto Digitale da un indirizzo https.",
      status: 'error',
      duration: TOAST_DURATION.slow,
    })
    return
  }
  // a logout still running (clean-up, provider mark) settles first; if it is leaving for the provider's
  // end-session page, that redirect wins (a second one would cancel it)
  if (await logoutSettled()) return
  try {
    await withLoader(async () => {
      const config = await loadAppConfig()
      const { buildAuthorizeUrl, getDiscovery } = await loadOidc()
      const discovery = await getDiscovery(config.oidc.issuer)
      const pkce = await createPkcePair()
      const state = createState()
      const nonce = createNonce()
      const redirectUri = originUri(config.oidc.redirectPath)
      writePendingLogin({ verifier: pkce.verifier, state, nonce, provider, redirectUri, createdAt: Date.now() })
      redirectBrowser(buildAuthorizeUrl(discovery, config, { challenge: pkce.challenge, state, nonce, redirectUri, forceLogin: providerLogoutPending() }))
    })
  } catch {
    showToast({
      id: 'errore-di-rete',
      title: 'ERRORE DI RETE',
      message: 'Si è verificato un problema di connessione a Punto Digitale. Controlla le tue impostazioni di rete e riprova.',
      status: 'error',
      duration: TOAST_DURATION.slow,
    })
  }
}

/** Where the login flow ends: the path navigated to. */
export type LoginOutcome = { to: string }

let completing: { code: string; promise: Promise<LoginOutcome> } | null = null

/**
 * Completes the login from the provider's answer: token exchange (PKCE verifier, 10 s), `POST contesto`,
 * then first access → `/registrazione`; one profile → automatic `sceltaProfilo` and `/`; several →
 * `/` with the 'Scegli il ruolo' modal (`needsProfileChoice`); failure → `/errore/{errorCode}`.
 * A second call with the same code (React strict mode) joins the first.
 */
export function completeLogin(code: string, returnedState?: string | null): Promise<LoginOutcome> {
  if (completing?.code === code) return completing.promise
  const promise = withLoader(() => runLogin(code, returnedState ?? null))
    .catch((): LoginOutcome => {
      clearSession()
      return { to: errorPath(null) }
    })
    .then((outcome) => {
      navigateTo(outcome.to, { replace: true })
      return outcome
    })
  completing = { code, promise }
  return promise
}

function errorPath(code: string | null | undefined): string {
  return code ? `/errore/${encodeURIComponent(code)}` : '/errore'
}

async function runLogin(code: string, returnedState: string | null): Promise<LoginOutcome> {
  const pending = readPendingLogin()
  const config = await loadAppConfig()
  // A stale or foreign code while a session exists (no login started here): keep the session.
  if (!pending && getSessionState().status === 'authenticated') return { to: '/' }
  // The path form /auth/{code} carries no state: PKCE still binds the code to this browser.
  if (!pending || (returnedState !== null && returnedState !== pending.state)) {
    clearSession()
    return { to: errorPath('A08') }
  }
  let tokens
  try {
    const { exchangeCode, getDiscovery } = await loadOidc()
    const discovery = await getDiscovery(config.oidc.issuer)
    tokens = await exchangeCode(discovery, config, code, pending.verifier, pending.redirectUri)
  } catch (e) {
    writePendingLogin(null)
    clearSession()
    return { to: isHttpError(e) ? errorPath('A08') : errorPath(null) }
  }
  writePendingLogin(null)
  const idToken = tokens.id_token
  const claims = idToken ? decodeJwtPayload(idToken) : null
  if (!idToken || (claims?.nonce !== undefined && claims.nonce !== pending.nonce)) {
    clearSession()
    return { to: errorPath('A08') }
  }
  markProviderLogoutPending(false)
  writeAuth({
    id_token: idToken,
    refresh_token: tokens.refresh_token ?? null,
    expires_in: tokens.expires_in ?? DEFAULT_EXPIRES_IN,
    session_timestamp: Date.now(),
  })
  let user: Contesto
  try {
    user = await apiPost('contesto', {}, ContestoSchema, { silent: true, authRedirects: false })
  } catch (e) {
    clearSession()
    return { to: errorPath(errorCodeOf(e)) }
  }
  return afterUserContext(user)
}

/** The profile step shared by login and registration. */
async function afterUserContext(user: Contesto): Promise<LoginOutcome> {
  if (!user.integrazione) {
    writeSessionData({ user, profile: null })
    return { to: '/registrazione' }
  }
  const profiles = user.profiliUtente
  const only = profiles[0]
  if (profiles.length === 1 && only) {
    try {
      const answer = await postSceltaProfilo(only, { silent: true, authRedirects: false })
      writeSessionData({ user, profile: answer.profilo })
      return { to: '/' }
    } catch (e) {
      clearSession()
      return { to: errorPath(errorCodeOf(e)) }
    }
  }
  if (profiles.length === 0) {
    clearSession()
    return { to: errorPath('A01') }
  }
  // Several profiles: keep the previous choice if it is still among them, else the modal opens.
  const previous = readProfile()
  const kept = previous && profiles.some((p) => sameProfile(p, previous)) ? previous : null
  writeSessionData({ user, profile: kept })
  return { to: '/' }
}

function sameProfile(a: Profilo, b: Profilo): boolean {
  return a.codiceRuolo === b.codiceRuolo && a.idProgramma === b.idProgramma && a.idProgetto === b.idProgetto && a.idEnte === b.idEnte
}

function postSceltaProfilo(p: Profilo, opts: { silent?: boolean; authRedirects?: boolean } = {}) {
  return apiPost(
    'contesto/sceltaProfilo',
    { codiceRuolo: p.codiceRuolo, idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte },
    SceltaProfiloRispostaSchema,
    { ...opts, headers: { userRole: p.codiceRuolo } },
  )
}

// ---------------------------------------------------------------------------------------------
// Profile, registration, user context

/**
 * Chooses a profile (modal 'Scegli il ruolo'): `POST contesto/sceltaProfilo` with header
 * userRole = p.codiceRuolo, stores it, navigates to `/` and reloads after 500 ms. On failure the
 * client's toast is shown and the session is unchanged (the promise still resolves).
 */
export async function chooseProfile(p: Profilo): Promise<void> {
  try {
    const answer = await postSceltaProfilo(p)
    writeSessionData({ profile: answer.profilo })
  } catch {
    return
  }
  navigateTo('/')
  setTimeout(reloadPage, PROFILE_RELOAD_DELAY_MS)
}

/** Form of `/registrazione` (the consent flag is added here). */
export type RegistrationForm = Omit<ConfermaIntegrazione, 'abilitazioneConsensoTrattamentoDatiPersonali'>

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * First access: `POST contesto/confermaIntegrazione` with the consent flag true, waits the 2 s confirm
 * delay, then runs the profile step (one profile → chosen and `/`; several → the modal opens on the
 * current page). Resolves with where the flow went; throws {@link ApiCallError} (already toasted) on failure.
 */
export async function confirmRegistration(form: RegistrationForm): Promise<LoginOutcome> {
  const user = await withLoader(async () => {
    const answer = await apiPost('contesto/confermaIntegrazione', { ...form, abilitazioneConsensoTrattamentoDatiPersonali: true }, ContestoSchema)
    await wait(REGISTRATION_CONFIRM_DELAY_MS)
    return answer
  })
  const outcome = await withLoader(() => afterUserContext(user))
  if (outcome.to !== '/' || user.profiliUtente.length <= 1) navigateTo(outcome.to, { replace: true })
  return outcome
}

/**
 * Reloads the user context (`POST contesto`) and stores it; drops the chosen profile when the user no
 * longer holds it (its project terminated, the role removed) and keeps it as `profiloNonAttivo`, so the
 * pages can say what happened. Throws {@link ApiCallError}.
 */
export async function refreshUserContext(opts: { background?: boolean } = {}): Promise<Contesto> {
  const user = await apiPost('contesto', {}, ContestoSchema, { background: opts.background, silent: opts.background })
  const profile = readProfile()
  const kept = profile && user.profiliUtente.some((p) => sameProfile(p, profile)) ? profile : null
  writeSessionData({ user, profile: kept, ...(profile && !kept ? { endedProfile: profile } : {}) })
  return user
}

/** Test hook (session.ts `resetSessionForTests`): forgets a login being completed. */
export function resetLoginForTests(): void {
  completing = null
}
