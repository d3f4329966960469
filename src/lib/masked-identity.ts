/**
 * The masked identity of a citizen (issue 8 point 2): what the service's citizens table shows so that a
 * facilitator tells rows apart at a glance, stored on the citizen at creation (server) and computed the
 * same way on the device for a citizen added offline. Pure: the server and the client import this file.
 *
 * The mask:
 * - fiscal code → its first 3 characters (the surname code), '•••' for the name code, the 2 digits of
 *   the birth year (omocodic letters decoded, L→0 … V→9), then 8 '•' for month, day, place and check
 *   character: 'RSSMRA90E12H501F' → 'RSS•••90••••••••'. A code and its omocodic variants give the same
 *   mask (the check character, which changes with omocodia, is never shown). Month, day (which would also
 *   tell the gender), place and name code stay hidden: the mask alone leaves tens of millions of codes
 *   possible, so it cannot be turned back into the fiscal code, and it holds less of the birth date than
 *   the age band already says. The server's keyed hash (HMAC, secret outside the database) remains what
 *   identifies a citizen; the mask is never used to find one.
 * - document number → '•' for every character but the last 3 (at least 2 hidden): 'CA12345AB' →
 *   '••••••5AB'. Document masks start with '•', fiscal-code masks with a letter.
 * Citizens registered before masks existed have none (null): screens show '—'.
 */

/** The character that hides a position. */
export const MASK_CHAR = '•'
/** What screens show for a citizen without a mask (registered before masks existed). */
export const NO_MASK = '—'

/** Omocodia: the letters that replace the digits 0–9 in the numeric positions of a fiscal code. */
const OMOCODIA = 'LMNPQRSTUV'
const FISCAL_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/
const DOCUMENT_NUMBER = /^[A-Z0-9_.-]{5,10}$/

/** A digit of a numeric position, omocodic letter decoded ('L' → '0' … 'V' → '9'). */
function digit(c: string): string {
  const i = OMOCODIA.indexOf(c)
  return i >= 0 ? String(i) : c
}

/**
 * The mask of a fiscal code (see the module comment), or null when `cf` does not have the shape of one
 * (16 characters, letters and digits in their places, omocodic letters allowed). Case and surrounding
 * spaces are ignored; the checksum is not checked here (the callers validate the code first).
 */
export function maskFiscalCode(cf: string): string | null {
  const code = cf.trim().toUpperCase()
  if (!FISCAL_CODE.test(code)) return null
  return `${code.slice(0, 3)}${MASK_CHAR.repeat(3)}${digit(code[6]!)}${digit(code[7]!)}${MASK_CHAR.repeat(8)}`
}

/** The mask of a document number (5–10 of A–Z 0–9 _ . -, case ignored): last 3 characters shown; null otherwise. */
export function maskDocumentNumber(numero: string): string | null {
  const n = numero.trim().toUpperCase()
  if (!DOCUMENT_NUMBER.test(n)) return null
  return MASK_CHAR.repeat(n.length - 3) + n.slice(-3)
}

/** True for the mask of a document number (it starts with a hidden character). */
export function isDocumentMask(mask: string): boolean {
  return mask.startsWith(MASK_CHAR)
}

/**
 * A mask as short text for labels read aloud (buttons' hidden text): each run of hidden characters
 * becomes one '…' ('RSS•••90••••••••' → 'RSS…90…'); `NO_MASK` for null.
 */
export function shortMask(mask: string | null | undefined): string {
  if (!mask) return NO_MASK
  return mask.replace(new RegExp(`${MASK_CHAR}+`, 'g'), '…')
}
