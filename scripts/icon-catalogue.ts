/**
 * Vite plugin (build only): design-react-kit's icon catalogue (`dist/Icon/assets/index.js`) names its 179 icons,
 * each with a dynamic import. Its `Icon` component imports it, so every visit (the landing page's too) loads the
 * whole list, and the build emits and precaches one chunk per icon. This plugin keeps in the catalogue only the
 * icons whose names are written as string literals (`'it-…'`) in the application's sources (`src/`) or in
 * design-react-kit's own components: the only ways a name reaches `Icon` here. The build fails when a source
 * builds a name from parts (`it-${…}`, `'it-' + …`), or when the catalogue's format is not the one this plugin
 * prunes (issue 24 point 27: landing JavaScript and precache).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { ICON_CATALOGUE_MODULE, iconNamesIn } from '../sw/precache-split.js'

/** A name built from parts: the scan could not see it. */
const BUILT_NAME = /`it-\$\{|['"`]it-['"`]\s*\+/

/** Files under `dir` whose names end with one of `extensions`, except below a folder matching `skip`. */
function filesUnder(dir: string, extensions: string[], skip?: RegExp): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!skip?.test(path)) out.push(...filesUnder(path, extensions, skip))
    } else if (extensions.some((ext) => entry.name.endsWith(ext))) {
      out.push(path)
    }
  }
  return out
}

/**
 * The icon names written in `files`; throws when one of `strict` (the application's own files) builds a name from
 * parts (design-react-kit's components do, for CSS classes such as `it-overlay`, never for an icon).
 */
export function iconNamesInFiles(files: string[], strict: (file: string) => boolean = () => true): Set<string> {
  const names = new Set<string>()
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
    if (strict(file) && BUILT_NAME.test(code)) throw new Error(`icon-catalogue: ${file} compone il nome di un'icona: scrivilo per intero ('it-…')`)
    for (const name of iconNamesIn(code)) names.add(name)
  }
  return names
}

// the last entry has no comma: a removed entry takes its line, and the object keeps its trailing comma (valid JS)
const LIST_ENTRY = /^[ \t]*'(it-[a-z0-9-]+)': true,?\r?\n/gm
const SWITCH_CASE = /^[ \t]*case '(it-[a-z0-9-]+)': \{\r?\n[ \t]*return import\('[^']+'\);\r?\n[ \t]*\}\r?\n/gm

/**
 * The catalogue's source with only the icons of `keep` (its list and its loader's cases); throws when the
 * source does not have the expected shape (each icon once in the list and once in the loader).
 */
export function pruneIconCatalogue(code: string, keep: ReadonlySet<string>): { code: string; kept: number; removed: number } {
  const listed = [...code.matchAll(LIST_ENTRY)].map((m) => m[1]!)
  const cased = [...code.matchAll(SWITCH_CASE)].map((m) => m[1]!)
  const inLoader = new Set(cased)
  if (listed.length === 0 || listed.length !== cased.length || inLoader.size !== cased.length || listed.some((name) => !inLoader.has(name))) {
    throw new Error(`icon-catalogue: formato del catalogo di design-react-kit non riconosciuto (${listed.length} icone in elenco, ${cased.length} nel caricatore)`)
  }
  const pruned = code.replace(LIST_ENTRY, (line, name: string) => (keep.has(name) ? line : '')).replace(SWITCH_CASE, (block, name: string) => (keep.has(name) ? block : ''))
  const kept = listed.filter((name) => keep.has(name)).length
  return { code: pruned, kept, removed: listed.length - kept }
}

/** See the module comment; `root` is the project folder. */
export function iconCatalogue(root: string): Plugin {
  return {
    name: 'punto-digitale:icon-catalogue',
    apply: 'build',
    transform(code, id) {
      if (!ICON_CATALOGUE_MODULE.test(id)) return null
      const kit = join(root, 'node_modules', 'design-react-kit', 'dist')
      const src = join(root, 'src')
      const names = iconNamesInFiles([
        ...filesUnder(src, ['.ts', '.tsx']),
        ...filesUnder(kit, ['.js'], /[\\/]Icon[\\/]assets$/),
      ], (file) => file.startsWith(src))
      const result = pruneIconCatalogue(code, names)
      this.info(`icone di design-react-kit nel catalogo: ${result.kept} (tolte ${result.removed} mai nominate)`)
      return { code: result.code, map: null }
    },
  }
}
