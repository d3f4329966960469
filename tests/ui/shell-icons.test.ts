// @vitest-environment node
/**
 * The icons bundled into the shell chunk (src/ui/shell-icons.ts, used by vite.config.ts) are the ones the
 * shell's files and the landing page name: a new icon in the header or footer that is missing from the
 * list would bring back a request wave on every first visit. Each listed icon must exist in
 * design-react-kit under the module name the build pattern expects.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { iconModuleName, iconModulePattern, SHELL_ICONS } from '../../src/ui/shell-icons'

const ROOT = resolve(import.meta.dirname, '..', '..')
const SHELL_SOURCES = ['src/ui/header', 'src/ui/footer', 'src/ui/shell', 'src/routes/__root.tsx', 'src/features/home/Landing.tsx']
const ICON_ASSETS = join(ROOT, 'node_modules', 'design-react-kit', 'dist', 'Icon', 'assets')

const isIcon = (name: string) => existsSync(join(ICON_ASSETS, `${iconModuleName(name)}.js`))

function files(path: string): string[] {
  const abs = join(ROOT, path)
  if (!statSync(abs).isDirectory()) return [abs]
  return readdirSync(abs).flatMap((name) => files(join(path, name)))
}

describe('shell icons', () => {
  it('lists every icon the shell and the landing page name', () => {
    const named = new Set<string>()
    for (const file of SHELL_SOURCES.flatMap(files).filter((f) => /\.tsx?$/.test(f))) {
      // string literals that are design-react-kit icon names (class names such as 'it-brand-title' are not)
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](it-[a-z0-9-]+)['"`]/g)) if (isIcon(m[1]!)) named.add(m[1]!)
    }
    expect(named.size).toBeGreaterThan(5)
    expect([...named].filter((icon) => !(SHELL_ICONS as readonly string[]).includes(icon))).toEqual([])
  })

  it('maps icon names to design-react-kit module files that exist', () => {
    expect(iconModuleName('it-help-circle')).toBe('ItHelpCircle')
    expect(iconModuleName('it-pa')).toBe('ItPa')
    for (const icon of SHELL_ICONS) expect(existsSync(join(ICON_ASSETS, `${iconModuleName(icon)}.js`)), icon).toBe(true)
  })

  it('matches the icon modules by path, on either separator, and nothing else', () => {
    const pattern = iconModulePattern(['it-burger', 'it-pa'])
    expect(pattern.test('/x/node_modules/design-react-kit/dist/Icon/assets/ItBurger.js')).toBe(true)
    expect(pattern.test('C:\\x\\node_modules\\design-react-kit\\dist\\Icon\\assets\\ItPa.js')).toBe(true)
    expect(pattern.test('/x/node_modules/design-react-kit/dist/Icon/assets/ItPause.js')).toBe(false)
    expect(pattern.test('/x/node_modules/design-react-kit/dist/Icon/assets/ItBurger.js.map')).toBe(false)
    expect(pattern.test('/x/node_modules/design-react-kit/dist/Icon/Icon.js')).toBe(false)
  })
})
