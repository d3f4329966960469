/**
 * Chat state shared by the slim header's button and the chat modal (spec 001 §2 "Chat"): whether a chat
 * server exists (`chatUrl` of /app-config.json, null = no button), whether the modal is open, and the
 * unread count the chat frame reports. The modal itself lives in src/features/chat and plugs into the
 * shell's 'overlay' slot.
 */
import { getAppConfig, loadAppConfig } from '../../api/config'
import { createStore, useStore } from '../../lib/store'

interface ChatState { url: string | null; open: boolean; unread: number }

const store = createStore<ChatState>({ url: null, open: false, unread: 0 })
let configAsked = false
const set = (patch: Partial<ChatState>) => store.update((state) => ({ ...state, ...patch }))
const subscribe = (l: () => void) => {
  const off = store.subscribe(l)
  if (!configAsked) {
    configAsked = true
    set({ url: getAppConfig().chatUrl })
    void loadAppConfig().then((c) => set({ url: c.chatUrl }), () => undefined)
  }
  return off
}

export const openChat = () => set({ open: true })
export const closeChat = () => set({ open: false })
/** The unread count reported by the chat frame (negative or non-numbers count as 0). */
export const setChatUnread = (n: number) => set({ unread: Number.isFinite(n) && n > 0 ? Math.floor(n) : 0 })

/** The chat state (React hook); reads the runtime config on first use. */
export function useChat(): ChatState {
  return useStore({ subscribe, get: store.get })
}

/** Test hook: forgets the state so the next use reads the runtime config again. */
export function resetChatForTests(): void {
  store.reset({ url: null, open: false, unread: 0 })
  configAsked = false
}
