/**
 * Breadcrumb rules (spec 000 §2.5). Pure: path + role + known labels in, crumbs out.
 *
 * - Built from the URL path segments; not shown on home ('/') nor on /richiesta-assistenza
 *   (phones are handled by CSS: the component is hidden below 768 px).
 * - A segment's label is looked up in the stored labels (by the path up to that segment, then by the
 *   bare segment id), otherwise it is the segment capitalised with hyphens turned into spaces.
 * - More than 3 segments: every segment but the last is a link, except the first, never a link.
 *   3 or fewer: every segment but the last is a link.
 * - 'Progetti' is not a link for REGP, DEGP, REPP, DEPP, FAC, VOL; 'Programmi' is not a link for
 *   REG, DEG and those same roles.
 * - A crumb links only to a page the app has (`isPage`, built with `routeMatcher` over the router's
 *   route paths): a segment with no page of its own ('…/cittadini/compila', '…/programmi/7') is plain
 *   text, never a link that would bounce to '/' (issue 8 point 7).
 */
import { RUOLI_CON_PROFILO, RUOLI_LIVELLO_PROGETTO } from '../../lib/ruoli'

export interface Crumb {
  label: string
  /** target path; absent when the crumb is not a link */
  to?: string
}

/** Fixed labels of well-known segments. */
export const SEGMENT_LABELS: Readonly<Record<string, string>> = {
  'area-amministrativa': 'Area amministrativa',
  'area-cittadini': 'Area cittadini',
}

const NO_LINK_BY_LABEL: Readonly<Record<string, readonly string[]>> = {
  Progetti: RUOLI_LIVELLO_PROGETTO,
  Programmi: RUOLI_CON_PROFILO,
}

const HIDDEN_PATHS = ['/', '/richiesta-assistenza']

function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] ?? ''
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p
  return trimmed === '' ? '/' : trimmed
}

/** True when the breadcrumb must not be rendered on this path. */
export function isBreadcrumbHidden(pathname: string): boolean {
  const p = normalise(pathname)
  return HIDDEN_PATHS.some((h) => p === h || (h !== '/' && p.startsWith(`${h}/`)))
}

/** 'contenuti-pubblicati' → 'Contenuti pubblicati'. */
export function labelFromSegment(segment: string): string {
  const text = segment.replace(/-/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A predicate telling whether a concrete path ('/area-amministrativa/servizi/15') opens one of the
 * route `patterns` (TanStack Router paths: '/area-amministrativa/servizi/$serviceId'; a bare '$' is a
 * splat matching the rest). Trailing slashes are ignored.
 */
export function routeMatcher(patterns: Iterable<string>): (path: string) => boolean {
  const split = (p: string) => normalise(p).split('/').filter(Boolean)
  const compiled = [...patterns].map(split)
  return (path) => {
    const segments = split(path)
    return compiled.some((pattern) => {
      for (let i = 0; i < pattern.length; i++) {
        const part = pattern[i] ?? ''
        if (part === '$') return true
        const segment = segments[i]
        if (segment === undefined) return false
        if (part.startsWith('$')) continue
        if (part !== segment) return false
      }
      return pattern.length === segments.length
    })
  }
}

/**
 * Crumbs for `pathname`. `labels` maps either a path prefix ('/area-amministrativa/programmi/12')
 * or a bare segment id ('12') to a label; `isPage` says which paths open a page (default: all).
 * Returns [] where the breadcrumb is hidden.
 */
export function buildBreadcrumb(
  pathname: string,
  codiceRuolo: string | null | undefined,
  labels: Readonly<Record<string, string>> = {},
  isPage: (path: string) => boolean = () => true,
): Crumb[] {
  if (isBreadcrumbHidden(pathname)) return []
  const segments = normalise(pathname).split('/').filter(Boolean)
  const long = segments.length > 3
  return segments.map((raw, i) => {
    const segment = decode(raw)
    const to = '/' + segments.slice(0, i + 1).join('/')
    const label = labels[to] ?? labels[segment] ?? SEGMENT_LABELS[segment] ?? labelFromSegment(segment)
    const isLast = i === segments.length - 1
    let link = !isLast && !(long && i === 0)
    const blockedFor = NO_LINK_BY_LABEL[label]
    if (link && blockedFor && codiceRuolo && blockedFor.includes(codiceRuolo)) link = false
    if (link && !isPage(to)) link = false
    return link ? { label, to } : { label }
  })
}
