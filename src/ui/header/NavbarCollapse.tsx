/**
 * The burger-menu panel of the bootstrap-italia navbar (`.navbar-collapsable`): always shown on
 * desktop by the CSS; on phones a dialog-like panel with overlay, close button, Escape to close,
 * focus moved into it and back to the trigger, page content inert while open.
 * Our own small version of design-react-kit's navbar `Collapse`, so that reactstrap and its
 * transition code stay out of the landing page's JavaScript (issue #2 point 10).
 */
import { Icon } from 'design-react-kit'
import { useEffect, useRef, useState, type ReactNode } from 'react'

/** ms: must match the longest CSS transition on .navbar-collapsable (0.3 s) plus a buffer. */
const PANEL_TRANSITION_MS = 350

export function NavbarCollapse({ id, isOpen, onClose, children }: { id: string; isOpen: boolean; onClose: () => void; children: ReactNode }) {
  const [visible, setVisible] = useState(isOpen)
  const [expanded, setExpanded] = useState(isOpen)
  const panelRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<Element | null>(null)

  useEffect(() => {
    if (isOpen) {
      triggerRef.current = document.activeElement
      setVisible(true)
      // two frames: paint display:block before adding the class, so the transition runs
      const raf = requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          setExpanded(true)
          panelRef.current?.focus()
        }),
      )
      return () => cancelAnimationFrame(raf)
    }
    setExpanded(false)
    const timer = setTimeout(() => {
      setVisible(false)
      if (triggerRef.current instanceof HTMLElement) triggerRef.current.focus()
    }, PANEL_TRANSITION_MS)
    return () => clearTimeout(timer)
  }, [isOpen])

  useEffect(() => {
    if (!isOpen) return
    const main = document.querySelector('main')
    document.body.style.overflow = 'hidden'
    main?.setAttribute('inert', '')
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.body.style.overflow = ''
      main?.removeAttribute('inert')
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
          <Icon color="white" icon="it-close-big" />
        </button>
      </div>
      {children}
    </div>
  )
}
