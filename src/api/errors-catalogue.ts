/**
 * The error catalogue (spec 000 §8): the static file `/data/errors.json`, fetched once per page and
 * kept in memory (the service worker precaches it for offline use). Accepted shapes:
 * `{ errors: { CODE: {titolo, descrizione, ...} } }` or `{ CODE: {titolo, descrizione, ...} }`.
 */
import { fetchJson } from './fetch-json'

export interface ErrorDescription {
  /** title to show: the catalogue `titolo`, 'ERRORE' when empty, 'SI È VERIFICATO UN ERRORE' when unknown */
  titolo: string
  descrizione: string
  /** false when the code is not in the catalogue (or the catalogue could not be loaded) */
  known: boolean
}

export interface CatalogueEntry {
  titolo?: string
  descrizione?: string
  status?: number
  type?: string
}

export type ErrorCatalogue = Record<string, CatalogueEntry>

export const ERROR_CATALOGUE_URL = '/data/errors.json'
export const UNKNOWN_ERROR: ErrorDescription = {
  titolo: 'SI È VERIFICATO UN ERRORE',
  descrizione: 'Ti invitiamo a riprovare più tardi',
  known: false,
}

const sameOrigin = (path: string) => (typeof location !== 'undefined' ? new URL(path, location.origin).toString() : path)

let cache: ErrorCatalogue | null = null
let loading: Promise<ErrorCatalogue> | null = null

function normalise(raw: unknown): ErrorCatalogue {
  if (!raw || typeof raw !== 'object') return {}
  const obj = raw as Record<string, unknown>
  const source = obj.errors && typeof obj.errors === 'object' ? (obj.errors as Record<string, unknown>) : obj
  const out: ErrorCatalogue = {}
  for (const [code, entry] of Object.entries(source)) {
    if (entry && typeof entry === 'object') out[code] = entry as CatalogueEntry
  }
  return out
}

/** Loads the catalogue once; a failed load is not cached (the next call tries again) and yields `{}`. */
export function loadErrorCatalogue(): Promise<ErrorCatalogue> {
  if (cache) return Promise.resolve(cache)
  loading ??= (async () => fetchJson(sameOrigin(ERROR_CATALOGUE_URL), 10_000))()
    .then((raw) => {
      cache = normalise(raw)
      return cache
    })
    .catch(() => ({}) as ErrorCatalogue)
    .finally(() => {
      loading = null
    })
  return loading
}

/** Title and description of a code; unknown or missing codes give {@link UNKNOWN_ERROR}. */
export async function describeError(code: string | null | undefined): Promise<ErrorDescription> {
  if (!code) return UNKNOWN_ERROR
  const entry = (await loadErrorCatalogue())[code]
  if (!entry || !entry.descrizione) return UNKNOWN_ERROR
  return { titolo: entry.titolo?.trim() || 'ERRORE', descrizione: entry.descrizione, known: true }
}

/** Test hook: forgets the cached catalogue. */
export function resetErrorCatalogueForTests(): void {
  cache = null
  loading = null
}
