/**
 * Test helpers of the services screens: a memory router with the services routes (targets of the
 * navigation render a marker) and a logged-in session state of a role.
 */
import { act, render } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { SessionState } from '../../src/auth/session'
import type { RoleCode } from '../../src/api/contract/common'
import { contesto, permsOf, profile } from '../ui/fixtures'

type ComponentType = () => ReactNode

export function sessionOf(role: RoleCode): SessionState {
  const p = profile(role)
  return { status: 'authenticated', user: contesto([p]), profilo: p, permessi: permsOf(role), isOfflineSession: false, needsProfileChoice: false, profiloNonAttivo: null }
}

/** Renders `routes` (path → component) in a memory router at `path`; other service paths render markers. */
export async function renderAt(path: string, routes: Record<string, ComponentType>) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const marker = (id: string) => () => <p data-testid="marker">{id}</p>
  const all: Record<string, ComponentType> = {
    '/area-amministrativa/servizi': marker('lista'),
    '/area-amministrativa/servizi/$serviceId/info': marker('dettaglio'),
    '/area-amministrativa/servizi/$serviceId/modifica': marker('modifica'),
    '/area-amministrativa/servizi/$serviceId/cittadini': marker('cittadini'),
    '/area-amministrativa/servizi/crea': marker('crea'),
    ...routes,
  }
  const children = Object.entries(all).map(([p, component]) => createRoute({ getParentRoute: () => root, path: p, component }))
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree: root.addChildren(children), history })
  await act(() => router.load())
  const utils = render(<RouterProvider router={router} />)
  return { ...utils, router, history }
}
