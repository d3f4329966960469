/**
 * Keyed hashes that identify citizens without storing personal identifiers (ARCHITECTURE "The server";
 * platform-backend §6.1, improved: HMAC with a server secret instead of a bare SHA-256).
 *
 * Re-keying (issue 25 point 4; `npm run rekey`, scripts/rekey.ts): the clear fiscal code is never stored, so a
 * stored hash cannot be recomputed under a new key. Instead every stored hash `h` is replaced by
 * `HMAC(newKey, h)`, and the key becomes a chain: `CITIZEN_HASH_SECRET` then each added key, oldest first. A
 * lookup computes the same chain, `HMAC(kN, … HMAC(k2, HMAC(k1, cf)))`, so it finds the re-keyed rows. A copy of
 * the data taken after a re-keying cannot be enumerated with the earlier keys alone: every key of the chain is
 * needed (they all stay secret, outside the data).
 */
import { createHmac } from 'node:crypto'

/** Separator of the keys in a chain: a character no configured key may hold (server/config.ts refuses it). */
const CHAIN_SEPARATOR = '\0'

/** The key material of citizens' hashes: the base secret followed by the re-keying keys, oldest first. */
export function citizenKeyChain(base: string, rekeys: readonly string[]): string {
  return [base, ...rekeys].join(CHAIN_SEPARATOR)
}

/** The base secret of a chain (the key other derivations use, stable across re-keyings: server/idempotency.ts). */
export function citizenBaseKey(chain: string): string {
  return chain.split(CHAIN_SEPARATOR)[0] ?? ''
}

/** HMAC-SHA256 hex of `input` under the first key of `chain`, then re-keyed by each further key. */
function chainedHmac(chain: string, input: string): string {
  const [first, ...rest] = chain.split(CHAIN_SEPARATOR)
  let hash = createHmac('sha256', first!).update(input, 'utf8').digest('hex')
  for (const key of rest) hash = rekeyHash(hash, key)
  return hash
}

/** A stored hash re-keyed with `key`: HMAC-SHA256 hex of the stored (hex) hash. */
export function rekeyHash(stored: string, key: string): string {
  return createHmac('sha256', key).update(stored, 'utf8').digest('hex')
}

/**
 * HMAC-SHA256 (hex, 64 lower-case chars) of a fiscal code, trimmed and upper-cased first, so
 * 'rssmra80a01h501u' and 'RSSMRA80A01H501U' give the same hash. `secret` may be a chain
 * ({@link citizenKeyChain}). Throws on an empty secret.
 */
export function hashFiscalCode(codiceFiscale: string, secret: string): string {
  if (!secret) throw new Error('hashFiscalCode: empty secret')
  return chainedHmac(secret, codiceFiscale.trim().toUpperCase())
}

/**
 * HMAC-SHA256 (hex) of an identity-document number for the "fiscal code not available" path:
 * the type is part of the input so equal numbers of different document types differ. `secret` may be a chain.
 */
export function hashDocumentNumber(tipoDocumento: string, numeroDocumento: string, secret: string): string {
  if (!secret) throw new Error('hashDocumentNumber: empty secret')
  return chainedHmac(secret, `${tipoDocumento.trim().toUpperCase()}|${numeroDocumento.trim().toUpperCase()}`)
}
