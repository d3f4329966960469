/**
 * `useMediaQuery(query)`: true while the CSS media query matches (false where `matchMedia` is missing,
 * e.g. jsdom). `PHONE_QUERY` is the phone breakpoint of spec 000 §4 (below 768 px).
 */
import { useSyncExternalStore } from 'react'

export const PHONE_QUERY = '(max-width: 767.98px)'

export function useMediaQuery(query: string): boolean {
  const mql = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null)
  return useSyncExternalStore(
    (onChange) => {
      const m = mql()
      if (!m) return () => {}
      m.addEventListener('change', onChange)
      return () => m.removeEventListener('change', onChange)
    },
    () => mql()?.matches ?? false,
    () => false,
  )
}
