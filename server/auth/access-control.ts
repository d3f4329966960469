/**
 * Access control of every `/api` route (issue #2 point 4; platform-backend §4.2 without the defects
 * of §16): each route declares `config.access` (server/auth/types.ts); a route without it is denied.
 * Checks, in order (the first failure answers):
 * 1. header `authToken` present — else 401 A07;
 * 2. signature, issuer, audience, expiry verified — else 401 A08;
 * 3. principal loaded by the token's fiscal code — unknown user 401 A08 (404 U20 on `token` routes, i.e.
 *    `contesto`: the person has a valid identity but no account here);
 * 4. (`role`, `permission`) header `userRole` among the user's roles — else 401 A09;
 * 5. non-null `idProgramma`/`idProgetto`/`idEnte` of a JSON body match one of the user's profiles of that
 *    role (see {@link profileIdsAllowed}) — else 403 A10;
 * 6. (`permission`) the role's permission codes cover the route's (`all` by default, or `any`) — else 403 A02.
 * Runs as a `preValidation` hook (the body is parsed, not yet schema-validated) and sets `request.auth` (and, once the
 * principal is known, `request.registroChiamante`: the access register's row of a refusal names the caller, issue 28).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Profilo } from '../../src/api/contract/contesto'
import { forbidden, notFound, unauthorized } from '../errors'
import type { AuthContext, Principal, PrincipalLoader, RouteAccess } from './types'
import type { TokenVerifier } from './verify-token'
import type {} from '../domain/registro/index'

export interface AccessControlOptions {
  verifyToken: TokenVerifier
  loadPrincipal: PrincipalLoader
}

const PROFILE_ID_FIELDS = ['idProgramma', 'idProgetto', 'idEnte'] as const
type ProfileIdField = (typeof PROFILE_ID_FIELDS)[number]
type BodyIds = Partial<Record<ProfileIdField, number>>

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  const first = Array.isArray(value) ? value[0] : value
  return first?.trim() || undefined
}

/**
 * Non-null profile ids of a JSON object body. A value that is not an integer (or integer string)
 * can never match a profile: it is returned as NaN so the check fails closed.
 */
export function bodyProfileIds(body: unknown): BodyIds {
  const ids: BodyIds = {}
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ids
  for (const field of PROFILE_ID_FIELDS) {
    const value = (body as Record<string, unknown>)[field]
    if (value === null || value === undefined) continue
    ids[field] = typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : Number.NaN
  }
  return ids
}

/**
 * Profile coherence (platform-backend §4.2 step 3, fail closed):
 * - no ids in the body: pass;
 * - DSCU: `idProgramma`, if the principal's data knows it, must be an SCD programme (unknown: pass);
 * - any other role: some profile of that role must hold every id of the body; a profile field that is
 *   null (the role is not scoped at that level: DTD, MOD, REG/DEG for projects) accepts any value.
 */
export function profileIdsAllowed(principal: Principal, codiceRuolo: string, ids: BodyIds): boolean {
  const fields = PROFILE_ID_FIELDS.filter((f) => ids[f] !== undefined)
  if (fields.length === 0) return true
  if (fields.some((f) => !Number.isInteger(ids[f]))) return false
  if (codiceRuolo === 'DSCU') {
    if (ids.idProgramma === undefined) return true
    const known = principal.profili.find((p) => p.idProgramma === ids.idProgramma && p.policy !== null)
    return !known || known.policy === 'SCD'
  }
  const profiles: Profilo[] = principal.profili.filter((p) => p.codiceRuolo === codiceRuolo)
  return profiles.some((p) => fields.every((f) => p[f] === null || p[f] === ids[f]))
}

function permissionsHeld(held: string[], access: Extract<RouteAccess, { kind: 'permission' }>): boolean {
  const has = (code: string) => held.includes(code)
  if (access.codes.length === 0) return false
  return access.mode === 'any' ? access.codes.some(has) : access.codes.every(has)
}

/** Runs checks 1–6 for `access`; resolves to the context to attach, throws `ApiError` otherwise. */
export async function authorize(request: FastifyRequest, access: RouteAccess, opts: AccessControlOptions): Promise<AuthContext | undefined> {
  if (access.kind === 'public') return undefined
  const token = header(request, 'authToken')
  if (!token) throw unauthorized('A07')
  const { codiceFiscale } = await opts.verifyToken(token)
  const principal = await opts.loadPrincipal(codiceFiscale)
  if (!principal) throw access.kind === 'token' ? notFound('U20') : unauthorized('A08')
  // the register's row of a refusal below names the caller (server/domain/registro/hook.ts)
  request.registroChiamante = { idUtente: principal.userId, codiceRuolo: header(request, 'userRole') ?? null }
  if (access.kind === 'token') return { principal, permessi: [] }

  const codiceRuolo = header(request, 'userRole')
  const ruolo = codiceRuolo ? principal.ruoli.find((r) => r.codiceRuolo === codiceRuolo) : undefined
  if (!codiceRuolo || !ruolo) throw unauthorized('A09')
  if (!profileIdsAllowed(principal, codiceRuolo, bodyProfileIds(request.body))) throw forbidden('A10')
  if (access.kind === 'permission' && !permissionsHeld(ruolo.permessi, access)) throw forbidden('A02')
  return { principal, codiceRuolo, permessi: ruolo.permessi }
}

/** True for a route registered under `/api` (the route's pattern, not the request URL: the static
 * catch-all `/*` also sees `/api/...` requests and hands them to the JSON not-found handler). */
function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && (url === '/api' || url.startsWith('/api/'))
}

const plugin: FastifyPluginAsync<AccessControlOptions> = async (app: FastifyInstance, opts) => {
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !isApiRoute(request.routeOptions.url)) return
    const access = request.routeOptions.config.access
    if (!access) {
      request.log.error({ route: request.routeOptions.url, method: request.method }, 'route without access config: denied')
      throw forbidden('A02')
    }
    const auth = await authorize(request, access, opts)
    if (auth) request.auth = auth
  })
}
// hooks apply to the whole app (what fastify-plugin does, without the dependency)
;(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true

/** Fastify plugin: register once at the root, before the `/api` routes. */
export const accessControl = plugin
