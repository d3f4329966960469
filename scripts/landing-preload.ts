/**
 * Vite plugin (build only): lets the browser fetch what the landing page `/` needs together with the entry
 * script instead of in waves (delivery issue 7 point 4). Into the built `index.html` it adds
 * - `<link rel="modulepreload" crossorigin data-pd-route="/">` for the chunk of the landing route (its module
 *   id matches `routeModule`; with TanStack's autoCodeSplitting that is `src/routes/index.tsx?tsr-split=…`) and
 *   for every chunk that chunk imports statically, minus those the HTML already loads or preloads. The built
 *   `index.html` answers every path (SPA fallback): `data-pd-route` tells scripts/prerender-landing.ts's loader
 *   to fetch them on `/` only, never on a deep link (issue 24 point 24);
 * - `<link rel="preload" as="font" type="font/woff2" crossorigin>` for each emitted font whose file name
 *   matches one of `fonts` (the body font: found otherwise only once the CSS is applied and text is laid out).
 * The build fails when the route chunk or a font is not found, so a renamed route or font cannot silently
 * bring the waterfall back.
 */
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite'

/** The attribute naming the only path whose page needs a module preload (read by deferEntry, scripts/prerender-landing.ts). */
export const LANDING_ROUTE_ATTR = 'data-pd-route'

export interface LandingPreloadOptions {
  /** matches the module id of the landing route's (split) component, e.g. `/src[\\/]routes[\\/]index\.tsx\?tsr-split/` */
  routeModule: RegExp
  /** each matches the emitted file name of one font to preload, e.g. `/titillium-web-.*-regular-.*\.woff2$/` */
  fonts: RegExp[]
}

type OutputBundle = Rolldown.OutputBundle
type OutputChunk = Rolldown.OutputChunk

/** The chunks whose module ids include one matching `routeModule` (normally one). */
export function findRouteChunks(bundle: OutputBundle, routeModule: RegExp): OutputChunk[] {
  return Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk' && out.moduleIds.some((id) => routeModule.test(id)))
}

/** `start` and every chunk it imports statically, transitively (file names, `start` first). */
export function staticClosure(bundle: OutputBundle, start: OutputChunk): string[] {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    const out = bundle[fileName]
    if (out?.type === 'chunk') for (const dep of out.imports) visit(dep)
  }
  visit(start.fileName)
  return [...seen]
}

/** See the module comment. */
export function landingPreload(options: LandingPreloadOptions): Plugin {
  let base = '/'
  return {
    name: 'punto-digitale:landing-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle
        if (!bundle) return html
        const routes = findRouteChunks(bundle, options.routeModule)
        if (routes.length === 0) throw new Error(`landing-preload: nessun chunk contiene un modulo che corrisponde a ${options.routeModule}`)
        const alreadyLoaded = (file: string) => html.includes(`"${base}${file}"`)
        const chunks = [...new Set(routes.flatMap((chunk) => staticClosure(bundle, chunk)))].filter((file) => !alreadyLoaded(file))
        const fonts = options.fonts.map((pattern) => {
          const asset = Object.values(bundle).find((out) => out.type === 'asset' && pattern.test(out.fileName))
          if (!asset) throw new Error(`landing-preload: nessun font corrisponde a ${pattern}`)
          return asset.fileName
        })
        const tags: HtmlTagDescriptor[] = [
          ...fonts.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          })),
          ...chunks.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, [LANDING_ROUTE_ATTR]: '/' },
            injectTo: 'head',
          })),
        ]
        return { html, tags }
      },
    },
  }
}
