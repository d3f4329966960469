/**
 * Vite plugin: bootstrap-italia's CSS cut down to what Punto Digitale renders.
 *
 * 1. src/styles/bootstrap-italia.scss compiles bootstrap-italia from its Sass sources with only the modules the
 *    application uses (same order as upstream). Sass options below silence the deprecation warnings of
 *    bootstrap-italia's own sources (`@import`, global built-ins…): they are upstream's to fix.
 * 2. At build time only, PurgeCSS keeps, from that stylesheet and no other, the rules whose selectors the
 *    application can render: every word of src/ (class names written in the markup, in maps such as
 *    ToastRegion's ALERT_CLASS and in helpers such as statusColor), of index.html, and of the
 *    design-react-kit / reactstrap modules the app renders (Icon, Modal and its parts, Fade, the focus
 *    tracker), plus SAFELIST: the classes those components compose at run time from props.
 *    The development server serves the whole stylesheet (no purge), so a class added while developing
 *    is never missing there; the build picks it up from the source.
 * 3. At build time, fails if the stylesheet the landing page `/` waits for (the CSS of the entry chunk,
 *    linked from index.html) exceeds ENTRY_CSS_BUDGET_GZIP.
 *
 * A class built at run time from pieces (`alert-${tone}`) is invisible to PurgeCSS: write the whole class
 * name somewhere in src/ (a map, a union of literals) or add it to SAFELIST. Review SAFELIST when the app
 * starts using another design-react-kit component.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { AcceptedPlugin, Plugin as PostcssPlugin } from 'postcss'
import purgeCSSPlugin from '@fullhuman/postcss-purgecss'
import type { Plugin } from 'vite'

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url))

/** The stylesheet the purge applies to. */
const STYLESHEET = root('src/styles/bootstrap-italia.scss')

/** Budget of the render-blocking CSS of `/` (delivery issue 7). */
export const ENTRY_CSS_BUDGET_GZIP = 30 * 1024

/** Where the class names the application can render are written. */
const CONTENT = [
  root('index.html'),
  root('src/**/*.{ts,tsx}'),
  // design-react-kit components the app renders, and what they render in turn
  root('node_modules/design-react-kit/dist/Icon/{Icon,EmptyIcon}.js'),
  root('node_modules/design-react-kit/dist/Modal/*.js'),
  // the focus tracker design-react-kit installs: `focus--mouse` class and `data-focus-mouse` attribute
  root('node_modules/design-react-kit/dist/track-focus.js'),
  root('node_modules/reactstrap/esm/{Modal,ModalBody,ModalFooter,Fade,utils}.js'),
]

/**
 * Classes composed at run time, reviewed one by one:
 * - Icon: `icon-${color}`, `icon-${size}` and `icon-padded` (design-react-kit Icon.js);
 * - Modal: reactstrap's `modal-${size}`, `modal-dialog-centered|scrollable`, `modal-fullscreen-*`, and
 *   design-react-kit's `modal-dialog-left|right`, `alert-modal`, `it-dialog-*`, `popconfirm-modal`;
 * - notices: `alert-${tone}` (PageStates, Stato, SyncCentre);
 * - `:focus`: PurgeCSS drops every selector made of pseudo-classes only, such as bootstrap-italia's focus
 *   ring for keyboard users `:focus:not([data-focus-mouse=true])` (utilities/focus.scss); safelisting the
 *   pseudo-class keeps it (it is the only such selector of the stylesheet, checked against the full build).
 */
const SAFELIST = {
  standard: [/^icon-/, /^modal-/, /^alert-/, /^it-dialog-/, 'popconfirm-modal', 'show', 'fade', 'showing', /^:focus$/],
}

const purge = purgeCSSPlugin({
  content: CONTENT,
  safelist: SAFELIST,
  keyframes: true,
  fontFace: false,
  variables: false,
})

/** PurgeCSS for {@link STYLESHEET} only: app.css, fonts.css and the feature stylesheets pass untouched. */
function purgeBootstrapItalia(): PostcssPlugin {
  const { OnceExit } = purge as PostcssPlugin
  if (!OnceExit) throw new Error('@fullhuman/postcss-purgecss: no OnceExit hook')
  return {
    postcssPlugin: 'pd-purge-bootstrap-italia',
    async OnceExit(css, helpers) {
      if (css.source?.input.file?.split('?')[0] !== STYLESHEET) return
      await OnceExit(css, helpers)
    },
  }
}

export function bootstrapItaliaCss(): Plugin {
  return {
    name: 'pd:bootstrap-italia-css',
    config(_config, { command }) {
      const plugins: AcceptedPlugin[] = command === 'build' ? [purgeBootstrapItalia()] : []
      return {
        css: {
          preprocessorOptions: {
            scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
          },
          postcss: { plugins },
        },
      }
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue
        const css = [...(chunk.viteMetadata?.importedCss ?? [])]
        let gzip = 0
        for (const name of css) {
          const asset = bundle[name]
          if (asset?.type === 'asset') gzip += gzipSync(asset.source).length
        }
        if (gzip > ENTRY_CSS_BUDGET_GZIP) {
          this.error(`render-blocking CSS of '/' is ${(gzip / 1024).toFixed(1)} KB gzip (${css.join(', ')}), over the ${ENTRY_CSS_BUDGET_GZIP / 1024} KB budget`)
        }
      }
    },
  }
}
