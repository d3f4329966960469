// @vitest-environment node
/**
 * Compression (delivery issue 7 point 1): the static app is sent as its brotli/gzip twin by
 * `Accept-Encoding`, with `Vary: Accept-Encoding` and the original file's Cache-Control (index.html and
 * sw.js stay `no-cache`, the SPA fallback included), identity when the client accepts neither; nothing is
 * compressed on the fly outside `/api`; `/api` answers of 1 KiB or more are compressed (br preferred,
 * gzip otherwise), smaller ones are not; an idempotent replay decompresses to the first answer.
 * Twins are written here with the build's own script (scripts/compress-dist.mjs).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressDist } from '../../scripts/compress-dist.mjs'
import { API_COMPRESSION_THRESHOLD } from '../../server/compression'
import { cacheControlFor } from '../../server/static'
import { createTestServer, tempDir, TEST_HOST, type TestServer } from './helpers'
import { actor, call, CF, firstSite, named, servizioBody, type Actor } from './field/fixtures'

// big enough (well over 1 KiB) and repetitive enough for both twins to be written
const INDEX = `<!DOCTYPE html><html lang="it"><head><title>Punto Digitale</title></head><body><div id="root"></div>${'<p>Punto Digitale</p>'.repeat(200)}</body></html>`
const SCRIPT = `export const data = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, nome: `voce ${i}` })))}\n`
const SW = `self.skipWaiting();${'/* precache */'.repeat(200)}`
const SMALL_CSS = 'body{margin:0}'

/** The decoded body of an answer, whatever its `content-encoding`. */
function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload
  switch (res.headers['content-encoding']) {
    case 'br': return brotliDecompressSync(raw).toString('utf8')
    case 'gzip': return gunzipSync(raw).toString('utf8')
    case undefined: return raw.toString('utf8')
    default: throw new Error(`unexpected content-encoding ${String(res.headers['content-encoding'])}`)
  }
}

/** A field sync page without its generation time and cursor (the only fields that differ from call to call). */
const stable = (json: unknown) => ({ ...(json as Record<string, unknown>), generatedAt: undefined, cursore: undefined })

const varies = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding')

describe('compression', () => {
  let staticDir: string
  let server: TestServer

  beforeAll(async () => {
    staticDir = tempDir('dist-compressed')
    mkdirSync(join(staticDir, 'assets'))
    writeFileSync(join(staticDir, 'index.html'), INDEX)
    writeFileSync(join(staticDir, 'sw.js'), SW)
    writeFileSync(join(staticDir, 'assets', 'index-Bx12ab34.js'), SCRIPT)
    writeFileSync(join(staticDir, 'assets', 'small-Cd56ef78.css'), SMALL_CSS)
    await compressDist(staticDir)
    server = await createTestServer({ env: { STATIC_DIR: staticDir } })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(staticDir, { recursive: true, force: true })
  })

  const get = (url: string, headers: Record<string, string>) => server.app.inject({ url, headers: { host: TEST_HOST, ...headers } })

  it('writes twins only for compressible files of at least 1 KiB', () => {
    for (const file of ['index.html', 'sw.js', 'assets/index-Bx12ab34.js']) {
      const original = readFileSync(join(staticDir, file), 'utf8')
      expect(brotliDecompressSync(readFileSync(join(staticDir, `${file}.br`))).toString('utf8'), file).toBe(original)
      expect(gunzipSync(readFileSync(join(staticDir, `${file}.gz`))).toString('utf8'), file).toBe(original)
    }
    expect(() => readFileSync(join(staticDir, 'assets', 'small-Cd56ef78.css.br'))).toThrow()
  })

  it('keeps the cache rule of the original for a twin', () => {
    expect(cacheControlFor('index.html.br')).toBe('no-cache')
    expect(cacheControlFor('sw.js.gz')).toBe('no-cache')
    expect(cacheControlFor('assets/index-Bx12ab34.js.br')).toBe('public, max-age=31536000, immutable')
  })

  it.each([
    ['/assets/index-Bx12ab34.js', 'javascript', 'public, max-age=31536000, immutable', SCRIPT],
    ['/', 'text/html', 'no-cache', INDEX],
    ['/index.html', 'text/html', 'no-cache', INDEX],
    ['/sw.js', 'javascript', 'no-cache', SW],
    // SPA fallback (reply.sendFile from the not-found handler)
    ['/area-amministrativa/servizi', 'text/html', 'no-cache', INDEX],
  ])('sends %s by Accept-Encoding: br, else gzip, else identity; Vary and Cache-Control kept', async (url, type, cache, body) => {
    const accept = 'text/html,*/*'
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get(url, acceptEncoding === undefined ? { accept } : { accept, 'accept-encoding': acceptEncoding })
      const what = `${url} with Accept-Encoding ${acceptEncoding ?? '(none)'}`
      expect(res.statusCode, what).toBe(200)
      expect(res.headers['content-encoding'], what).toBe(expected)
      expect(varies(res), what).toBe(true)
      expect(res.headers['cache-control'], what).toBe(cache)
      expect(String(res.headers['content-type']), what).toContain(type)
      expect(decoded(res), what).toBe(body)
      if (expected) expect(res.rawPayload.length, what).toBeLessThan(Buffer.byteLength(body))
    }
  })

  it('does not compress static files on the fly (no twin: sent as they are)', async () => {
    const res = await get('/assets/small-Cd56ef78.css', { 'accept-encoding': 'br, gzip' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(SMALL_CSS)
  })

  describe('API answers', () => {
    let sara: Actor

    beforeAll(async () => {
      sara = await actor(server, CF.SARA, 'FAC')
    })

    it(`compresses an answer of ${API_COMPRESSION_THRESHOLD} bytes or more (br, else gzip), not one below`, async () => {
      const plain = await call(server, sara, 'GET', '/api/campo/sync')
      expect(plain.statusCode).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD)

      const br = await call(server, sara, 'GET', '/api/campo/sync', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
      expect(br.statusCode).toBe(200)
      expect(br.headers['content-encoding']).toBe('br')
      expect(varies(br)).toBe(true)
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      expect(stable(JSON.parse(decoded(br)))).toEqual(stable(plain.json()))

      const gz = await call(server, sara, 'GET', '/api/campo/sync', { headers: { 'accept-encoding': 'gzip' } })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(stable(JSON.parse(decoded(gz)))).toEqual(stable(plain.json()))

      const small = await get('/api/health/ready', { 'accept-encoding': 'br, gzip' })
      expect(small.statusCode).toBe(200)
      expect(small.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD)
      expect(small.headers['content-encoding']).toBeUndefined()
      expect(small.json()).toMatchObject({ status: expect.any(String) })
    })

    it('compresses error answers of the API the same way (small ones stay plain)', async () => {
      const res = await call(server, null, 'POST', '/api/servizio/all', { body: {}, headers: { 'accept-encoding': 'br' } })
      expect(res.statusCode).toBe(401)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.json()).toMatchObject({ errorCode: expect.any(String) })
    })

    it('replays an idempotent write with the same decoded answer, compressed or not', async () => {
      const site = await firstSite(server, sara)
      const body = servizioBody(sara, site, { nomeServizio: named('Compressione'), data: '2025-05-02' })
      const key = crypto.randomUUID()
      const first = await call(server, sara, 'POST', '/api/servizio', { body, headers: { 'Idempotency-Key': key, 'accept-encoding': 'br, gzip' } })
      expect(first.statusCode).toBe(201)
      const replay = await call(server, sara, 'POST', '/api/servizio', { body, headers: { 'Idempotency-Key': key } })
      expect(replay.statusCode).toBe(201)
      expect(replay.headers['idempotent-replayed']).toBe('true')
      expect(replay.headers['content-encoding']).toBeUndefined()
      expect(replay.body).toBe(decoded(first))
    })
  })
})
