/**
 * Serves the built application (`STATIC_DIR`, default `dist/`) with the cache rules of issue #2
 * point 8 and ARCHITECTURE "The service worker", plus the not-found handling of the whole server:
 * - `index.html` (any `.html`), `sw.js`, `manifest.webmanifest`: `Cache-Control: no-cache`;
 * - hashed `/assets/*`: `public, max-age=31536000, immutable`;
 * - anything else (icons, fonts outside assets, data files): `public, max-age=3600`;
 * - compressible files are sent as their brotli/gzip twin (`.br`/`.gz`, written by
 *   scripts/compress-dist.mjs) chosen by `Accept-Encoding`, with `Vary: Accept-Encoding` and the cache
 *   rule of the original file; the SPA fallback too;
 * - unknown `/api/*`: 404 JSON `{errorCode: 'C01'}`;
 * - any other GET/HEAD accepting `text/html` (outside `/oidc`): `index.html` (SPA fallback, no-cache);
 * - without a build: `/` (and the fallback) answers an Italian page saying to run `npm run build`.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { catalogueMessage } from './errors'

export const CACHE_NO_CACHE = 'no-cache'
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_SHORT = 'public, max-age=3600'

const NO_CACHE_FILES = new Set(['sw.js', 'manifest.webmanifest', 'app-config.json'])

/** Suffixes of the pre-compressed twins @fastify/static may pick instead of a file. */
const COMPRESSED_TWIN = /\.(?:br|gz|deflate)$/

/**
 * Cache-Control for a file path relative to the static root (`/` separators). A pre-compressed twin
 * (`index.html.br`, `sw.js.gz`…) gets the rule of its original file.
 */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(/^\/+/, '').replace(COMPRESSED_TWIN, '')
  if (path.endsWith('.html') || NO_CACHE_FILES.has(path)) return CACHE_NO_CACHE
  if (path.startsWith('assets/')) return CACHE_IMMUTABLE
  return CACHE_SHORT
}

/**
 * Headers a hashed, immutable `/assets/*` file does without (delivery issue 7: ~0.4 KB on each of the
 * landing page's ~18 requests): the document-only protections helmet and the permissions policy set on
 * every response (they act on documents, a script or font is none), and the validators of a file that is
 * never revalidated. Kept: `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`, cache and
 * encoding headers.
 */
export const ASSET_DROPPED_HEADERS = [
  'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options',
  'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'permissions-policy', 'etag', 'last-modified',
] as const

/** onSend hook: removes {@link ASSET_DROPPED_HEADERS} from successful `/assets/*` answers. */
export async function trimAssetHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
    for (const name of ASSET_DROPPED_HEADERS) {
      reply.removeHeader(name)
      reply.raw.removeHeader(name)
    }
  }
  return payload
}

/** The built `index.html` of `staticDir`, or '' when there is no build. */
export function readBuiltIndexHtml(staticDir: string): string {
  const file = `${staticDir}${sep}index.html`
  return existsSync(file) ? readFileSync(file, 'utf8') : ''
}

/**
 * CSP source expressions (`'sha256-…'`) of the inline scripts of `html` (`<script>` elements without `src`),
 * hashing each element's text exactly as the browser does (UTF-8, base64).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue
    hashes.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`)
  }
  return hashes
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/'
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  return (request.method === 'GET' || request.method === 'HEAD') && accept.includes('text/html')
}

const MISSING_BUILD_PAGE = `<!DOCTYPE html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Punto Digitale — applicazione non compilata</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a">
<h1>Applicazione non ancora compilata</h1>
<p>Il server è attivo (API su <code>/api</code>, identità di prova su <code>/oidc</code>), ma manca la versione compilata dell'applicazione.</p>
<p>Esegui <code>npm run build</code> (oppure <code>npm start</code>, che compila e avvia) e ricarica la pagina.</p>
</body>
</html>`

export interface StaticOptions {
  /** absolute path of the built application */
  staticDir: string
}

/**
 * Registers static serving and the not-found handler on the ROOT instance (call it directly,
 * not through `app.register`, so the not-found handler covers every route).
 */
export async function registerStatic(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  const hasBuild = existsSync(`${opts.staticDir}${sep}index.html`)

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      prefix: '/',
      cacheControl: false,
      // `.br`/`.gz` twins by Accept-Encoding (adds `Vary: Accept-Encoding`); also for reply.sendFile
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(relative(opts.staticDir, filePath).split(sep).join('/')))
      },
    })
  } else {
    app.log.warn({ staticDir: opts.staticDir }, 'no built application found: run `npm run build`')
    app.get('/', (_request, reply) => reply.header('cache-control', CACHE_NO_CACHE).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE))
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request)
    if (isApiPath(path)) {
      return reply.code(404).send({ errorCode: 'C01', message: catalogueMessage('C01') ?? 'Risorsa non trovata.' })
    }
    if (wantsHtml(request) && !path.startsWith('/oidc')) {
      if (!hasBuild) return reply.header('cache-control', CACHE_NO_CACHE).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE)
      return reply.header('cache-control', CACHE_NO_CACHE).sendFile('index.html')
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Risorsa non trovata.')
  })
}
