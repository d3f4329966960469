/**
 * Chat modal (spec 001 §2 "Chat", issue 12 point 8): the Rocket.Chat of `CHAT_URL` in a frame (heights
 * 520 phone, 670 tablet, 570 desktop), logged in by posting the stored token to the frame once it has
 * loaded; the unread count comes from the frame's `unread-changed` messages, accepted only from the
 * chat's origin. Opening it records a 'chat' usage event. Plugged into the shell's 'overlay' slot.
 * While the modal is closed, a hidden frame of the same chat stays loaded for a user who may chat, so the
 * slim header's button counts the unread messages from the login on, not only once the chat has been
 * opened (issue 24 point 20); it gives way to the modal's frame while the modal is open.
 */
import { Modal, ModalBody, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { trackEvent } from '../../api/track-event'
import { useShellModel } from '../../ui/shell/useShellModel'
import { closeChat, setChatUnread, useChat } from '../../ui/stores/chat'
import { chatFrameHeight, loginMessage, unreadFromMessage } from './chat-rules'
import { chatToken } from './token'

const subscribeResize = (cb: () => void) => {
  window.addEventListener('resize', cb)
  return () => window.removeEventListener('resize', cb)
}

export function ChatModal() {
  const chat = useChat()
  const model = useShellModel()
  const id = useId()
  const frame = useRef<HTMLIFrameElement>(null)
  const background = useRef<HTMLIFrameElement>(null)
  const height = useSyncExternalStore(subscribeResize, () => chatFrameHeight(window.innerWidth), () => 570)
  const origin = chat.url ? new URL(chat.url).origin : null

  useEffect(() => {
    if (!origin) return
    const onMessage = (e: MessageEvent) => {
      const n = unreadFromMessage(e.origin, e.data, origin)
      if (n !== null) setChatUnread(n)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [origin])

  useEffect(() => {
    if (chat.open) void trackEvent({ event: 'chat', event_type: 'apertura' })
  }, [chat.open])

  const login = async (target: HTMLIFrameElement | null) => {
    const token = await chatToken()
    if (token && origin) target?.contentWindow?.postMessage(loginMessage(token), origin)
  }

  if (!chat.url) return null
  const src = `${chat.url}/home`
  return (
    <>
      {model.loggedIn && model.canChat && !chat.open && (
        // only the source of the unread count: never shown, never focused, out of the accessibility tree
        <iframe ref={background} src={src} title="Chat della community (messaggi non letti)" hidden tabIndex={-1} aria-hidden="true"
          onLoad={() => void login(background.current)} data-testid="chat-frame-background" />
      )}
      <Modal isOpen={chat.open} toggle={closeChat} labelledBy={`${id}-title`} size="lg" data-testid="chat-modal">
        <ModalHeader toggle={closeChat} closeAriaLabel="Chiudi la chat"><span id={`${id}-title`}>Chat</span></ModalHeader>
        <ModalBody className="p-0">
          <iframe ref={frame} src={src} title="Chat della community" width="100%" height={height}
            style={{ border: 0, display: 'block' }} onLoad={() => void login(frame.current)} data-testid="chat-frame" />
        </ModalBody>
      </Modal>
    </>
  )
}
