/**
 * Focus after navigation (WCAG 2.4.3, 4.1.3): after every client-side route change — a link, a save, a
 * survey sent — focus moves to the new page's h1, so that keyboard and screen-reader users start from the
 * page's title instead of `<body>`. Subscribed to the router once, in the root route's shell
 * ({@link useRouteFocus}); not on the first load (the browser starts from the top of the document), not
 * when only the hash or the search changes (skip links, filters).
 * The h1 may appear later than the route (lazy chunk, data read from the device): it is awaited up to
 * {@link HEADING_WAIT_MS}; if the user or the page moves focus meanwhile (a dialog, a field the page
 * focuses), that focus is kept. With no h1 by then, focus goes to the main content and the page title is
 * announced in the polite live region `#pd-route-announcer`.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Longest wait for the new page's h1, in ms. */
export const HEADING_WAIT_MS = 8_000

/** Id of the polite live region that announces the page title when no heading can take focus. */
export const ROUTE_ANNOUNCER_ID = 'pd-route-announcer'

const MAIN_ID = 'main-content'

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`#${MAIN_ID} h1`)
}

/** True when focus has been put somewhere on purpose since `initial` (so it must not be taken away). */
function focusMovedSince(initial: Element | null): boolean {
  const active = document.activeElement
  if (!active || active === document.body || active === document.documentElement) return false
  if (active === initial) return false
  // the element focused when navigating is gone (the page it was on unmounted): nothing chosen yet
  return active.isConnected
}

function announce(text: string): void {
  const region = document.getElementById(ROUTE_ANNOUNCER_ID)
  if (!region) return
  region.textContent = ''
  // a change of text after an empty frame is announced even when it repeats the previous one
  requestAnimationFrame(() => {
    region.textContent = text
  })
}

/**
 * Moves focus to the h1 of the page in `#main-content` as soon as there is one and it can take focus (see
 * the module comment); after `waitMs` without one, focuses the main content and announces the title.
 * Returns a function that stops waiting.
 */
export function focusPageHeading(waitMs = HEADING_WAIT_MS): () => void {
  const initial = document.activeElement
  let done = false
  let observer: MutationObserver | null = null
  let timer: ReturnType<typeof setTimeout> | null = null

  const stop = () => {
    done = true
    observer?.disconnect()
    if (timer !== null) clearTimeout(timer)
  }

  const attempt = (): boolean => {
    if (done) return true
    if (focusMovedSince(initial)) {
      stop()
      return true
    }
    const h1 = mainHeading()
    if (!h1) return false
    if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1')
    h1.focus({ preventScroll: true })
    // still inert (the phone menu was open when the link was followed): try again when that changes
    if (document.activeElement !== h1) return false
    stop()
    return true
  }

  if (attempt()) return stop
  observer = new MutationObserver(() => {
    attempt()
  })
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['inert'] })
  timer = setTimeout(() => {
    if (done) return
    stop()
    if (focusMovedSince(initial)) return
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true })
    announce(document.title)
  }, waitMs)
  return stop
}

/** Root-route hook: {@link focusPageHeading} after every route change that changes the path. */
export function useRouteFocus(): void {
  const router = useRouter()
  useEffect(() => {
    let cancel: (() => void) | null = null
    const unsubscribe = router.subscribe('onRendered', (e) => {
      if (!e.fromLocation || !e.pathChanged) return
      cancel?.()
      cancel = focusPageHeading()
    })
    return () => {
      unsubscribe()
      cancel?.()
    }
  }, [router])
}
