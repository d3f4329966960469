/**
 * Signing keys of the development identity provider: one RSA RS256 key, generated at the first
 * start and persisted in `DATA_DIR/oidc-jwks.json` (mode 600, in a folder of mode 700) so tokens stay
 * valid across restarts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../data-dir'
import type { Database } from '../db/types'
import { sharedSecret, SHARED_SECRET } from '../shared-secrets'

export interface SigningKeys {
  /** private JWKS handed to oidc-provider */
  privateJwks: { keys: JWK[] }
  /** the same keys without private parts: what `/oidc/jwks` publishes and the verifier trusts */
  publicJwks: { keys: JWK[] }
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const

/** Drops the private members of a JWK. */
export function toPublicJwk(jwk: JWK): JWK {
  const pub: JWK = { ...jwk }
  for (const member of PRIVATE_MEMBERS) delete (pub as Record<string, unknown>)[member]
  return pub
}

/** A fresh RS256 private JWK with `kid` (its thumbprint), `alg` and `use`. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }
}

function isPrivateRsaJwk(value: unknown): value is JWK {
  const k = value as JWK | null
  return !!k && k.kty === 'RSA' && typeof k.d === 'string' && typeof k.n === 'string' && typeof k.kid === 'string'
}

/**
 * The signing keys of a private JWKS given from outside the data (`SECRETS_FILE`).
 * @throws Error when it holds no private RSA key (`where` names the source in the message)
 */
export function signingKeysOf(jwks: unknown[], where: string): SigningKeys {
  const keys = jwks.filter(isPrivateRsaJwk)
  if (keys.length === 0) throw new Error(`${where} holds no private RSA key (kty RSA with d, n and kid)`)
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(toPublicJwk) } }
}

/**
 * Loads `dataDir/oidc-jwks.json`, creating it (with a new key) when absent.
 * @throws Error when the file exists but holds no private RSA key (never silently replaced:
 *   that would invalidate every issued token)
 */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = join(dataDir, 'oidc-jwks.json')
  let keys: JWK[]
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { keys?: unknown[] }
    keys = (parsed.keys ?? []).filter(isPrivateRsaJwk)
    if (keys.length === 0) throw new Error(`${file} holds no private RSA key: delete it to generate a new one`)
  } else {
    keys = [await generateSigningJwk()]
    ensurePrivateDir(dataDir)
    writeFileSync(file, JSON.stringify({ keys }, null, 2) + '\n', { mode: PRIVATE_FILE_MODE })
  }
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(toPublicJwk) } }
}

/**
 * The signing keys shared by every process on one PostgreSQL (issue 14 point 1; server/shared-secrets.ts):
 * the `oidc_jwks` row of `segreto_server`, inserted if absent from `DATA_DIR/oidc-jwks.json` (adopted when it
 * exists, else a new key). The stored keys are then mirrored into `DATA_DIR/oidc-jwks.json` when that file is
 * absent (tools that sign test tokens read it); a file holding other keys is left alone and ignored.
 * @throws Error as {@link loadOrCreateSigningKeys} for an unusable file
 */
export async function loadSharedSigningKeys(dataDir: string, db: Database): Promise<SigningKeys> {
  const file = join(dataDir, 'oidc-jwks.json')
  const hadFile = existsSync(file)
  const { value } = await sharedSecret(db, SHARED_SECRET.oidcJwks, async () => ({ keys: (await loadOrCreateSigningKeys(dataDir)).privateJwks.keys }))
  const keys = ((value as { keys?: unknown[] }).keys ?? []).filter(isPrivateRsaJwk)
  if (keys.length === 0) throw new Error('segreto_server.oidc_jwks holds no private RSA key')
  if (!hadFile) {
    // absent before (the candidate may have written its losing key meanwhile): the keys that won
    ensurePrivateDir(dataDir)
    writeFileSync(file, JSON.stringify({ keys }, null, 2) + '\n', { mode: PRIVATE_FILE_MODE })
  }
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(toPublicJwk) } }
}
