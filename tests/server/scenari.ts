/**
 * Shared setups of the server tests over the seeded identities (README "Utenti di prova"): the actors logged in
 * by name, a citizen registered on a service, the ids of a list page. One implementation for the suites of
 * tests/server/amministrazione, tests/server/liste and tests/server/i10 (issue 9 point 7, duplication).
 */
import { expect } from 'vitest'
import type { TestServer } from './helpers'
import { actor, call, CF, DEMOGRAFICA, type Actor } from './field/fixtures'

/** Fiscal code and role of each actor of a test, by the name the test uses. */
export type Cast<K extends string> = Record<K, readonly [cf: string, role: string]>

/**
 * The scope cast of the field and registry tests: Sara (FAC, project Lazio Digitale Roma), Matteo (FAC, another
 * project), Elena (REPP, Sara's project), Stefano (DEPP of a partner in another project), Paolo (DEG of the
 * Lazio programme), Laura (REG of Lombardy), the DTD.
 */
export const CAST_AMBITO = {
  sara: [CF.SARA, 'FAC'], matteo: [CF.MATTEO, 'FAC'], elena: [CF.REPP_ROMA, 'REPP'], stefano: [CF.DEPP_MILANO, 'DEPP'],
  paolo: [CF.DEG_LAZ, 'DEG'], laura: [CF.REG_LOM, 'REG'], dtd: [CF.DTD, 'DTD'],
} as const satisfies Cast<string>

/** One actor per manager and field role of the lists' scopes (platform-backend §4.4), by lower-case role code. */
export const CAST_RUOLI = {
  dtd: [CF.DTD, 'DTD'], dscu: [CF.DSCU, 'DSCU'], reg: [CF.REG_LOM, 'REG'], deg: [CF.DEG_LAZ, 'DEG'], regp: [CF.REGP_ROMA, 'REGP'],
  repp: [CF.REPP_ROMA, 'REPP'], fac: [CF.SARA, 'FAC'], vol: [CF.LUCA, 'VOL'],
} as const satisfies Cast<string>

/** Every actor of `cast` logged in with its role (in order, one after the other), by name. */
export async function attori<K extends string>(server: TestServer, cast: Cast<K>): Promise<Record<K, Actor>> {
  const out = {} as Record<K, Actor>
  for (const [name, [cf, role]] of Object.entries(cast) as [K, readonly [string, string]][]) out[name] = await actor(server, cf, role)
  return out
}

/** `who` registers a new citizen on service `idServizio` (`body`: fiscal code or document fields); the citizen's id (201 expected). */
export async function registraCittadino(server: TestServer, who: Actor, idServizio: number, body: Record<string, unknown>): Promise<number> {
  const res = await call(server, who, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { nuovoCittadino: true, ...DEMOGRAFICA, ...body } })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: number }).id
}

/** The ids of the rows under `key` of a `POST` list answer for `who` (200 expected). */
export async function idsDellaLista(server: TestServer, who: Actor, url: string, body: unknown, key: string): Promise<number[]> {
  const res = await call(server, who, 'POST', url, { body })
  expect(res.statusCode, res.body).toBe(200)
  return ((res.json() as Record<string, { id: number }[]>)[key] ?? []).map((r) => r.id)
}
