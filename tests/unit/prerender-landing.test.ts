// @vitest-environment node
/**
 * The first-paint build steps of the landing page (scripts/prerender-landing.ts): the pre-rendered markup
 * replaces the marker once, as the client renders it (it is hydrated); the entry stylesheet is inlined with its link kept
 * disabled (Vite's lazy-chunk loader looks for it); the entry script and module preloads become one
 * inline loader that runs after the first frame; and index.html's boot script reads the session key the
 * app writes. One test renders the real landing route in the worker process (no browser).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUTH_KEY } from '../../src/auth/token-store'
import { deferEntry, injectPrerender, inlineStylesheets, PRERENDER_MARKER, renderRoute } from '../../scripts/prerender-landing'

const BUILT = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
    <link rel="modulepreload" crossorigin href="/assets/routes-D.js">
</head><body><div id="root">${PRERENDER_MARKER}<div class="pd-boot"></div></div></body>`

describe('pre-rendered landing page', () => {
  it('puts the markup in place of the marker, unchanged (the client hydrates it)', () => {
    const html = injectPrerender(BUILT, '<!--$--><main data-testid="landing"><h1 class="h">Benvenuto</h1></main><!--/$-->')
    expect(html).toContain('<div id="root"><div class="pd-prerender"><!--$--><main data-testid="landing"><h1 class="h">Benvenuto</h1></main><!--/$--></div><div class="pd-boot">')
    expect(html).not.toContain(PRERENDER_MARKER)
  })

  it('refuses HTML without the marker or with two', () => {
    expect(() => injectPrerender('<div id="root"></div>', '<p>x</p>')).toThrow(/exactly once/)
    expect(() => injectPrerender(PRERENDER_MARKER + PRERENDER_MARKER, '<p>x</p>')).toThrow(/exactly once/)
  })

  it('inlines the stylesheet and keeps its link disabled for the lazy-chunk loader', () => {
    const html = inlineStylesheets(BUILT, (href) => (href === '/assets/index-C.css' ? '.a{color:red}' : undefined))
    expect(html).toContain('<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-C.css" disabled>')
    expect(() => inlineStylesheets(BUILT, () => undefined)).toThrow(/not in the bundle/)
    expect(() => inlineStylesheets(BUILT, () => 'a{}</style><script>')).toThrow(/cannot be inlined/)
  })

  it('loads the entry and its preloads from one inline module after the first frame', () => {
    const html = deferEntry(BUILT)
    expect(html).not.toMatch(/<script type="module" crossorigin src=/)
    expect(html).not.toMatch(/<link rel="modulepreload"/)
    const loader = /<script type="module">([^<]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(loader).toContain('["/assets/shell-B.js","/assets/routes-D.js"]')
    expect(loader).toContain('import("/assets/index-A.js")')
    // the chunks are evaluated one per task, in order, before the entry
    expect(loader).toMatch(/for\(const h of P\)\{await import\(h\);await y\(\)\}import\("\/assets\/index-A\.js"\)/)
    expect(loader).toContain('requestAnimationFrame(')
    expect(() => deferEntry('<head></head>')).toThrow(/one entry script/)
  })

  it("fetches the landing page's own chunks on '/' only, never on a deep link (issue 24 point 24)", async () => {
    const built = BUILT.replace('<link rel="modulepreload" crossorigin href="/assets/routes-D.js">',
      '<link rel="modulepreload" crossorigin href="/assets/routes-D.js" data-pd-route="/">')
    const loader = /<script type="module">([^<]*)<\/script>/.exec(deferEntry(built))?.[1] ?? ''
    expect(deferEntry(built)).not.toContain('data-pd-route')
    /** Runs the inline loader as the browser would at `pathname`; resolves with the preloaded and imported URLs. */
    const runAt = async (pathname: string) => {
      const preloaded: string[] = []
      const imported: string[] = []
      const document = { createElement: () => ({}), head: { append: (l: { href: string }) => preloaded.push(l.href) } }
      const run = new Function('location', 'document', 'setTimeout', 'requestAnimationFrame', '__import', loader.replaceAll('import(', '__import('))
      let done!: () => void
      const finished = new Promise<void>((r) => { done = r })
      run({ pathname }, document, (f: () => void) => queueMicrotask(f), (f: () => void) => f(), async (url: string) => {
        imported.push(url)
        if (url === '/assets/index-A.js') done()
      })
      await finished
      return { preloaded, imported }
    }
    expect(await runAt('/')).toEqual({
      preloaded: ['/assets/shell-B.js', '/assets/routes-D.js'],
      imported: ['/assets/shell-B.js', '/assets/routes-D.js', '/assets/index-A.js'],
    })
    for (const deepLink of ['/area-amministrativa/servizi', '/bacheca', '/auth']) {
      expect(await runAt(deepLink)).toEqual({ preloaded: ['/assets/shell-B.js'], imported: ['/assets/shell-B.js', '/assets/index-A.js'] })
    }
  })

  it("hides the pre-render for a stored session with the key the app writes", () => {
    const index = readFileSync('index.html', 'utf8')
    expect(index).toContain(`localStorage.getItem('${AUTH_KEY}')`)
    expect(index).toContain(`<div id="root">${PRERENDER_MARKER}<div class="pd-boot"`)
  })

  it('reports why the pre-render failed, and sets no time limit on it (issue 24 point 26)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-prerender-'))
    try {
      const failing = join(dir, 'failing-worker.ts')
      writeFileSync(failing, "console.error('Error: the landing exploded'); process.exit(3)\n")
      await expect(renderRoute('/', failing)).rejects.toThrow(/pre-render of \/ failed \(exit code 3\): Error: the landing exploded/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // a slow machine makes a slow build, never a failed one
    expect(readFileSync('scripts/prerender-landing.ts', 'utf8')).not.toMatch(/timeout\s*:/)
  })

  it('renders the real landing route as an anonymous visitor sees it', { timeout: 120_000 }, async () => {
    const markup = await renderRoute('/')
    expect(markup).toContain('Ti diamo il benvenuto su Punto Digitale')
    expect(markup).toContain('href="/auth"')
    expect(markup).toContain('id="main-content"')
    // rendered as the browser renders it: the router's Suspense boundary, the shell's icons drawn
    expect(markup.startsWith('<!--$-->')).toBe(true)
    expect(markup).toMatch(/<svg[^>]*class="icon icon-primary"[^>]*><path d="M12 13c2\.2/)
  })
})
