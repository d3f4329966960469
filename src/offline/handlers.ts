/**
 * Handler registry (OpenMRS esm-offline pattern, offline-field-systems §1.6): each operation kind
 * ('servizio.crea', 'cittadino.aggiungi', 'questionario.compila'…) registers how to send it, how to put
 * its parents' server results into its payload, and how to apply the server's answer to the local copy.
 */
import type { StandardSchemaV1 } from 'ky'
import type { OfflineDb } from './db'
import type { Classification } from '../lib/failure-classify'
import type { EntryRoleContext, OutboxEntry } from './types'

export type OutboxMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One request of the replay, as the transport sends it. */
export interface OutboxRequest {
  method: OutboxMethod
  /** path relative to the API base ('servizio', 'servizio/12') */
  path: string
  body?: unknown
  /** sent as header `Idempotency-Key` */
  idempotencyKey: string
  /** `codiceRuolo` is sent as header `userRole`; the current user's token authenticates */
  roleContext: EntryRoleContext
  signal?: AbortSignal
}

/** Sends one request and resolves with the parsed JSON answer (null for an empty body); throws on failure. */
export type Transport = (req: OutboxRequest) => Promise<unknown>

/** What a handler's `send` gets: request helpers bound to the entry's idempotency key and role context. */
export interface SendContext {
  /** POST with the entry's `Idempotency-Key` and `userRole`; the answer is validated when a schema is given */
  post<T = unknown>(path: string, body: unknown, schema?: StandardSchemaV1<unknown, T>): Promise<T>
  put<T = unknown>(path: string, body: unknown, schema?: StandardSchemaV1<unknown, T>): Promise<T>
  delete<T = unknown>(path: string, schema?: StandardSchemaV1<unknown, T>): Promise<T>
  /** any method */
  request<T = unknown>(method: OutboxMethod, path: string, body?: unknown, schema?: StandardSchemaV1<unknown, T>): Promise<T>
  signal: AbortSignal
}

/** A done parent of the entry being sent, with the server's answer. */
export interface ParentResult {
  id: string
  kind: string
  result: unknown
}

export interface OutboxHandler<P = unknown, R = unknown> {
  /** sends the entry (payload already resolved); resolves with the server's answer */
  send(entry: OutboxEntry<P>, ctx: SendContext): Promise<R>
  /** kinds of parents whose results `resolve` reads (documentation and a guard: other parents are ignored) */
  dependsOnKinds?: readonly string[]
  /** returns the payload with the parents' server results substituted (e.g. idServizioLocale → idServizio); pure */
  resolve?(payload: P, parents: ParentResult[]): P
  /** applies the answer to the local copy (idServer…); runs in the transaction that marks the entry done */
  applyResult?(db: OfflineDb, entry: OutboxEntry<P>, result: R): Promise<void> | void
  /** overrides the default classifier for this kind (return undefined to keep the default) */
  classifyError?(error: unknown, entry: OutboxEntry<P>): Classification | undefined
  /** how an update/delete of a versioned record meets a 409 V01 (issue 27); without it a 409 V01 needs attention */
  conflict?: ConflictSupport<P>
}

/** A record's fields as the three-way merge reads them (src/lib/merge3.ts `Campi`). */
export type CampiRecord = Record<string, unknown>

/**
 * The three sides of an entry's three-way merge and how to send the result (issue 27 point 3). The payload carries
 * the version its edit was made on and the `base` snapshot; the handler knows their place and the field shape.
 */
export interface ConflictSupport<P> {
  /** the record's fields as they were when the edit was made (the local copy's), from the payload */
  base(payload: P): CampiRecord
  /** the edited fields, from the payload (same shape as `base`) */
  mine(payload: P): CampiRecord
  /** the 409's `corrente` in the same shape, its version and when it last changed (ISO); null when unreadable */
  theirs(corrente: unknown): { campi: CampiRecord; versione: number; modificatoIl: string | null } | null
  /** the payload sending `campi` as an edit based on `versione` (the server's record `theirs` becomes its base) */
  rebase(payload: P, campi: CampiRecord, versione: number, theirs: CampiRecord): P
  /** false: never merged without the user (a delete of a record changed meanwhile asks again); default true */
  automatic?: boolean
}

const handlers = new Map<string, OutboxHandler>()

/** Registers (or replaces) the handler of an operation kind; returns the unregister function. */
export function registerHandler<P, R>(kind: string, handler: OutboxHandler<P, R>): () => void {
  handlers.set(kind, handler as unknown as OutboxHandler)
  return () => {
    if (handlers.get(kind) === (handler as unknown as OutboxHandler)) handlers.delete(kind)
  }
}

/** The handler of a kind, or undefined. */
export function getHandler(kind: string): OutboxHandler | undefined {
  return handlers.get(kind)
}

/** The result of the first done parent of `kind` (helper for `resolve`). */
export function resultOf<R = unknown>(parents: ParentResult[], kind: string): R | undefined {
  return parents.find((p) => p.kind === kind)?.result as R | undefined
}

/** A 2xx answer that does not match the expected schema (the server applied the request). */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError'
  constructor(readonly issues: readonly { message: string }[]) {
    super('Risposta del server non conforme al contratto')
  }
}
