/**
 * Vite plugin (build only): pre-renders the landing page `/` into the built `index.html` (delivery issue 7:
 * first contentful paint from HTML and CSS, before the ~100 KB of script that render it otherwise).
 * The markup comes from the application's own components (src/prerender.tsx, rendered by
 * scripts/prerender-landing-worker.ts in a child process) and replaces the `<!--pd-prerender-->` marker of
 * `index.html`, wrapped in `<div class="pd-prerender">`, exactly as the client renders it (test ids
 * included): the application hydrates it in place (src/main.tsx) and marks `<html data-pd-app>` once it runs
 * (src/ui/shell/app-started.ts). An inline script of `index.html` hides it (class `pd-boot-plain` on
 * `<html>`) wherever it is not the page: any path but `/`, or a stored session (the logged-in home); there the
 * application renders into `#root` as usual. The build fails when the marker is missing or the render fails.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'

export const PRERENDER_MARKER = '<!--pd-prerender-->'

const WORKER = fileURLToPath(new URL('./prerender-landing-worker.ts', import.meta.url))

/** Puts `markup` in place of the marker of `html`; throws when the marker is not there exactly once. */
export function injectPrerender(html: string, markup: string): string {
  const at = html.indexOf(PRERENDER_MARKER)
  if (at < 0 || html.indexOf(PRERENDER_MARKER, at + 1) >= 0) throw new Error(`index.html must contain ${PRERENDER_MARKER} exactly once`)
  return html.slice(0, at) + `<div class="pd-prerender">${markup}</div>` + html.slice(at + PRERENDER_MARKER.length)
}

/**
 * Renders `path` in the worker process (on the Node running the build) and returns the markup. No time limit:
 * on a loaded machine the worker's Vite server can take minutes, and a build must not fail for being slow
 * (issue 24 point 26: a 120 s timeout killed it); the worker ends by itself, with the markup or an error.
 * A failure throws with the worker's exit code or signal and the end of its standard error.
 */
export async function renderRoute(path: string, worker: string = WORKER): Promise<string> {
  let stdout: string
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', worker, path], { maxBuffer: 8 * 1024 * 1024 }))
  } catch (error) {
    const e = error as { code?: number | string; signal?: string | null; stderr?: string; message?: string }
    const how = e.signal ? `signal ${e.signal}` : `exit code ${String(e.code)}`
    throw new Error(`pre-render of ${path} failed (${how}): ${(e.stderr ?? '').trim().slice(-2000) || e.message}`, { cause: error })
  }
  if (!stdout.includes('<')) throw new Error(`pre-render of ${path} produced no markup`)
  return stdout
}

/** See the module comment. */
export function prerenderLanding(): Plugin {
  return {
    name: 'punto-digitale:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        return injectPrerender(html, await renderRoute('/'))
      },
    },
  }
}

/** Matches the entry script tag Vite writes into the built `index.html`. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
/**
 * Matches a module preload link of the built `index.html` (Vite's, and scripts/landing-preload.ts's with the path
 * of the only page that needs it in `data-pd-route`).
 */
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"(?: data-pd-route="([^"]+)")?>/g

/**
 * Rewrites the entry `<script type="module" src>` and the `modulepreload` links of built HTML into one inline
 * module that, after the first frame (rAF then a task; or after 100 ms, as in a hidden tab where rAF never
 * fires), adds the same preload links and imports the entry: the first paint (the pre-rendered page) has the
 * network and the main thread for itself, then every chunk still downloads at once, without request waves.
 * A link marked `data-pd-route="<path>"` (scripts/landing-preload.ts) is added and imported only when the page's
 * path is `<path>`: the landing page's own chunks are not fetched on a deep link (issue 24 point 24).
 * The preloaded chunks are then imported one per task, in their order, before the entry: each is evaluated in
 * a task of its own instead of the whole graph in one long task (delivery issue 7: TBT), and two links are
 * added per task for the same reason (starting a request costs a few ms on a slow phone).
 * Throws when the entry script is not found exactly once.
 */
export function deferEntry(html: string): string {
  const matches = html.match(new RegExp(ENTRY_SCRIPT.source, 'g')) ?? []
  if (matches.length !== 1) throw new Error(`index.html: expected one entry script, found ${matches.length}`)
  const links = [...html.matchAll(MODULE_PRELOAD)]
  const preloads = links.filter((m) => !m[2]).map((m) => m[1]!)
  // preloads of one page (data-pd-route): the same index.html answers every path, so only that path fetches them
  const byRoute: Record<string, string[]> = {}
  for (const m of links) if (m[2]) (byRoute[m[2]] ??= []).push(m[1]!)
  const loader = `let s=!1;const P=${JSON.stringify(preloads)}.concat(${JSON.stringify(byRoute)}[location.pathname]||[]),y=()=>new Promise(r=>setTimeout(r)),go=async()=>{if(s)return;s=!0;for(const[i,h]of P.entries()){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l);if(i%2)await y()}for(const h of P){await import(h);await y()}import(%ENTRY%)};setTimeout(go,100);requestAnimationFrame(()=>setTimeout(go))`
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, (_tag, src: string) => `<script type="module">${loader.replace('%ENTRY%', JSON.stringify(src))}</script>`)
}

/** Matches the entry stylesheet link Vite writes into the built `index.html`. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g

/**
 * Inlines the stylesheets linked by built HTML (`css(href)` gives a file's text): the first paint then needs
 * the document alone, not a second request (on a slow phone link, a new connection and its round trips).
 * Each link stays, `disabled` (never fetched, never applied): Vite's loader of lazy chunks looks for a
 * stylesheet link with that href before adding one, and must find it.
 * Throws when a stylesheet is unknown or cannot be inlined safely.
 */
export function inlineStylesheets(html: string, css: (href: string) => string | undefined): string {
  return html.replace(STYLESHEET, (tag, href: string) => {
    const text = css(href)
    if (text === undefined) throw new Error(`index.html: stylesheet ${href} not in the bundle`)
    if (/<\/style/i.test(text)) throw new Error(`index.html: ${href} cannot be inlined`)
    return `<style>${text}</style>${tag.replace('>', ' disabled>')}`
  })
}

/**
 * Vite plugin (build only): {@link inlineStylesheets} and {@link deferEntry} on the built `index.html`.
 * List it after every plugin that adds module preloads (scripts/landing-preload.ts), so that it sees them.
 * `inlinedStylesheets()` lists the files it inlined (paths in the output folder): no page fetches them (their
 * links are disabled), so the service worker does not precache them (sw/precache-split.ts `inlined`).
 */
export function entryAfterFirstPaint(): Plugin & { inlinedStylesheets(): string[] } {
  let base = '/'
  const inlined = new Set<string>()
  return {
    inlinedStylesheets: () => [...inlined],
    name: 'punto-digitale:entry-after-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const css = (href: string) => {
          const file = href.startsWith(base) ? href.slice(base.length) : href
          const asset = ctx.bundle?.[file]
          if (asset?.type !== 'asset') return undefined
          inlined.add(file)
          return String(asset.source)
        }
        return deferEntry(inlineStylesheets(html, css))
      },
    },
  }
}
