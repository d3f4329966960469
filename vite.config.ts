/**
 * Build of the PWA: TanStack file routes, React, and the service worker from `sw/` (injectManifest).
 * Dev server proxies `/api` and `/oidc` to the reference server (PORT, default 8080).
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { bootstrapItaliaCss } from './scripts/bootstrap-italia-css.ts'
import { precacheSplit, routeModule } from './sw/precache-split.js'
import { landingPreload } from './scripts/landing-preload.ts'
import { entryAfterFirstPaint, prerenderLanding } from './scripts/prerender-landing.ts'
import { fontSubsets } from './scripts/font-subsets.ts'
import { iconCatalogue } from './scripts/icon-catalogue.ts'
import { iconModulePattern, SHELL_ICONS } from './src/ui/shell-icons.ts'

const SHELL_MODULES = /[\\/](node_modules[\\/](react|valibot|use-sync-external-store)[\\/]|src[\\/]auth[\\/](guards|permissions|session|pkce|jwt|logout|navigation|token-store)\.ts|src[\\/]ui[\\/]stores[\\/](toasts|loader)\.ts|src[\\/]api[\\/](config|fetch-json|contract[\\/](common|contesto))\.ts)/
const SHELL_ICON_MODULES = iconModulePattern(SHELL_ICONS)
const ROUTER_MODULES = /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store)[\\/]/

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '8080'}`

// The built index.html inlines the entry stylesheet and loads the entry after the first paint
// (scripts/prerender-landing.ts)
const firstPaint = entryAfterFirstPaint()

// The service worker's precache, split by the chunk graph (sw/precache-split.ts): what anonymous visitors
// need is precached at install; the rest forms the offline sets fetched on request ('field' after a FAC/VOL
// login, 'survey' when the citizen's survey page opens).
const pwaSplit = precacheSplit({
  // the rich-text editor (Tiptap/ProseMirror, ~400 KB) writes community contents and assistance requests, which
  // need the network to be sent: fetched when a dialog opens, not precached — once no page imports it statically
  // (issue 24 points 24 and 27)
  onDemand: [/[\\/]node_modules[\\/](?:@tiptap|prosemirror-[a-z]+)[\\/]/],
  // inside index.html already: never fetched by a page (issue 24 point 27)
  inlined: () => firstPaint.inlinedStylesheets(),
  core: [
    ...['index', 'informativa-privacy-e-cookie', 'legal', 'auth', 'auth_.$code', 'auth-redirect', 'errore', 'errore_.$code'].map(routeModule),
    /[\\/]node_modules[\\/]workbox-window[\\/]/, // loaded by every page after `load` (src/pwa/register.ts)
  ],
  sets: { survey: [routeModule('servizi/questionario/$idQuestionario/online/$token')] },
  // files outside the chunk graph: the shell, CSS no chunk imports, the fonts anonymous pages use (Roboto Mono
  // appears on logged-in pages only), errors.json; the PNG manifest icons are fetched by the browser when it
  // installs the app, never by a page, so they are not precached (globIgnores below)
  // (their Latin subsets: the latin-ext originals go with the field set, where citizens' names may need them)
  coreFiles: [/^index\.html$/, /^favicon\.svg$/, /\.css$/, /^assets\/(?:titillium-web|lora)-\d+\.latin-[\w-]+\.woff2$/, /^manifest\.webmanifest$/, /^data\/errors\.json$/],
})

export default defineConfig({
  resolve: {
    // the shell's icon modules, imported one by one (src/ui/ShellIcon.tsx): design-react-kit exports only its index
    alias: [{ find: /^design-react-kit-icons\/(It[A-Za-z0-9]+)$/, replacement: fileURLToPath(new URL('./node_modules/design-react-kit/dist/Icon/assets/$1.js', import.meta.url)) }],
  },
  plugins: [
    // route components split from the route tree; a route with a loader splits it with its component
    // (`codeSplitGroupings: [['loader', 'component']]`, read at build and then dropped from the route tree: the entry
    // carries only the lazy reference; src/api/prefetch.ts)
    tanstackRouter({
      target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts',
      codeSplittingOptions: { deleteNodes: ['codeSplitGroupings'] },
    }),
    react(),
    // bootstrap-italia from Sass, only the modules and (at build) the rules the app uses; entry CSS budget
    bootstrapItaliaCss(),
    // design-react-kit's icon catalogue with only the icons the app names (scripts/icon-catalogue.ts)
    iconCatalogue(fileURLToPath(new URL('.', import.meta.url))),
    pwaSplit.plugin,
    // `/` without request waves: preload its route chunk and fonts (scripts/landing-preload.ts): the body
    // font, and the hero's light (lead paragraph, the LCP element) and bold (h1) weights, whose late swap
    // shifted the page (CLS 0.03–0.05 → 0 in Lighthouse). 600 and Lora are left to the CSS (bandwidth).
    // `/` painted from HTML and CSS: the landing page pre-rendered into index.html (scripts/prerender-landing.ts)
    prerenderLanding(),
    // Latin subsets of the fonts, the full files only for other characters (scripts/font-subsets.ts)
    fontSubsets(),
    landingPreload({
      routeModule: /[\\/]src[\\/]routes[\\/]index\.tsx\?tsr-split/,
      fonts: [
        /titillium-web-400\.latin-[\w-]+\.woff2$/,
        /titillium-web-300\.latin-[\w-]+\.woff2$/,
        /titillium-web-700\.latin-[\w-]+\.woff2$/,
      ],
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // The glob below already lists the icons: without this they are precached twice (toolchain P16).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Punto Digitale',
        short_name: 'Punto Digitale',
        description: 'Registra i servizi di facilitazione digitale, i cittadini e i questionari, anche senza rete.',
        lang: 'it',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0066cc',
        background_color: '#ffffff',
        categories: ['government', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,png,json}'],
        // 'Report dati' (issue 11): the chart library and the regions map are fetched when that page opens, never precached;
        // the PNG icons of the manifest and of iOS are fetched by the browser when the app is installed (online),
        // never by a page, offline or not: not precached either (issue 24 point 27)
        globIgnores: ['sw.js', 'workbox-*.js', 'assets/report-charts-*.js', 'data/regioni-italia.json', 'icons/*.png', 'apple-touch-icon.png'],
        // anonymous set precached at install, the rest marked with its offline sets (icon chunks in 'field')
        manifestTransforms: [pwaSplit.transform],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // …and the app's script loaded after that first paint (last: it moves every module preload added above)
    firstPaint,
  ],
  server: {
    proxy: { '/api': apiTarget, '/oidc': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph by source file, read by `npm run bench` for the JS of each page
    // (bench/build-graph.ts); not precached (workbox skips dot folders) and never linked by a page
    manifest: true,
    // every browser of the target supports <link rel="modulepreload">: no polyfill in the entry (issue 24 point 27)
    modulePreload: { polyfill: false },
    // fonts are always files, never data: URLs, however small a subset gets: the CSP's font-src is 'self'
    // only (server/app.ts, issue 25 point 7)
    assetsInlineLimit: (file: string) => (/\.(?:woff2?|ttf|otf)$/i.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // The landing page's shared modules travel as three chunks instead of a dozen tiny ones (each chunk
        // boundary costs import/export glue and a request) and not as one either: the page evaluates them one
        // per task after its first paint (scripts/prerender-landing.ts), each shorter than a long task.
        // `shell`: React, session, config, stores, the shell's icons; `router`; `react-dom`.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              // …and the icons the shell and the landing page draw (src/ui/shell-icons.ts), instead of one request each
              test: (id: string) => SHELL_MODULES.test(id) || SHELL_ICON_MODULES.test(id),
              priority: 10,
            },
            { name: 'router', test: ROUTER_MODULES, priority: 10 },
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]|[\\/]src[\\/]react-dom-client\.ts$/, priority: 9 },
            // 'Report dati' charts (issue 11): ECharts in one chunk loaded on demand by that page only (not precached)
            { name: 'report-charts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]|[\\/]src[\\/]features[\\/]area-dati[\\/]report-charts\.ts$/, priority: 8 },
          ],
        },
      },
    },
  },
})
