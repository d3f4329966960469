// @vitest-environment node
/**
 * Issue 27 "Done when" (server side), for EVERY editable entity (./casi.ts), on PGlite and — with DATABASE_URL — on
 * PostgreSQL (the test server then uses a pool of connections, so the parallel updates really overlap):
 * - an update with the current version answers 200 and the new version, which the next read shows;
 * - a stale version answers 409 V01 whose `corrente` is the record as its read shows it now, with `modificatoIl` (when
 *   it last changed: the update before), and changes nothing;
 * - no version answers 428 V02 and changes nothing;
 * - 20 updates in parallel from the same base version: exactly one wins, the others get 409 V01;
 * - a delete with a stale version answers 409 V01 and keeps the record; with none 428 V02; with the current one 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, TEST_HOST } from '../helpers'
import { actor, CF, firstSite, type Actor } from '../field/fixtures'
import { letturaDi, versioneLetta } from '../versioni-letture'
import { CASI, type Caso, type Richiesta, type Scena } from './casi'

const scena = {} as Scena

beforeAll(async () => {
  scena.server = await createTestServer()
  scena.dtd = await actor(scena.server, CF.DTD, 'DTD')
  scena.sara = await actor(scena.server, CF.SARA, 'FAC')
  scena.reg = await actor(scena.server, CF.REG_LOM, 'REG')
  scena.luca = await actor(scena.server, CF.LUCA, 'VOL')
  scena.idSede = await firstSite(scena.server, scena.sara)
})
afterAll(() => scena.server?.close())

/** Sends `r` as `who` (token, role, the profile's ids merged into the body). */
function invia(who: Actor, r: Richiesta) {
  return scena.server.app.inject({
    method: r.method, url: r.url, payload: { ...who.ids, ...r.body },
    headers: { host: TEST_HOST, authToken: who.token, userRole: who.role },
  })
}

/** The `versione` an answer carries (the profile answers the context, the others an object with it). */
const versioneDi = (body: unknown) => (body as { versione?: unknown }).versione

/** Where the read puts the record's `versione`, to compare with `corrente` of a 409. */
async function lettura(caso: Caso, lettura: number | string) {
  return letturaDi(scena.server, caso.chi(scena), caso.entita, lettura)
}

describe.each(CASI.map((c) => [c.entita, c] as const))('versions of %s (issue 27)', (_nome, caso) => {
  const who = () => caso.chi(scena)

  it('an update with the current version answers 200 and the new version', async () => {
    const { id, lettura: l } = await caso.crea(scena)
    const v = await versioneLetta(scena.server, who(), caso.entita, l)
    // a fresh record is at version 1 (the user's profile was edited by the earlier cases)
    if (caso.entita !== 'profilo') expect(v).toBe(1)
    const res = await invia(who(), await caso.aggiorna(scena, id, v))
    expect(res.statusCode, res.body).toBe(200)
    expect(versioneDi(res.json())).toBe(v + 1)
    expect(await versioneLetta(scena.server, who(), caso.entita, l)).toBe(v + 1)
  })

  it('a stale version answers 409 V01 with the current record and changes nothing', async () => {
    const { id, lettura: l } = await caso.crea(scena)
    const v = await versioneLetta(scena.server, who(), caso.entita, l)
    const sent = Date.now()
    expect((await invia(who(), await caso.aggiorna(scena, id, v))).statusCode).toBe(200)
    const before = await caso.riga(scena, id)
    const res = await invia(who(), await caso.aggiorna(scena, id, v))
    expect(res.statusCode, res.body).toBe(409)
    const body = res.json() as { errorCode: string; message: string; corrente: unknown; modificatoIl?: string }
    // beside `corrente`: when its version last moved (the update above; the database's clock, a second of slack)
    expect(Date.parse(body.modificatoIl ?? '')).toBeGreaterThanOrEqual(sent - 1000)
    expect(body.errorCode).toBe('V01')
    expect(body.message).toContain('modificato da altri')
    // the current record, in the shape of the read that feeds the edit
    const current = await lettura(caso, l)
    const shown = caso.entita === 'commento' ? findComment(current, String(id)) : current
    expect(body.corrente).toEqual(shown)
    expect(await caso.riga(scena, id)).toEqual(before)
  })

  it('no version answers 428 V02 and changes nothing', async () => {
    const { id } = await caso.crea(scena)
    const before = await caso.riga(scena, id)
    const res = await invia(who(), await caso.aggiorna(scena, id, undefined))
    expect(res.statusCode, res.body).toBe(428)
    expect(res.json()).toMatchObject({ errorCode: 'V02' })
    expect(await caso.riga(scena, id)).toEqual(before)
  })

  it('of 20 updates in parallel from the same version exactly one wins', async () => {
    const { id, lettura: l } = await caso.crea(scena)
    const v = await versioneLetta(scena.server, who(), caso.entita, l)
    const requests = await Promise.all(Array.from({ length: 20 }, () => caso.aggiorna(scena, id, v)))
    const answers = await Promise.all(requests.map((r) => invia(who(), r)))
    const codes = answers.map((a) => (a.statusCode === 200 ? '200' : `${a.statusCode} ${(a.json() as { errorCode?: string }).errorCode}`))
    expect(codes.filter((c) => c === '200'), codes.join(', ')).toHaveLength(1)
    expect(codes.filter((c) => c === '409 V01'), codes.join(', ')).toHaveLength(19)
    expect(await versioneLetta(scena.server, who(), caso.entita, l)).toBe(v + 1)
  })

  it.runIf(caso.elimina !== undefined)('a delete with a stale version answers 409 V01 and keeps the record; none 428 V02; the current one deletes', async () => {
    const elimina = caso.elimina!
    const { id, lettura: l } = await caso.crea(scena)
    const v = await versioneLetta(scena.server, who(), caso.entita, l)
    expect((await invia(who(), await caso.aggiorna(scena, id, v))).statusCode).toBe(200)
    const before = await caso.riga(scena, id)
    const stale = await invia(who(), elimina(scena, id, v))
    expect(stale.statusCode, stale.body).toBe(409)
    expect(stale.json()).toMatchObject({ errorCode: 'V01', corrente: expect.anything() })
    expect(await caso.riga(scena, id)).toEqual(before)
    const missing = await invia(who(), elimina(scena, id, undefined))
    expect(missing.statusCode, missing.body).toBe(428)
    expect(await caso.riga(scena, id)).toEqual(before)
    const ok = await invia(who(), elimina(scena, id, v + 1))
    expect(ok.statusCode, ok.body).toBe(200)
  })
})

describe('a versione that is not a positive integer (issue 27)', () => {
  it('answers 400 G02 and changes nothing', async () => {
    const caso = CASI.find((c) => c.entita === 'ente')!
    const { id } = await caso.crea(scena)
    const before = await caso.riga(scena, id)
    for (const versione of ['1', 0, -1, 1.5, true]) {
      const r = await caso.aggiorna(scena, id, 1)
      const res = await invia(scena.dtd, { ...r, body: { ...r.body, versione } })
      expect(res.statusCode, `${JSON.stringify(versione)}: ${res.body}`).toBe(400)
      expect(res.json()).toMatchObject({ errorCode: 'G02' })
    }
    expect(await caso.riga(scena, id)).toEqual(before)
  })
})

/** A comment of a comments answer, by id (the read of a comment is its item's list). */
function findComment(list: Record<string, unknown>, id: string): unknown {
  const walk = (items: Record<string, unknown>[]): unknown => {
    for (const c of items) {
      if (String(c.id) === id) return c
      const inner = walk((c.replies ?? []) as Record<string, unknown>[])
      if (inner) return inner
    }
    return undefined
  }
  return walk(list.items as Record<string, unknown>[])
}
