// @vitest-environment node
/**
 * Every page that fetches has a route loader (issue 26 point 4; ARCHITECTURE.md "routes/ — params and search
 * parsed with valibot, loaders that call the feature's query options"), kept by counting:
 * - a route's PAGE MODULES are the modules of src/features its file imports (through a feature's index.ts, the
 *   module it re-exports the name from); a page module FETCHES when it reads with TanStack Query itself
 *   (`useQuery(`, `useQueries(`, `useInfiniteQuery(`, `useSuspenseQuery(`) or draws a server list
 *   (`<ServerList`, `<AdminListPage`); a route fetches when one of its page modules does;
 * - a fetching route has a `loader` (src/api/prefetch.ts `prefetchRead`), split with its component
 *   (`codeSplitGroupings: [['loader', 'component']]`: the query modules stay out of the entry);
 * - a route with path params parses them (`params: pathParams(…)`, src/lib/route-params.ts).
 * The exceptions are pages whose fetching module reads nothing when that route opens; each says why.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROUTES = join('src', 'routes')
const FEATURES = resolve('src', 'features')

/** Routes whose page module reads only in another mode or after an action of the user. */
const NO_READ_ON_OPEN: Record<string, string> = {
  'area-amministrativa/enti/crea.tsx': "EnteFormPage reads the body's card only to edit one (`idEnte`)",
  'area-amministrativa/programmi/crea.tsx': "ProgrammaFormPage's read is ModificaProgrammaPage's, not CreaProgrammaPage's",
  'richiesta-assistenza.tsx': 'the themes are read at the second step of the request (`enabled: step === 1`)',
  'home/cerca.tsx': 'the results are read once a search is submitted (`enabled: keys !== null`)',
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [`${base}.tsx`, `${base}.ts`, join(base, 'index.ts'), join(base, 'index.tsx')]) if (existsSync(candidate)) return candidate
  return null
}

/** The modules of src/features that `file` imports, an index.ts replaced by the modules it re-exports the imported names from. */
export function pageModules(file: string, source = readFileSync(file, 'utf8')): string[] {
  const out = new Set<string>()
  for (const m of source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/gm)) {
    const target = resolveModule(file, m[2]!)
    if (!target || relative(FEATURES, target).startsWith('..')) continue
    if (!/[\\/]index\.tsx?$/.test(target)) {
      out.add(target)
      continue
    }
    const names = m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, '')).filter(Boolean)
    const index = readFileSync(target, 'utf8')
    for (const e of index.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/gm)) {
      const exported = e[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, ''))
      const from = resolveModule(target, e[2]!)
      if (from && exported.some((n) => names.includes(n))) out.add(from)
    }
  }
  return [...out]
}

/** True when a module reads with TanStack Query or draws a server list. */
export const fetches = (source: string) => /\buse(?:Suspense)?(?:Query|Queries|InfiniteQuery)\(|<ServerList\b|<AdminListPage\b/.test(source)

const routes = files(ROUTES).filter((f) => !f.endsWith('__root.tsx')).map((file) => {
  const source = readFileSync(file, 'utf8')
  const id = relative(ROUTES, file).split('\\').join('/')
  return {
    id,
    source,
    fetching: pageModules(file, source).some((m) => fetches(readFileSync(m, 'utf8'))),
    loader: /^\s{2}loader:/m.test(source),
    split: /codeSplitGroupings:\s*\[\['loader', 'component'\]\]/.test(source),
    params: /createFileRoute\('[^']*\$/.test(source),
    parsed: /^\s{2}params:\s*pathParams\(/m.test(source),
  }
})

describe('route loaders', () => {
  it('tells a fetching module and follows an index.ts to the module of the imported name', () => {
    expect(fetches('const q = useQuery(schedaEnteQuery(id))')).toBe(true)
    expect(fetches('<ServerList definition={d} />')).toBe(true)
    expect(fetches("import { useQueryClient } from '@tanstack/react-query'\nconst qc = useQueryClient()")).toBe(false)
    const modules = pageModules(join(ROUTES, 'x.tsx'), "import { EditorPage } from '../features/questionari-modelli'\n")
    expect(modules.map((m) => relative(FEATURES, m).split('\\').join('/'))).toEqual(['questionari-modelli/editor/EditorPage.tsx'])
  })

  it('finds the 78 routes, the fetching ones among them', () => {
    // issue 28: + /gestione-configurazioni/conservazione, the access register and its per-citizen view;
    // part 3: + the erasure requests and a citizen's printable data
    expect(routes.length + 1).toBe(78)
    expect(routes.filter((r) => r.fetching).length).toBeGreaterThan(40)
  })

  it('gives a loader to every route whose page fetches (but the listed ones, which read nothing on opening)', () => {
    const missing = routes.filter((r) => r.fetching && !r.loader && !(r.id in NO_READ_ON_OPEN)).map((r) => r.id)
    expect(missing).toEqual([])
    // the exceptions stay true: each is a fetching route without loader
    expect(Object.keys(NO_READ_ON_OPEN).filter((id) => !routes.some((r) => r.id === id && r.fetching && !r.loader))).toEqual([])
  })

  it('splits every loader with its component (no query module in the entry)', () => {
    expect(routes.filter((r) => r.loader !== r.split).map((r) => r.id)).toEqual([])
  })

  it('parses the path params of every route that has some', () => {
    expect(routes.filter((r) => r.params !== r.parsed).map((r) => r.id)).toEqual([])
  })
})
