/**
 * Compression of the API's answers (delivery issue 7 point 1): every `/api` route answers brotli or gzip
 * by `Accept-Encoding` (with `Vary: Accept-Encoding`) when the body is at least {@link API_COMPRESSION_THRESHOLD}
 * bytes; smaller bodies, clients that accept neither and non-compressible types go out as they are.
 * Browsers (ky, the service worker's Background Sync replay) decompress transparently.
 *
 * Only `/api` routes: the static application is served from pre-compressed twins (server/static.ts),
 * the identity provider answers through its own handler, `/app-config.json` is tiny. Request bodies are
 * not decompressed (the contract's clients never compress them).
 */
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify'

/** Smallest API body (bytes) that gets compressed. */
export const API_COMPRESSION_THRESHOLD = 1024

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/')
}

const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook (registered just below): every route outside /api
  // opts out, so @fastify/compress hooks only the API routes.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.compress === undefined && !isApiRoute(route.url)) route.compress = false
  })
  await app.register(fastifyCompress, {
    globalCompression: true,
    threshold: API_COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  })
}
// hooks apply to the whole app (what fastify-plugin does, without the dependency)
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

/**
 * Fastify plugin: register once at the root, before the `/api` routes (routes registered earlier are not
 * compressed).
 */
export const apiCompression = plugin
