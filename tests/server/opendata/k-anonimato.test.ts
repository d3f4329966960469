// @vitest-environment node
/**
 * Issue 24 point 3, on the database (PGlite, and PostgreSQL with DATABASE_URL): a realistic population (600
 * citizens, 700 services over six months at the seeded sites) is published by the monthly job's code path, and
 * no combination of the published columns (every subset of the quasi-identifiers) isolates fewer than 3
 * citizens. The file is exactly what the in-memory rule publishes over the same rows (the groups counted by
 * the database are the in-memory ones), so the check over the in-memory rows, which carry the citizen, holds
 * for the file.
 */
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../server/db/types'
import { OPEN_DATA_COLUMNS } from '../../../src/api/contract/open-data'
import { cittadino, ente, progetto, sede, servizio, servizioXCittadino, utente } from '../../../server/db/schema'
import { applicaSogliaMinima, contaCelle, QUASI_IDENTIFICATIVI } from '../../../server/domain/opendata/anonimizza'
import { conteggiCelleSql, leggiRighe } from '../../../server/domain/opendata/dataset'
import { BLOCCO_INCORPORATO, csvOpenData, generaFileMese } from '../../../server/domain/opendata/genera'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { popolazione, violazioni } from './popolazione'

describe('open data: k-anonymity of a realistic population', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
    const db = server.database.db
    const sedi = await db.select({ id: sede.id }).from(sede).orderBy(sede.id)
    const progetti = await db.select({ id: progetto.id }).from(progetto).orderBy(progetto.id)
    const [e] = await db.select({ id: ente.id }).from(ente).limit(1)
    const [u] = await db.select({ id: utente.id }).from(utente).limit(1)
    const luoghi = sedi.map((s, i) => ({ idSede: s.id, idProgetto: progetti[i % progetti.length]!.id }))
    const { cittadini, servizi } = popolazione(2024, luoghi, 600, 700)
    await db.insert(cittadino).values(cittadini.map((c) => ({ id: c.id, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, occupazione: c.occupazione, titoloDiStudio: c.titoloDiStudio })))
    for (let i = 0; i < servizi.length; i += 100) {
      const batch = servizi.slice(i, i + 100)
      const ids = await db.insert(servizio).values(batch.map((s, j) => ({
        nome: `Popolazione ${i + j}`, dataServizio: s.data, durataServizio: '1:00', tipologiaServizio: s.tipologia,
        idEnte: e!.id, idSede: s.sede.idSede, idProgetto: s.sede.idProgetto, idFacilitatore: u!.id,
        sezioneQ3Compilato: { id: 'anagraficaServizio', title: 'Q3', properties: [{ '25': s.competenze }, { '27': s.ambito }] as Record<string, string[]>[] },
      }))).returning({ id: servizio.id })
      await db.insert(servizioXCittadino).values(batch.flatMap((s, j) => s.cittadini.map((idCittadino) => ({ idCittadino, idServizio: ids[j]!.id }))))
    }
  })
  afterAll(async () => { await server?.close() })

  it('publishes no group of any subset of the columns with fewer than 3 citizens', async () => {
    const db = server.database.db
    const tutte = await leggiRighe(db, { finoA: '2026-06-30' })
    expect(tutte.length).toBeGreaterThan(1500)
    // what would be published whole: most rows unique on their columns (what issue 24 found)
    expect(violazioni(tutte, QUASI_IDENTIFICATIVI, 3, { soloTutte: true }).length).toBeGreaterThan(tutte.length / 2)

    // the database's groups are the in-memory ones, and the file is the in-memory publication
    const sqlCounts = await conteggiCelleSql(db, { finoA: '2026-06-30' })
    expect(sqlCounts.pubblicabili.map((s) => [...s].sort())).toEqual(contaCelle(tutte).pubblicabili.map((s) => [...s].sort()))
    const esito = applicaSogliaMinima(tutte)
    const gen = await generaFileMese(db, server.app.storage, { mese: '2026-06', oggi: '2026-06-30' })
    expect(gen).toMatchObject({ righe: esito.righe.length, generalizzate: esito.generalizzate, soppresse: esito.soppresse })
    const res = await server.app.inject({ method: 'GET', url: '/api/open-data/file/2026-06', headers: { host: TEST_HOST } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(csvOpenData(esito.righe))

    // the check of the issue: every subset of the published quasi-identifiers, every group ≥ 3 distinct citizens
    expect(esito.righe.length).toBeGreaterThan(0)
    expect(violazioni(esito.righe, QUASI_IDENTIFICATIVI, 3)).toEqual([])
    // and the file itself: every full row shared by at least 3 rows, no column beyond the dictionary
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(lines[0]).toBe(OPEN_DATA_COLUMNS.map((c) => c.attributo).join(';'))
    const perValori = new Map<string, number>()
    for (const l of lines.slice(1)) {
      const valori = l.split(';').slice(1).join(';')
      perValori.set(valori, (perValori.get(valori) ?? 0) + 1)
    }
    expect([...perValori.values()].filter((n) => n < 3)).toEqual([])
  })

  it('on the embedded database counts in memory from short batches: the same file, no statement over the whole dataset (issue 24 point 25)', async () => {
    const db = server.database.db
    const dialect = new PgDialect()
    const seen: string[] = []
    const recording = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') return (query: SQL) => { seen.push(dialect.sqlToQuery(query).sql); return target.execute(query) }
        return Reflect.get(target, prop, receiver) as unknown
      },
    }) as Database
    const viaSql = await generaFileMese(db, server.app.storage, { mese: '2026-05', oggi: '2026-06-30' })
    const fileSql = (await server.app.inject({ method: 'GET', url: '/api/open-data/file/2026-05', headers: { host: TEST_HOST } })).body
    const incorporato = await generaFileMese(recording, server.app.storage, { mese: '2026-05', oggi: '2026-06-30', incorporato: true })
    const file = (await server.app.inject({ method: 'GET', url: '/api/open-data/file/2026-05', headers: { host: TEST_HOST } })).body
    expect(file).toBe(fileSql)
    expect(incorporato).toMatchObject({ righe: viaSql.righe, generalizzate: viaSql.generalizzate, soppresse: viaSql.soppresse })
    // every statement reads one batch (keyset + limit), none counts the groups over the whole dataset
    expect(seen.length).toBeGreaterThan(2)
    for (const q of seen) {
      expect(q).toMatch(/limit \$\d+$/)
      expect(q).not.toMatch(/jsonb_build_array|group by/i)
    }
    expect(BLOCCO_INCORPORATO).toBeLessThanOrEqual(1000)
  })
})
