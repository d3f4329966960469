/**
 * Typed errors of the offline library. Messages are Italian: features may show them as they are.
 */

/** The device storage is full (IndexedDB QuotaExceededError): nothing was saved. Never swallowed. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError'
  constructor(options?: { cause?: unknown }) {
    super(
      'Memoria del dispositivo piena: il dato non è stato salvato. Libera spazio sul dispositivo, poi riprova; i dati già in attesa restano salvati.',
      options,
    )
  }
}

/** No user database is open (nobody logged in, or the session was closed). */
export class NoUserDbError extends Error {
  override readonly name = 'NoUserDbError'
  constructor() {
    super('Nessun utente collegato: accedi per salvare i dati sul dispositivo.')
  }
}

/** The entry cannot be changed in its current state (sending, done, or possibly already received by the server). */
export class EntryNotEditableError extends Error {
  override readonly name = 'EntryNotEditableError'
}

/** A destructive action was requested without the explicit confirmation flag. */
export class ConfirmationRequiredError extends Error {
  override readonly name = 'ConfirmationRequiredError'
  constructor() {
    super("Per scartare un'operazione serve una conferma esplicita.")
  }
}

/** No entry with this id in the current user's outbox. */
export class EntryNotFoundError extends Error {
  override readonly name = 'EntryNotFoundError'
  constructor(id: string) {
    super(`Operazione non trovata: ${id}`)
  }
}

/** The role context of an entry belongs to another user than the open database's owner. */
export class ForeignUserError extends Error {
  override readonly name = 'ForeignUserError'
  constructor() {
    super("L'operazione appartiene a un altro utente e non può essere salvata qui.")
  }
}

interface ErrorLike {
  name?: unknown
  code?: unknown
  inner?: unknown
  cause?: unknown
  failures?: unknown
}

/**
 * True when `e` (or an error it wraps: Dexie `inner`, `cause`, bulk `failures`) is a quota error:
 * DOMException / Dexie.QuotaExceededError (name 'QuotaExceededError', legacy code 22).
 */
export function isQuotaError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false
  const err = e as ErrorLike
  if (err.name === 'QuotaExceededError' || err.code === 22) return true
  if (isQuotaError(err.inner, depth + 1) || isQuotaError(err.cause, depth + 1)) return true
  if (Array.isArray(err.failures)) return err.failures.some((f) => isQuotaError(f, depth + 1))
  return false
}

/** True for errors meaning the IndexedDB connection is closed or lost (WebKit after backgrounding). */
export function isDbClosedError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false
  const err = e as { name?: unknown; message?: unknown; inner?: unknown }
  if (err.name === 'DatabaseClosedError') return true
  if (err.name === 'InvalidStateError' || err.name === 'UnknownError') {
    return typeof err.message === 'string' && /closing|closed|connection.*lost/i.test(err.message)
  }
  return err.inner ? isDbClosedError(err.inner) : false
}
