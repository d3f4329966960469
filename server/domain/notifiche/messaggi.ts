/**
 * Texts of the notifications (platform-backend §11.4 placeholders `{SENDER}`, `{TITLE}`): Italian messages
 * with the sender's user id wrapped in `$…$` (spec 001 §2: names are resolved separately), and the app path
 * each notification opens.
 */
import type { ItemType } from '../../../src/api/contract/community'

/** §11.4 type-key prefix of an item type. */
export const SECTION_KEY: Record<ItemType, 'board' | 'community' | 'document'> = {
  board_item: 'board', community_item: 'community', document_item: 'document',
}

const DETAIL_PATH: Record<ItemType, string> = { board_item: '/bacheca', community_item: '/forum', document_item: '/documenti' }

/** The message of a notification of type `tipo`, by `actorId`, about the item titled `title`. */
export function messageTemplate(tipo: string, actorId: number | null, title: string): string {
  const who = actorId === null ? 'Un utente' : `$${actorId}$`
  const t = `«${title}»`
  if (tipo === 'comment_reply') return `${who} ha risposto al tuo commento su ${t}`
  if (tipo === 'comment_report') return `${who} ha segnalato un commento su ${t}`
  if (tipo.endsWith('_comment')) return `${who} ha commentato ${t}`
  if (tipo.endsWith('_report')) return `${who} ha segnalato il contenuto ${t}`
  if (tipo.endsWith('_new')) return `${who} ha pubblicato ${t} per il tuo programma`
  return `${who}: ${t}`
}

/** Where a notification leads: reports to their management page, the rest to the item. */
export function actionOf(tipo: string, itemType: ItemType | null, itemId: number | null): string {
  if (tipo.endsWith('_report')) return '/area-gestionale/gestione-segnalazioni'
  if (itemType === null || itemId === null) return '/notifiche'
  return `${DETAIL_PATH[itemType]}/${itemId}`
}
