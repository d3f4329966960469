/**
 * Accessible dropdown (WAI-ARIA disclosure pattern) with bootstrap-italia dropdown markup: a button
 * with aria-expanded/aria-controls toggling a list of links or actions. Escape closes it and returns
 * focus to the button; a click outside or on an entry closes it. In the phone burger menu the same
 * markup opens inline (bootstrap-italia styles the navbar dropdown as an accordion there).
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { AppLink } from '../AppLink'
import { ShellIcon } from '../ShellIcon'

export interface DisclosureEntry {
  id: string
  label: string
  /** route path; otherwise `onSelect` runs */
  to?: string
  onSelect?: () => void
  active?: boolean
}

export interface DisclosureMenuProps {
  /** visible content of the button */
  button: ReactNode
  /** accessible name of the button when its content is not plain text */
  ariaLabel?: string
  entries: DisclosureEntry[]
  /** 'navbar': nav-link toggle inside the main navbar; 'slim': button in the top bar */
  variant: 'navbar' | 'slim'
  buttonClassName?: string
  /** align the menu to the right edge of the button */
  end?: boolean
  testId?: string
  /** heading shown inside the menu, e.g. 'Area gestionale' */
  menuTitle?: string
}

export function DisclosureMenu({ button, ariaLabel, entries, variant, buttonClassName, end, testId, menuTitle }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  // (in the navbar variant the ref points at the anchor toggle)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const toggleClass =
    variant === 'navbar'
      ? `nav-link dropdown-toggle ${buttonClassName ?? ''}`
      : `btn btn-dropdown dropdown-toggle ${buttonClassName ?? ''}`
  const Root = variant === 'navbar' ? 'li' : 'div'

  return (
    <Root ref={rootRef as never} className={variant === 'navbar' ? 'nav-item dropdown' : 'nav-item dropdown pd-slim-dropdown'} data-testid={testId}>
      {variant === 'navbar' ? (
        // bootstrap-italia styles navbar toggles as `a.nav-link`: an anchor with the button role,
        // activated by Enter (native) and Space (handled here).
        <a
          ref={buttonRef as never}
          href="#"
          role="button"
          className={toggleClass.trim()}
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          aria-label={ariaLabel}
          onClick={(e) => {
            e.preventDefault()
            setOpen((o) => !o)
          }}
          onKeyDown={(e) => {
            if (e.key === ' ') {
              e.preventDefault()
              setOpen((o) => !o)
            }
          }}
        >
          {button}
          <ShellIcon icon="it-expand" size="xs" className="ms-1" aria-hidden />
        </a>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          className={toggleClass.trim()}
          aria-expanded={open}
          aria-controls={`${id}-menu`}
          aria-label={ariaLabel}
          onClick={() => setOpen((o) => !o)}
        >
          {button}
          <ShellIcon icon="it-expand" size="xs" color="light" className="ms-1" aria-hidden />
        </button>
      )}
      <div id={`${id}-menu`} className={`dropdown-menu${open ? ' show' : ''}${end ? ' dropdown-menu-end' : ''}`} hidden={!open}>
        <div className="link-list-wrapper">
          {menuTitle && (
            <div className="link-list-heading dropdown-menu-heading px-3 pt-2 fw-semibold">{menuTitle}</div>
          )}
          <ul className="link-list">
            {entries.map((e) => (
              <li key={e.id}>
                {e.to ? (
                  <AppLink
                    to={e.to}
                    className={`dropdown-item list-item${e.active ? ' active' : ''}`}
                    aria-current={e.active ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    <span>{e.label}</span>
                  </AppLink>
                ) : (
                  <button
                    type="button"
                    className="dropdown-item list-item btn btn-link text-start w-100"
                    onClick={() => {
                      setOpen(false)
                      e.onSelect?.()
                    }}
                  >
                    <span>{e.label}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Root>
  )
}
