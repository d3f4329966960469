// @vitest-environment node
/**
 * The client's layers (ARCHITECTURE.md; house rule "lower layers never import upper ones"): `lib`, `api`,
 * `auth`, `offline`, `pwa` and `ui` never import `features` or `routes`, by static import, re-export or
 * dynamic `import()` (which ESLint's no-restricted-imports does not see). The composition happens above
 * them: src/main.tsx and the route files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const LOWER = ['lib', 'api', 'auth', 'offline', 'pwa', 'ui']
const UPPER = /^(?:features|routes)(?:\/|$)/

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Every module specifier of a source file: `from '…'`, `import '…'`, `import('…')`. */
export function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!)
}

describe('client layers', () => {
  it('finds static, re-exported and dynamic imports', () => {
    expect(specifiers(`import a from './a'\nexport { b } from "../b"\nconst c = import('../../features/c')\nimport './d.css'`)).toEqual(['./a', '../b', '../../features/c', './d.css'])
  })

  it.each(LOWER)('src/%s imports neither features/ nor routes/', (layer) => {
    const offending: string[] = []
    for (const file of files(join('src', layer))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') && UPPER.test(relative('src', join(file, '..', spec)).replaceAll('\\', '/'))) offending.push(`${file} → ${spec}`)
      }
    }
    expect(offending).toEqual([])
  })
})
