/**
 * Issue 8 point 7: every breadcrumb link opens a real page. Over every route of the app (the generated
 * route tree, as the Breadcrumb component reads it), with the labels the survey pages register, each
 * crumb that is a link must be matched by the router itself (no fallback to '/').
 */
import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '../../src/routeTree.gen'
import { buildBreadcrumb, routeMatcher } from '../../src/ui/breadcrumb/rules'

const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) })
const patterns = Object.keys(router.routesByPath)
const isPage = routeMatcher(patterns)
/** The router's own answer: some route (not only the root layout) matches the path. */
const opensPage = (path: string) => router.getMatchedRoutes(path)[2] !== undefined

const SURVEY_LABELS = {
  '/area-amministrativa/servizi/15/cittadini/compila': 'Compilazione questionario',
  '/area-amministrativa/servizi/15/cittadini/compilato': 'Visualizza questionario',
}
const concrete = (pattern: string) => pattern.replace(/\$[A-Za-z]+/g, (p) => (p === '$serviceId' ? '15' : 'x1'))

describe('breadcrumb links open real pages (issue 8 point 7)', () => {
  it('matches concrete paths against route patterns', () => {
    const m = routeMatcher(['/a/$id', '/a/$id/info', '/b/$', '/'])
    expect(m('/a/15')).toBe(true)
    expect(m('/a/15/')).toBe(true)
    expect(m('/a/15/info')).toBe(true)
    expect(m('/a/15/cittadini')).toBe(false)
    expect(m('/a')).toBe(false)
    expect(m('/b/any/thing')).toBe(true)
    expect(m('/')).toBe(true)
  })

  it.each(patterns.filter((p) => p !== '/'))('every link on %s opens a page', (pattern) => {
    for (const role of ['FAC', 'DTD']) {
      const crumbs = buildBreadcrumb(concrete(pattern), role, SURVEY_LABELS, isPage)
      for (const c of crumbs.filter((x) => x.to)) expect(opensPage(c.to!), `${c.label} → ${c.to}`).toBe(true)
    }
  })

  it("the survey pages: 'Compilazione questionario' and 'Visualizza questionario' are not links; the service and its citizens are", () => {
    for (const [tipo, label] of [['compila', 'Compilazione questionario'], ['compilato', 'Visualizza questionario']] as const) {
      const crumbs = buildBreadcrumb(`/area-amministrativa/servizi/15/cittadini/${tipo}/q1`, 'FAC', { ...SURVEY_LABELS, '/area-amministrativa/servizi/15': 'Corso SPID' }, isPage)
      expect(crumbs).toEqual([
        { label: 'Area amministrativa' },
        { label: 'Servizi', to: '/area-amministrativa/servizi' },
        { label: 'Corso SPID', to: '/area-amministrativa/servizi/15' },
        { label: 'Cittadini', to: '/area-amministrativa/servizi/15/cittadini' },
        { label },
        { label: 'Q1' },
      ])
    }
  })

  it('segments without a page of their own are plain text (programme, project, print, /home)', () => {
    const text = (path: string, label: string) => buildBreadcrumb(path, 'DTD', {}, isPage).find((c) => c.label === label)
    expect(text('/area-amministrativa/programmi/7/info', '7')).toEqual({ label: '7' })
    expect(text('/area-amministrativa/programmi/7/info', 'Programmi')).toEqual({ label: 'Programmi', to: '/area-amministrativa/programmi' })
    expect(text('/area-amministrativa/servizi/15/stampa-questionario/q-1', 'Stampa questionario')).toEqual({ label: 'Stampa questionario' })
    expect(text('/home/cerca', 'Home')).toEqual({ label: 'Home' })
  })
})
