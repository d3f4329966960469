/**
 * The design-react-kit icons drawn by the shell (header, navigation, footer) and by the landing page `/`, with
 * `ShellIcon` (src/ui/ShellIcon.tsx), which imports their modules statically: design-react-kit's `Icon` loads
 * every icon as its own chunk (`assets/It*.js`) with a dynamic import once the component has rendered (a third
 * request wave on a first visit), from a catalogue of every icon that the shell would carry. vite.config.ts
 * bundles these modules into the `shell` chunk, which the HTML preloads; the `Icon` of other pages finds them
 * there too. tests/ui/shell-icons.test.ts checks this list against the icons the shell's files name.
 */
export const SHELL_ICONS = [
  // header, navigation, footer (anonymous and logged-in)
  'it-burger',
  'it-close-big',
  'it-comment',
  'it-expand',
  'it-help-circle',
  'it-horn',
  'it-pa',
  'it-search',
  'it-user',
  // landing page highlights
  'it-calendar',
  'it-wifi',
] as const

/** The file name (without `.js`) of an icon's module in design-react-kit: `'it-help-circle'` → `'ItHelpCircle'`. */
export function iconModuleName(icon: string): string {
  return icon.split('-').map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : '')).join('')
}

/**
 * Matches the module ids (absolute paths, either separator) of the icons in `icons` inside
 * `design-react-kit/dist/Icon/assets/`.
 */
export function iconModulePattern(icons: readonly string[]): RegExp {
  return new RegExp(`design-react-kit[\\\\/]dist[\\\\/]Icon[\\\\/]assets[\\\\/](?:${icons.map(iconModuleName).join('|')})\\.js$`)
}
