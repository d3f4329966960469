/**
 * The permission declarations of `/api` routes (issue 26 point 8; platform-backend §4.4), written once:
 * `config: { ...perm('list.serv'), … }` asks for every code, `permAny(…)` for any one of them
 * (server/auth/types.ts `RouteAccess`, checked by access-control.ts). `perIdCheck: true` marks a route whose
 * handler also checks the ids of its path against the caller's profile (403 A02); `routeAccess({ perIdCheck: true })`
 * gives the same two helpers with that mark (the administrative lifecycle routes).
 */
import type { RouteAccess } from './types'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route checks the ids of its path against the caller's profile (platform-backend §4.4, 403 A02) */
    perIdCheck?: boolean
  }
}

type PermissionAccess = Extract<RouteAccess, { kind: 'permission' }>

/** The two declarations, with `extra` merged into each (e.g. `{ perIdCheck: true }`). */
export function routeAccess<E extends object>(extra: E) {
  return {
    /** Access of a route: every one of `codes` held. */
    perm: (...codes: string[]): { access: PermissionAccess } & E => ({ access: { kind: 'permission', codes }, ...extra }),
    /** Access of a route: any one of `codes` held. */
    permAny: (...codes: string[]): { access: PermissionAccess } & E => ({ access: { kind: 'permission', codes, mode: 'any' }, ...extra }),
  }
}

/** Access of a route: every one of `codes` held; `permAny`: any one of them. */
export const { perm, permAny } = routeAccess({})
