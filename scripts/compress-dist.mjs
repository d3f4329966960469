#!/usr/bin/env node
// Writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) twins next to every compressible file of the
// built application (default `dist/`, or the folder given as first argument), for the server to send by
// `Accept-Encoding` (server/static.ts, @fastify/static `preCompressed`). Run by `npm run build` after
// `vite build` (so the service worker and its precache manifest exist and get twins too).
// Only text types (js, mjs, css, html, svg, json, webmanifest, txt, xml, map) of at least 1 KiB; a twin is
// written only when it is smaller than the original, so the server falls back to the original otherwise.
// Twins left over from an earlier build (original gone or newer) are removed. Prints one summary line.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Extensions worth compressing (text formats; images and woff2 are already compressed). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/i
/** Files below this size (bytes) are left alone: the saving does not pay for a separate representation. */
export const MIN_BYTES = 1024
const TWIN = /\.(?:br|gz)$/

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile()) yield path
  }
}

/**
 * Compresses one file. Resolves with `{ raw, br, gz }` byte counts (`br`/`gz` null when that twin was not
 * written because it was not smaller), or null when the file is not a candidate.
 */
async function compressFile(path) {
  const info = await stat(path)
  if (!COMPRESSIBLE.test(path) || info.size < MIN_BYTES) return null
  const source = await readFile(path)
  const [b, g] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ])
  const result = { raw: source.length, br: null, gz: null }
  if (b.length < source.length) {
    await writeFile(`${path}.br`, b)
    result.br = b.length
  }
  if (g.length < source.length) {
    await writeFile(`${path}.gz`, g)
    result.gz = g.length
  }
  return result
}

/** Removes `.br`/`.gz` files whose original is missing or newer (a stale twin would be served instead). */
async function removeStaleTwins(files) {
  const present = new Set(files)
  let removed = 0
  for (const twin of files.filter((f) => TWIN.test(f))) {
    const original = twin.replace(TWIN, '')
    const stale = !present.has(original) || (await stat(original)).mtimeMs > (await stat(twin)).mtimeMs
    if (stale) {
      await rm(twin)
      removed++
    }
  }
  return removed
}

/**
 * Compresses every candidate under `root` with at most `availableParallelism()` files at once.
 * Resolves with totals in bytes: `{ files, raw, br, gz, removed }`.
 */
export async function compressDist(root) {
  const all = []
  for await (const file of walk(root)) all.push(file)
  const removed = await removeStaleTwins(all)
  const candidates = all.filter((f) => !TWIN.test(f))
  const totals = { files: 0, raw: 0, br: 0, gz: 0, removed }
  let next = 0
  const worker = async () => {
    while (next < candidates.length) {
      const file = candidates[next++]
      const r = await compressFile(file)
      if (!r) continue
      totals.files++
      totals.raw += r.raw
      totals.br += r.br ?? r.raw
      totals.gz += r.gz ?? r.raw
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker))
  return totals
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? 'dist')
  const t0 = performance.now()
  const t = await compressDist(root)
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
  console.log(`compress-dist: ${t.files} file in ${relative(process.cwd(), root) || '.'} — ${kib(t.raw)} → br ${kib(t.br)}, gzip ${kib(t.gz)}` +
    `${t.removed ? `, ${t.removed} gemelli obsoleti rimossi` : ''} (${((performance.now() - t0) / 1000).toFixed(1)} s)`)
}
