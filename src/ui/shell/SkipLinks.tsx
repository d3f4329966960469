/**
 * Skip links (spec 000 §1): hidden until focused, first stops of the keyboard tab order.
 * 'Vai alla navigazione' leads to the main navigation; on phones, where the navigation is folded in the
 * burger menu, it leads to the menu's toggle instead.
 */
import type { MouseEvent } from 'react'
import { MAIN_NAV_ID } from '../header/HeaderNavbar'
import { tabbableIn } from './focus-trap'

/** Id of the main navigation (`nav` of src/ui/header/HeaderNavbar.tsx). */
export const NAV_TARGET_ID = 'navigazione-principale'

function toNavigation(e: MouseEvent<HTMLAnchorElement>): void {
  const nav = document.getElementById(NAV_TARGET_ID)
  if (!nav || tabbableIn(nav).length > 0) return
  const toggle = document.querySelector<HTMLElement>(`[aria-controls="${MAIN_NAV_ID}"]`)
  if (!toggle || toggle.getClientRects().length === 0) return
  e.preventDefault()
  toggle.focus()
}

export function SkipLinks({ withNavigation }: { withNavigation: boolean }) {
  return (
    <div className="skiplinks">
      <a className="visually-hidden-focusable" href="#main-content">
        Vai al contenuto principale
      </a>
      {withNavigation && (
        <a className="visually-hidden-focusable" href={`#${NAV_TARGET_ID}`} onClick={toNavigation}>
          Vai alla navigazione
        </a>
      )}
    </div>
  )
}
