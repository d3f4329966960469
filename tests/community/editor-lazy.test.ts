// @vitest-environment node
/**
 * The rich-text editor (Tiptap/ProseMirror, ~100 KB on the wire) is not part of the community pages'
 * chunks (issue 24 point 24): a list or an item page loads it only when a create or edit dialog opens.
 * The pages are bundled with code splitting (esbuild, as the build splits at `import()`), and the
 * modules reachable from each page through static imports only must include neither the editor nor Tiptap.
 */
import { build, type Metafile, type Plugin } from 'esbuild'
import { readdirSync, statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../..')

/** True when `file` exists with exactly this case (esbuild's own lookup ignores case). */
function existsExactly(file: string): boolean {
  try {
    return readdirSync(dirname(file)).includes(basename(file)) && statSync(file).isFile()
  } catch {
    return false
  }
}

/** Resolves the app's relative imports by exact file name (`./pagination` is not `./Pagination.tsx`). */
const exactCase: Plugin = {
  name: 'exact-case',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const base = resolve(args.resolveDir, args.path)
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsExactly)
      return found ? { path: found } : undefined
    })
  },
}

/** Every input and external package reachable from `entry`'s chunk through static imports. */
function staticallyReached(meta: Metafile, entry: string): Set<string> {
  const outputs = Object.entries(meta.outputs)
  const start = outputs.find(([, o]) => o.entryPoint === entry)?.[0]
  if (!start) throw new Error(`no chunk for ${entry}`)
  const seen = new Set<string>()
  const reached = new Set<string>()
  const visit = (out: string) => {
    if (seen.has(out)) return
    seen.add(out)
    const o = meta.outputs[out]
    if (!o) return
    for (const input of Object.keys(o.inputs)) reached.add(input)
    for (const imp of o.imports) {
      if (imp.kind !== 'import-statement') continue
      if (imp.external) reached.add(imp.path)
      else visit(imp.path)
    }
  }
  visit(start)
  return reached
}

describe('community pages and the rich-text editor', () => {
  it('neither a list page nor an item page statically imports the editor or Tiptap', async () => {
    const entries = ['src/features/community/ListPage.tsx', 'src/features/community/DetailPage.tsx']
    const result = await build({
      absWorkingDir: ROOT, entryPoints: entries, bundle: true, splitting: true, format: 'esm', write: false,
      outdir: 'out', metafile: true, logLevel: 'silent', jsx: 'automatic',
      // packages stay external (their import statements are kept and listed); the app's own modules are followed
      plugins: [exactCase],
      packages: 'external', loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    })
    for (const entry of entries) {
      const reached = [...staticallyReached(result.metafile, entry)]
      expect(reached.length, entry).toBeGreaterThan(10)
      expect(reached.filter((m) => /rich-text\/RichTextEditor|@tiptap|prosemirror/.test(m)), entry).toEqual([])
    }
    // the editor is still there, behind the dialog's dynamic import
    const all = Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs))
    expect(all).toContain('src/ui/rich-text/RichTextEditor.tsx')
  }, 60_000)
})
