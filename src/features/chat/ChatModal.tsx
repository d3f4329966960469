/**
 * Chat modal (spec 001 §2 "Chat", issue 12 point 8): the Rocket.Chat of `CHAT_URL` in a frame (heights
 * 520 phone, 670 tablet, 570 desktop), logged in by posting the stored token to the frame once it has
 * loaded; the unread count comes from the frame's `unread-changed` messages, accepted only from the
 * chat's origin. Opening it records a 'chat' usage event. Plugged into the shell's 'overlay' slot.
 */
import { Modal, ModalBody, ModalHeader } from 'design-react-kit'
import { useEffect, useId, useRef, useSyncExternalStore } from 'react'
import { trackEvent } from '../../api/track-event'
import { closeChat, setChatUnread, useChat } from '../../ui/stores/chat'
import { chatFrameHeight, loginMessage, unreadFromMessage } from './chat-rules'
import { chatToken } from './token'

const subscribeResize = (cb: () => void) => {
  window.addEventListener('resize', cb)
  return () => window.removeEventListener('resize', cb)
}

export function ChatModal() {
  const chat = useChat()
  const id = useId()
  const frame = useRef<HTMLIFrameElement>(null)
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

  const login = async () => {
    const token = await chatToken()
    if (token && origin) frame.current?.contentWindow?.postMessage(loginMessage(token), origin)
  }

  if (!chat.url) return null
  return (
    <Modal isOpen={chat.open} toggle={closeChat} labelledBy={`${id}-title`} size="lg" data-testid="chat-modal">
      <ModalHeader toggle={closeChat} closeAriaLabel="Chiudi la chat"><span id={`${id}-title`}>Chat</span></ModalHeader>
      <ModalBody className="p-0">
        <iframe ref={frame} src={`${chat.url}/home`} title="Chat della community" width="100%" height={height}
          style={{ border: 0, display: 'block' }} onLoad={() => void login()} data-testid="chat-frame" />
      </ModalBody>
    </Modal>
  )
}
