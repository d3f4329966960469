/**
 * Errors of the reference API: `{errorCode, message}` with the catalogue's codes
 * (platform-backend §14, `public/data/errors.json`) and the right HTTP status.
 * A caller's mistake is a 4xx; only an unexpected failure is a 500 (code G01).
 */
import { readFileSync } from 'node:fs'
import { projectPath } from './paths'

interface CatalogueEntry { titolo: string; descrizione: string; status?: number }

let catalogue: Record<string, CatalogueEntry> | undefined
function loadCatalogue(): Record<string, CatalogueEntry> {
  if (!catalogue) {
    try {
      const file = projectPath('public', 'data', 'errors.json')
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { errors: Record<string, CatalogueEntry> }
      catalogue = parsed.errors
    } catch {
      catalogue = {}
    }
  }
  return catalogue
}

/** The catalogue's Italian description for a code, or undefined. */
export function catalogueMessage(code: string): string | undefined {
  return loadCatalogue()[code]?.descrizione
}

/**
 * A failure to report to the caller as `status` + `{errorCode, message}`, plus `extra` fields when given (the
 * 409 V01 of issue 27 carries `corrente`, the current record: server/domain/versioni.ts).
 */
export class ApiError extends Error {
  readonly status: number
  readonly errorCode: string
  readonly extra?: Readonly<Record<string, unknown>>
  constructor(status: number, errorCode: string, message?: string, extra?: Record<string, unknown>) {
    super(message ?? catalogueMessage(errorCode) ?? 'Si è verificato un errore.')
    this.status = status
    this.errorCode = errorCode
    if (extra) this.extra = extra
  }

  /** The answer's body: `{errorCode, message}` and the extra fields. */
  body(): Record<string, unknown> {
    return { errorCode: this.errorCode, message: this.message, ...this.extra }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the answer when the request's body exceeds the route's `bodyLimit` (default: 413 G02) */
    tooLarge?: ApiError
  }
}

export const badRequest = (code = 'G02', message?: string) => new ApiError(400, code, message)
export const unauthorized = (code: string, message?: string) => new ApiError(401, code, message)
export const forbidden = (code = 'A02', message?: string) => new ApiError(403, code, message)
export const notFound = (code = 'C01', message?: string) => new ApiError(404, code, message)
export const conflict = (code: string, message?: string) => new ApiError(409, code, message)

/** Every catalogue code with its HTTP status (when the catalogue gives one), sorted by code: the API description's error codes. */
export function catalogueCodes(): { code: string; status?: number }[] {
  return Object.entries(loadCatalogue()).map(([code, entry]) => ({ code, status: entry.status })).sort((a, b) => a.code.localeCompare(b.code))
}
