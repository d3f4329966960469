// @vitest-environment node
/**
 * `loadConfig`: defaults, derived issuer, persisted generated secrets, clear errors on bad values; the
 * development provider only on a local server (or on explicit request); DATA_DIR private (700/600).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JWK } from 'jose'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, devIdentityProviderWarning, isLoopbackHost, loadConfig, loopbackTwins } from '../../../server/config'
import { tightenDataDir } from '../../../server/data-dir'
import { generateSigningJwk, loadOrCreateSigningKeys } from '../../../server/oidc/keys'
import { secretsFileEnv } from '../secrets-fixture'

const dirs: string[] = []
const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'pd-cfg-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
// a server that is not local takes its secrets from outside the data (issue 25 point 4)
let jwk: JWK
beforeAll(async () => { jwk = await generateSigningJwk() })

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir()
    const c = loadConfig({ DATA_DIR: dir })
    expect(c.port).toBe(8080)
    expect(c.host).toBe('127.0.0.1')
    expect(c.publicUrl).toBe('http://127.0.0.1:8080')
    expect(c.oidc).toEqual({ issuer: 'http://127.0.0.1:8080/oidc', clientId: 'punto-digitale', jwksUri: undefined, fiscalCodeClaim: 'fiscalNumber', external: false, maxTokenLifetime: 86_400 })
    expect(c.devIdentityProvider).toBe('local')
    expect(c.databaseUrl).toBeUndefined()
    expect(c.logLevel).toBe('info')
    expect(c.staticDir).toMatch(/dist$/)
    expect(c.trustProxy).toBe(false)
  })

  it('derives PUBLIC_URL from HOST and PORT (loopback for 0.0.0.0)', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', PORT: '9000', DEV_IDENTITY_PROVIDER: 'on', ...secretsFileEnv(jwk) }).publicUrl).toBe('http://127.0.0.1:9000')
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://pd.example.it/', DEV_IDENTITY_PROVIDER: 'on', ...secretsFileEnv(jwk) }).oidc.issuer).toBe('https://pd.example.it/oidc')
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
      fiscalCodeClaim: 'custom:fiscalNumber', external: true, maxTokenLifetime: 86_400,
    })
    expect(c.devIdentityProvider).toBe('off')
  })

  it('reads OIDC_MAX_TOKEN_LIFETIME (seconds)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), OIDC_MAX_TOKEN_LIFETIME: '3600' }).oidc.maxTokenLifetime).toBe(3600)
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
    [{ OIDC_MAX_TOKEN_LIFETIME: '0' }, /OIDC_MAX_TOKEN_LIFETIME/],
    [{ OIDC_MAX_TOKEN_LIFETIME: '10y' }, /OIDC_MAX_TOKEN_LIFETIME/],
    [{ DEV_IDENTITY_PROVIDER: 'maybe' }, /DEV_IDENTITY_PROVIDER/],
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

describe('development identity provider rule', () => {
  const refused = (env: Record<string, string>) => {
    const dir = join(dataDir(), 'data')
    const err = (() => {
      try {
        loadConfig({ DATA_DIR: dir, ...env })
      } catch (e) {
        return e
      }
      return undefined
    })()
    expect(err).toBeInstanceOf(ConfigError)
    // refused before anything is written: no DATA_DIR, no generated secrets
    expect(existsSync(dir)).toBe(false)
    return (err as Error).message
  }

  it('refuses a non-loopback PUBLIC_URL without OIDC_ISSUER, saying why', () => {
    const message = refused({ PUBLIC_URL: 'https://pd.example.it', TRUST_PROXY: 'true' })
    expect(message).toMatch(/^OIDC_ISSUER is required/)
    expect(message).toContain('PUBLIC_URL https://pd.example.it is not a loopback address')
    expect(message).toContain('TRUST_PROXY=true')
    expect(message).toContain('without a password')
    expect(message).toContain('DEV_IDENTITY_PROVIDER=on')
    expect(refused({ PUBLIC_URL: 'http://192.168.1.20:8080' })).toContain('PUBLIC_URL http://192.168.1.20:8080 is not a loopback address')
  })

  it('refuses HOST=0.0.0.0 (a LAN demo) even with the default loopback PUBLIC_URL, and TRUST_PROXY alone', () => {
    expect(refused({ HOST: '0.0.0.0' })).toContain('HOST 0.0.0.0 accepts connections from other machines')
    expect(refused({ HOST: '::' })).toContain('HOST ::')
    expect(refused({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY=true')
  })

  it('runs it by itself on a loopback server, as npm start and the e2e server do', () => {
    for (const env of [{}, { HOST: 'localhost', PORT: '18080' }, { PUBLIC_URL: 'http://localhost:5173' }, { HOST: '::1' }, { HOST: '127.0.0.2', PUBLIC_URL: 'http://127.0.0.2:8080' }]) {
      const c = loadConfig({ DATA_DIR: dataDir(), ...env })
      expect(c.devIdentityProvider, JSON.stringify(env)).toBe('local')
      expect(devIdentityProviderWarning(c)).toBeUndefined()
    }
  })

  it('runs it anywhere with DEV_IDENTITY_PROVIDER=on, with a warning', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://prova.example.it', HOST: '0.0.0.0', TRUST_PROXY: 'true', DEV_IDENTITY_PROVIDER: 'on', ...secretsFileEnv(jwk) })
    expect(c.devIdentityProvider).toBe('forced')
    expect(c.oidc.issuer).toBe('https://prova.example.it/oidc')
    expect(devIdentityProviderWarning(c)).toMatch(/^WARNING: DEV_IDENTITY_PROVIDER=on: the development identity provider at https:\/\/prova\.example\.it\/oidc logs anyone in without a password/)
    // explicit on a loopback server too: the warning is about the flag
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_IDENTITY_PROVIDER: 'ON' }).devIdentityProvider).toBe('forced')
  })

  it('OIDC_ISSUER switches it off; off without an issuer and on with one are refused', () => {
    const external = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://pd.example.it', TRUST_PROXY: 'true', OIDC_ISSUER: 'https://idp.example.it', ...secretsFileEnv() })
    expect(external.devIdentityProvider).toBe('off')
    expect(loadConfig({ DATA_DIR: dataDir(), OIDC_ISSUER: 'https://idp.example.it', DEV_IDENTITY_PROVIDER: 'off' }).devIdentityProvider).toBe('off')
    expect(refused({ DEV_IDENTITY_PROVIDER: 'off' })).toMatch(/DEV_IDENTITY_PROVIDER=off needs OIDC_ISSUER/)
    expect(refused({ DEV_IDENTITY_PROVIDER: 'on', OIDC_ISSUER: 'https://idp.example.it' })).toMatch(/DEV_IDENTITY_PROVIDER=on and OIDC_ISSUER/)
  })

  it('knows loopback hosts', () => {
    for (const h of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(h), h).toBe(true)
    for (const h of ['0.0.0.0', '::', '192.168.1.2', 'pd.example.it', 'localhost.example.it', '128.0.0.1']) expect(isLoopbackHost(h), h).toBe(false)
  })
})

describe('DATA_DIR is private', () => {
  const mode = (path: string) => statSync(path).mode & 0o777

  it('is created with mode 700 (secrets 600), by the configuration and by the signing keys', async () => {
    const viaConfig = join(dataDir(), 'a', 'data')
    loadConfig({ DATA_DIR: viaConfig })
    expect(mode(viaConfig)).toBe(0o700)
    expect(mode(join(viaConfig, 'secrets.json'))).toBe(0o600)

    const viaKeys = join(dataDir(), 'keys')
    await loadOrCreateSigningKeys(viaKeys)
    expect(mode(viaKeys)).toBe(0o700)
    expect(mode(join(viaKeys, 'oidc-jwks.json'))).toBe(0o600)
  })

  it('takes group and other permissions away from an existing folder and its secret files, saying so', () => {
    const dir = join(dataDir(), 'old')
    mkdirSync(join(dir, 'pglite'), { recursive: true, mode: 0o755 })
    chmodSync(dir, 0o755)
    chmodSync(join(dir, 'pglite'), 0o755)
    writeFileSync(join(dir, 'secrets.json'), '{}', { mode: 0o644 })
    chmodSync(join(dir, 'secrets.json'), 0o644)
    writeFileSync(join(dir, 'oidc-jwks.json'), '{}', { mode: 0o600 })
    const warnings = tightenDataDir(dir)
    expect(mode(dir)).toBe(0o700)
    expect(mode(join(dir, 'pglite'))).toBe(0o700)
    expect(mode(join(dir, 'secrets.json'))).toBe(0o600)
    expect(warnings).toHaveLength(3)
    expect(warnings[0]).toContain('was readable by other local users (mode 755)')
    expect(tightenDataDir(dir)).toEqual([])
    expect(tightenDataDir(join(dir, 'missing'))).toEqual([])
  })
})
