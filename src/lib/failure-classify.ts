/**
 * Typed failure classifier of the offline outbox's replay (ARCHITECTURE.md outbox point 4; offline-field-systems
 * §1.3, §7.4), also used by the anonymous survey's own queue (features/questionari/anonimo/queue.ts).
 * Pure: input is whatever a send threw — an `ApiCallError {status, errorCode, kind}` of src/api/client.ts,
 * a ky `HTTPError` / `NetworkError` / `TimeoutError`, a fetch `TypeError`, a `DOMException` AbortError or
 * TimeoutError — and the output says what the outbox does:
 * - `retry`: network error, timeout, 5xx, 408, 429, 409 G06 (same idempotency key still in progress) →
 *   capped exponential backoff, never discarded;
 * - `auth`: 401 → refresh the token once, else pause every entry until the next login;
 * - `attention`: 403 and the other 4xx (400 G02, 404, 409, 413, 422 …) and 2xx answers that do not match the
 *   contract → "richiede attenzione" with the server's message: editable, retryable, exportable. A 413 (the data
 *   exceed what the server accepts, issue 25 point 8) is never retried as it is: sending it again would be
 *   refused again;
 * - `done-duplicate`: never returned here. A repeat of an already applied request is answered by the server
 *   with the stored 2xx (same Idempotency-Key), so it is a plain success; a 409/422 such as S10 or U23
 *   means a DIFFERENT request collided and is NOT treated as success. Handlers may opt in through their
 *   own `classifyError` when a code provably means "this very write is already there".
 */
/** Why the last attempt failed (the classes below; the outbox stores it in `EntryError.kind`). */
export type FailureReason =
  | 'network'
  | 'timeout'
  | 'server'
  | 'unavailable'
  | 'rate-limit'
  | 'in-progress'
  | 'unauthorized'
  | 'forbidden'
  | 'validation'
  | 'not-found'
  | 'conflict'
  | 'client'
  | 'too-large'
  | 'invalid-answer'
  | 'dependency'
  | 'no-handler'
  | 'unknown'

export type FailureClass = 'retry' | 'auth' | 'attention' | 'done-duplicate'

export interface Classification {
  class: FailureClass
  reason: FailureReason
  /** HTTP status when the server answered */
  status?: number
  errorCode?: string | null
  /** Italian message for the sync centre (the server's own message for refusals) */
  message: string
}

export const MESSAGES = {
  network: 'Connessione assente o server non raggiungibile: nuovo tentativo automatico.',
  timeout: 'Il server non ha risposto in tempo: nuovo tentativo automatico.',
  server: 'Errore temporaneo del server: nuovo tentativo automatico.',
  unavailable: 'Servizio momentaneamente non disponibile: nuovo tentativo automatico.',
  rateLimit: 'Troppe richieste al server: nuovo tentativo tra poco.',
  inProgress: 'Richiesta già in elaborazione sul server: nuovo tentativo tra poco.',
  unauthorized: 'Sessione scaduta: accedi di nuovo per inviare i dati. Nessun dato andrà perso.',
  forbidden: 'Il profilo con cui è stata creata questa operazione non è autorizzato.',
  refused: 'Il server ha rifiutato i dati: controlla e modifica, poi riprova.',
  tooLarge: 'I dati inviati superano la dimensione massima accettata dal server: riduci gli allegati o il testo, poi riprova.',
  invalidAnswer: 'Il server ha risposto in modo inatteso: verifica i dati prima di riprovare.',
  unknown: 'Errore imprevisto durante l’invio: verifica i dati prima di riprovare.',
} as const

interface ErrorShape {
  name?: unknown
  message?: unknown
  status?: unknown
  errorCode?: unknown
  kind?: unknown
  fromServer?: unknown
  cause?: unknown
  response?: { status?: unknown } | null
  data?: unknown
}

const asShape = (e: unknown): ErrorShape => (e && typeof e === 'object' ? (e as ErrorShape) : {})
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null)

/** A failure without any answer from the server (network, abort, timeout), by error name/type. */
function transportFailure(e: unknown): 'network' | 'timeout' | null {
  const s = asShape(e)
  const name = str(s.name)
  if (name === 'TimeoutError') return 'timeout'
  if (name === 'AbortError') return 'network'
  if (name === 'NetworkError') return 'network'
  if (e instanceof TypeError) return 'network'
  return null
}

/** Classification of an HTTP answer (status, catalogue code, server message). */
export function classifyStatus(status: number, errorCode: string | null, serverMessage: string | null): Classification {
  const base = { status, errorCode }
  if (status === 401) return { ...base, class: 'auth', reason: 'unauthorized', message: MESSAGES.unauthorized }
  if (status === 408) return { ...base, class: 'retry', reason: 'timeout', message: MESSAGES.timeout }
  if (status === 429) return { ...base, class: 'retry', reason: 'rate-limit', message: MESSAGES.rateLimit }
  if (status === 409 && errorCode === 'G06') return { ...base, class: 'retry', reason: 'in-progress', message: MESSAGES.inProgress }
  if (status === 502 || status === 503 || status === 504) return { ...base, class: 'retry', reason: 'unavailable', message: MESSAGES.unavailable }
  if (status >= 500) return { ...base, class: 'retry', reason: 'server', message: MESSAGES.server }
  const withCode = (m: string) => (errorCode ? `${m} (errore ${errorCode})` : m)
  if (status === 403) return { ...base, class: 'attention', reason: 'forbidden', message: withCode(serverMessage ?? MESSAGES.forbidden) }
  if (status === 404) return { ...base, class: 'attention', reason: 'not-found', message: withCode(serverMessage ?? MESSAGES.refused) }
  if (status === 409) return { ...base, class: 'attention', reason: 'conflict', message: withCode(serverMessage ?? MESSAGES.refused) }
  if (status === 413) return { ...base, class: 'attention', reason: 'too-large', message: withCode(serverMessage ?? MESSAGES.tooLarge) }
  if (status === 400 || status === 422) return { ...base, class: 'attention', reason: 'validation', message: withCode(serverMessage ?? MESSAGES.refused) }
  if (status >= 400) return { ...base, class: 'attention', reason: 'client', message: withCode(serverMessage ?? MESSAGES.refused) }
  // a 2xx/3xx reaching here means the answer could not be used (schema mismatch): the server did apply it
  return { ...base, class: 'attention', reason: 'invalid-answer', message: MESSAGES.invalidAnswer }
}

/** Classifies any error thrown while sending an entry (see the module comment for the table). */
export function classifyFailure(e: unknown): Classification {
  const s = asShape(e)
  // ApiCallError of src/api/client.ts (duck-typed: no import of the HTTP client here)
  if (s.name === 'ApiCallError' && typeof s.status === 'number') {
    const kind = str(s.kind)
    if (kind === 'network') return { class: 'retry', reason: 'network', message: MESSAGES.network }
    if (kind === 'timeout') return { class: 'retry', reason: 'timeout', message: MESSAGES.timeout }
    // a message that is not the server's (no catalogue code either: a proxy's page) is ky's English text: not shown
    if (kind === 'http') return classifyStatus(s.status, str(s.errorCode), s.fromServer === false && !str(s.errorCode) ? null : str(s.message))
    if (kind === 'validation') return { class: 'attention', reason: 'invalid-answer', status: s.status, message: MESSAGES.invalidAnswer }
    // 'unknown': look at what it wraps (an AbortSignal timeout, a fetch TypeError…)
    const inner = transportFailure(s.cause)
    if (inner) return classifyFailure(s.cause)
    return { class: 'attention', reason: 'unknown', message: str(s.message) ?? MESSAGES.unknown }
  }
  // a 2xx answer that failed the handler's schema (handlers.ts InvalidAnswerError)
  if (s.name === 'InvalidAnswerError') return { class: 'attention', reason: 'invalid-answer', message: MESSAGES.invalidAnswer }
  // ky HTTPError: response + pre-parsed body in `data`
  if (s.name === 'HTTPError' && s.response && typeof s.response.status === 'number') {
    const data = asShape(s.data)
    return classifyStatus(s.response.status, str(data.errorCode), str(data.message))
  }
  const transport = transportFailure(e)
  if (transport === 'timeout') return { class: 'retry', reason: 'timeout', message: MESSAGES.timeout }
  if (transport === 'network') return { class: 'retry', reason: 'network', message: MESSAGES.network }
  return { class: 'attention', reason: 'unknown', message: e instanceof Error && e.message ? e.message : MESSAGES.unknown }
}

/** Reasons meaning the server is unreachable or overloaded: the replay run stops instead of trying the next entries. */
export function stopsTheRun(c: Classification): boolean {
  return c.class === 'retry' && (c.reason === 'network' || c.reason === 'timeout' || c.reason === 'unavailable' || c.reason === 'rate-limit')
}
