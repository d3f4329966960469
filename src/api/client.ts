/**
 * The one HTTP client of the app (spec 000 §7–8; common brief "Client modules"), built on ky 2.
 * - base: `apiBaseUrl` of the app config, JSON, timeout 550 000 ms, no automatic retries;
 * - headers `authToken` (current ID token) and `userRole` (chosen profile's codiceRuolo) on every call,
 *   after refreshing the tokens when they are due;
 * - the loader counter is raised for each call and lowered when it ends (`background: true` opts out);
 * - failures become {@link ApiCallError} and are mapped as spec 000 §8 says: a slow closable toast
 *   "descrizione (errore CODE)" titled with the catalogue `titolo` (or 'ERRORE'); unknown code →
 *   'SI È VERIFICATO UN ERRORE' / 'Ti invitiamo a riprovare più tardi'; D01 silent; network error → one
 *   'ERRORE DI RETE' toast; V01 (issue 27: a stale edit) silent, the form's conflict view (src/ui/conflitto) answers
 *   it, with the answer's `corrente` and `modificatoIl` kept on the error; A02 → `/auth-redirect`; HTTP 401 → the session is marked expired, or ended
 *   here when its token was refused within its lifetime (src/auth/session-end.ts). `silent: true` suppresses the
 *   toasts (the caller handles the error); `authRedirects: false` suppresses the 401/A02 handling.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyRequest, type Options } from 'ky'
import type { StandardSchemaV1, StandardSchemaV1InferOutput } from 'ky'
import { getAppConfig, loadAppConfig } from './config'
import { describeError } from './errors-catalogue'
import { loaderEnd, loaderStart } from '../ui/stores/loader'
import { showToast, TOAST_DURATION } from '../ui/stores/toasts'
import { readAuth, readProfile } from '../auth/token-store'
import { ensureFreshToken } from '../auth/refresh'
import { sessionRefused } from '../auth/session-end'
import { navigateTo } from '../auth/navigation'

export const REQUEST_TIMEOUT_MS = 550_000
export const NETWORK_TOAST_ID = 'errore-di-rete'
export const NETWORK_ERROR_TITLE = 'ERRORE DI RETE'
export const NETWORK_ERROR_MESSAGE =
  'Si è verificato un problema di connessione a Punto Digitale. Controlla le tue impostazioni di rete e riprova.'

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'validation' | 'unknown'

/**
 * A failed API call: HTTP status (0 without an answer), catalogue code (if any) and the message — the
 * server's `message` when its body had one (`fromServer` true), else a technical one.
 */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError'
  constructor(
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
    readonly kind: ApiErrorKind = 'http',
    options?: { cause?: unknown; fromServer?: boolean; corrente?: unknown; modificatoIl?: string | null },
  ) {
    super(message, options)
    this.fromServer = options?.fromServer === true
    this.corrente = options?.corrente
    this.modificatoIl = options?.modificatoIl ?? null
  }

  /** true when `message` is the server's own `message` (Italian, written for the action that failed) */
  readonly fromServer: boolean
  /** 409 V01 (issue 27): the record as it is now on the server, in the shape of the read that feeds the edit */
  readonly corrente: unknown
  /** 409 V01: when that record last changed (ISO), null when the answer did not say */
  readonly modificatoIl: string | null
}

/** Per-call options (passed to ky as `context`, or to {@link apiPost}/{@link apiGet}). */
export interface ApiCallOptions {
  /** no toast: the caller shows what it wants */
  silent?: boolean
  /** no loader overlay (background refreshes) */
  background?: boolean
  /** false: do not log out on 401 nor redirect on A02 (login flow) */
  authRedirects?: boolean
  /** the toast shows the server's message instead of the catalogue's description (administrative writes) */
  serverMessage?: boolean
  headers?: Record<string, string>
  signal?: AbortSignal
}

const started = new WeakSet<KyRequest>()

function settleLoader(request: KyRequest): void {
  if (started.delete(request)) loaderEnd()
}

/** Converts any error thrown by ky into an {@link ApiCallError}. */
export function toApiCallError(e: unknown): ApiCallError {
  if (e instanceof ApiCallError) return e
  if (isHTTPError(e)) {
    const data = (typeof e.data === 'object' && e.data !== null ? e.data : {}) as { errorCode?: unknown; message?: unknown; corrente?: unknown; modificatoIl?: unknown }
    const code = typeof data.errorCode === 'string' && data.errorCode ? data.errorCode : null
    const fromServer = typeof data.message === 'string' && data.message.trim() !== ''
    const message = fromServer ? (data.message as string) : e.message
    const modificatoIl = typeof data.modificatoIl === 'string' ? data.modificatoIl : null
    return new ApiCallError(e.response.status, code, message, 'http', { cause: e, fromServer, corrente: data.corrente, modificatoIl })
  }
  if (isTimeoutError(e)) return new ApiCallError(0, null, 'Timeout', 'timeout', { cause: e })
  if (isNetworkError(e)) return new ApiCallError(0, null, 'Network error', 'network', { cause: e })
  if (e instanceof Error && e.name === 'SchemaValidationError') return new ApiCallError(200, null, 'Risposta non valida', 'validation', { cause: e })
  return new ApiCallError(0, null, e instanceof Error ? e.message : String(e), 'unknown', { cause: e })
}

/**
 * Shows the toast of spec 000 §8 for a failure (used by the client, exported for callers that went silent):
 * catalogue title, description and '(errore CODE)'; with `serverMessage` the server's message (when its
 * answer had one) in place of the catalogue's description.
 */
export async function showApiErrorToast(err: ApiCallError, opts: { serverMessage?: boolean } = {}): Promise<void> {
  if (err.kind === 'network' || err.kind === 'timeout') {
    showToast({ id: NETWORK_TOAST_ID, title: NETWORK_ERROR_TITLE, message: NETWORK_ERROR_MESSAGE, status: 'error', duration: TOAST_DURATION.slow, closable: true })
    return
  }
  const d = await describeError(err.errorCode)
  // `serverMessage`: the server's own message fits the action better than the catalogue's general wording
  // (U20 in a manager's form: 'Nessun utente ha questo codice fiscale…', not the login's 'Il tuo codice
  // fiscale non risulta associato…'); the catalogue's title and '(errore CODE)' stay
  const descrizione = d.known && opts.serverMessage === true && err.fromServer ? err.message : d.descrizione
  const message = d.known && err.errorCode ? `${descrizione} (errore ${err.errorCode})` : descrizione
  showToast({ title: d.titolo, message, status: 'error', duration: TOAST_DURATION.slow, closable: true })
}

/**
 * Side effects of a failure: 401 → expired session or local logout, A02 → /auth-redirect, D01 and V01 → nothing, else a
 * toast unless silent. `sentIdToken`: the ID token the failed call carried (null: none); a 401 for other tokens
 * than the stored ones (a call sent before a new login) ends nothing.
 */
export async function handleApiFailure(err: ApiCallError, opts: Pick<ApiCallOptions, 'silent' | 'authRedirects' | 'serverMessage'> & { sentIdToken?: string | null } = {}): Promise<void> {
  const authRedirects = opts.authRedirects !== false
  if (err.errorCode === 'D01') return
  // a stale edit: the conflict view of the form shows it (src/ui/conflitto), never a toast
  if (err.errorCode === 'V01' && err.status === 409) return
  if (err.kind === 'http' && err.status === 401 && authRedirects) {
    // a 401 after the session was already closed (e.g. a call sent without token) has nothing to end
    if (readAuth()) void sessionRefused({ refusedIdToken: opts.sentIdToken })
    return
  }
  if (err.errorCode === 'A02' && authRedirects) {
    navigateTo('/auth-redirect')
    return
  }
  if (!opts.silent) await showApiErrorToast(err, { serverMessage: opts.serverMessage })
}

const contextOptions = (ctx: Record<string, unknown>): ApiCallOptions => ({
  silent: ctx.silent === true,
  background: ctx.background === true,
  authRedirects: ctx.authRedirects !== false,
  serverMessage: ctx.serverMessage === true,
})

/** The ky instance: use paths relative to the API base ('contesto', '/contesto'). */
export const api = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  headers: { accept: 'application/json' },
  fetch: (input, init) => globalThis.fetch(input, init),
  hooks: {
    init: [
      (options: Options) => {
        options.prefix = getAppConfig().apiBaseUrl
        if (options.baseUrl === undefined && typeof location !== 'undefined') options.baseUrl = `${location.origin}/`
      },
    ],
    beforeRequest: [
      async ({ request, options }) => {
        if (!contextOptions(options.context).background) {
          loaderStart()
          started.add(request)
        }
        await ensureFreshToken()
        const auth = readAuth()
        if (auth && !request.headers.has('authToken')) request.headers.set('authToken', auth.id_token)
        const role = readProfile()?.codiceRuolo
        if (role && !request.headers.has('userRole')) request.headers.set('userRole', role)
      },
    ],
    afterResponse: [
      ({ request }) => {
        settleLoader(request)
      },
    ],
    beforeError: [
      async ({ request, options, error }) => {
        settleLoader(request)
        const err = toApiCallError(error)
        await handleApiFailure(err, { ...contextOptions(options.context), sentIdToken: request.headers.get('authToken') })
        return err
      },
    ],
  },
})

async function run<T>(call: () => Promise<T>, opts: ApiCallOptions): Promise<T> {
  try {
    return await call()
  } catch (e) {
    if (e instanceof ApiCallError) throw e
    // failures after the response (schema validation, body read) do not pass through ky's beforeError
    const err = toApiCallError(e)
    await handleApiFailure(err, opts)
    throw err
  }
}

function kyOptions(opts: ApiCallOptions): Options {
  return {
    context: { silent: opts.silent === true, background: opts.background === true, authRedirects: opts.authRedirects !== false },
    headers: opts.headers,
    signal: opts.signal,
  }
}

/**
 * POST `path` (relative to the API base) with a JSON body; the answer is validated with `schema`
 * (valibot or any Standard Schema). Throws {@link ApiCallError} after the §8 handling.
 */
export async function apiPost<S extends StandardSchemaV1>(path: string, body: unknown, schema: S, opts: ApiCallOptions = {}): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  return run(() => api.post(path, { ...kyOptions(opts), json: body ?? {} }).json(schema), opts)
}

/** GET `path` (relative to the API base), validated with `schema`. Throws {@link ApiCallError}. */
export async function apiGet<S extends StandardSchemaV1>(path: string, schema: S, opts: ApiCallOptions & { searchParams?: Record<string, string | number | boolean> } = {}): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  return run(() => api.get(path, { ...kyOptions(opts), searchParams: opts.searchParams }).json(schema), opts)
}

/** PUT `path` with a JSON body, validated with `schema` (as {@link apiPost}). Throws {@link ApiCallError}. */
export async function apiPut<S extends StandardSchemaV1>(path: string, body: unknown, schema: S, opts: ApiCallOptions = {}): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  return run(() => api.put(path, { ...kyOptions(opts), json: body ?? {} }).json(schema), opts)
}

/** DELETE `path` (no body), validated with `schema` (as {@link apiPost}). Throws {@link ApiCallError}. */
export async function apiDelete<S extends StandardSchemaV1>(path: string, schema: S, opts: ApiCallOptions = {}): Promise<StandardSchemaV1InferOutput<S>> {
  await loadAppConfig()
  return run(() => api.delete(path, kyOptions(opts)).json(schema), opts)
}
