/**
 * Chat state shared by the slim header's button and the chat modal (spec 001 §2 "Chat"): whether a chat
 * server exists (`chatUrl` of /app-config.json, null = no button), whether the modal is open, and the
 * unread count the chat frame reports. The modal itself lives in src/features/chat and plugs into the
 * shell's 'overlay' slot.
 */
import { useSyncExternalStore } from 'react'
import { getAppConfig, loadAppConfig } from '../../api/config'

interface ChatState { url: string | null; open: boolean; unread: number }

let state: ChatState = { url: null, open: false, unread: 0 }
let configAsked = false
const listeners = new Set<() => void>()
const set = (patch: Partial<ChatState>) => {
  state = { ...state, ...patch }
  listeners.forEach((l) => l())
}
const subscribe = (l: () => void) => {
  listeners.add(l)
  if (!configAsked) {
    configAsked = true
    set({ url: getAppConfig().chatUrl })
    void loadAppConfig().then((c) => set({ url: c.chatUrl }), () => undefined)
  }
  return () => { listeners.delete(l) }
}

export const openChat = () => set({ open: true })
export const closeChat = () => set({ open: false })
/** The unread count reported by the chat frame (negative or non-numbers count as 0). */
export const setChatUnread = (n: number) => set({ unread: Number.isFinite(n) && n > 0 ? Math.floor(n) : 0 })

/** The chat state (React hook); reads the runtime config on first use. */
export function useChat(): ChatState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}

/** Test hook: forgets the state so the next use reads the runtime config again. */
export function resetChatForTests(): void {
  state = { url: null, open: false, unread: 0 }
  configAsked = false
}
