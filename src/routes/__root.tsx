/**
 * Root route: router context `{ queryClient }`, the application shell around every page, and
 * unknown paths sent to '/' (spec 000 §2.2 "Unknown paths under the home layout go to /").
 */
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Navigate } from '@tanstack/react-router'
import { AppShell } from '../ui/shell/AppShell'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: () => <Navigate to="/" replace />,
})
