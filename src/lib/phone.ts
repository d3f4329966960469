/**
 * Telephone numbers with their international prefix (spec 000 §5: telephone 6–20 digits, prefix `+` and
 * digits, default Italy +39; issue 13). The number is checked first with the spec's format, then against
 * the numbering plan of the prefix's country (libphonenumber-js, possible lengths). Pure; used by the
 * registration and profile forms and by the server (`server/domain/profile-personale.ts`).
 */
import { validatePhoneNumberLength } from 'libphonenumber-js/min'
import { FORMAT_MESSAGES, MSG_REQUIRED, PATTERNS } from './validation'

/** Italy: the default prefix (spec 000 §5). */
export const DEFAULT_PREFIX = '+39'

/** The digits of a typed number: spaces, hyphens, dots, slashes and brackets removed. */
export function phoneDigits(typed: string): string {
  return typed.replace(/[\s\-./()]/g, '')
}

/**
 * Italian message for a prefix + number pair, or null when valid. `number` as typed (separators allowed);
 * an empty number is an error only when `required`.
 */
export function phoneError(prefix: string, number: string, required = true): string | null {
  const digits = phoneDigits(number)
  if (digits === '') return required ? MSG_REQUIRED : null
  if (!PATTERNS.prefix.test(prefix)) return FORMAT_MESSAGES.prefix
  if (!PATTERNS.telephone.test(digits)) return FORMAT_MESSAGES.telephone
  switch (validatePhoneNumberLength(`${prefix}${digits}`)) {
    case undefined: return null
    case 'INVALID_COUNTRY': return `Il prefisso ${prefix} non corrisponde ad alcun paese`
    case 'TOO_SHORT': return `Il numero è troppo corto per il prefisso ${prefix}`
    case 'TOO_LONG': return `Il numero è troppo lungo per il prefisso ${prefix}`
    default: return `Il numero non è valido per il prefisso ${prefix}`
  }
}
