/**
 * Where the project's files are, whether the server runs from its TypeScript sources (tsx) or from
 * the bundle `build/server/main.mjs`: the project root is the nearest folder above this module that
 * holds `package.json`.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findProjectRoot(start: string): string {
  let dir = start
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`package.json non trovato sopra ${start}`)
    dir = parent
  }
}

/** Absolute path of the project root. */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))

/** Absolute path of a file or folder of the project, e.g. `projectPath('drizzle')`. */
export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments)
}
