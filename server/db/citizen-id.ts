/**
 * Citizen ids (security issue 6, item 1): random instead of sequential, so that an id seen in one answer
 * says nothing about any other citizen and cannot be guessed. Drawn from the operating system's CSPRNG
 * in [2^52, 2^53): always 16 digits, a safe integer in JavaScript (the wire type stays a number), and
 * the same range as the ids migration 0003 gave to existing citizens.
 */
import { randomBytes } from 'node:crypto'

/** Lowest citizen id: 2^52. */
export const CITIZEN_ID_MIN = 2 ** 52
/** Highest citizen id: 2^53 − 1 (Number.MAX_SAFE_INTEGER). */
export const CITIZEN_ID_MAX = Number.MAX_SAFE_INTEGER

const LOW_52_BITS = (1n << 52n) - 1n

/** A new random citizen id in [2^52, 2^53). */
export function newCitizenId(): number {
  const bits = BigInt(`0x${randomBytes(7).toString('hex')}`) & LOW_52_BITS
  return CITIZEN_ID_MIN + Number(bits)
}

/** True for a value shaped like a citizen id (an integer in the id range). */
export function isCitizenId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= CITIZEN_ID_MIN && value <= CITIZEN_ID_MAX
}
