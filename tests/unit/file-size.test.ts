// @vitest-environment node
/**
 * No hand-written file over 400 lines (issue 26 point 9: a module readable in one sitting): every source,
 * test, script and stylesheet of the repository's code folders, generated files excepted (the route tree, the
 * database migrations' snapshots).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 400
const FOLDERS = ['src', 'server', 'tests', 'e2e', 'scripts', 'bench', 'sw']
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|scss)$/
const GENERATED = new Set(['src/routeTree.gen.ts'])
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'fixtures'])

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : files(path)
    return CODE.test(name) ? [path.replaceAll('\\', '/')] : []
  })
}

/** The files of `paths` longer than `max` lines, as 'path: n'. */
export function tooLong(paths: readonly string[], max = MAX_LINES): string[] {
  return paths.flatMap((p) => {
    const n = readFileSync(p, 'utf8').split('\n').length - 1
    return n > max ? [`${p}: ${n}`] : []
  })
}

describe('file size', () => {
  it('no hand-written code file is longer than 400 lines', () => {
    const all = FOLDERS.filter((f) => existsSync(f)).flatMap(files).filter((f) => !GENERATED.has(f))
    expect(all.length).toBeGreaterThan(500)
    expect(tooLong(all)).toEqual([])
  })
})
