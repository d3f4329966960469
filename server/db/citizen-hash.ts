/**
 * Keyed hashes that identify citizens without storing personal identifiers (ARCHITECTURE "The server";
 * platform-backend §6.1, improved: HMAC with a server secret instead of a bare SHA-256).
 */
import { createHmac } from 'node:crypto'

/**
 * HMAC-SHA256 (hex, 64 lower-case chars) of a fiscal code, trimmed and upper-cased first, so
 * 'rssmra80a01h501u' and 'RSSMRA80A01H501U' give the same hash. Throws on an empty secret.
 */
export function hashFiscalCode(codiceFiscale: string, secret: string): string {
  if (!secret) throw new Error('hashFiscalCode: empty secret')
  return createHmac('sha256', secret).update(codiceFiscale.trim().toUpperCase(), 'utf8').digest('hex')
}

/**
 * HMAC-SHA256 (hex) of an identity-document number for the "fiscal code not available" path:
 * the type is part of the input so equal numbers of different document types differ.
 */
export function hashDocumentNumber(tipoDocumento: string, numeroDocumento: string, secret: string): string {
  if (!secret) throw new Error('hashDocumentNumber: empty secret')
  const input = `${tipoDocumento.trim().toUpperCase()}|${numeroDocumento.trim().toUpperCase()}`
  return createHmac('sha256', secret).update(input, 'utf8').digest('hex')
}
