// @vitest-environment node
/**
 * The Italian font subsets (scripts/font-subsets.ts): the range parser, the stylesheet declaring every face
 * with the plugin's ranges (original first, subset last), and real subsets written from bootstrap-italia's
 * files: smaller than the originals and holding every character of Italian text.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { codePointsOf, FONT_FACES, LATIN_EXT_RANGE, LATIN_RANGE, writeFontSubsets } from '../../scripts/font-subsets'

describe('font subsets', () => {
  it('expands unicode ranges', () => {
    expect(codePointsOf('U+0041-0043, U+00E8')).toBe('ABCè')
    expect(codePointsOf('U+0000-0021')).toBe(' !')
    expect(() => codePointsOf('0041')).toThrow(/non valido/)
  })

  it('covers Italian text, leaves other letters to the original files', () => {
    const subset = codePointsOf(LATIN_RANGE)
    for (const ch of "Perché l’attività è già più lunga: «città», 10 °C, 5 € – sì…ÀÈÉÌÒÙ") expect(subset, ch).toContain(ch)
    for (const ch of 'ñŁřő') {
      expect(subset).not.toContain(ch)
      expect(codePointsOf(LATIN_EXT_RANGE)).toContain(ch)
    }
  })

  it('declares each face in the stylesheet: original with the ext range first, subset last', () => {
    const css = readFileSync('src/styles/fonts.css', 'utf8')
    for (const [name, file] of Object.entries(FONT_FACES)) {
      const original = css.indexOf(`url('bootstrap-italia/dist/fonts/${file}')`)
      const subset = css.indexOf(`url('pd-fonts/${name}.latin.woff2')`)
      expect(original, name).toBeGreaterThan(0)
      expect(subset, name).toBeGreaterThan(original)
      expect(css.slice(original, css.indexOf('}', original))).toContain(`unicode-range: ${LATIN_EXT_RANGE};`)
      expect(css.slice(subset, css.indexOf('}', subset))).toContain(`unicode-range: ${LATIN_RANGE};`)
    }
  })

  it('writes a smaller subset of every face', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-fonts-'))
    try {
      await writeFontSubsets(dir)
      expect(readdirSync(dir).sort()).toEqual(Object.keys(FONT_FACES).map((n) => `${n}.latin.woff2`).sort())
      for (const [name, file] of Object.entries(FONT_FACES)) {
        const size = statSync(join(dir, `${name}.latin.woff2`)).size
        const original = statSync(join('node_modules/bootstrap-italia/dist/fonts', file)).size
        expect(size, name).toBeGreaterThan(2000)
        expect(size, name).toBeLessThan(original * 0.8)
        expect(readFileSync(join(dir, `${name}.latin.woff2`)).subarray(0, 4).toString('latin1')).toBe('wOF2')
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
