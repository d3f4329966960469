/**
 * What the build makes a browser fetch, read from the build itself (no browser): the precache manifest of
 * dist/sw.js ({@link precacheUrls}, `precache_kb`), and `page_js_gzip_kb_<page>` (issue 24 point 24): the JavaScript a visit of each working page
 * loads, read from the build's chunk graph (Vite's `dist/.vite/manifest.json`, vite.config.ts `build.manifest`),
 * not from a browser: the static closure (`imports`, transitively) of `index.html`'s entry and of the page's route
 * modules (`src/routes/<file>.tsx` and its `?tsr-split=…` components), plus the chunks the page imports as soon
 * as it opens (`onOpen`: the charts of 'Report dati'). Sizes: gzip level 9 (as `landing_js_gzip_kb`), raw on
 * stderr, with the chunks the page loads only on demand (its other dynamic imports, e.g. an editor dialog).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Unique URLs of the precache manifest injected into dist/sw.js. */
export function precacheUrls(swSource: string): string[] {
  const urls = new Set<string>()
  for (const m of swSource.matchAll(/\{[^{}]*?\burl\s*:\s*"([^"]+)"[^{}]*?\}/g)) if (m[1]) urls.add(m[1])
  for (const m of swSource.matchAll(/\{[^{}]*?"url"\s*:\s*"([^"]+)"[^{}]*?\}/g)) if (m[1]) urls.add(m[1])
  return [...urls]
}

/** One entry of Vite's build manifest (the fields read here). */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
export type BuildManifest = Record<string, ManifestChunk>

/** A working page: its figure name, its route file under src/routes, and the chunk files it imports on opening. */
export interface PageSpec { name: string; label: string; route: string; onOpen?: RegExp[] }

/** The working pages of the bench (issue 24 point 24). */
export const PAGES: readonly PageSpec[] = [
  { name: 'servizi', label: 'elenco servizi', route: 'area-amministrativa/servizi/index.tsx' },
  { name: 'wizard', label: 'compilazione del questionario', route: 'area-amministrativa/servizi/$serviceId/cittadini/compila.$idQuestionarioCompilato.tsx' },
  { name: 'programmi', label: 'elenco programmi', route: 'area-amministrativa/programmi/index.tsx' },
  { name: 'bacheca', label: 'bacheca', route: 'bacheca/index.tsx' },
  // the charts are fetched by the page as it opens (vite.config.ts 'report-charts')
  { name: 'report', label: 'report dati', route: 'area-dati/report-dati.tsx', onOpen: [/^assets\/report-charts-[\w-]+\.js$/] },
]

/** What a page loads: chunk files (static closure and on opening) and the chunks it may fetch later on demand. */
export interface PageChunks { files: string[]; onDemand: string[] }

/**
 * The chunks of `page` in `manifest`: throws when the route file has no manifest entry (a renamed route must not
 * measure nothing).
 */
export function pageChunks(manifest: BuildManifest, page: PageSpec): PageChunks {
  const entry = manifest['index.html']
  if (!entry?.isEntry) throw new Error('manifest di Vite senza index.html')
  const routeFile = `src/routes/${page.route}`
  const routeKeys = Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`))
  if (routeKeys.length === 0) throw new Error(`manifest di Vite: nessun modulo per ${routeFile}`)
  const openKeys = Object.keys(manifest).filter((key) => page.onOpen?.some((re) => re.test(manifest[key]!.file)))
  if (page.onOpen && openKeys.length === 0) throw new Error(`manifest di Vite: nessun modulo per ${page.onOpen.join(', ')}`)

  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>()
    const visit = (key: string) => {
      if (seen.has(key)) return
      seen.add(key)
      for (const dep of manifest[key]?.imports ?? []) visit(dep)
    }
    roots.forEach(visit)
    return seen
  }
  const loaded = closure(['index.html', ...routeKeys, ...openKeys])
  // the page's own chunks: the route chunks import the entry too, whose dynamic imports are every other route
  const shell = closure(['index.html'])
  const own = [...closure([...routeKeys, ...openKeys])].filter((key) => !shell.has(key))
  const later = new Set<string>()
  for (const key of own) {
    for (const dyn of manifest[key]?.dynamicImports ?? []) if (!loaded.has(dyn)) for (const k of closure([dyn])) if (!loaded.has(k)) later.add(k)
  }
  const fileOf = (key: string) => manifest[key]?.file ?? key
  return { files: [...new Set([...loaded].map(fileOf))], onDemand: [...new Set([...later].map(fileOf))] }
}

/** Raw and gzip (level 9) bytes of `files` in `dist`. */
export function bytesOf(dist: string, files: readonly string[]): { raw: number; gzip: number } {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const body = readFileSync(join(dist, file))
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { raw, gzip }
}

/** Prints `page_js_gzip_kb_<page>` for every page of {@link PAGES} (details on stderr). */
export function measurePageJs(dist: string): void {
  const path = join(dist, '.vite', 'manifest.json')
  if (!existsSync(path)) throw new Error(`${path} mancante: ricompila (npm run build) con build.manifest attivo`)
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BuildManifest
  const kib = (bytes: number) => (bytes / 1024).toFixed(1)
  for (const page of PAGES) {
    const { files, onDemand } = pageChunks(manifest, page)
    const size = bytesOf(dist, files)
    const later = bytesOf(dist, onDemand)
    console.log(`page_js_gzip_kb_${page.name}: ${kib(size.gzip)} KB`)
    console.error(`  ${page.label}: ${files.length} file JS, ${kib(size.raw)} KB (gzip ${kib(size.gzip)} KB)` +
      (onDemand.length ? `; su richiesta ${onDemand.length} file, ${kib(later.raw)} KB (gzip ${kib(later.gzip)} KB)` : ''))
  }
}
