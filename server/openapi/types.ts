/**
 * The documentation every `/api` route declares next to its access (issue 14 point 5), read by the
 * OpenAPI generator (server/openapi/document.ts):
 *
 * ```ts
 * app.post('/servizio', { config: { ...perm('new.serv'), idempotency: 'user', doc: {
 *   summary: 'Crea un servizio', tags: ['Servizi'], body: ServizioBodySchema, status: 201, response: IdServizioSchema,
 * } } }, handler)
 * ```
 *
 * `body` and `query` are the SAME valibot schema objects the handler parses (one source of truth); the
 * security, the `Idempotency-Key` header, the path parameters and the usual error answers (400, 401,
 * 403, 404, 409/422/503 of idempotency, 429 of the rate limits) follow from the route itself.
 */
import type { GenericSchema } from 'valibot'

/** A payload that is not a JSON document: a CSV download, an event stream, a file, a multipart upload. */
export interface MediaPayload {
  /** e.g. `text/csv`, `text/event-stream`, `application/octet-stream`; several when the route takes or gives any of them */
  mediaType: string | string[]
  /** Italian, what the payload holds */
  description: string
  /** its shape when it has one (the fields of a multipart form, the JSON of a stream event) */
  schema?: GenericSchema
}

/** A request or answer payload: a valibot schema (JSON) or a non-JSON media payload. */
export type DocPayload = GenericSchema | MediaPayload

/** Documentation of one route (Italian texts: the contract is Italian). */
export interface RouteDoc {
  /** one line, Italian, e.g. 'Crea un servizio' */
  summary: string
  /** longer Italian explanation (rules, limits, spec section) */
  description?: string
  /** groups of the reference page, e.g. ['Servizi'] */
  tags: string[]
  /** the JSON body the handler parses (valibot schema), or a non-JSON body */
  body?: DocPayload
  /** the query parameters the handler reads: a valibot object schema, one parameter per entry */
  query?: GenericSchema
  /** success status (default 200) */
  status?: number
  /** success answer (default: a JSON document; `null` for an answer without body) */
  response?: DocPayload | null
  /** further error statuses the route answers besides the ones derived from the route (e.g. 404, 409) */
  errors?: number[]
  /**
   * the route edits or deletes a versioned record (issue 27): its body carries `versione`, the version the edit
   * was based on (428 V02 without it, 409 V01 with `corrente` when stale; server/domain/versioni.ts)
   */
  versioned?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's API documentation (server/openapi/types.ts) */
    doc?: RouteDoc
  }
}
