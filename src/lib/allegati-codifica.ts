/**
 * Encoding of the assistance request's attachments as the contract wants them (platform-frontend §6;
 * src/api/contract/assistenza.ts): `fileData` = base64(gzip(JSON `[{name, data}]`)), `data` the file's
 * bytes in base64. Pure (pako for gzip, btoa for base64): runs in the browser and in Node.
 */
import { gzip } from 'pako'

/** Base64 of bytes, in chunks (no call-stack limit on large files). */
export function base64(bytes: Uint8Array): string {
  let binary = ''
  const CHUNK = 0x8000
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  return btoa(binary)
}

/** The `fileData` of these files; '' when there are none. */
export function codificaAllegati(files: readonly { name: string; bytes: Uint8Array }[]): string {
  if (files.length === 0) return ''
  const json = JSON.stringify(files.map((f) => ({ name: f.name, data: base64(f.bytes) })))
  return base64(gzip(new TextEncoder().encode(json)))
}
