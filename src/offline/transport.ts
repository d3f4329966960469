/**
 * The default transport of the replay: the app's HTTP client (src/api/client.ts, loaded on first use so
 * ky stays off the landing page) with header `Idempotency-Key`, header `userRole` = the entry's
 * `codiceRuolo` (whatever profile the UI is on now), the current user's token, no loader (`background`),
 * no toast (`silent`) and no logout on 401 (`authRedirects: false`: the outbox handles 401 itself).
 * Each attempt times out after {@link OUTBOX_REQUEST_TIMEOUT_MS}; the idempotency key makes the resend safe.
 */
import { loadAppConfig } from '../api/config'
import type { OutboxRequest } from './handlers'

/** Per-attempt timeout of a replayed request (ms). */
export const OUTBOX_REQUEST_TIMEOUT_MS = 30_000

/** Sends an outbox request; resolves with the parsed JSON answer (null when empty); throws ApiCallError. */
export async function httpTransport(req: OutboxRequest): Promise<unknown> {
  // api/config is static (connectivity.ts imports it too): a dynamic import of it would make the bundler
  // split the landing page's config and valibot into extra chunks
  const { api, toApiCallError } = await import('../api/client')
  await loadAppConfig()
  try {
    const response = await api(req.path, {
      method: req.method,
      ...(req.method === 'GET' ? {} : { json: req.body ?? {} }),
      headers: { 'Idempotency-Key': req.idempotencyKey, userRole: req.roleContext.codiceRuolo },
      context: { silent: true, background: true, authRedirects: false },
      timeout: OUTBOX_REQUEST_TIMEOUT_MS,
      signal: req.signal,
    })
    const text = await response.text()
    return text ? (JSON.parse(text) as unknown) : null
  } catch (e) {
    throw toApiCallError(e)
  }
}
