/**
 * Issue 24 point 20: the chat button counts unread messages from the login on, not only once the chat has
 * been opened. The chat frame is what reports them (`unread-changed`): while the modal is closed a hidden
 * frame of the chat stays loaded for a user who may chat, logged in by token; the modal's own frame takes
 * over while it is open.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionState } from '../../src/auth/session'
import { contesto, permsOf, profile } from '../ui/fixtures'

const CHAT = 'https://chat.example.it'
const session = vi.hoisted(() => ({ current: null as unknown as SessionState }))
vi.mock('../../src/auth/session', () => ({ useSession: () => session.current, getSessionState: () => session.current }))
vi.mock('../../src/features/chat/token', () => ({ chatToken: vi.fn(async () => 'token-1') }))
vi.mock('../../src/api/track-event', () => ({ trackEvent: vi.fn(async () => undefined) }))

import { resetAppConfigForTests } from '../../src/api/config'
import { ChatModal } from '../../src/features/chat/ChatModal'
import { closeChat, openChat, resetChatForTests, useChat } from '../../src/ui/stores/chat'

/** What the slim header's chat button reads. */
function Unread() {
  return <span data-testid="unread">{useChat().unread}</span>
}

function loggedAs(role: 'FAC' | 'DTD'): SessionState {
  const p = profile(role)
  return { status: 'authenticated', user: contesto([p]), profilo: p, permessi: permsOf(role), isOfflineSession: false, needsProfileChoice: false, profiloNonAttivo: null }
}
const anonymous: SessionState = { status: 'anonymous', user: null, profilo: null, permessi: [], isOfflineSession: false, needsProfileChoice: false, profiloNonAttivo: null }

beforeEach(() => {
  localStorage.setItem('pd.appConfig', JSON.stringify({ chatUrl: CHAT }))
  resetAppConfigForTests()
  resetChatForTests()
})

describe('chat unread count before the chat is opened (issue 24 point 20)', () => {
  it('a user who may chat: a hidden chat frame is loaded and logged in at once, and its count reaches the store', async () => {
    session.current = loggedAs('FAC')
    expect(session.current.permessi).toContain('btn.chat')
    render(<><ChatModal /><Unread /></>)
    const frame = screen.getByTestId('chat-frame-background') as HTMLIFrameElement
    expect(frame.getAttribute('src')).toBe(`${CHAT}/home`)
    expect(frame.hidden).toBe(true)
    const post = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => undefined)
    await act(async () => {
      fireEvent.load(frame)
    })
    expect(post).toHaveBeenCalledWith({ externalCommand: 'login-with-token', token: 'token-1' }, CHAT)
    await act(async () => {
      window.dispatchEvent(new MessageEvent('message', { origin: CHAT, data: { eventName: 'unread-changed', data: 4 } }))
    })
    expect(screen.getByTestId('unread').textContent).toBe('4')
  })

  it('one chat frame at a time: the modal\'s while it is open, the hidden one again once closed', async () => {
    session.current = loggedAs('FAC')
    render(<ChatModal />)
    expect(screen.getAllByTitle(/^Chat della community/)).toHaveLength(1)
    await act(async () => openChat())
    expect(await screen.findByTestId('chat-frame')).toBeTruthy()
    expect(screen.queryByTestId('chat-frame-background')).toBeNull()
    await act(async () => closeChat())
    expect(screen.getByTestId('chat-frame-background')).toBeTruthy()
  })

  it('no hidden frame for a visitor, nor for a role without the chat', () => {
    session.current = anonymous
    const { unmount } = render(<ChatModal />)
    expect(screen.queryByTestId('chat-frame-background')).toBeNull()
    unmount()
    session.current = { ...loggedAs('FAC'), permessi: loggedAs('FAC').permessi.filter((p) => p !== 'btn.chat') }
    render(<ChatModal />)
    expect(screen.queryByTestId('chat-frame-background')).toBeNull()
  })
})
