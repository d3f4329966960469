// @vitest-environment node
/** `loadConfig`: defaults, derived issuer, persisted generated secrets, clear errors on bad values. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, loopbackTwins } from '../../../server/config'
import { loadOrCreateSigningKeys } from '../../../server/oidc/keys'

const dirs: string[] = []
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'pd-cfg-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir()
    const c = loadConfig({ DATA_DIR: dir })
    expect(c.port).toBe(8080)
    expect(c.host).toBe('127.0.0.1')
    expect(c.publicUrl).toBe('http://127.0.0.1:8080')
    expect(c.oidc).toEqual({ issuer: 'http://127.0.0.1:8080/oidc', clientId: 'punto-digitale', jwksUri: undefined, fiscalCodeClaim: 'fiscalNumber', external: false })
    expect(c.databaseUrl).toBeUndefined()
    expect(c.logLevel).toBe('info')
    expect(c.staticDir).toMatch(/dist$/)
    expect(c.trustProxy).toBe(false)
  })

  it('derives PUBLIC_URL from HOST and PORT (loopback for 0.0.0.0)', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000')
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://pd.example.it/' }).oidc.issuer).toBe('https://pd.example.it/oidc')
  })

  it('generates secrets once, persists them in DATA_DIR/secrets.json (mode 600) and reuses them', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir })
    expect(first.citizenHashSecret.length).toBeGreaterThanOrEqual(32)
    expect(first.cookieKeys).toHaveLength(1)
    const file = join(dir, 'secrets.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ citizenHashSecret: first.citizenHashSecret, cookieKeys: first.cookieKeys })
    const second = loadConfig({ DATA_DIR: dir })
    expect(second.citizenHashSecret).toBe(first.citizenHashSecret)
    expect(second.cookieKeys).toEqual(first.cookieKeys)
    const other = loadConfig({ DATA_DIR: dataDir() })
    expect(other.citizenHashSecret).not.toBe(first.citizenHashSecret)
  })

  it('takes secrets from the environment when given', () => {
    const dir = dataDir()
    const secret = 'x'.repeat(40)
    const c = loadConfig({ DATA_DIR: dir, CITIZEN_HASH_SECRET: secret, COOKIE_KEYS: `${'a'.repeat(32)}, ${'b'.repeat(32)}` })
    expect(c.citizenHashSecret).toBe(secret)
    expect(c.cookieKeys).toEqual(['a'.repeat(32), 'b'.repeat(32)])
  })

  it('switches to an external provider with OIDC_ISSUER', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(), OIDC_ISSUER: 'https://idp.example.it/realms/pd/', OIDC_CLIENT_ID: 'pd-app',
      OIDC_JWKS_URI: 'https://idp.example.it/realms/pd/certs', OIDC_FISCAL_CODE_CLAIM: 'custom:fiscalNumber',
    })
    expect(c.oidc).toEqual({
      issuer: 'https://idp.example.it/realms/pd', clientId: 'pd-app', jwksUri: 'https://idp.example.it/realms/pd/certs',
      fiscalCodeClaim: 'custom:fiscalNumber', external: true,
    })
  })

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'http://x/app' }, /PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ OIDC_ISSUER: 'not a url' }, /OIDC_ISSUER/],
    [{ OIDC_JWKS_URI: 'https://x/jwks' }, /OIDC_JWKS_URI/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ CITIZEN_HASH_SECRET: 'short' }, /CITIZEN_HASH_SECRET/],
    [{ COOKIE_KEYS: 'short' }, /COOKIE_KEYS/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY/],
  ])('rejects %o with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(pattern)
  })

  it('pairs 127.0.0.1 and localhost origins', () => {
    expect(loopbackTwins('http://127.0.0.1:8080')).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080'])
    expect(loopbackTwins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000'])
    expect(loopbackTwins('https://pd.example.it')).toEqual(['https://pd.example.it'])
  })
})

describe('signing keys', () => {
  it('are generated once and reused from DATA_DIR/oidc-jwks.json', async () => {
    const dir = dataDir()
    const a = await loadOrCreateSigningKeys(dir)
    const b = await loadOrCreateSigningKeys(dir)
    expect(a.privateJwks.keys[0]?.kid).toBeTruthy()
    expect(b.privateJwks.keys[0]?.kid).toBe(a.privateJwks.keys[0]?.kid)
    expect(a.publicJwks.keys[0]).not.toHaveProperty('d')
    expect(a.publicJwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
    expect(statSync(join(dir, 'oidc-jwks.json')).mode & 0o777).toBe(0o600)
  })
})
