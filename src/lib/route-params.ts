/**
 * Path params of the route files, parsed with valibot (ARCHITECTURE.md "routes/ — params and search parsed
 * with valibot"; issue 26 point 4): one schema per KIND of param, one place.
 *
 * Each kind says the form the server issues (`wellFormed`: a numeric id, a device id, a role code, a token…)
 * and the value the page receives. A value that is not well formed is NOT refused: the router would turn it
 * into its not-found route (back to '/'), whereas the page today sends it to the server and shows the
 * server's answer (its own "not found" text, or the list for a community item). So a malformed value goes
 * to the page as it did before parsing (`malformed`), and only the typing is gained; {@link isWellFormed}
 * tells the two apart for whoever needs it.
 * Usage in a route file: `params: pathParams({ idEnte: NUMERIC_ID })`.
 */
import * as v from 'valibot'

/** One kind of path param: its well-formed shape and the value a page gets (`T`). */
export interface PathParam<T> {
  /** the form the server issues, with the value the page reads */
  wellFormed: v.GenericSchema<string, T>
  /** the value of a param not in that form: what the page received before params were parsed */
  malformed(raw: string): T
  /** back to the URL segment */
  stringify(value: T): string
}

const asIs = (raw: string) => raw
const opaque = (wellFormed: v.GenericSchema<string, string>): PathParam<string> => ({ wellFormed, malformed: asIs, stringify: asIs })

const DIGITS = /^\d+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** True for a device id (a UUID, any version) as the client creates them (src/lib/ids.ts). */
export const isUuid = (s: string): boolean => UUID.test(s)

/**
 * A server id (digits) of the administrative entities — programme, project, body, site, user — and of a community
 * item (its page reads `Number(id)`: a malformed one is `NaN`, refused by the server, and the page goes back to the list).
 */
export const NUMERIC_ID = opaque(v.pipe(v.string(), v.regex(DIGITS)))

/**
 * An id of what a facilitator may create offline: a service or a citizen (the server's numeric id, or the
 * client id — a UUID — until the outbox has sent it) and a compiled survey.
 */
export const DEVICE_ID = opaque(v.pipe(v.string(), v.check((s) => DIGITS.test(s) || UUID.test(s))))

/** A survey template's id (opaque: UUIDs, and the seeded templates' names). */
export const TEMPLATE_ID = opaque(v.pipe(v.string(), v.regex(/^[\w.-]+$/)))

/** A role code ('DTD', 'REGP', a role created by the administrators). */
export const ROLE_CODE = opaque(v.pipe(v.string(), v.regex(/^[\w.-]+$/)))

/** An opaque token of a URL: the anonymous survey's token, the login's pre-auth code (base64url and friends). */
export const URL_TOKEN = opaque(v.pipe(v.string(), v.regex(/^[\w.~=-]+$/)))

/** An error code of the catalogue (public/data/errors.json: 'A01', 'G03'…). */
export const ERROR_CODE = opaque(v.pipe(v.string(), v.regex(/^[A-Z]+\d+$/)))

/** The value a page receives for `raw` (never throws, see the module comment). */
export function parseParam<T>(param: PathParam<T>, raw: string): T {
  const r = v.safeParse(param.wellFormed, raw)
  return r.success ? r.output : param.malformed(raw)
}

/** True when `raw` has the form the server issues for this kind. */
export function isWellFormed(param: PathParam<unknown>, raw: string): boolean {
  return v.safeParse(param.wellFormed, raw).success
}

type Parsed<S extends Record<string, PathParam<unknown>>> = { [K in keyof S]: S[K] extends PathParam<infer T> ? T : never }

/**
 * The `params` option of a route (`{ parse, stringify }`) for its own path params; `parse` receives the
 * params of the whole path and returns those of `shape`, never throws, never refuses (never `false`).
 */
export function pathParams<S extends Record<string, PathParam<unknown>>>(shape: S) {
  const keys = Object.keys(shape) as (keyof S & string)[]
  return {
    parse: (raw: Record<keyof S & string, string>): Parsed<S> =>
      Object.fromEntries(keys.map((k) => [k, parseParam(shape[k]!, raw[k])])) as Parsed<S>,
    stringify: (params: Parsed<S>): Record<keyof S & string, string> =>
      Object.fromEntries(keys.map((k) => [k, shape[k]!.stringify(params[k] as never)])) as Record<keyof S & string, string>,
  }
}
