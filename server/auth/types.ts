/**
 * Contract between the access-control layer (server/auth) and the domain (server/domain):
 * who is calling, and what every `/api` route declares about who may call it.
 * Implements ARCHITECTURE.md "The server" and issue #2 point 4.
 */
import type { Profilo, Ruolo } from '../../src/api/contract/contesto'

/** The verified caller: loaded from the database by the fiscal code of the ID token. */
export interface Principal {
  userId: number
  codiceFiscale: string
  nome: string
  cognome: string
  integrazione: boolean
  /** every role the user holds, each with its permission codes */
  ruoli: Ruolo[]
  /** every selectable profile (empty while `integrazione` is false) */
  profili: Profilo[]
}

/** Loads a principal by fiscal code (upper-case, 16 chars); null when no such user exists. */
export type PrincipalLoader = (codiceFiscale: string) => Promise<Principal | null>

/**
 * Access rule of a route, set as `config: { access }` on every `/api` route.
 * - `public`: no token (readiness probe, anonymous survey).
 * - `token`: a valid ID token of a known user; no `userRole` needed (`contesto`, `confermaIntegrazione`).
 * - `role`: token + `userRole` header held by the user + body profile ids belonging to the user.
 * - `permission`: `role` + the permission codes (`all` held by default, or `any` one of them).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'token' }
  | { kind: 'role' }
  | { kind: 'permission'; codes: string[]; mode?: 'all' | 'any' }

/** What the access layer attaches to the request once the checks pass. */
export interface AuthContext {
  principal: Principal
  /** the role of the `userRole` header (absent for `token` routes) */
  codiceRuolo?: string
  permessi: string[]
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess
  }
  interface FastifyRequest {
    auth?: AuthContext
  }
}
