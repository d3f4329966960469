/**
 * The chat login token (spec 001 §7, §8: "Chat token is fetched once, stored locally and reused"; a
 * failure is only logged): `POST /rocket-chat/auth/iframe/utente/{id}` → `{ data: { authToken } }`,
 * kept in localStorage under `pd.chat.token.{userId}`.
 */
import * as v from 'valibot'
import { apiPost } from '../../api/client'
import { presentProfileIds } from '../../auth/current-profile'
import { readUser } from '../../auth/token-store'

const TokenSchema = v.object({ data: v.object({ authToken: v.pipe(v.string(), v.minLength(1)) }) })
export const chatTokenKey = (userId: number) => `pd.chat.token.${userId}`

/** The stored token, else a fresh one from the server (stored); null when it cannot be had (logged). */
export async function chatToken(): Promise<string | null> {
  const user = readUser()
  if (!user) return null
  try {
    const stored = localStorage.getItem(chatTokenKey(user.id))
    if (stored) return stored
  } catch { /* storage blocked: ask the server */ }
  try {
    const res = await apiPost(`rocket-chat/auth/iframe/utente/${user.id}`, presentProfileIds(), TokenSchema, { silent: true, background: true })
    try { localStorage.setItem(chatTokenKey(user.id), res.data.authToken) } catch { /* keep it in memory only */ }
    return res.data.authToken
  } catch (err) {
    console.warn('Token della chat non ottenuto', err)
    return null
  }
}
