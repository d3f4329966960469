/**
 * Shared setups of the server tests over the seeded identities (README "Utenti di prova"): the actors logged in
 * by name, a citizen registered on a service, the ids of a list page. One implementation for the suites of
 * tests/server/amministrazione, tests/server/liste and tests/server/i10 (issue 9 point 7, duplication), and of the mass-upload tests.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect } from 'vitest'
import { createTestServer, tempDir, type TestServer } from './helpers'
import { actor, call, CF, DEMOGRAFICA, firstSite, type Actor } from './field/fixtures'

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

/** The setup of the mass-upload tests (tests/server/caricamenti): a server, its REGP of Rome, Sara (FAC) and her first site. */
export interface ScenarioCaricamenti {
  server: TestServer
  /** REGP of the Lazio Digitale Roma project: uploads into its project and body */
  regp: Actor
  /** FAC of the same project and body, the facilitator of the rows */
  sara: Actor
  /** Sara's first site */
  idSede: number
  /** a temp folder for the test's files, removed after the suite */
  dir: string
}

/**
 * Registers, in the calling `describe`, the `beforeAll` that fills the returned scenario (fields readable from the
 * tests and from later `beforeAll`s) and the `afterAll` that closes the server and removes `dir` (`tempDir(name)`).
 */
export function scenarioCaricamenti(name: string): ScenarioCaricamenti {
  const scena = { dir: tempDir(name) } as ScenarioCaricamenti
  beforeAll(async () => {
    scena.server = await createTestServer()
    scena.regp = await actor(scena.server, CF.REGP_ROMA, 'REGP')
    scena.sara = await actor(scena.server, CF.SARA, 'FAC')
    scena.idSede = await firstSite(scena.server, scena.sara)
  })
  afterAll(async () => {
    await scena.server?.close()
    rmSync(scena.dir, { recursive: true, force: true })
  })
  return scena
}
