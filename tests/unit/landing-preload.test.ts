// @vitest-environment node
/**
 * The build plugin that preloads the landing route's chunks and fonts (scripts/landing-preload.ts), on a
 * hand-made bundle: the route chunk and its static imports are added once (not those the HTML already
 * loads), the fonts by file name, and a missing route chunk or font fails the build.
 */
import type { HtmlTagDescriptor, IndexHtmlTransformContext, IndexHtmlTransformResult, Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { findRouteChunks, landingPreload, staticClosure } from '../../scripts/landing-preload'

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) =>
  ({ type: 'chunk', fileName, moduleIds, imports, dynamicImports: [] }) as unknown as Rolldown.OutputChunk
const asset = (fileName: string) => ({ type: 'asset', fileName }) as unknown as Rolldown.OutputAsset

const BUNDLE = {
  'assets/index-A.js': chunk('assets/index-A.js', ['/p/src/main.tsx'], ['assets/shell-B.js']),
  'assets/shell-B.js': chunk('assets/shell-B.js', ['/p/node_modules/react/index.js']),
  'assets/routes-C.js': chunk('assets/routes-C.js', ['/p/src/routes/index.tsx?tsr-split=component', '/p/src/features/home/Landing.tsx'], ['assets/shell-B.js', 'assets/RoleCard-D.js']),
  'assets/RoleCard-D.js': chunk('assets/RoleCard-D.js', ['/p/src/ui/profile/RoleCard.tsx'], ['assets/shell-B.js']),
  'assets/auth-E.js': chunk('assets/auth-E.js', ['/p/src/routes/auth.tsx?tsr-split=component']),
  'assets/titillium-regular-F.woff2': asset('assets/titillium-regular-F.woff2'),
  'assets/titillium-700-G.woff2': asset('assets/titillium-700-G.woff2'),
} as unknown as Rolldown.OutputBundle

const HTML = '<head><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-B.js"></head>'
const ROUTE = /[\\/]src[\\/]routes[\\/]index\.tsx\?tsr-split/

function run(options: Parameters<typeof landingPreload>[0], bundle = BUNDLE): HtmlTagDescriptor[] {
  const plugin = landingPreload(options)
  ;(plugin.configResolved as (c: { base: string }) => void)({ base: '/' })
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => IndexHtmlTransformResult }
  const result = hook.handler(HTML, { path: '/index.html', filename: 'index.html', bundle }) as { html: string; tags: HtmlTagDescriptor[] }
  expect(result.html).toBe(HTML)
  return result.tags
}

describe('landing preload plugin', () => {
  it('finds the route chunk and its static imports, transitively', () => {
    const [route] = findRouteChunks(BUNDLE, ROUTE)
    expect(route?.fileName).toBe('assets/routes-C.js')
    expect(staticClosure(BUNDLE, route!)).toEqual(['assets/routes-C.js', 'assets/shell-B.js', 'assets/RoleCard-D.js'])
  })

  it('adds modulepreload for the chunks the HTML does not load yet, and font preloads', () => {
    const tags = run({ routeModule: ROUTE, fonts: [/titillium-regular-\w+\.woff2$/, /titillium-700-\w+\.woff2$/] })
    expect(tags.map((t) => t.attrs)).toEqual([
      { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: '/assets/titillium-regular-F.woff2' },
      { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: '/assets/titillium-700-G.woff2' },
      // marked for `/` only: index.html answers every deep link too (issue 24 point 24)
      { rel: 'modulepreload', crossorigin: true, href: '/assets/routes-C.js', 'data-pd-route': '/' },
      { rel: 'modulepreload', crossorigin: true, href: '/assets/RoleCard-D.js', 'data-pd-route': '/' },
    ])
    expect(tags.every((t) => t.tag === 'link' && t.injectTo === 'head')).toBe(true)
  })

  it('fails the build when the route chunk or a font is missing', () => {
    expect(() => run({ routeModule: /src[\\/]routes[\\/]nope\.tsx/, fonts: [] })).toThrow(/nessun chunk/)
    expect(() => run({ routeModule: ROUTE, fonts: [/lora-\w+\.woff2$/] })).toThrow(/nessun font/)
  })
})
