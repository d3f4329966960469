import { createMemoryHistory, createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '../../src/routeTree.gen'
import { formatDocumentTitle, routeTitle, type RouteTitle } from '../../src/ui/shell/page-title'

interface AnyRoute {
  options: { staticData?: { title?: RouteTitle } }
}

const byId = () => createRouter({ routeTree, history: createMemoryHistory() }).routesById as unknown as Record<string, AnyRoute>

function title(id: string, params: Record<string, string>, labels: Record<string, string> = {}) {
  const t = byId()[id]!.options.staticData?.title
  const r = routeTitle([{ pathname: '/x', params, staticData: t ? { title: t } : {} }], labels)
  return formatDocumentTitle(r?.page, r?.section)
}

describe('list and detail routes of the administrative area', () => {
  it('the lists keep their titles; the body and user pages are named after the entity once the list registered it', () => {
    expect(title('/area-amministrativa/programmi/', {})).toBe('Programmi – Area amministrativa – Punto Digitale')
    expect(title('/area-amministrativa/enti/$idEnte/', { idEnte: '3' })).toBe('Ente – Enti – Punto Digitale')
    expect(title('/area-amministrativa/enti/$idEnte/', { idEnte: '3' }, { '/area-amministrativa/enti/3': 'Comune di Roma' })).toBe('Comune di Roma – Enti – Punto Digitale')
    expect(title('/area-amministrativa/utenti/$idUtente/', { idUtente: '5' }, { '/area-amministrativa/utenti/5': 'Rossi Anna' })).toBe('Rossi Anna – Utenti – Punto Digitale')
  })
})

describe('programme and project detail routes keep the params of the steps\' lists', () => {
  it('keeps pagina, cerca and ordina beside a known tab; an unknown tab falls back, info is left out', () => {
    const routes = byId() as unknown as Record<string, { options: { validateSearch(s: Record<string, unknown>): Record<string, unknown> } }>
    for (const id of ['/area-amministrativa/programmi/$idProgramma/info', '/area-amministrativa/progetti/$idProgetto/info']) {
      const validate = routes[id]!.options.validateSearch
      expect(validate({ tab: 'utentiUnici', pagina: 2, cerca: '12', ordina: 'id:asc' })).toEqual({ tab: 'utentiUnici', pagina: 2, cerca: '12', ordina: 'id:asc' })
      expect(validate({ tab: 'nessuno', pagina: 3 })).toEqual({ tab: 'info', pagina: 3 })
      expect(validate({ tab: 'info' })).toEqual({})
    }
  })
})
