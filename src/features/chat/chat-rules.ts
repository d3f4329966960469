/**
 * Pure rules of the embedded chat (spec 001 §2 "Chat", §9): frame heights by viewport, the messages of
 * the Rocket.Chat frame (iframe integration events), the login-by-token message.
 */

/** Frame height in px for a viewport `width`: phone 520, tablet (768–991) 670, desktop 570. */
export function chatFrameHeight(width: number): number {
  if (width >= 992) return 570
  if (width >= 768) return 670
  return 520
}

/**
 * The unread count carried by a message of the chat frame, or null when the message is not one:
 * only from `chatOrigin` (the origin of CHAT_URL), event `unread-changed` (Rocket.Chat sends a number,
 * '' or '•' for 0 / unknown).
 */
export function unreadFromMessage(origin: string, data: unknown, chatOrigin: string): number | null {
  if (origin !== chatOrigin || typeof data !== 'object' || data === null) return null
  const m = data as { eventName?: unknown; data?: unknown }
  if (m.eventName !== 'unread-changed') return null
  const n = typeof m.data === 'number' ? m.data : Number.parseInt(String(m.data ?? ''), 10)
  return Number.isFinite(n) && n > 0 ? n : 0
}

/** The message that logs the frame in with `token` (Rocket.Chat iframe integration command). */
export function loginMessage(token: string): { externalCommand: 'login-with-token'; token: string } {
  return { externalCommand: 'login-with-token', token }
}
