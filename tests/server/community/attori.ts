/**
 * Actors and calls of the community and notification server tests: a seeded user in one of her roles (token,
 * role, the profile's ids, user id, principal), and POST/GET calls carrying that role's context (the ids in the
 * body of a POST, in the query of a GET unless `scoped: false`), optionally with an `Idempotency-Key`.
 */
import type { Principal } from '../../../server/auth/types'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { apiCall, TEST_HOST, type TestServer } from '../helpers'

/** A seeded user acting in one role. */
export interface Actor {
  token: string
  role: string
  ids: { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }
  userId: number
  principal: Principal
}

export type CommunityCalls = ReturnType<typeof communityCalls>

/** The calls bound to `server`; actors are made once per fiscal code and role. */
export function communityCalls(server: TestServer) {
  const principals = createPrincipalLoader(server.database.db)
  const known = new Map<string, Actor>()
  const qs = (a: Actor) => Object.entries(a.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join('&')
  return {
    /** `cf` in `role` (throws when the user is not seeded; a role she lacks gives null ids). */
    async actor(cf: string, role: string): Promise<Actor> {
      const cached = known.get(`${cf}:${role}`)
      if (cached) return cached
      const principal = await principals(cf)
      if (!principal) throw new Error(`no ${cf}`)
      const p = principal.profili.find((x) => x.codiceRuolo === role)
      const made: Actor = {
        token: await server.signIdToken(cf), role, userId: principal.userId, principal,
        ids: { idProgramma: p?.idProgramma ?? null, idProgetto: p?.idProgetto ?? null, idEnte: p?.idEnte ?? null },
      }
      known.set(`${cf}:${role}`, made)
      return made
    },
    post(a: Actor, url: string, body: Record<string, unknown> = {}, idempotencyKey?: string) {
      if (!idempotencyKey) return apiCall(server.app, { url: `/api${url}`, token: a.token, role: a.role, body: { ...a.ids, ...body } })
      return server.app.inject({
        method: 'POST', url: `/api${url}`, payload: { ...a.ids, ...body },
        headers: { host: TEST_HOST, authToken: a.token, userRole: a.role, 'Idempotency-Key': idempotencyKey },
      })
    },
    get(a: Actor, url: string, opts: { scoped?: boolean } = {}) {
      const query = opts.scoped === false ? '' : `${url.includes('?') ? '&' : '?'}${qs(a)}`
      return apiCall(server.app, { method: 'GET', url: `/api${url}${query}`, token: a.token, role: a.role })
    },
  }
}
