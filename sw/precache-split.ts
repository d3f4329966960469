/**
 * Build-time split of the service worker's precache (delivery issue 7, item 3). Runs inside `vite build`
 * (vite.config.ts, VitePWA `injectManifest.manifestTransforms`), never in the browser.
 *
 * workbox-build lists every emitted file. This module decides, from the bundler's chunk graph, which of
 * them an anonymous visitor needs — those stay plain precache entries, fetched when the worker installs —
 * and marks every other one with the offline sets it belongs to (`sets`), fetched later on a page's
 * request (sw/offline-sets.ts, protocol in sw/messages.ts):
 * - core (precached at install): `index.html`, the entry chunk and its static imports (the shell), the
 *   chunks of the anonymous routes (landing, privacy and accessibility pages, login, error pages) and the
 *   lazy modules the landing loads (workbox-window), the CSS those chunks import, fonts, manifest icons,
 *   the data files anonymous pages read (errors.json), and the icon chunks those chunks name;
 * - every other file belongs to the `field` set (field routes, codice-fiscale-js, Dexie, every icon
 *   chunk, province.json…); the files of a named set (e.g. `survey`: the anonymous survey route with its
 *   static and dynamic imports, their CSS and the icons they name) carry that name too.
 *
 * Patterns that match no chunk fail the build: a renamed route cannot silently fall out of a set.
 */
// with its extension: Vite loads this module with its config, where extensionless imports are deprecated
import { FIELD_SET } from './messages.js'

/** A precache entry as workbox-build hands it to a manifest transform. */
export interface ManifestEntryIn {
  url: string
  revision: string | null
  size: number
  integrity?: string
}

/** A precache entry after the split: core entries have no `sets`; the others name their offline sets. */
export interface SplitEntry extends ManifestEntryIn {
  sets?: string[]
}

/** What the build knows of one emitted JavaScript chunk. */
export interface ChunkInfo {
  /** path in the output folder, e.g. `assets/index-DgUCr6Tq.js` (the manifest's `url`) */
  fileName: string
  isEntry: boolean
  /** chunks imported statically (loaded with this one) */
  imports: string[]
  /** chunks imported with `import()` (loaded on demand) */
  dynamicImports: string[]
  /** source modules bundled in the chunk (absolute paths, possibly with a query) */
  moduleIds: string[]
  /** CSS files the chunk imports */
  css: string[]
  /** design-react-kit icon names (`it-…`) written in the chunk's modules, the icon catalogue excluded */
  iconNames: string[]
}

/** Which modules and files go where. Module patterns are tested against `moduleIds`, file patterns against urls. */
export interface SplitRules {
  /** modules whose chunks (with their static imports) anonymous visitors need at install */
  core: RegExp[]
  /** named offline sets and their root modules (followed through static and dynamic imports) */
  sets: Record<string, RegExp[]>
  /** files outside the chunk graph precached at install (html, fonts, images, the anonymous data files) */
  coreFiles: RegExp[]
  /**
   * modules used online only and loaded on demand (e.g. the rich-text editor of dialogs that need the network to
   * send): their chunks are not precached, unless another chunk imports them statically — a precached page would
   * then fail to load offline, so they stay, and the build log says which chunk holds them there
   */
  onDemand?: RegExp[]
  /** files never precached because they are already inside another precached file (the stylesheets index.html inlines) */
  inlined?: () => Iterable<string>
}

/** Size summary of one part of the split. */
export interface SplitPart {
  count: number
  bytes: number
}

/** The split manifest and what each part weighs. */
export interface SplitResult {
  manifest: SplitEntry[]
  core: SplitPart
  sets: Record<string, SplitPart>
  /** files left out of the precache (`onDemand` chunks, `inlined` files) */
  skipped: SplitPart & { files: string[] }
  /** `onDemand` chunks precached all the same, each with the chunks that import it statically */
  keptOnDemand: { file: string; importers: string[] }[]
}

/** The source module of a design-react-kit icon: `…/design-react-kit/dist/Icon/assets/ItArrowLeft.js`. */
const ICON_MODULE = /[\\/]design-react-kit[\\/]dist[\\/]Icon[\\/]assets[\\/](It[A-Za-z0-9]+)\.m?js$/
/** design-react-kit's catalogue of every icon name: scanning it would name them all. */
export const ICON_CATALOGUE_MODULE = /[\\/]design-react-kit[\\/]dist[\\/]Icon[\\/]assets[\\/]index\.m?js$/
/** An icon name as written in code: `'it-arrow-left'`, `"it-pa"`, `` `it-user` `` (quotes included). */
const ICON_LITERAL = /(['"`])(it-[a-z0-9]+(?:-[a-z0-9]+)*)\1/g

/**
 * Module pattern of the route file `src/routes/<path>.tsx` (TanStack's file routes: `path` as in the file
 * tree, e.g. 'index', 'auth_.$code', 'servizi/questionario/$idQuestionario/online/$token'); it matches the
 * route module and its split component (`…tsx?tsr-split=component`).
 */
export function routeModule(path: string): RegExp {
  const file = path
    .split('/')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\\\/]')
  return new RegExp(`[\\\\/]src[\\\\/]routes[\\\\/]${file}\\.tsx(?:\\?|$)`)
}

/** The component name of an icon: 'it-arrow-left' → 'ItArrowLeft' (design-react-kit's file naming). */
export function iconComponentName(icon: string): string {
  return icon
    .split('-')
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : ''))
    .join('')
}

/** The icon names (`it-…`) written as string literals in `code`, without duplicates. */
export function iconNamesIn(code: string): string[] {
  return [...new Set([...code.matchAll(ICON_LITERAL)].map((m) => m[2]!))]
}

function closure(roots: Iterable<string>, next: (chunk: ChunkInfo) => string[], byFile: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots]
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const chunk = byFile.get(file)
    if (chunk) stack.push(...next(chunk))
  }
  return seen
}

function chunksMatching(chunks: ChunkInfo[], patterns: RegExp[], what: string): string[] {
  return patterns.flatMap((re) => {
    const hit = chunks.filter((c) => c.moduleIds.some((id) => re.test(id))).map((c) => c.fileName)
    if (hit.length === 0) throw new Error(`precache split: no chunk holds a module matching ${String(re)} (${what})`)
    return hit
  })
}

/**
 * Splits `entries` (workbox-build's list) with the chunk graph `chunks` and the `rules` (see the module
 * comment). Pure; throws when a rule matches no chunk.
 */
export function splitPrecache(entries: ManifestEntryIn[], chunks: ChunkInfo[], rules: SplitRules): SplitResult {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const iconChunk = new Map<string, string>()
  for (const c of chunks) {
    for (const id of c.moduleIds) {
      const m = ICON_MODULE.exec(id)
      if (m) iconChunk.set(m[1]!, c.fileName)
    }
  }
  const namedIcons = (files: Iterable<string>) =>
    [...files].flatMap((f) => byFile.get(f)?.iconNames ?? []).map((name) => iconChunk.get(iconComponentName(name))).filter((f): f is string => f !== undefined)
  const cssOf = (files: Iterable<string>) => [...files].flatMap((f) => byFile.get(f)?.css ?? [])

  // core: static closure of the entries, the anonymous routes and the lazy modules anonymous pages load
  const coreRoots = [...chunks.filter((c) => c.isEntry).map((c) => c.fileName), ...chunksMatching(chunks, rules.core, 'core')]
  const coreChunks = closure(coreRoots, (c) => c.imports, byFile)
  const core = new Set([...coreChunks, ...cssOf(coreChunks)])
  for (const icon of closure(namedIcons(coreChunks), (c) => c.imports, byFile)) core.add(icon)

  // named sets: static imports everywhere, dynamic imports of the set's own (non-core) chunks
  const setFiles = new Map<string, Set<string>>()
  for (const [name, patterns] of Object.entries(rules.sets)) {
    if (name === FIELD_SET) throw new Error(`precache split: '${FIELD_SET}' is the set of everything not precached at install, it takes no roots`)
    const reached = closure(chunksMatching(chunks, patterns, name), (c) => (coreChunks.has(c.fileName) ? c.imports : [...c.imports, ...c.dynamicImports]), byFile)
    const icons = closure(namedIcons(reached), (c) => c.imports, byFile)
    setFiles.set(name, new Set([...reached, ...cssOf(reached), ...icons].filter((f) => !core.has(f))))
  }

  // on demand only: left out unless a chunk outside that group imports one statically
  const onDemand = new Set(chunksMatching(chunks, rules.onDemand ?? [], 'onDemand'))
  const keptOnDemand = [...onDemand].map((file) => ({
    file, importers: chunks.filter((c) => !onDemand.has(c.fileName) && c.imports.includes(file)).map((c) => c.fileName),
  })).filter((k) => k.importers.length > 0)
  const skip = new Set([...rules.inlined?.() ?? [], ...[...onDemand].filter((file) => !keptOnDemand.some((k) => k.file === file))])

  const result: SplitResult = {
    manifest: [], core: { count: 0, bytes: 0 }, sets: { [FIELD_SET]: { count: 0, bytes: 0 } }, skipped: { count: 0, bytes: 0, files: [] }, keptOnDemand,
  }
  for (const name of setFiles.keys()) result.sets[name] = { count: 0, bytes: 0 }
  for (const entry of entries) {
    if (skip.has(entry.url)) {
      result.skipped.count += 1
      result.skipped.bytes += entry.size
      result.skipped.files.push(entry.url)
      continue
    }
    // chunks and the CSS they import: the graph decides; any other file: the rules
    const isCore = (byFile.has(entry.url) || cssOwned(entry.url, chunks)) ? core.has(entry.url) : rules.coreFiles.some((re) => re.test(entry.url))
    if (isCore) {
      result.manifest.push({ ...entry })
      result.core.count += 1
      result.core.bytes += entry.size
      continue
    }
    const sets = [FIELD_SET, ...[...setFiles].filter(([, files]) => files.has(entry.url)).map(([name]) => name)]
    result.manifest.push({ ...entry, sets })
    for (const name of sets) {
      result.sets[name]!.count += 1
      result.sets[name]!.bytes += entry.size
    }
  }
  return result
}

/** True when some chunk imports the CSS file `url` (its place then follows that chunk's). */
function cssOwned(url: string, chunks: ChunkInfo[]): boolean {
  return url.endsWith('.css') && chunks.some((c) => c.css.includes(url))
}

/** The part of a bundler output item this module reads (Rollup/Rolldown `OutputChunk`, Vite metadata). */
interface BundleItem {
  type: string
  fileName: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  moduleIds?: string[]
  modules?: Record<string, { code: string | null } | undefined>
  viteMetadata?: { importedCss?: Set<string> }
}

/** {@link ChunkInfo} of every chunk of a bundle (`generateBundle`'s second argument). */
export function chunksOfBundle(bundle: Record<string, BundleItem>): ChunkInfo[] {
  return Object.values(bundle)
    .filter((item) => item.type === 'chunk')
    .map((c) => {
      const moduleIds = c.moduleIds ?? Object.keys(c.modules ?? {})
      const code = moduleIds.filter((id) => !ICON_CATALOGUE_MODULE.test(id)).map((id) => c.modules?.[id]?.code ?? '').join('\n')
      return {
        fileName: c.fileName,
        isEntry: c.isEntry === true,
        imports: [...(c.imports ?? [])],
        dynamicImports: [...(c.dynamicImports ?? [])],
        moduleIds,
        css: [...(c.viteMetadata?.importedCss ?? [])],
        iconNames: iconNamesIn(code),
      }
    })
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** One line per part of the split, for the build log. */
export function describeSplit(r: SplitResult): string {
  const sets = Object.entries(r.sets).map(([name, p]) => `set '${name}' ${p.count} files (${kib(p.bytes)})`)
  const skipped = r.skipped.count ? `; not precached ${r.skipped.count} files (${kib(r.skipped.bytes)}: ${r.skipped.files.join(', ')})` : ''
  const kept = r.keptOnDemand.map((k) => `; ${k.file} is on demand but precached: imported statically by ${k.importers.join(', ')}`).join('')
  return `precache split: at install ${r.core.count} files (${kib(r.core.bytes)}); ${sets.join('; ')}${skipped}${kept}`
}

/**
 * The two halves that run in `vite build`: `plugin` records the chunk graph when the bundle is generated;
 * `transform` (a workbox-build manifest transform, run afterwards by vite-plugin-pwa) splits the manifest
 * with it and logs the sizes.
 * When the bundle failed (a plugin threw: e.g. the landing pre-render, scripts/prerender-landing.ts),
 * vite-plugin-pwa may still build the service worker (rolldown runs `closeBundle` without the error): the
 * plugin records that error (`buildEnd`, `renderError`) and `transform` throws it, as the build's real cause,
 * instead of a bare "no chunk graph".
 */
export function precacheSplit(rules: SplitRules): {
  plugin: {
    name: string
    apply: 'build'
    buildEnd(error?: Error): void
    renderError(error: Error): void
    generateBundle(options: unknown, bundle: Record<string, BundleItem>): void
  }
  transform: (entries: ManifestEntryIn[]) => { manifest: SplitEntry[]; warnings: string[] }
} {
  let chunks: ChunkInfo[] | null = null
  let failure: Error | null = null
  return {
    plugin: {
      name: 'pd-precache-split',
      apply: 'build',
      buildEnd(error) {
        if (error) failure = error
      },
      renderError(error) {
        failure = error
      },
      generateBundle(_options, bundle) {
        chunks = chunksOfBundle(bundle)
      },
    },
    transform(entries) {
      if (failure) throw new Error(`precache split: the build failed before the chunk graph was recorded: ${failure.message}`, { cause: failure })
      if (!chunks) throw new Error('precache split: no chunk graph (is the pd-precache-split plugin in the build?)')
      const result = splitPrecache(entries, chunks, rules)
      console.log(describeSplit(result))
      return { manifest: result.manifest, warnings: [] }
    },
  }
}
