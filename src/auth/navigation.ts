/**
 * Navigation from outside React (session actions, API client). The app registers the router's
 * navigate once (`registerNavigator((to, o) => router.navigate({ to, replace: o?.replace }))` in
 * main.tsx); without it a full page load is used.
 */
export type Navigator = (to: string, options?: { replace?: boolean }) => void | Promise<void>

let navigator: Navigator | null = null

export function registerNavigator(fn: Navigator | null): void {
  navigator = fn
}

/** Navigates within the app to an absolute path such as '/errore/A02'. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) {
    void navigator(to, options)
    return
  }
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

/** Full-document navigation (external URLs such as the identity provider). */
export function redirectBrowser(url: string): void {
  window.location.assign(url)
}

/** Full reload of the current page (after a profile switch). */
export function reloadPage(): void {
  window.location.reload()
}
