/**
 * `ShellIcon`: the icons of the shell and of the landing page (src/ui/shell-icons.ts) drawn from their
 * design-react-kit modules imported statically, with the markup design-react-kit's `Icon` draws (classes, role,
 * `aria-hidden`, title). `Icon` imports the catalogue of every icon (one dynamic import each): with the shell
 * using it, every visitor loaded that catalogue before anything else (issue 24 point 27, landing JavaScript).
 * The modules are in the `shell` chunk (vite.config.ts), drawn in the first render (pre-render and hydration
 * alike). `design-react-kit-icons/*` is an alias of `design-react-kit/dist/Icon/assets/*` (vite.config.ts,
 * vitest.config.ts, scripts/prerender-landing-worker.ts, tsconfig.json): the package exports only its index.
 */
import type { SVGProps } from 'react'
import { component as ItBurger } from 'design-react-kit-icons/ItBurger'
import { component as ItCloseBig } from 'design-react-kit-icons/ItCloseBig'
import { component as ItComment } from 'design-react-kit-icons/ItComment'
import { component as ItExpand } from 'design-react-kit-icons/ItExpand'
import { component as ItHelpCircle } from 'design-react-kit-icons/ItHelpCircle'
import { component as ItHorn } from 'design-react-kit-icons/ItHorn'
import { component as ItPa } from 'design-react-kit-icons/ItPa'
import { component as ItSearch } from 'design-react-kit-icons/ItSearch'
import { component as ItUser } from 'design-react-kit-icons/ItUser'
import { component as ItCalendar } from 'design-react-kit-icons/ItCalendar'
import { component as ItWifi } from 'design-react-kit-icons/ItWifi'
import type { SHELL_ICONS } from './shell-icons'

/** An icon of the shell (src/ui/shell-icons.ts). */
export type ShellIconName = (typeof SHELL_ICONS)[number]

const ICONS: Record<ShellIconName, typeof ItBurger> = {
  'it-burger': ItBurger,
  'it-close-big': ItCloseBig,
  'it-comment': ItComment,
  'it-expand': ItExpand,
  'it-help-circle': ItHelpCircle,
  'it-horn': ItHorn,
  'it-pa': ItPa,
  'it-search': ItSearch,
  'it-user': ItUser,
  'it-calendar': ItCalendar,
  'it-wifi': ItWifi,
}

export interface ShellIconProps extends Omit<SVGProps<SVGSVGElement>, 'color'> {
  icon: ShellIconName
  /** bootstrap-italia colour suffix: 'primary' → `icon-primary` */
  color?: string
  /** bootstrap-italia size suffix: 'sm' → `icon-sm` */
  size?: string
  /** accessible name; without it the icon is hidden from assistive technologies */
  title?: string
  padding?: boolean
  testId?: string
}

/** See the module comment. */
export function ShellIcon({ icon, color = '', size = '', title = '', className, padding = false, testId, ...attributes }: ShellIconProps) {
  const Component = ICONS[icon]
  const classes = ['icon', className, color && `icon-${color}`, size && `icon-${size}`, padding && 'icon-padded'].filter(Boolean).join(' ')
  return <Component className={classes} role={title === '' ? undefined : 'img'} aria-hidden={title === ''} title={title} data-testid={testId} {...attributes} />
}
