/**
 * What the built application makes a browser fetch (issue 24 points 24 and 27), read against the build's own
 * chunk graph (dist/.vite/manifest.json) and service worker (dist/sw.js):
 * - the landing page's own chunks (its route component and what only it imports: `routes`, `RoleCard`…) are
 *   fetched on `/` and never on a deep link, although the same index.html answers both;
 * - the landing loads no icon catalogue; neither the stylesheet index.html inlines nor the PNG install icons are
 *   precached (no page fetches them), and the route tree every visitor loads does not carry the programme form's rules.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { precacheUrls } from '../bench/build-graph'
import { waitForAppStarted } from './helpers'

const DIST = process.env.STATIC_DIR ?? 'dist'
type Manifest = Record<string, { file: string; imports?: string[] }>
const manifest = (): Manifest => JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest

/** Manifest keys reachable from `roots` through static imports. */
function closure(m: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const dep of m[key]?.imports ?? []) visit(dep)
  }
  roots.forEach(visit)
  return seen
}

/** The JavaScript files (`/assets/…`) a visit of `path` requests until the application has started. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = []
  const onRequest = (req: { resourceType(): string; url(): string }) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
  }
  page.on('request', onRequest)
  await page.goto(path)
  await waitForAppStarted(page)
  await page.waitForLoadState('networkidle')
  page.off('request', onRequest)
  return scripts
}

test.use({ serviceWorkers: 'block' })

test("the landing page's own chunks are fetched on / only, never on a deep link", async ({ page }) => {
  const m = manifest()
  const shell = closure(m, ['index.html'])
  const landingOnly = [...closure(m, ['src/routes/index.tsx?tsr-split=component'])].filter((k) => !shell.has(k)).map((k) => `/${m[k]!.file}`)
  expect(landingOnly.length).toBeGreaterThan(0)

  for (const deepLink of ['/informativa-privacy-e-cookie', '/auth']) {
    const scripts = await scriptsOf(page, deepLink)
    expect(scripts.length, deepLink).toBeGreaterThan(0)
    expect(scripts.filter((s) => landingOnly.includes(s)), deepLink).toEqual([])
  }
  // on '/' the same index.html does fetch them (the check above can see them)
  const landing = await scriptsOf(page, '/')
  expect(landingOnly.filter((f) => !landing.includes(f))).toEqual([])
  // …and no script of the landing carries design-react-kit's catalogue of every icon (the shell draws its
  // icons with src/ui/ShellIcon.tsx; issue 24 point 27)
  for (const script of landing) expect(readFileSync(join(DIST, script), 'utf8'), script).not.toContain('It should not land here')
})

test('the inlined stylesheet and the install icons are not precached, and the route tree carries no form rules', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const inlined = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)" disabled>/g)].map((x) => x[1]!)
  expect(inlined.length).toBeGreaterThan(0)
  const precached = precacheUrls(readFileSync(join(DIST, 'sw.js'), 'utf8'))
  expect(precached.length).toBeGreaterThan(100)
  expect(precached.filter((u) => inlined.includes(u))).toEqual([])
  // the PNG icons of the manifest and of iOS: fetched by the browser when installing, never by a page
  expect(precached.filter((u) => u.endsWith('.png'))).toEqual([])

  const m = manifest()
  const shellModules = [...closure(m, ['index.html'])]
  expect(shellModules.filter((k) => /gestione-form|(^|[_/])dates[-.]/.test(k))).toEqual([])
})
