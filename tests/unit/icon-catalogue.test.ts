// @vitest-environment node
/**
 * The build's pruning of design-react-kit's icon catalogue (scripts/icon-catalogue.ts, issue 24 point 27): on the
 * real catalogue, only the named icons stay, in its list and in its loader, and the module stays valid
 * JavaScript; the names come from the application's literals and design-react-kit's components; a name built
 * from parts in the application fails; a catalogue of another shape fails.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { iconNamesInFiles, pruneIconCatalogue } from '../../scripts/icon-catalogue'
import { SHELL_ICONS } from '../../src/ui/shell-icons'

const CATALOGUE = readFileSync('node_modules/design-react-kit/dist/Icon/assets/index.js', 'utf8')

describe('icon catalogue of the build', () => {
  it('keeps only the named icons, in the list and in the loader, as valid JavaScript', async () => {
    const { code, kept, removed } = pruneIconCatalogue(CATALOGUE, new Set(['it-burger', 'it-zoom-out', 'it-nonexistent']))
    expect(kept).toBe(2)
    expect(removed).toBeGreaterThan(150)
    expect(code).toContain("case 'it-burger'")
    expect(code).not.toContain("'it-wifi'")
    // the module still evaluates: the list and its helpers (imports resolved by the bundler are not called here)
    const dir = mkdtempSync(join(tmpdir(), 'pd-icons-'))
    try {
      writeFileSync(join(dir, 'catalogue.mjs'), code.replace(/^\/\/# sourceMappingURL=.*$/m, ''))
      const mod = (await import(join(dir, 'catalogue.mjs'))) as { allIcons: string[]; isBundledIcon(n: string): boolean }
      expect(mod.allIcons).toEqual(['it-burger', 'it-zoom-out'])
      expect(mod.isBundledIcon('it-wifi')).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("finds the application's icon names, and refuses a name built from parts", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-icons-'))
    try {
      const ok = join(dir, 'ok.tsx')
      writeFileSync(ok, `const a = <Icon icon="it-pencil" />; const b = cond ? 'it-check' : \`it-close\``)
      expect([...iconNamesInFiles([ok])].sort()).toEqual(['it-check', 'it-close', 'it-pencil'])
      const built = join(dir, 'built.tsx')
      writeFileSync(built, 'const a = <Icon icon={`it-${name}`} />')
      expect(() => iconNamesInFiles([built])).toThrow(/compone il nome/)
      expect(() => iconNamesInFiles([built], () => false)).not.toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // the shell's icons are written in src (the build keeps them)
    const names = iconNamesInFiles(['src/ui/shell-icons.ts'])
    for (const icon of SHELL_ICONS) expect(names.has(icon), icon).toBe(true)
  })

  it('fails on a catalogue of another shape', () => {
    expect(() => pruneIconCatalogue('export const loadIcon = () => null', new Set())).toThrow(/non riconosciuto/)
    expect(() => pruneIconCatalogue(CATALOGUE.replace("case 'it-wifi'", "case 'it-wi-fi'"), new Set())).toThrow(/non riconosciuto/)
  })
})
