/**
 * Pure helpers on ID tokens and URLs, free of any HTTP library so the session store can use them on
 * the landing page. The signature is verified by the server, never here.
 */

/** Absolute URI on this origin for a path of the config ('/auth' → 'https://host/auth'). */
export function originUri(path: string): string {
  return new URL(path, location.origin).toString()
}

/** Payload of a JWT without verifying it (the server verifies signatures); null when unreadable. */
export function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1]
  if (!part) return null
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=')
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const obj: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return obj && typeof obj === 'object' ? (obj as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Fiscal code carried by an ID token (`fiscalNumber` 'TINIT-<CF>' SPID style, or `codiceFiscale`). */
export function fiscalCodeFromIdToken(jwt: string): string | null {
  const p = decodeJwtPayload(jwt)
  const raw = p?.fiscalNumber ?? p?.codiceFiscale ?? p?.fiscal_code
  if (typeof raw !== 'string') return null
  return raw.replace(/^TINIT-/, '').toUpperCase()
}
