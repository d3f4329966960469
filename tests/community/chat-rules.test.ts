/** Chat rules (spec 001 §2 "Chat", §9): frame heights, unread messages checked by origin, login message. */
import { describe, expect, it } from 'vitest'
import { chatFrameHeight, loginMessage, unreadFromMessage } from '../../src/features/chat/chat-rules'
import { parseAppConfig } from '../../src/api/config'

const CHAT = 'https://chat.example.it'

describe('chat rules', () => {
  it('frame heights: phone 520, tablet 670, desktop 570', () => {
    expect([chatFrameHeight(375), chatFrameHeight(767), chatFrameHeight(768), chatFrameHeight(991), chatFrameHeight(992), chatFrameHeight(1280)])
      .toEqual([520, 520, 670, 670, 570, 570])
  })
  it('reads the unread count only from the chat origin and its unread-changed event', () => {
    expect(unreadFromMessage(CHAT, { eventName: 'unread-changed', data: 3 }, CHAT)).toBe(3)
    expect(unreadFromMessage(CHAT, { eventName: 'unread-changed', data: '' }, CHAT)).toBe(0)
    expect(unreadFromMessage(CHAT, { eventName: 'unread-changed', data: '•' }, CHAT)).toBe(0)
    expect(unreadFromMessage('https://evil.example', { eventName: 'unread-changed', data: 9 }, CHAT)).toBeNull()
    expect(unreadFromMessage(CHAT, { eventName: 'room-opened' }, CHAT)).toBeNull()
    expect(unreadFromMessage(CHAT, 'unread-changed', CHAT)).toBeNull()
  })
  it('logs the frame in by token', () => {
    expect(loginMessage('t')).toEqual({ externalCommand: 'login-with-token', token: 't' })
  })
  it('the runtime config tells whether a chat exists', () => {
    expect(parseAppConfig({})?.chatUrl).toBeNull()
    expect(parseAppConfig({ chatUrl: CHAT })?.chatUrl).toBe(CHAT)
  })
})
