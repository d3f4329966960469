// @vitest-environment node
/**
 * The service counters of migrations 0009/0010 (issue 9 point 7): `servizio_conteggio` stays equal to the services
 * grouped by project, body, facilitator, state and types, and `servizio_conteggio_ricerca` to the same groups per
 * folded name, through the real routes (create, update, delete) and through bulk SQL (insert, update, delete,
 * truncate), and the services list's `numeroTotaleElementi` read from the counters equals COUNT(*) of the rows for
 * every role, with and without the state/type filters and a search (name, accents, digits matching an id).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../../server/db/types'
import { pageOf } from '../../../server/domain/liste/engine'
import { serviziList } from '../../../server/domain/liste/servizi'
import { createTestServer, type TestServer } from '../helpers'
import { attori, CAST_RUOLI } from '../scenari'
import { actor, call, CF, createService, firstSite, named, servizioBody, type Actor } from '../field/fixtures'
import { versioneLetta } from '../versioni-letture'

describe('service counters', () => {
  let server: TestServer
  let sara: Actor, matteo: Actor, luca: Actor
  const who: Record<string, Actor> = {}

  beforeAll(async () => {
    server = await createTestServer()
    const { dtd, dscu, reg, regp, repp, fac, vol } = await attori(server, CAST_RUOLI)
    sara = fac
    luca = vol
    matteo = await actor(server, CF.MATTEO, 'FAC')
    Object.assign(who, { dtd, dscu, reg, regp, repp, sara, luca })
    for (const [i, a] of [sara, sara, matteo, luca].entries()) {
      await createService(server, a, { nomeServizio: named(`Conteggio ${i}`), tipoDiServizioPrenotato: i % 2 ? ['Formazione online'] : ['Facilitazione individuale', 'Formazione online'] })
    }
  })
  afterAll(() => server?.close())

  const rows = async (q: string, db: Executor = server.database.db) => ((await db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows
  /** Counter rows that differ from the grouped services (empty when the counters are exact). */
  const drift = async (db?: Executor) => [...await rows(`
    with g as (select id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, count(*)::bigint as n from servizio group by 1, 2, 3, 4, 5)
    (select * from g except select * from servizio_conteggio) union all (select * from servizio_conteggio except select * from g)`, db),
  ...await rows(`
    with g as (select id_progetto, id_ente, id_facilitatore, stato, tipologia_servizio, ricerca, count(*)::bigint as n from servizio group by 1, 2, 3, 4, 5, 6)
    (select * from g except select * from servizio_conteggio_ricerca) union all (select * from servizio_conteggio_ricerca except select * from g)`, db)]

  it('follow the routes: create, update (state, types), delete', async () => {
    expect(await drift()).toEqual([])
    const site = await firstSite(server, sara)
    const res = await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { nomeServizio: named('Da modificare') }) })
    expect(res.statusCode, res.body).toBe(201)
    const { idServizio } = res.json() as { idServizio: number }
    const upd = await call(server, sara, 'PUT', `/api/servizio/${idServizio}`, { body: { ...servizioBody(sara, site, { nomeServizio: named('Modificato'), tipoDiServizioPrenotato: ['Altro'] }), versione: await versioneLetta(server, sara, 'servizio', idServizio) } })
    expect(upd.statusCode, upd.body).toBeLessThan(300)
    expect(await drift()).toEqual([])
    expect(await rows(`select n::int as n from servizio_conteggio where tipologia_servizio = 'Altro'`)).toEqual([{ n: 1 }])
    const del = await call(server, sara, 'DELETE', `/api/servizio/${idServizio}`, { body: { versione: await versioneLetta(server, sara, 'servizio', idServizio) } })
    expect(del.statusCode, del.body).toBeLessThan(300)
    expect(await drift()).toEqual([])
    expect(await rows(`select n::int as n from servizio_conteggio where tipologia_servizio = 'Altro'`)).toEqual([])
  })

  it('follow bulk SQL: multi-row insert, update, delete and truncate', async () => {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into servizio (nome, data_servizio, durata_servizio, tipologia_servizio, stato, id_ente, id_sede, id_progetto, id_facilitatore)
        select 'Massivo ' || i, date '2025-01-01' + i, '1:00', 'Formazione in presenza', 'ATTIVO', id_ente, id_sede, id_progetto, id_facilitatore
        from generate_series(1, 30) i, (select id_ente, id_sede, id_progetto, id_facilitatore from servizio order by id limit 2) s`)
      await tx.execute(sql`update servizio set stato = 'NON ATTIVO' where nome like 'Massivo 1%'`)
      await tx.execute(sql`delete from servizio where nome like 'Massivo 2%'`)
      expect(await drift(tx)).toEqual([])
      await tx.execute(sql`truncate servizio cascade`)
      expect(await rows('select count(*)::int as n from servizio_conteggio', tx)).toEqual([{ n: 0 }])
      expect(await rows('select count(*)::int as n from servizio_conteggio_ricerca', tx)).toEqual([{ n: 0 }])
      tx.rollback()
    }).catch((e: unknown) => { if (!(e instanceof Error && /rollback/i.test(e.message))) throw e })
    expect(await drift()).toEqual([])
  })

  it('give the list the same numeroTotaleElementi as COUNT(*) for every role and filter', async () => {
    const { createPrincipalLoader } = await import('../../../server/domain/principal')
    const load = createPrincipalLoader(server.database.db)
    // a service whose name does not hold its id: a search by its id counts it from the services, not from the counters
    const [other] = await rows(`select id from servizio where position(id::text in ricerca) = 0 order by id desc limit 1`)
    const otherId = Number(other?.id)
    expect(otherId).toBeGreaterThan(0)
    const filters = [undefined, { stato: ['ATTIVO'] }, { stato: ['NON ATTIVO'] }, { tipologiaServizio: ['Formazione online'] }, { tipologiaServizio: ['Altro', 'Facilitazione individuale'], stato: ['NON ATTIVO'] },
      // a programme's or a project's services (detail steps): the counters narrow by the same columns
      { idProgramma: 1 }, { idProgramma: 2 }, { idProgetto: 1 }, { idProgetto: 1, stato: ['ATTIVO'] },
      // a search: counted per folded name (accents and case folded), a term of digits also matches that id
      { criterioRicerca: 'conteggio' }, { criterioRicerca: 'CONTÈGGIO 1' }, { criterioRicerca: 'conteggio', stato: ['ATTIVO'], tipologiaServizio: ['Formazione online'] },
      { criterioRicerca: '1' }, { criterioRicerca: String(otherId) }, { criterioRicerca: String(otherId), stato: ['NON ATTIVO'] }, { criterioRicerca: 'nessun servizio' }]
    let nonZero = 0
    for (const [name, a] of Object.entries(who)) {
      const principal = (await load(a.cf))!
      const profilo = principal.profili.find((p) => p.codiceRuolo === a.role)!
      const caller = { principal, codiceRuolo: a.role, profilo }
      for (const filtro of filters) {
        const fast = await pageOf(server.database.db, serviziList, caller, filtro, undefined, { currPage: 0, pageSize: 10 })
        const slow = await pageOf(server.database.db, { ...serviziList, count: undefined }, caller, filtro, undefined, { currPage: 0, pageSize: 10 })
        expect(fast.numeroTotaleElementi, `${name} ${JSON.stringify(filtro)}`).toBe(slow.numeroTotaleElementi)
        expect(fast.servizi).toEqual(slow.servizi)
        if (fast.numeroTotaleElementi > 0) nonZero++
      }
    }
    expect(nonZero).toBeGreaterThan(10)
  })
})
