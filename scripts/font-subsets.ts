/**
 * Vite plugin: Italian subsets of the self-hosted fonts (delivery issue 7: the landing page's bytes).
 * bootstrap-italia ships each face as one `latin-ext_latin` WOFF2 (18–25 KB). At build (and dev) start this
 * plugin writes, with `subset-font` (HarfBuzz), a subset holding only the code points of {@link LATIN_RANGE}
 * (Italian text and its punctuation) into `node_modules/.cache/pd-fonts/<name>.latin.woff2`, reachable
 * from CSS as `pd-fonts/<name>.latin.woff2` (src/styles/fonts.css). The stylesheet declares each face
 * twice with `unicode-range`: the original file for {@link LATIN_EXT_RANGE}, then the subset for
 * {@link LATIN_RANGE}, so a browser downloads the full file only on a page that shows another character
 * (a citizen named Núñez, Łukasz, Dvořák). The build fails when a source font is missing.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import subsetFont from 'subset-font'
import type { Plugin } from 'vite'

/** CSS `unicode-range` of the subsets: what Italian text uses (ASCII, accented vowels, «», °, quotes, dashes, …, €). */
export const LATIN_RANGE = 'U+0020-007E, U+00A0, U+00A9, U+00AB, U+00AE, U+00B0, U+00B7, U+00BB, U+00C0, U+00C8-00C9, U+00CC-00CD, U+00D2-00D3, U+00D9-00DA, U+00E0, U+00E8-00E9, U+00EC-00ED, U+00F2-00F3, U+00F9-00FA, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+20AC'
/**
 * CSS `unicode-range` served by the original (latin-ext + latin) files. It overlaps {@link LATIN_RANGE}:
 * the stylesheet declares the original face first, and for a character in both ranges the browser tries
 * the face declared last, the subset.
 */
export const LATIN_EXT_RANGE = 'U+0000-036F, U+1E00-1EFF, U+2000-206F, U+20A0-20CF, U+2100-22FF, U+2C60-2C7F, U+A720-A7FF'

/** The faces subset: output name → path under bootstrap-italia/dist/fonts. */
export const FONT_FACES: Record<string, string> = {
  'titillium-web-300': 'Titillium_Web/titillium-web-v10-latin-ext_latin-300.woff2',
  'titillium-web-400': 'Titillium_Web/titillium-web-v10-latin-ext_latin-regular.woff2',
  'titillium-web-600': 'Titillium_Web/titillium-web-v10-latin-ext_latin-600.woff2',
  'titillium-web-700': 'Titillium_Web/titillium-web-v10-latin-ext_latin-700.woff2',
  'roboto-mono-400': 'Roboto_Mono/roboto-mono-v13-latin-ext_latin-regular.woff2',
  'lora-400': 'Lora/lora-v20-latin-ext_latin-regular.woff2',
}

/** Every code point of a CSS `unicode-range` list (`U+0041`, `U+0000-00FF`), as a string. */
export function codePointsOf(range: string): string {
  let text = ''
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part)
    if (!m) throw new Error(`unicode-range non valido: ${part}`)
    const from = parseInt(m[1]!, 16)
    const to = m[2] ? parseInt(m[2], 16) : from
    for (let cp = from; cp <= to; cp++) if (cp >= 0x20) text += String.fromCodePoint(cp)
  }
  return text
}

/** Writes the Latin subset of every face of {@link FONT_FACES} into `outDir`. */
export async function writeFontSubsets(outDir: string): Promise<void> {
  const fontsDir = join(createRequire(import.meta.url).resolve('bootstrap-italia/package.json'), '..', 'dist', 'fonts')
  const text = codePointsOf(LATIN_RANGE)
  await mkdir(outDir, { recursive: true })
  await Promise.all(Object.entries(FONT_FACES).map(async ([name, file]) => {
    const subset = await subsetFont(await readFile(join(fontsDir, file)), text, { targetFormat: 'woff2' })
    await writeFile(join(outDir, `${name}.latin.woff2`), subset)
  }))
}

/** See the module comment. */
export function fontSubsets(): Plugin {
  const outDir = resolve('node_modules/.cache/pd-fonts')
  return {
    name: 'punto-digitale:font-subsets',
    config: () => ({ resolve: { alias: [{ find: /^pd-fonts\//, replacement: `${outDir}/` }] } }),
    async buildStart() {
      await writeFontSubsets(outDir)
    },
  }
}
