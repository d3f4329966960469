/**
 * Document titles (WCAG 2.4.2): "Pagina – Sezione – Punto Digitale", e.g. "Crea servizio – Servizi – Punto
 * Digitale". Every route declares its title in its definition (`staticData.title`, a {@link RouteTitle};
 * tests/ui/page-title.test.ts fails for a route without one); the root route's shell applies the deepest
 * match's title with {@link useDocumentTitle}, the one writer of `document.title`.
 * A page's name may depend on data: `page` can be a function of the route params and of the breadcrumb
 * labels the features register (a service's name under '/area-amministrativa/servizi/{id}'), and a page
 * whose heading changes with its state (the citizen's survey: 'Questionario inviato') names itself with
 * {@link usePageTitle}.
 */
import { useMatches } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useBreadcrumbLabels } from '../breadcrumb/labels'

/** Last part of every title. */
export const TITLE_SUFFIX = 'Punto Digitale'
/** Separator of the parts (an en dash between spaces). */
export const TITLE_SEPARATOR = ' – '

/** What a route's title function may read. */
export interface RouteTitleContext {
  /** the route's path params ('serviceId', 'codiceRuolo'…) */
  params: Readonly<Record<string, string>>
  /** label registered for a path (src/ui/breadcrumb/labels.ts), e.g. a service's name; undefined until known */
  label(path: string): string | undefined
}

/** Title of a route: the page and, for pages inside one, the section ('Servizi', 'Area amministrativa'). */
export interface RouteTitle {
  page: string | ((ctx: RouteTitleContext) => string)
  section?: string
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the page's title, see src/ui/shell/page-title.ts (optional in the type so that tests can build bare routes) */
    title?: RouteTitle
  }
}

/** "page – section – Punto Digitale", skipping empty parts and a section equal to the page. */
export function formatDocumentTitle(page: string | null | undefined, section?: string | null): string {
  const parts = [page?.trim(), section?.trim()].filter((p): p is string => !!p)
  if (parts.length === 2 && parts[0] === parts[1]) parts.pop()
  return [...parts, TITLE_SUFFIX].join(TITLE_SEPARATOR)
}

/** A page about one service: "page – service name" once the name is known, `page` alone before. */
export function withService(page: string, nome: string | undefined): string {
  return nome ? `${page}${TITLE_SEPARATOR}${nome}` : page
}

/** Minimal shape of a route match read here (TanStack Router's `useMatches()` items). */
export interface TitleMatch {
  pathname: string
  params: unknown
  staticData?: { title?: RouteTitle }
}

/**
 * Page and section of the deepest match that declares a title; `labels` maps paths to the names the
 * features registered. Returns null when no match has a title.
 */
export function routeTitle(
  matches: readonly TitleMatch[],
  labels: Readonly<Record<string, string>>,
): { page: string; section?: string; pathname: string } | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const m = matches[i]!
    const t = m.staticData?.title
    if (!t) continue
    const params = (m.params ?? {}) as Record<string, string>
    const page = typeof t.page === 'function' ? t.page({ params, label: (p) => labels[p] }) : t.page
    return { page, section: t.section, pathname: m.pathname }
  }
  return null
}

// ---- the one writer of document.title -------------------------------------------------------------

interface TitleState {
  route: { page: string; section?: string; pathname: string } | null
  /** a page's own name for its path (usePageTitle) */
  override: { path: string; page: string } | null
}

let state: TitleState = { route: null, override: null }

function samePath(a: string, b: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)
  return trim(a) === trim(b)
}

/** The title the current state asks for. */
export function currentDocumentTitle(): string {
  const { route, override } = state
  const here = typeof window === 'undefined' ? '' : window.location.pathname
  const own = override && samePath(override.path, here) ? override.page : null
  return formatDocumentTitle(own ?? route?.page, route?.section)
}

function apply(next: TitleState): void {
  state = next
  document.title = currentDocumentTitle()
}

/**
 * Root-route hook: keeps `document.title` on the title of the deepest matched route, recomputed when the
 * route or the registered labels change.
 */
export function useDocumentTitle(): void {
  const matches = useMatches() as unknown as readonly TitleMatch[]
  const labels = useBreadcrumbLabels()
  const t = routeTitle(matches, labels)
  const page = t?.page
  const section = t?.section
  const pathname = t?.pathname
  useEffect(() => {
    apply({ ...state, route: page === undefined || pathname === undefined ? null : { page, section, pathname } })
  }, [page, section, pathname])
}

/**
 * For a page whose name changes with its state: names the current path's page `page` (null/empty: the
 * route's own title again) while mounted; the section stays the route's.
 */
export function usePageTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (!page) return
    const override = { path: window.location.pathname, page }
    apply({ ...state, override })
    return () => {
      if (state.override === override) apply({ ...state, override: null })
    }
  }, [page])
}
