import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '../../src/routeTree.gen'
import { formatDocumentTitle, routeTitle, withService, type RouteTitle, type TitleMatch } from '../../src/ui/shell/page-title'

interface AnyRoute {
  id: string
  options: { staticData?: { title?: RouteTitle } }
}

/** Every route of the application's tree, by id (the router computes the ids). */
function allRoutes(): AnyRoute[] {
  const router = createRouter({ routeTree, history: createMemoryHistory() })
  return Object.values(router.routesById as unknown as Record<string, AnyRoute>)
}

const match = (pathname: string, title: RouteTitle | undefined, params: Record<string, string> = {}): TitleMatch => ({
  pathname,
  params,
  staticData: title ? { title } : {},
})

describe('document titles (WCAG 2.4.2)', () => {
  it('formats "page – section – Punto Digitale"', () => {
    expect(formatDocumentTitle('Crea servizio', 'Servizi')).toBe('Crea servizio – Servizi – Punto Digitale')
    expect(formatDocumentTitle('Bacheca')).toBe('Bacheca – Punto Digitale')
    expect(formatDocumentTitle('Servizi', 'Servizi')).toBe('Servizi – Punto Digitale')
    expect(formatDocumentTitle('', undefined)).toBe('Punto Digitale')
    expect(formatDocumentTitle(null)).toBe('Punto Digitale')
  })

  it('takes the deepest match with a title; a function reads params and the registered labels', () => {
    const svc: RouteTitle = { page: ({ params, label }) => withService('Cittadini', label(`/area-amministrativa/servizi/${params.serviceId}`)), section: 'Servizi' }
    const matches = [match('/', undefined), match('/area-amministrativa/servizi/12/cittadini', svc, { serviceId: '12' })]
    expect(routeTitle(matches, {})).toEqual({ page: 'Cittadini', section: 'Servizi', pathname: '/area-amministrativa/servizi/12/cittadini' })
    expect(routeTitle(matches, { '/area-amministrativa/servizi/12': 'Sportello SPID' })?.page).toBe('Cittadini – Sportello SPID')
    expect(routeTitle([match('/', undefined)], {})).toBeNull()
  })

  it('every route of the application declares its title', () => {
    const routes = allRoutes().filter((r) => r.id !== '__root__')
    expect(routes.length).toBeGreaterThan(40)
    const untitled = routes.filter((r) => !r.options.staticData?.title).map((r) => r.id)
    expect(untitled).toEqual([])
  })

  it("names a service's page after the service and the pages of a section after both", () => {
    const byId = new Map(allRoutes().map((r) => [r.id, r.options.staticData?.title]))
    const title = (id: string, params: Record<string, string> = {}, labels: Record<string, string> = {}) => {
      const t = byId.get(id)
      const r = routeTitle([match('/x', t, params)], labels)
      return formatDocumentTitle(r?.page, r?.section)
    }
    const nome = { '/area-amministrativa/servizi/5': 'Sportello SPID' }
    expect(title('/area-amministrativa/servizi/crea')).toBe('Crea servizio – Servizi – Punto Digitale')
    expect(title('/area-amministrativa/servizi/')).toBe('Elenco servizi – Area amministrativa – Punto Digitale')
    expect(title('/area-amministrativa/servizi/$serviceId/info', { serviceId: '5' }, nome)).toBe('Sportello SPID – Servizi – Punto Digitale')
    expect(title('/area-amministrativa/servizi/$serviceId/info', { serviceId: '5' })).toBe('Servizio – Servizi – Punto Digitale')
    expect(title('/area-amministrativa/servizi/$serviceId/cittadini/', { serviceId: '5' }, nome)).toBe('Cittadini – Sportello SPID – Servizi – Punto Digitale')
    expect(title('/area-amministrativa/servizi/$serviceId/cittadini/compila/$idQuestionarioCompilato', { serviceId: '5' }, nome)).toBe(
      'Compilazione questionario – Sportello SPID – Servizi – Punto Digitale',
    )
    expect(title('/legal')).toBe('Dichiarazione di accessibilità – Punto Digitale')
    expect(title('/gestione-ruoli/$codiceRuolo/', { codiceRuolo: 'FAC' })).toBe('Ruolo FAC – Gestione ruoli – Punto Digitale')
  })
})
