/**
 * Embedded chat (spec 001 §2 "Chat", §7: `POST /rocket-chat/auth/iframe/utente/{id}`; issue 12 point 8).
 *
 * | route | access | answer |
 * |---|---|---|
 * | POST /rocket-chat/auth/iframe/utente/:id | btn.chat; `id` must be the caller | `{ data: { authToken } }` |
 *
 * With `CHAT_URL` set (server/config.ts) the route asks Rocket.Chat's REST API for a login token of the
 * caller (`POST {CHAT_URL}/api/v1/users.createToken` with the administrator's `X-User-Id`/`X-Auth-Token`,
 * body `{ username }`, the user's fiscal code in lower case: the chat's users are provisioned with it).
 * Errors: no chat configured → 404 C01; the chat refuses (non-2xx or `success: false`) → 502 RC02; the
 * chat cannot be reached within 5 s → 502 RC03. The token is never logged.
 */
import type { FastifyInstance } from 'fastify'
import type { ChatConfig } from '../config'
import { ApiError, forbidden, notFound } from '../errors'
import { parseIdParam } from '../domain/db-errors'

/** Longest wait for the chat server, ms. */
export const CHAT_TIMEOUT_MS = 5_000

/** Asks Rocket.Chat for a login token of `username`; throws ApiError RC02/RC03 (502). */
export async function createChatToken(chat: ChatConfig, username: string): Promise<string> {
  let res: Response
  try {
    res = await fetch(`${chat.url}/api/v1/users.createToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user-id': chat.adminUser, 'x-auth-token': chat.adminToken },
      body: JSON.stringify({ username }),
      signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
    })
  } catch {
    throw new ApiError(502, 'RC03')
  }
  const body = await res.json().catch(() => null) as { success?: boolean; data?: { authToken?: unknown } } | null
  const token = body?.data?.authToken
  if (!res.ok || body?.success === false || typeof token !== 'string' || !token) throw new ApiError(502, 'RC02')
  return token
}

export default async function chatRoutes(app: FastifyInstance, opts: { chat?: ChatConfig }): Promise<void> {
  app.post('/rocket-chat/auth/iframe/utente/:id', {
    config: { access: { kind: 'permission', codes: ['btn.chat'] }, perIdCheck: true, doc: { summary: 'Token di accesso alla chat (Rocket.Chat) per l’utente', tags: ['Chat'], errors: [502] } },
  }, async (request) => {
    if (!opts.chat) throw notFound('C01', 'La chat non è attiva su questa piattaforma.')
    const principal = request.auth!.principal
    if (parseIdParam((request.params as { id: string }).id) !== principal.userId) throw forbidden('A02')
    return { data: { authToken: await createChatToken(opts.chat, principal.codiceFiscale.toLowerCase()) } }
  })
}
