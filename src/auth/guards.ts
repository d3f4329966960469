/**
 * Route guards for TanStack Router `beforeLoad` (spec 000 §2.2: a guarded route redirects to a default
 * route when a required permission is lacking). They read the stored session synchronously, so they
 * work offline. A guard never redirects to the path being loaded (no loops).
 *
 *   beforeLoad: requireLogin()
 *   beforeLoad: requirePermissions(['list.ruoli'], '/gestione-ruoli')
 *   beforeLoad: requirePermissions(['tab.dshb', 'view.dshb'], '/', 'any')
 */
import { redirect } from '@tanstack/react-router'
import { getSessionState } from './session'
import { hasAll, hasAny, heldPermissions, type PermissionRequirement } from './permissions'
import { RUOLI_CAMPO } from '../lib/ruoli'

/** The part of TanStack's beforeLoad argument the guards read. */
export interface GuardContext {
  location: { pathname: string }
}

function go(to: string, ctx: GuardContext | undefined): void {
  if (ctx && ctx.location.pathname.replace(/\/+$/, '') === to.replace(/\/+$/, '')) return
  throw redirect({ to, replace: true } as Parameters<typeof redirect>[0])
}

/** Logged-in users only; others go to `redirectTo` (default '/', the landing page with 'Accedi'). */
export function requireLogin(redirectTo = '/'): (ctx?: GuardContext) => void {
  return (ctx) => {
    if (getSessionState().status !== 'authenticated') go(redirectTo, ctx)
  }
}

/**
 * Users whose chosen profile holds the required codes (`mode` 'all' by default, or 'any'); others,
 * anonymous users included, go to `redirectTo` (default '/').
 */
export function requirePermissions(required: PermissionRequirement, redirectTo = '/', mode: 'all' | 'any' = 'all'): (ctx?: GuardContext) => void {
  return (ctx) => {
    const held = heldPermissions(getSessionState())
    const ok = mode === 'any' ? hasAny(held, required) : hasAll(held, required)
    if (!ok) go(redirectTo, ctx)
  }
}

/** Roles whose data live on the device (facilitator, volunteer): readable there after their profile ended. */
const FIELD_ROLES: readonly string[] = RUOLI_CAMPO

/**
 * Wraps a guard of a READ page of the field data (services list, service card, its citizens): it also lets
 * in a user with no chosen profile whose field profile ended (`profiloNonAttivo`, e.g. the project was
 * terminated), so what the device holds stays readable; the page itself shows it read-only.
 */
export function allowEndedFieldProfile(guard: (ctx?: GuardContext) => void): (ctx?: GuardContext) => void {
  return (ctx) => {
    const s = getSessionState()
    if (s.status === 'authenticated' && !s.profilo && FIELD_ROLES.includes(s.profiloNonAttivo?.codiceRuolo ?? '')) return
    guard(ctx)
  }
}
