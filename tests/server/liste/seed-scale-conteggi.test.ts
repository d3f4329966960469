// @vitest-environment node
/**
 * `npm run seed:scale` loads the services with the triggers off (scripts/seed-scale.ts), so it rebuilds the service
 * counters itself: after a tiny scale, `servizio_conteggio` and `servizio_conteggio_ricerca` (migration 0010, the count
 * of a name search) equal the services grouped, and a DTD's search counts what COUNT(*) counts (issue 9 point 7).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedScale } from '../../../scripts/seed-scale'
import { DATI_REFRESH_MS } from '../../../server/domain/dati/refresh'
import { pageOf } from '../../../server/domain/liste/engine'
import { createPrincipalLoader } from '../../../server/domain/principal'
import { serviziList } from '../../../server/domain/liste/servizi'
import { createTestServer, type TestServer } from '../helpers'
import { CF } from '../field/fixtures'

describe('seed:scale service counters', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
    await seedScale(server.database.db, 0.0002, 'segreto-di-prova-per-il-seed-di-scala')
  }, 300_000)
  afterAll(() => server?.close())

  const rows = async (q: string) => ((await server.database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows

  it('are rebuilt after loading, per group and per folded name; a search counts as COUNT(*)', async () => {
    expect(await rows(`with g as (select id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*)::bigint as n from servizio group by 1, 2, 3, 4, 5, 6)
      (select * from g except select * from servizio_conteggio_ricerca) union all (select * from servizio_conteggio_ricerca except select * from g)`)).toEqual([])
    const principal = (await createPrincipalLoader(server.database.db)(CF.DTD))!
    const caller = { principal, codiceRuolo: 'DTD', profilo: principal.profili.find((p) => p.codiceRuolo === 'DTD')! }
    const filtro = { criterioRicerca: 'spid' }
    const fast = await pageOf(server.database.db, serviziList, caller, filtro, undefined, { currPage: 0, pageSize: 10 })
    const slow = await pageOf(server.database.db, { ...serviziList, count: undefined }, caller, filtro, undefined, { currPage: 0, pageSize: 10 })
    expect(fast.numeroTotaleElementi).toBeGreaterThan(0)
    expect(fast.numeroTotaleElementi).toBe(slow.numeroTotaleElementi)
  }, 120_000)

  it('leaves the report views as of the loaded world, so that a server start does not refresh them (issue 24 point 25)', async () => {
    const [fresh] = await rows(`select extract(epoch from now() - aggiornato_il) * 1000 as ms from dati_aggiornamento`)
    expect(Number(fresh!.ms)).toBeLessThan(DATI_REFRESH_MS) // createDatiRefresher refreshes at start only when older
    const [n] = await rows(`select (select coalesce(sum(n), 0)::int from dati_progetto_mv where dimensione = 'servizi') as viste, (select count(*)::int from servizio) as servizi`)
    expect(n!.viste).toBe(n!.servizi)
  })
})
