/**
 * Keeps keyboard focus inside a modal layer (WCAG 2.4.3; WAI-ARIA APG "Dialog (Modal)"): everything
 * outside the container is made `inert` (not focusable, hidden from assistive technologies) and Tab /
 * Shift+Tab wrap from the last focusable element to the first and back. Used by the phone menu
 * (`#pd-main-nav`, src/ui/header/NavbarCollapse.tsx); the reactstrap modals trap focus on their own.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',')

/** The elements of `container` reachable with Tab, in document order (rendered ones only). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0,
  )
}

/**
 * Makes every element outside `container` inert (siblings of the container and of each of its ancestors
 * up to `<body>`; those already inert are left alone) and wraps Tab inside it. Returns the function that
 * undoes both.
 */
export function trapFocus(container: HTMLElement): () => void {
  const madeInert: Element[] = []
  for (let node: Element | null = container; node && node !== document.body; node = node.parentElement) {
    const parent: Element | null = node.parentElement
    if (!parent) break
    for (const sibling of parent.children) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
      sibling.setAttribute('inert', '')
      madeInert.push(sibling)
    }
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return
    const items = tabbableIn(container)
    const first = items[0]
    const last = items[items.length - 1]
    const active = document.activeElement
    if (!first || !last) {
      e.preventDefault()
      return
    }
    const inside = active instanceof Node && container.contains(active)
    if (e.shiftKey && (active === first || !inside)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault()
      first.focus()
    }
  }
  document.addEventListener('keydown', onKey)

  return () => {
    document.removeEventListener('keydown', onKey)
    for (const el of madeInert) el.removeAttribute('inert')
  }
}
