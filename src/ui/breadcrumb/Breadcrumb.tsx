/**
 * Breadcrumb bar (spec 000 §2.5): crumbs from `buildBreadcrumb`, hidden below 768 px (CSS),
 * on home and on /richiesta-assistenza. The user's own programme and project names are registered
 * as labels so their numeric ids read as names. Only paths of the router's routes become links.
 */
import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { useSession } from '../../auth/session'
import { AppLink } from '../AppLink'
import { setBreadcrumbLabels, useBreadcrumbLabels } from './labels'
import { buildBreadcrumb, routeMatcher } from './rules'

export function Breadcrumb() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const router = useRouter()
  const isPage = useMemo(() => routeMatcher(Object.keys(router.routesByPath)), [router])
  const session = useSession()
  const labels = useBreadcrumbLabels()
  const profiles = session.user?.profiliUtente

  useEffect(() => {
    if (!profiles) return
    const entries: Record<string, string> = {}
    for (const p of profiles) {
      if (p.idProgramma != null && p.nomeProgramma) entries[`/area-amministrativa/programmi/${p.idProgramma}`] = p.nomeProgramma
      if (p.idProgetto != null && p.nomeProgettoBreve) entries[`/area-amministrativa/progetti/${p.idProgetto}`] = p.nomeProgettoBreve
    }
    setBreadcrumbLabels(entries)
  }, [profiles])

  const crumbs = buildBreadcrumb(pathname, session.profilo?.codiceRuolo, labels, isPage)
  if (crumbs.length === 0) return null
  return (
    <div className="container-xxl pd-page d-none d-md-block pt-3" data-testid="breadcrumb">
      <nav className="breadcrumb-container" aria-label="Percorso di navigazione">
        <ol className="breadcrumb">
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1
            return (
              <li key={`${i}-${c.label}`} className={`breadcrumb-item${last ? ' active' : ''}`} aria-current={last ? 'page' : undefined}>
                {c.to ? <AppLink to={c.to}>{c.label}</AppLink> : <span>{c.label}</span>}
                {!last && <span className="separator" aria-hidden="true">/</span>}
              </li>
            )
          })}
        </ol>
      </nav>
    </div>
  )
}
