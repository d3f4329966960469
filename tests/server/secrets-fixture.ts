/**
 * Secrets kept outside the data, for tests of servers that are not local (issue 25 point 4): a `SECRETS_FILE`
 * in its own temporary folder, never inside a `DATA_DIR`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { expect } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import type { SecretsFileContent } from '../../server/secret-sources'

/** Values of the secrets files written by {@link secretsFileEnv} (unless overridden). */
export const OUTSIDE_SECRETS = { citizenHashSecret: 'c'.repeat(40), cookieKeys: ['k'.repeat(40)] } as const

/**
 * Writes a secrets file (mode 600) in a new temporary folder holding {@link OUTSIDE_SECRETS}, `jwk` as the
 * development provider's signing key when given, and `extra`; returns `{ SECRETS_FILE }` to add to a server's
 * environment. The caller removes `dirname(SECRETS_FILE)` if it cares.
 */
export function secretsFileEnv(jwk?: JWK, extra: SecretsFileContent = {}): { SECRETS_FILE: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'pd-secrets-')), 'secrets.json')
  const content: SecretsFileContent = { citizenHashSecret: OUTSIDE_SECRETS.citizenHashSecret, cookieKeys: [...OUTSIDE_SECRETS.cookieKeys], ...(jwk ? { oidcJwks: { keys: [jwk] } } : {}), ...extra }
  writeFileSync(file, JSON.stringify(content), { mode: 0o600 })
  return { SECRETS_FILE: file }
}

/** The ConfigError `loadConfig(env)` throws; fails when it does not. */
export function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError)
    return (err as Error).message
  }
  throw new Error('loadConfig accepted the configuration')
}
