/**
 * Child process of the `prerenderLanding` Vite plugin (scripts/prerender-landing.ts): renders the route
 * given as argument (default `/`) with src/prerender.tsx in Vite's SSR module runner and prints the
 * markup on stdout. A jsdom window stands in for the browser globals the app's modules read at import
 * (localStorage, matchMedia…), empty: the page is rendered as an anonymous first visitor sees it. It runs
 * in its own process so that these globals never leak into the build.
 * Exit code 1 with the error on stderr when anything fails.
 */
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { createServer } from 'vite'
import react from '@vitejs/plugin-react'

const BROWSER_GLOBALS = ['window', 'self', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'matchMedia', 'getComputedStyle',
  'HTMLElement', 'Element', 'Node', 'Event', 'CustomEvent', 'MutationObserver', 'requestAnimationFrame', 'cancelAnimationFrame'] as const

const dom = new JSDOM('<!doctype html><html lang="it"><body><div id="root"></div></body></html>', { url: 'http://localhost/', pretendToBeVisual: true })
const win = dom.window as unknown as Record<string, unknown>
for (const name of BROWSER_GLOBALS) {
  // Node has its own navigator (and, behind a flag, localStorage): the page must see the browser's
  Object.defineProperty(globalThis, name, { value: win[name], configurable: true, writable: true })
}

const path = process.argv[2] ?? '/'
const server = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'error',
  plugins: [react()],
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  // design-react-kit's exports offer only `module`/`main` conditions, and bootstrap-italia is CommonJS to Node:
  // both go through Vite's transform like the app's own modules
  // The router goes through the transform too, with its browser build of `isServer` (Node would pick its
  // server build): the markup is the one the client renders, Suspense boundaries included, so it hydrates.
  ssr: { noExternal: ['design-react-kit', 'bootstrap-italia', /^@tanstack\//] },
  resolve: {
    alias: [
      { find: /^@tanstack\/router-core\/isServer$/, replacement: fileURLToPath(new URL('../node_modules/@tanstack/router-core/dist/esm/isServer/client.js', import.meta.url)) },
      // the shell's icon modules (src/ui/ShellIcon.tsx), as vite.config.ts resolves them
      { find: /^design-react-kit-icons\/(It[A-Za-z0-9]+)$/, replacement: fileURLToPath(new URL('../node_modules/design-react-kit/dist/Icon/assets/$1.js', import.meta.url)) },
    ],
  },
  optimizeDeps: { noDiscovery: true, include: [] },
})
let code = 0
try {
  const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as { render: (path: string) => Promise<string> }
  process.stdout.write(await mod.render(path))
} catch (error) {
  console.error(error)
  code = 1
} finally {
  await server.close()
}
process.exit(code)
