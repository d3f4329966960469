// @vitest-environment node
/**
 * The client's layers (ARCHITECTURE.md; house rule "lower layers never import upper ones"): `lib`, `api`,
 * `auth`, `offline`, `pwa` and `ui` never import `features` or `routes`, by static import, re-export or
 * dynamic `import()` (which ESLint's no-restricted-imports does not see). The composition happens above
 * them: src/main.tsx and the route files.
 * Features stand side by side (issue 26 point 3): a feature imports another only through its entry
 * (`features/Y`, `features/Y/index.ts`), never its internals; ESLint's `features/boundaries` rule
 * (eslint.config.js) says the same while editing.
 * The offline library (issue 26 point 5) is imported outside src/offline only through its two entries,
 * `offline` (index.ts, for features) and `offline/shell` (the shell and the sync centre); ESLint's
 * no-restricted-imports pattern says the same. Tests may import its internal modules.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
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

/** A path under src/ that is another feature's internal for a module of `feature` ('features/sedi/api'), else null. */
export function featureInternal(feature: string, target: string): string | null {
  const m = /^features\/([^/]+)\/(.+)$/.exec(target)
  return m && m[1] !== feature && !/^index(?:\.tsx?)?$/.test(m[2]!) ? target : null
}

describe('feature boundaries', () => {
  it('tells an internal of another feature from its entry and from the own feature', () => {
    expect(featureInternal('enti', 'features/sedi/api')).toBe('features/sedi/api')
    expect(featureInternal('enti', 'features/sedi/form/x')).toBe('features/sedi/form/x')
    expect(featureInternal('enti', 'features/sedi')).toBeNull()
    expect(featureInternal('enti', 'features/sedi/index')).toBeNull()
    expect(featureInternal('enti', 'features/enti/api')).toBeNull()
    expect(featureInternal('enti', 'ui/detail/PageFrame')).toBeNull()
  })

  it('no feature imports another feature\'s internals', () => {
    const offending: string[] = []
    for (const file of files(join('src', 'features'))) {
      const feature = relative(join('src', 'features'), file).split(/[\\/]/)[0]!
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue
        if (featureInternal(feature, relative('src', join(file, '..', spec)).replaceAll('\\', '/'))) offending.push(`${file} → ${spec}`)
      }
    }
    expect(offending).toEqual([])
  })

  it('the lint rule refuses a deep import of another feature (static, re-export, dynamic) and accepts its entry', async () => {
    const eslint = new ESLint({ cwd: resolve(__dirname, '../..') })
    const source = [
      "import { a } from '../beta/interno'",
      "export { b } from '../beta/sub/modulo'",
      "export const c = () => import('../../features/beta/pagina')",
      "import { d } from '../beta'",
      "import { e } from '../beta/index'",
      "import { f } from './proprio'",
      "import { g } from '../../ui/detail/PageFrame'",
      'export const uso = [a, d, e, f, g]',
      '',
    ].join('\n')
    const [result] = await eslint.lintText(source, { filePath: 'src/features/alfa/modulo.ts' })
    const lines = result!.messages.filter((m) => m.ruleId === 'features/boundaries').map((m) => m.line)
    expect(lines).toEqual([1, 2, 3])
  })
})

/** A path under src/ that is an internal file of the offline library ('offline/records'), else null (issue 26 point 5). */
export function offlineInternal(target: string): string | null {
  const m = /^offline\/(.+)$/.exec(target)
  return m && !/^(?:index|shell)(?:\.tsx?)?$/.test(m[1]!) ? target : null
}

describe('offline library entries', () => {
  it('tells an internal of the library from its two entries', () => {
    expect(offlineInternal('offline/records')).toBe('offline/records')
    expect(offlineInternal('offline/types')).toBe('offline/types')
    expect(offlineInternal('offline')).toBeNull()
    expect(offlineInternal('offline/index')).toBeNull()
    expect(offlineInternal('offline/shell')).toBeNull()
    expect(offlineInternal('ui/offline-data')).toBeNull()
    expect(offlineInternal('pwa/offline-sets')).toBeNull()
  })

  it('nothing outside src/offline imports a file of the library other than its entries', () => {
    const offending: string[] = []
    for (const file of files('src')) {
      if (relative('src', file).replaceAll('\\', '/').startsWith('offline/')) continue
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.') && offlineInternal(relative('src', join(file, '..', spec)).replaceAll('\\', '/'))) offending.push(`${file} → ${spec}`)
      }
    }
    expect(offending).toEqual([])
  })

  it('the lint rule refuses a deep import of the library and accepts its entries', async () => {
    const eslint = new ESLint({ cwd: resolve(__dirname, '../..') })
    const source = [
      "import { a } from '../../offline/records'",
      "import type { b } from '../../offline/types'",
      "import { c } from '../../offline'",
      "import { d } from '../../offline/shell'",
      "import { e } from '../../ui/offline-data'",
      'export const uso = [a, c, d, e] as unknown as b',
      '',
    ].join('\n')
    for (const filePath of ['src/features/alfa/modulo.ts', 'src/ui/alfa/modulo.ts']) {
      const [result] = await eslint.lintText(source, { filePath })
      expect(result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line)).toEqual([1, 2])
    }
  })
})
