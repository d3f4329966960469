/**
 * The two public calls of the anonymous survey (spec 002 §7 "Services"; platform-backend §5.6), made with
 * plain `fetch` and NO session headers (the citizen has no login; `authToken`/`userRole` must never leak
 * onto a public call): the API base comes from `/app-config.json` ({@link loadAppConfig}).
 * - `GET  …/questionarioCompilato/{id}/anonimo?t={token}` → {@link QuestionarioAnonimo};
 * - `POST …/questionarioCompilato/{id}/compila/anonimo?t={token}` with `Idempotency-Key` → {@link CompilaQuestionarioRisposta}.
 * Failures throw {@link AnonimoCallError}: `kind` 'network' (no answer, timeout) or 'http' (status and
 * catalogue code: 404 T01 unknown link, 410 T02 expired, 409 Q02 already compiled) or 'invalid' (answer
 * not matching the contract).
 */
import * as v from 'valibot'
import { getAppConfig, loadAppConfig } from '../../../api/config'
import {
  CompilaQuestionarioRispostaSchema,
  QuestionarioAnonimoSchema,
  type CompilaAnonimoBody,
  type CompilaQuestionarioRisposta,
  type QuestionarioAnonimo,
} from '../../../api/contract/questionario'

export const LOAD_TIMEOUT_MS = 20_000
export const SEND_TIMEOUT_MS = 30_000

export type AnonimoErrorKind = 'network' | 'http' | 'invalid'

/** A failed anonymous call. `status` is 0 without an answer; `errorCode` the catalogue code when the server gave one. */
export class AnonimoCallError extends Error {
  override readonly name = 'AnonimoCallError'
  constructor(
    readonly kind: AnonimoErrorKind,
    readonly status: number,
    readonly errorCode: string | null,
    message: string,
  ) {
    super(message)
  }
}

/** Absolute URL of `…/questionarioCompilato/{id}/{suffix}?t={token}` under the API base. */
export function anonimoUrl(idQuestionario: string, token: string, suffix: 'anonimo' | 'compila/anonimo'): string {
  const origin = typeof location !== 'undefined' ? location.origin : 'http://127.0.0.1:8080'
  const base = getAppConfig().apiBaseUrl.replace(/\/+$/, '')
  const url = new URL(`${base}/servizio/cittadino/questionarioCompilato/${encodeURIComponent(idQuestionario)}/${suffix}`, origin)
  url.searchParams.set('t', token)
  return url.toString()
}

/** A signal aborted after `ms` (AbortSignal.timeout is missing on older phones, e.g. iOS < 16). */
function timeoutSignal(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ms)
  return { signal: controller.signal, clear: () => clearTimeout(timer) }
}

async function call(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  const timeout = timeoutSignal(timeoutMs)
  let response: Response
  try {
    response = await fetch(url, { ...init, cache: 'no-store', credentials: 'omit', signal: timeout.signal })
  } catch (e) {
    timeout.clear()
    throw new AnonimoCallError('network', 0, null, e instanceof Error ? e.message : 'Network error')
  }
  const data: unknown = await response.json().catch(() => null)
  timeout.clear()
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as { errorCode?: unknown; message?: unknown }
    const code = typeof body.errorCode === 'string' && body.errorCode ? body.errorCode : null
    throw new AnonimoCallError('http', response.status, code, typeof body.message === 'string' ? body.message : `HTTP ${response.status}`)
  }
  return data
}

function parse<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, data)
  if (!r.success) throw new AnonimoCallError('invalid', 200, null, 'Risposta non valida')
  return r.output
}

/** Loads the anonymous survey of an instance (no citizen data: consent flag, service name and date, Q4). */
export async function fetchAnonimo(idQuestionario: string, token: string): Promise<QuestionarioAnonimo> {
  await loadAppConfig()
  const data = await call(anonimoUrl(idQuestionario, token, 'anonimo'), { method: 'GET', headers: { accept: 'application/json' } }, LOAD_TIMEOUT_MS)
  return parse(QuestionarioAnonimoSchema, data)
}

/** Sends the citizen's answers; `idempotencyKey` (a UUID) makes a repeated send the same request. */
export async function postCompilaAnonimo(idQuestionario: string, token: string, body: CompilaAnonimoBody, idempotencyKey: string): Promise<CompilaQuestionarioRisposta> {
  await loadAppConfig()
  const data = await call(
    anonimoUrl(idQuestionario, token, 'compila/anonimo'),
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    },
    SEND_TIMEOUT_MS,
  )
  return parse(CompilaQuestionarioRispostaSchema, data)
}
