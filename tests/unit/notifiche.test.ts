/**
 * Notification rules of the client and the wire (issue 12 point 7; spec 001 §2, §7): the `$id$` message
 * template, the `{ids}` path segment, the server's messages and targets, the stream payload parser, the
 * shell store (count, panel, focus return).
 */
import { describe, expect, it } from 'vitest'
import { MAX_IDS_PER_CALL, parseIdList, renderMessage } from '../../src/api/contract/notifiche'
import { actionOf, messageTemplate } from '../../server/domain/notifiche/messaggi'
import { parsePayload } from '../../server/events/index'
import {
  closeNotificationsPanel, openNotificationsPanel, resetNotificationsShell, setNotificationsPanelAvailable, setUnreadNotifications,
  notificationsShellState, takeFocusReturn,
} from '../../src/ui/stores/notifications'

describe('message template (spec 001 §2: names between dollar separators)', () => {
  it('replaces user ids by their names, unknown ones by Utente Anonimo', () => {
    expect(renderMessage('$12$ ha commentato «A»', { 12: 'Sara Romano' })).toBe('Sara Romano ha commentato «A»')
    expect(renderMessage('$7$ e $8$', { 7: 'Uno' })).toBe('Uno e Utente Anonimo')
    expect(renderMessage('senza nomi', {})).toBe('senza nomi')
  })
  it('builds the server messages and targets of each type', () => {
    expect(messageTemplate('board_comment', 3, 'T')).toBe('$3$ ha commentato «T»')
    expect(messageTemplate('comment_reply', 3, 'T')).toBe('$3$ ha risposto al tuo commento su «T»')
    expect(messageTemplate('document_report', 3, 'T')).toBe('$3$ ha segnalato il contenuto «T»')
    expect(messageTemplate('comment_report', 3, 'T')).toBe('$3$ ha segnalato un commento su «T»')
    expect(messageTemplate('board_new', null, 'T')).toBe('Un utente ha pubblicato «T» per il tuo programma')
    expect(actionOf('community_comment', 'community_item', 5)).toBe('/forum/5')
    expect(actionOf('document_new', 'document_item', 6)).toBe('/documenti/6')
    expect(actionOf('comment_report', 'board_item', 5)).toBe('/area-gestionale/gestione-segnalazioni')
  })
})

describe('ids of read/delete calls', () => {
  it('accepts ids joined by ; and refuses anything else', () => {
    expect(parseIdList('1;2;2;30')).toEqual([1, 2, 30])
    expect(parseIdList('')).toBeNull()
    expect(parseIdList('1;;2')).toBeNull()
    expect(parseIdList('0')).toBeNull()
    expect(parseIdList('1;x')).toBeNull()
    expect(parseIdList(Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => i + 1).join(';'))).toBeNull()
  })
})

describe('stream payload', () => {
  it('keeps well-formed [user, notification] pairs only', () => {
    expect(parsePayload('[[1,2],[3,4]]')).toEqual([[1, 2], [3, 4]])
    expect(parsePayload('[[1,"x"],2,[5,6]]')).toEqual([[5, 6]])
    expect(parsePayload('nope')).toEqual([])
    expect(parsePayload('{"a":1}')).toEqual([])
  })
})

describe('shell store', () => {
  it('counts, opens, closes and returns the focus once', () => {
    resetNotificationsShell()
    setUnreadNotifications(-2)
    expect(notificationsShellState().unread).toBe(0)
    setUnreadNotifications(120)
    expect(notificationsShellState().unread).toBe(120)
    const bell = document.createElement('button')
    document.body.append(bell)
    setNotificationsPanelAvailable(true)
    openNotificationsPanel(bell)
    expect(notificationsShellState().panelOpen).toBe(true)
    closeNotificationsPanel()
    expect(notificationsShellState().panelOpen).toBe(false)
    expect(takeFocusReturn()).toBe(bell)
    expect(takeFocusReturn()).toBeNull()
    openNotificationsPanel(bell)
    closeNotificationsPanel(false)
    expect(takeFocusReturn()).toBeNull()
    setNotificationsPanelAvailable(false)
    expect(notificationsShellState()).toMatchObject({ panelAvailable: false, panelOpen: false })
    bell.remove()
    resetNotificationsShell()
  })
})
