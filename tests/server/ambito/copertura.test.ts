// @vitest-environment node
/**
 * One scope, every surface (issue 26 point 1; server/domain/ambito/): for every profile of every demo identity
 * (server/seed/identities.ts), the services list (`POST /servizio/all`), its CSV (`/servizio/download`), the
 * data-area totals (`POST /dati/report`), the citizens registry (`POST /cittadino/all`) and its CSV
 * (`/cittadino/download`) cover the same services: the CSV holds the listed ids; the report counts as many
 * services and as many citizen–service pairs; the registry holds exactly the citizens on the listed services,
 * each with the number of listed services it is on. A surface the role does not hold answers 403 (MOD).
 */
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReportDati } from '../../../src/api/contract/dati'
import { servizioXCittadino } from '../../../server/db/schema'
import { refreshDati } from '../../../server/domain/dati/refresh'
import { DEMO_IDENTITIES } from '../../../server/seed/identities'
import { createTestServer, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, fiscalCodeAged, named, type Actor } from '../field/fixtures'

/** What one surface shows: 403, or the services (and, for the registry, the citizens with their service counts). */
type Seen = 'forbidden' | { servizi: number[] }

describe('every demo profile sees the same services on every surface', () => {
  let server: TestServer
  const profiles: { name: string; who: Actor }[] = []

  const post = (who: Actor, url: string, body: Record<string, unknown> = {}) => call(server, who, 'POST', url, { body })

  /** The rows (`rowsKey`) of every page of a list, or 'forbidden'. */
  const allPages = async <R extends { id: number }>(who: Actor, entity: string, rowsKey: string): Promise<'forbidden' | R[]> => {
    const rows: R[] = []
    for (let page = 0; ; page++) {
      const res = await post(who, `/api/${entity}/all?currPage=${page}&pageSize=1000`)
      if (res.statusCode === 403) return 'forbidden'
      expect(res.statusCode, `${entity} ${res.body}`).toBe(200)
      const body = res.json() as Record<string, unknown>
      rows.push(...(body[rowsKey] as R[]))
      if (page + 1 >= (body.numeroPagine as number)) return rows
    }
  }

  /** The data lines of a CSV download split in cells (BOM and header checked, then dropped), or 'forbidden'. */
  const csv = async (who: Actor, entity: string): Promise<'forbidden' | string[][]> => {
    const res = await post(who, `/api/${entity}/download`)
    if (res.statusCode === 403) return 'forbidden'
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.body.split('\r\n').filter((l) => l !== '')
    expect(lines[0]!.startsWith('\uFEFFID;')).toBe(true)
    return lines.slice(1).map((l) => l.split(';'))
  }

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)

  beforeAll(async () => {
    server = await createTestServer()
    for (const identity of DEMO_IDENTITIES.filter((i) => i.integrazione)) {
      for (const p of identity.profili) {
        profiles.push({ name: `${identity.nome} ${p.codiceRuolo}`, who: await actor(server, identity.codiceFiscale, p.codiceRuolo) })
      }
    }
    // services in three programmes (both policies), four facilitators' profiles; citizens shared across them
    const field = {
      sara: await actor(server, CF.SARA, 'FAC'), matteo: await actor(server, CF.MATTEO, 'FAC'),
      luca: await actor(server, CF.LUCA, 'VOL'), alessandro: await actor(server, CF.ALESSANDRO, 'FAC'),
    }
    const shared = [fiscalCodeAged(35), fiscalCodeAged(52, 'M')]
    for (const [i, who] of Object.values(field).entries()) {
      for (let k = 0; k < 2; k++) {
        const id = await createService(server, who, { nomeServizio: named(`Copertura ${i}.${k}`), data: `2025-0${k + 3}-1${i}` })
        const codes = k === 0 ? [...shared, fiscalCodeAged(28 + i)] : [fiscalCodeAged(60 - i, 'M')]
        for (const codiceFiscale of codes) {
          const res = await call(server, who, 'POST', `/api/servizio/cittadino/${id}`, { body: { codiceFiscale, nuovoCittadino: false, ...DEMOGRAFICA } })
          expect(res.statusCode, res.body).toBe(201)
        }
      }
    }
    await refreshDati(server.database.db)
  }, 120_000)
  afterAll(() => server?.close())

  it('covers every demo identity and profile, each role at least once', () => {
    const roles = new Set(profiles.map((p) => p.who.role))
    expect([...roles].sort()).toEqual(['DEG', 'DEGP', 'DEPP', 'DSCU', 'DTD', 'FAC', 'MOD', 'REG', 'REGP', 'REPP', 'VOL'])
  })

  it('services list, services CSV, report totals, citizens registry and its CSV agree for each profile', async () => {
    const db = server.database.db
    const seen: Record<string, Seen> = {}
    for (const { name, who } of profiles) {
      const list = await allPages<{ id: number }>(who, 'servizio', 'servizi')
      const servizi = list === 'forbidden' ? null : sorted(list.map((s) => s.id))

      // the services CSV: the same ids
      const serviziCsv = await csv(who, 'servizio')
      if (servizi === null) expect(serviziCsv, name).toBe('forbidden')
      else expect(serviziCsv === 'forbidden' ? serviziCsv : sorted(serviziCsv.map((c) => Number(c[0]))), name).toEqual(servizi)

      // what the listed services hold: citizen → number of listed services it is on
      const pairs = servizi === null || servizi.length === 0 ? [] : await db.select({ idCittadino: servizioXCittadino.idCittadino })
        .from(servizioXCittadino).where(inArray(servizioXCittadino.idServizio, servizi))
      const perCitizen = new Map<number, number>()
      for (const p of pairs) perCitizen.set(p.idCittadino, (perCitizen.get(p.idCittadino) ?? 0) + 1)

      // the data area: as many services and citizen–service pairs
      const report = await post(who, '/api/dati/report', { filtro: {} })
      if (report.statusCode === 403) expect(servizi, `${name}: the report is refused only to a role without services`).toBeNull()
      else {
        expect(report.statusCode, report.body).toBe(200)
        const totali = (report.json() as ReportDati).totali
        expect(totali.servizi, name).toBe(servizi?.length ?? 0)
        expect(totali.partecipazioni, name).toBe(pairs.length)
      }

      // the citizens registry and its CSV: exactly the citizens on the listed services, with their counts
      const registro = await allPages<{ id: number; numeroServizi: number }>(who, 'cittadino', 'cittadini')
      const registroCsv = await csv(who, 'cittadino')
      if (servizi === null) {
        expect(registro, name).toBe('forbidden')
        expect(registroCsv, name).toBe('forbidden')
      } else {
        const expected = [...perCitizen.entries()].sort((a, b) => a[0] - b[0])
        expect(registro === 'forbidden' ? registro : registro.map((c) => [c.id, c.numeroServizi]).sort((a, b) => a[0]! - b[0]!), name).toEqual(expected)
        expect(registroCsv === 'forbidden' ? registroCsv : registroCsv.map((c) => [Number(c[0]), Number(c[2])]).sort((a, b) => a[0]! - b[0]!), name).toEqual(expected)
      }
      seen[name] = servizi === null ? 'forbidden' : { servizi }
    }

    // the property is not vacuous: the roles see different, non-empty sets, and only MOD sees none
    const count = (name: string) => { const s = seen[name]; return s === 'forbidden' || s === undefined ? -1 : s.servizi.length }
    expect(seen['Chiara MOD']).toBe('forbidden')
    for (const name of Object.keys(seen).filter((n) => n !== 'Chiara MOD')) expect(seen[name], name).not.toBe('forbidden')
    expect(count('Giulia DTD')).toBe(8)
    expect(count('Marco DSCU')).toBe(2)
    expect(count('Sara FAC')).toBe(2)
    expect(count('Paolo DEG')).toBe(4)
    expect(count('Francesca REGP')).toBe(2)
    expect(count('Elena REPP')).toBe(2)
    expect(count('Davide DEGP')).toBe(0)
    expect(count('Laura REG')).toBe(2)
    expect(count('Alessandro FAC')).toBe(2)
  }, 120_000)
})
