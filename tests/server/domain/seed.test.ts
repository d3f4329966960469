// @vitest-environment node
/**
 * Migration and seed on in-memory PGlite (one database for the file): the demo world of the brief,
 * idempotency, default questionnaires Q1–Q4, template associations, minors configuration.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { DatabaseHandle } from '../../../server/db/index'
import * as s from '../../../server/db/schema'
import { openSeededDatabase, seedDatabase } from '../../../server/seed'
import { DEMO_IDENTITIES } from '../../../server/seed/identities'
import {
  AMBITO_SERVIZI_PUBBLICI, COMPETENZE_LIVELLO_1, SEZIONI_QUESTIONARIO,
} from '../../../src/api/contract/enums'
import { openTestDatabase } from './helpers'

let h: DatabaseHandle
beforeAll(async () => { h = await openTestDatabase() })
afterAll(async () => { await h?.close() })

const countOf = async (table: PgTable) => {
  const [row] = await h.db.select({ n: count() }).from(table)
  return row!.n
}

describe('seed', () => {
  it('creates the demo world of the brief', async () => {
    const programmes = await h.db.select().from(s.programma)
    expect(programmes.map((p) => p.codice).sort()).toEqual(['RFD-2024-LAZ', 'RFD-2024-LOM', 'SCD-2024-NAZ'])
    expect(new Set(programmes.map((p) => p.policy))).toEqual(new Set(['RFD', 'SCD']))
    for (const p of programmes) {
      expect(p.idEnteGestoreProgramma).not.toBeNull()
      expect(p.cup).toMatch(/^[A-Z0-9]{15}$/)
      expect(p.obiettivi?.puntiFacilitazione).toHaveLength(5)
    }
    const projects = await h.db.select().from(s.progetto)
    expect(projects.map((p) => p.nomeBreve).sort()).toEqual([
      'Lazio Digitale Latina', 'Lazio Digitale Roma', 'Lombardia in Rete Bergamo', 'Lombardia in Rete Milano',
      'SCD Campania Digitale', 'SCD Puglia Connessa',
    ])
    for (const p of projects) expect(p.idEnteGestoreProgetto).not.toBeNull()
    const partners = await h.db.select().from(s.entePartner)
    expect(new Set(partners.map((p) => p.idProgetto)).size).toBe(6)
    const bodies = await h.db.select().from(s.ente)
    for (const b of bodies) expect(b.partitaIva).toMatch(/^\d{11}$/)
    expect(await countOf(s.utente)).toBe(DEMO_IDENTITIES.length)
  })

  it('has at least a dozen sites in five regions, each with two-window opening hours and a body-project link', async () => {
    const sites = await h.db.select().from(s.sede)
    expect(sites.length).toBeGreaterThanOrEqual(12)
    expect(new Set(sites.map((x) => x.regione)).size).toBeGreaterThanOrEqual(5)
    for (const x of sites) expect(x.cap).toMatch(/^\d{5}$/)
    const hours = await h.db.select().from(s.indirizzoSedeFasciaOraria)
    expect(hours).toHaveLength(sites.length)
    expect(hours.some((o) => o.lunOrarioApertura2 !== null)).toBe(true)
    const links = await h.db.select().from(s.enteSedeProgetto)
    expect(new Set(links.map((l) => l.idSede)).size).toBe(sites.length)
  })

  it('is idempotent: a second run adds nothing', async () => {
    const before = await Promise.all([countOf(s.utente), countOf(s.permesso), countOf(s.sede), countOf(s.enteSedeProgettoFacilitatore)])
    expect(await seedDatabase(h.db)).toBe(false)
    const after = await Promise.all([countOf(s.utente), countOf(s.permesso), countOf(s.sede), countOf(s.enteSedeProgettoFacilitatore)])
    expect(after).toEqual(before)
  })

  it('seeds the default RFD and SCD questionnaires with sections Q1–Q4', async () => {
    const templates = await h.db.select().from(s.questionarioTemplate)
    expect(templates.filter((t) => t.defaultRfd)).toHaveLength(1)
    expect(templates.filter((t) => t.defaultScd)).toHaveLength(1)
    for (const t of templates) {
      expect(t.sezioni.map((x) => x.id)).toEqual(Object.values(SEZIONI_QUESTIONARIO).map((x) => x.id))
      const [q1, q2, q3, q4] = t.sezioni
      expect(Object.keys(q1!.schema.properties).map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 19])
      expect(Object.keys(q2!.schema.properties).sort()).toEqual(['20', '21'])
      expect(Object.keys(q3!.schema.properties).sort()).toEqual(['22', '23', '24', '25', '26', '27', '28'])
      expect(q3!.schema.required).toHaveLength(7)
      expect(Object.keys(q4!.schema.properties).sort()).toEqual(['1663320201383', '29', '30', '31', '32', '33'])
      const p3 = q3!.schema.properties
      expect(p3['25']!.enumLevel1).toEqual([...COMPETENZE_LIVELLO_1])
      expect(p3['26']!.enumLevel2).toHaveLength(13)
      for (const c of p3['26']!.enumLevel2!) expect(COMPETENZE_LIVELLO_1 as readonly string[]).toContain(c.upperLevel)
      expect(Object.keys(p3['27']!.properties!)).toEqual([...AMBITO_SERVIZI_PUBBLICI])
      expect(Object.keys(p3['27']!.properties!)).toHaveLength(19)
      expect(p3['28']!.maxLength).toBe(600)
      const rating = q4!.schema.properties['1663320201383']!
      expect([rating.type, rating.minimum, rating.maximum]).toEqual(['range', 1, 5])
      expect(q1!.schema.properties['9']!.enum).toHaveLength(110)
      expect(q1!.schema.properties['6']!.enum).toEqual(['18-29', '30-54', '55-74', '75 e oltre', '14-17'])
    }
  })

  it('links every programme to exactly one ATTIVO template of its policy', async () => {
    const rows = await h.db.select({
      codice: s.programma.codice, policy: s.programma.policy, rfd: s.questionarioTemplate.defaultRfd, scd: s.questionarioTemplate.defaultScd,
    }).from(s.programmaXQuestionarioTemplate)
      .innerJoin(s.programma, eq(s.programma.id, s.programmaXQuestionarioTemplate.idProgramma))
      .innerJoin(s.questionarioTemplate, eq(s.questionarioTemplate.id, s.programmaXQuestionarioTemplate.idQuestionarioTemplate))
      .where(eq(s.programmaXQuestionarioTemplate.stato, 'ATTIVO'))
    expect(rows).toHaveLength(3)
    for (const r of rows) expect(r.policy === 'RFD' ? r.rfd : r.scd).toBe(true)
  })

  it('configures minors for one programme, effective since a past date, and the five age bands', async () => {
    const rows = await h.db.select().from(s.configurazioneMinorenni)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.dataDecorrenza < new Date().toISOString().slice(0, 10)).toBe(true)
    const bands = await h.db.select().from(s.fasciaDiEta)
    expect(bands.find((b) => b.id === 5)?.fascia).toBe('14-17')
  })

  it('stores status strings with the space of the reference', async () => {
    const res = await h.db.execute(sql`select distinct stato from programma`)
    const rows = (res as unknown as { rows: { stato: string }[] }).rows
    expect(rows.map((r) => r.stato)).toEqual(['NON ATTIVO'])
  })
})

describe('openSeededDatabase (the start-up) on a data folder', () => {
  it('creates, migrates and seeds on first open, and adds nothing when reopened', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pd-db-'))
    try {
      const first = await openSeededDatabase({ dataDir: dir })
      const [a] = await first.db.select({ n: count() }).from(s.utente)
      await first.close()
      const second = await openSeededDatabase({ dataDir: dir })
      const [b] = await second.db.select({ n: count() }).from(s.utente)
      const [perm] = await second.db.select({ n: count() }).from(s.permesso)
      await second.close()
      expect(first.kind).toBe('pglite')
      expect(a!.n).toBe(DEMO_IDENTITIES.length)
      expect(b!.n).toBe(a!.n)
      expect(perm!.n).toBeGreaterThan(100)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe.skipIf(!process.env.DATABASE_URL)('openSeededDatabase (the start-up) on PostgreSQL (DATABASE_URL)', () => {
  it('migrates and seeds once even when two processes open it at the same time', async () => {
    const url = process.env.DATABASE_URL!
    const [x, y] = await Promise.all([
      openSeededDatabase({ dataDir: 'unused', databaseUrl: url }),
      openSeededDatabase({ dataDir: 'unused', databaseUrl: url }),
    ])
    try {
      expect(x.kind).toBe('postgres')
      const [users] = await x.db.select({ n: count() }).from(s.utente)
      expect(users!.n).toBeGreaterThanOrEqual(DEMO_IDENTITIES.length)
      const sara = await y.db.select().from(s.utente).where(eq(s.utente.codiceFiscale, 'RMNSRA92E51A944H'))
      expect(sara).toHaveLength(1)
      const [roles] = await y.db.select({ n: count() }).from(s.ruolo)
      expect(roles!.n).toBe(11)
    } finally {
      await Promise.all([x.close(), y.close()])
    }
  }, 120_000)
})
