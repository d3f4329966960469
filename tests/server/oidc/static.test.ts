// @vitest-environment node
/**
 * Static serving of the built app (issue #2 point 8): cache headers per file kind, SPA fallback for
 * navigations, JSON 404 for unknown `/api` routes, `/app-config.json`, security headers; and the
 * Italian "run npm run build" page when there is no build.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { ASSET_DROPPED_HEADERS, cacheControlFor, inlineScriptHashes } from '../../../server/static'
import { createTestServer, openTestDatabase, tempDir, TEST_HOST, type TestServer } from '../helpers'
import type { DatabaseHandle } from '../../../server/db/index'

const BOOT_SCRIPT = "document.documentElement.classList.add('pd-boot-plain')"
const INDEX = `<!DOCTYPE html><html lang="it"><head><title>Punto Digitale</title><script>${BOOT_SCRIPT}</script><script type="module" src="/assets/index-Bx12ab34.js"></script></head><body><div id="root"></div></body></html>`

describe('static app and SPA fallback', () => {
  let staticDir: string
  let database: DatabaseHandle
  let server: TestServer
  let bare: TestServer

  beforeAll(async () => {
    staticDir = tempDir('dist')
    mkdirSync(join(staticDir, 'assets'))
    mkdirSync(join(staticDir, 'icons'))
    writeFileSync(join(staticDir, 'index.html'), INDEX)
    writeFileSync(join(staticDir, 'sw.js'), 'self.skipWaiting()')
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Punto Digitale"}')
    writeFileSync(join(staticDir, 'assets', 'index-Bx12ab34.js'), 'console.log(1)')
    writeFileSync(join(staticDir, 'icons', 'icon-192.png'), 'png')
    database = await openTestDatabase()
    server = await createTestServer({ database, env: { STATIC_DIR: staticDir } })
    bare = await createTestServer({ database })
  })
  afterAll(async () => {
    await server?.close()
    await bare?.close()
    await database?.close()
    rmSync(staticDir, { recursive: true, force: true })
  })

  const get = (s: TestServer, url: string, accept = '*/*') => s.app.inject({ url, headers: { host: TEST_HOST, accept } })

  it('classifies cache rules by path', () => {
    expect(cacheControlFor('index.html')).toBe('no-cache')
    expect(cacheControlFor('/sw.js')).toBe('no-cache')
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache')
    expect(cacheControlFor('assets/index-Bx12ab34.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlFor('icons/icon-192.png')).toBe('public, max-age=3600')
  })

  it.each([
    ['/', 'no-cache', 'text/html'],
    ['/index.html', 'no-cache', 'text/html'],
    ['/sw.js', 'no-cache', 'javascript'],
    ['/manifest.webmanifest', 'no-cache', 'manifest'],
    ['/assets/index-Bx12ab34.js', 'public, max-age=31536000, immutable', 'javascript'],
    ['/icons/icon-192.png', 'public, max-age=3600', 'image/png'],
  ])('serves %s with Cache-Control %s', async (url, cache, type) => {
    const res = await get(server, url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe(cache)
    expect(String(res.headers['content-type'])).toContain(type)
  })

  it('falls back to index.html for app navigations, not for files, /api or /oidc', async () => {
    for (const path of ['/area-personale', '/auth/abc123', '/gestione-ruoli?x=1']) {
      const res = await get(server, path, 'text/html,application/xhtml+xml')
      expect(res.statusCode, path).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toBe(INDEX)
    }
    const image = await get(server, '/icons/missing.png', 'image/avif,image/webp,*/*')
    expect(image.statusCode).toBe(404)
    const api = await get(server, '/api/non-esiste', 'text/html')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ errorCode: 'C01' })
    const apiPost = await server.app.inject({ method: 'POST', url: '/api/non-esiste', headers: { host: TEST_HOST }, payload: {} })
    expect(apiPost.statusCode).toBe(404)
    expect(apiPost.json()).toMatchObject({ errorCode: 'C01', message: expect.any(String) })
  })

  it('serves /app-config.json uncached with the dev provider settings', async () => {
    const res = await get(server, '/app-config.json')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.json()).toEqual({
      apiBaseUrl: '/api',
      oidc: {
        issuer: 'http://127.0.0.1:8080/oidc',
        clientId: 'punto-digitale',
        scope: 'openid offline_access',
        redirectPath: '/auth',
        postLogoutRedirectPath: '/',
      },
      devIdentityProvider: true,
      devIdentityProviderWarning: false,
      chatUrl: null,
    })
  })

  it('sends a CSP fit for the PWA', async () => {
    const csp = String((await get(server, '/')).headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8080 http://localhost:8080")
    expect(csp).not.toContain('upgrade-insecure-requests')
    // fonts are self-hosted: no other origin, no inlined font (issue 25 point 7)
    expect(csp.split(';').map((d) => d.trim()).filter((d) => d.startsWith('font-src'))).toEqual(["font-src 'self'"])
  })

  it("allows index.html's inline script by its hash and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`
    expect(inlineScriptHashes(INDEX)).toEqual([hash])
    for (const url of ['/', '/servizi', '/sw.js']) {
      const csp = String((await get(server, url, 'text/html')).headers['content-security-policy'])
      expect(csp).toContain(`script-src 'self' ${hash}`)
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    }
    expect(String((await get(bare, '/', 'text/html')).headers['content-security-policy'])).toMatch(/script-src 'self';/)
  })

  it('sends hashed assets without the document-only headers, documents with all of them', async () => {
    const asset = await get(server, '/assets/index-Bx12ab34.js')
    expect(asset.statusCode).toBe(200)
    for (const name of [...ASSET_DROPPED_HEADERS, 'content-security-policy']) expect(asset.headers[name], name).toBeUndefined()
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const doc = await get(server, '/', 'text/html')
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'etag']) expect(doc.headers[name], name).toBeDefined()
    // a missing asset is no asset: its 404 keeps every header
    expect((await get(server, '/assets/missing-X.js')).headers['x-frame-options']).toBeDefined()
  })

  it('without a build answers / with an Italian page asking to run npm run build', async () => {
    const res = await get(bare, '/', 'text/html')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('lang="it"')
    expect(res.body).toContain('npm run build')
  })
})
