/**
 * The burger-menu panel of the bootstrap-italia navbar (`.navbar-collapsable`): always shown on
 * desktop by the CSS; on phones a modal dialog with overlay and close button (WCAG 2.4.3, APG "Dialog
 * (Modal)"): on open focus moves to its first menu entry and stays inside (the rest of the page is inert,
 * Tab wraps: src/ui/shell/focus-trap.ts); Escape, the close button and the overlay close it and focus
 * returns to the toggle (`restoreFocus`, false when it closes because a link was followed: focus then
 * goes to the new page's h1, src/ui/shell/route-focus.ts).
 * Our own small version of design-react-kit's navbar `Collapse`, so that reactstrap and its
 * transition code stay out of the landing page's JavaScript (issue #2 point 10).
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { tabbableIn, trapFocus } from '../shell/focus-trap'
import { ShellIcon } from '../ShellIcon'

/** ms: must match the longest CSS transition on .navbar-collapsable (0.3 s) plus a buffer. */
const PANEL_TRANSITION_MS = 350

export interface NavbarCollapseProps {
  id: string
  isOpen: boolean
  /** Escape, close button or overlay */
  onClose: () => void
  /** the toggle, focused again when the panel closes with `restoreFocus` */
  toggleRef: RefObject<HTMLElement | null>
  /** false when the panel closes because of a navigation */
  restoreFocus: boolean
  children: ReactNode
}

export function NavbarCollapse({ id, isOpen, onClose, toggleRef, restoreFocus, children }: NavbarCollapseProps) {
  const [visible, setVisible] = useState(isOpen)
  const [expanded, setExpanded] = useState(isOpen)
  const panelRef = useRef<HTMLDivElement>(null)
  const wasOpen = useRef(false)
  const restoreRef = useRef(restoreFocus)
  restoreRef.current = restoreFocus

  useEffect(() => {
    if (isOpen) {
      wasOpen.current = true
      setVisible(true)
      // two frames: paint display:block before adding the class, so the transition runs
      let raf = requestAnimationFrame(() => {
        raf = requestAnimationFrame(() => setExpanded(true))
      })
      return () => cancelAnimationFrame(raf)
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    setExpanded(false)
    const panel = panelRef.current
    const active = document.activeElement
    const focusInside = !active || active === document.body || (panel?.contains(active) ?? false)
    if (restoreRef.current && focusInside) toggleRef.current?.focus()
    const timer = setTimeout(() => setVisible(false), PANEL_TRANSITION_MS)
    return () => clearTimeout(timer)
  }, [isOpen, toggleRef])

  // once shown (display:block committed, then `expanded`): focus on the first entry of the menu
  useEffect(() => {
    const panel = panelRef.current
    if (!isOpen || !expanded || !panel) return
    const entries = tabbableIn(panel).filter((el) => !el.closest('.close-div'))
    ;(entries[0] ?? panel).focus()
  }, [isOpen, expanded])

  useEffect(() => {
    const panel = panelRef.current
    if (!isOpen || !panel) return
    document.body.style.overflow = 'hidden'
    const release = trapFocus(panel)
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      // an open submenu closes first (DisclosureMenu handles its own Escape)
      if (panel.querySelector('.dropdown-menu.show')) return
      onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = ''
      release()
      document.removeEventListener('keydown', onKey)
    }
  }, [isOpen, onClose])

  const display = { display: visible ? 'block' : 'none' }
  return (
    <div
      id={id}
      className={`navbar-collapsable collapse${expanded ? ' expanded' : ''}`}
      style={display}
      tabIndex={-1}
      ref={panelRef}
      role={isOpen ? 'dialog' : undefined}
      aria-modal={isOpen ? true : undefined}
      aria-label={isOpen ? 'Menu di navigazione' : undefined}
    >
      <div className={`overlay${visible ? ' fade' : ''}${expanded ? ' show' : ''}`} style={display} onClick={onClose} />
      <div className="close-div">
        <button className="btn close-menu" type="button" onClick={onClose}>
          <span className="visually-hidden">Chiudi il menu</span>
          <ShellIcon color="white" icon="it-close-big" aria-hidden />
        </button>
      </div>
      {children}
    </div>
  )
}
