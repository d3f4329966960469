// @vitest-environment node
/**
 * Opt-in measurement (LIST_SCALE=1; not part of the normal run): fills the test database with the
 * administrative data of issue 9 point 7 at full scale (200 programmes, 2,000 projects, 10,000 bodies,
 * 6,000 partner rows, 30,000 users with their links) and prints the p95 of one `/{entity}/all` page
 * (domain level, COUNT + page) per list and role, with and without search, and the time of a CSV export.
 * `LIST_SCALE=1 npx vitest run tests/server/liste/scale.test.ts` (PGlite; with DATABASE_URL, PostgreSQL).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Profilo } from '../../../src/api/contract/contesto'
import { csvChunks, pageOf, type ListDefinition } from '../../../server/domain/liste/engine'
import { entiList } from '../../../server/domain/liste/enti'
import { progettiList } from '../../../server/domain/liste/progetti'
import { programmiList } from '../../../server/domain/liste/programmi'
import { utentiList } from '../../../server/domain/liste/utenti'
import type { Caller } from '../../../server/domain/profile'
import { openTestDatabase } from '../helpers'
import type { DatabaseHandle } from '../../../server/db/index'

const FILL = [
  `insert into ente (nome, nome_breve, partita_iva, tipologia)
     select 'Ente scala ' || md5(i::text) || ' ' || i, 'Ente ' || i, lpad((90000000000 + i)::text, 11, '0'), (array['Comune','Associazione','Cooperativa sociale'])[1 + i % 3]
     from generate_series(1, 10000) i`,
  `insert into programma (nome, nome_breve, codice, policy, id_ente_gestore_programma, data_inizio_programma, data_fine_programma)
     select 'Programma scala ' || md5(i::text), 'P' || i, 'SCALA-' || i, case when i % 10 = 0 then 'SCD' else 'RFD' end,
       (select min(id) from ente where nome_breve = 'Ente ' || i), '2024-01-01', '2027-12-31'
     from generate_series(1, 200) i`,
  `insert into progetto (nome, nome_breve, id_programma, id_ente_gestore_progetto, data_inizio_progetto, data_fine_progetto)
     select 'Progetto scala ' || md5(i::text), 'PR' || i, (select id from programma where codice = 'SCALA-' || (1 + i % 200)),
       (select min(id) from ente where nome_breve = 'Ente ' || (200 + i)), '2024-01-01', '2027-12-31'
     from generate_series(1, 2000) i`,
  `insert into ente_partner (id_progetto, id_ente)
     select p.id, e.id from (select id, row_number() over (order by id) r from progetto where nome_breve like 'PR%') p
     join (select id, row_number() over (order by id) r from ente where nome_breve like 'Ente %' and substring(nome_breve from 6)::int > 2200) e
       on e.r between (p.r - 1) * 3 + 1 and p.r * 3`,
  `insert into utente (codice_fiscale, nome, cognome, stato)
     select 'SCL' || lpad(i::text, 13, '0'), 'Nome' || md5((i * 7)::text), 'Cognome' || md5(i::text), case when i % 4 = 0 then 'NON ATTIVO' else 'ATTIVO' end
     from generate_series(1, 30000) i`,
  `insert into utente_x_ruolo (id_utente, codice_ruolo)
     select id, (array['REG','REGP','REPP','FAC'])[1 + id % 4] from utente where codice_fiscale like 'SCL%'`,
  `insert into referente_delegati_gestore_programma (id_programma, id_utente, id_ente, codice_ruolo)
     select p.id, u.id, p.id_ente_gestore_programma, 'REG' from (select id, id_ente_gestore_programma, row_number() over (order by id) r from programma where codice like 'SCALA-%') p
     join (select id, row_number() over (order by id) r from utente where codice_fiscale like 'SCL%') u on u.r between (p.r - 1) * 2 + 1 and p.r * 2`,
  `insert into referente_delegati_gestore_progetto (id_progetto, id_utente, id_ente, codice_ruolo)
     select p.id, u.id, p.id_ente_gestore_progetto, 'REGP' from (select id, id_ente_gestore_progetto, row_number() over (order by id) r from progetto where nome_breve like 'PR%') p
     join (select id, row_number() over (order by id) r from utente where codice_fiscale like 'SCL%') u on u.r between 400 + (p.r - 1) * 2 + 1 and 400 + p.r * 2`,
  `insert into referente_delegati_partner (id_progetto, id_utente, id_ente, codice_ruolo)
     select ep.id_progetto, u.id, ep.id_ente, 'REPP' from (select *, row_number() over (order by id_progetto, id_ente) r from ente_partner) ep
     join (select id, row_number() over (order by id) r from utente where codice_fiscale like 'SCL%') u on u.r = 4400 + ep.r`,
  `insert into sede (nome) select 'Sede scala ' || r from (select row_number() over () r from ente_partner) x`,
  `insert into ente_sede_progetto (id_ente, id_sede, id_progetto, ruolo_ente)
     select ep.id_ente, s.id, ep.id_progetto, 'partner' from (select *, row_number() over (order by id_progetto, id_ente) r from ente_partner) ep
     join sede s on s.nome = 'Sede scala ' || ep.r`,
  `insert into ente_sede_progetto_facilitatore (id_ente, id_sede, id_progetto, id_facilitatore, ruolo_utente)
     select esp.id_ente, esp.id_sede, esp.id_progetto, u.id, 'FAC' from (select *, row_number() over (order by id_sede) r from ente_sede_progetto where ruolo_ente = 'partner') esp
     join (select id, row_number() over (order by id) r from utente where codice_fiscale like 'SCL%') u on u.r > 10400 and (u.r - 10400 - 1) % (select count(*) from ente_partner) + 1 = esp.r`,
  'analyze',
]

describe.runIf(process.env.LIST_SCALE)('lists at national scale', () => {
  let handle: DatabaseHandle
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    handle = await openTestDatabase()
    const started = Date.now()
    for (const q of FILL) await handle.db.execute(sql.raw(q))
    console.log(`fill: ${Date.now() - started} ms`)
    const one = async (q: string) => Number(((await handle.db.execute(sql.raw(q))) as unknown as { rows: { id: number }[] }).rows[0]?.id)
    ids.programma = await one(`select id from programma where codice = 'SCALA-7'`)
    ids.progetto = await one(`select id from progetto where id_programma = ${ids.programma} order by id limit 1`)
    ids.partner = await one(`select id_ente as id from ente_partner where id_progetto = ${ids.progetto} order by id_ente limit 1`)
  }, 600_000)
  afterAll(() => handle?.close())

  const caller = (codiceRuolo: string, p: Partial<Profilo> = {}): Caller => ({
    principal: { userId: 1, codiceFiscale: 'X', nome: 'X', cognome: 'X', integrazione: true, ruoli: [], profili: [] },
    codiceRuolo,
    profilo: { codiceRuolo, descrizioneRuolo: '', descrizioneRuoloCompleta: '', idProgramma: null, nomeProgramma: null, idProgetto: null,
      nomeProgettoBreve: null, idEnte: null, nomeEnte: null, descrizioneEstesaEnte: null, policy: null, ...p },
  })

  it('prints the p95 of a page per list, role and search', async () => {
    const callers = {
      DTD: caller('DTD'),
      REG: caller('REG', { idProgramma: ids.programma }),
      REGP: caller('REGP', { idProgramma: ids.programma, idProgetto: ids.progetto }),
      REPP: caller('REPP', { idProgramma: ids.programma, idProgetto: ids.progetto, idEnte: ids.partner }),
      FAC: caller('FAC', { idProgramma: ids.programma, idProgetto: ids.progetto, idEnte: ids.partner }),
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list definition
    const lists: [ListDefinition<any, any>, string, object][] = [
      [programmiList, 'filtroCriterioRicerca', {}], [progettiList, 'filtroCriterioRicerca', {}],
      [entiList, 'criterioRicerca', {}], [entiList, 'criterioRicerca', { profili: ['ENTE PARTNER'] }], [utentiList, 'criterioRicerca', {}],
    ]
    const all: number[] = []
    for (const [def, searchKey, extra] of lists) {
      for (const [role, c] of Object.entries(callers)) {
        for (const term of [undefined, 'scala 1f', 'ab']) {
          const filtro = { ...extra, ...(term ? { [searchKey]: term } : {}) }
          const times: number[] = []
          for (let i = 0; i < 12; i++) {
            const t = performance.now()
            await pageOf(handle.db, def, c, filtro, undefined, { currPage: 0, pageSize: 8 })
            times.push(performance.now() - t)
          }
          times.sort((a, b) => a - b)
          const p95 = times[Math.ceil(times.length * 0.95) - 1] as number
          all.push(...times.slice(2))
          const median = times[Math.floor(times.length / 2)] as number
          console.log(`${def.entity} ${role} ${JSON.stringify(filtro)}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`)
        }
      }
    }
    all.sort((a, b) => a - b)
    console.log(`list_p95_ms: ${all[Math.ceil(all.length * 0.95) - 1]?.toFixed(1)}, median ${all[Math.floor(all.length / 2)]?.toFixed(1)}`)
    let t = performance.now()
    let bytes = 0
    for await (const chunk of csvChunks(handle.db, utentiList, callers.DTD, undefined, undefined)) bytes += chunk.length
    console.log(`csv utenti DTD (30k): ${(performance.now() - t).toFixed(0)} ms, ${bytes} chars`)
    t = performance.now()
    bytes = 0
    for await (const chunk of csvChunks(handle.db, entiList, callers.DTD, undefined, undefined)) bytes += chunk.length
    console.log(`csv enti DTD (10k): ${(performance.now() - t).toFixed(0)} ms, ${bytes} chars`)
    expect(all.length).toBeGreaterThan(0)
  }, 600_000)
})
