/**
 * Test helpers of the list screens: a memory router holding the list routes (other targets render a
 * marker) and the matchMedia of a phone.
 */
import { act, render } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'

type ComponentType = () => ReactNode

/** Renders `routes` (path → component) in a memory router at `path` (search included). */
export async function renderRoutes(path: string, routes: Record<string, ComponentType>) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const children = Object.entries(routes).map(([p, component]) => createRoute({ getParentRoute: () => root, path: p, component }))
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({ routeTree: root.addChildren(children), history })
  await act(() => router.load())
  const utils = render(<RouterProvider router={router} />)
  return { ...utils, router, history }
}

/** Makes every `matchMedia` query match (phone width) until the returned function is called. */
export function phoneWidth(): () => void {
  const original = window.matchMedia
  window.matchMedia = ((query: string) => ({
    matches: true, media: query, onchange: null,
    addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
  return () => {
    window.matchMedia = original
  }
}
