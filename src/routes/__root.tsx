/**
 * Root route: the application shell around every page, and
 * unknown paths sent to '/' (spec 000 §2.2 "Unknown paths under the home layout go to /").
 */
import { createRootRoute, Navigate } from '@tanstack/react-router'
import { AppShell } from '../ui/shell/AppShell'

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: () => <Navigate to="/" replace />,
})
