/**
 * Fills design-react-kit's icon cache with the shell's icons (src/ui/shell-icons.ts) before the first render,
 * so that `Icon` draws them in its first render instead of an empty placeholder. The pre-render of the
 * landing page (src/prerender.tsx) and the client hydrating it (src/main.tsx) both call it: the two renders
 * then produce the same markup (React does not patch attributes that differ when hydrating, so an icon drawn
 * on one side only would stay blank), and the first paint already shows the icons.
 * The modules are in the `shell` chunk: in the browser the call resolves without a request.
 */
import { preloadIcons } from 'design-react-kit'
import { SHELL_ICONS } from './shell-icons'

export function preloadShellIcons(): Promise<boolean> {
  return preloadIcons([...SHELL_ICONS])
}
