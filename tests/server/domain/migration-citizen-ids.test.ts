// @vitest-environment node
/**
 * Migration 0003 (security issue 6, item 1): citizens created under the sequential ids of 0000–0002 get
 * random ids in [2^52, 2^53), and their services and surveys follow them; the foreign keys are back. Runs
 * on PGlite, and on PostgreSQL too when DATABASE_URL is set (a private database, dropped at the end).
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../../server/db/index'
import { tempDir } from '../helpers'
import { migrationsUpTo, migrationTarget, type Target } from './migration-targets'

describe('migration 0003: random citizen ids', () => {
  let target: Target
  const folder = tempDir('migrations')

  beforeAll(async () => {
    // the migrations up to 0002 only: a database as it was before this change
    target = await migrationTarget()
    await target.migrate(migrationsUpTo(folder, 2))
    const one = async (text: string) => (await target.query(text))[0]!.id as number
    const ente = await one(`insert into ente (partita_iva, nome, nome_breve) values ('01234567890', 'Ente', 'E') returning id`)
    const programma = await one(`insert into programma (nome, nome_breve, codice, policy, data_inizio_programma, data_fine_programma)
      values ('P', 'P', 'P-MIG', 'RFD', '2024-01-01', '2027-12-31') returning id`)
    const progetto = await one(`insert into progetto (nome, nome_breve, id_programma, data_inizio_progetto, data_fine_progetto)
      values ('Pr', 'Pr', ${programma}, '2024-01-01', '2027-12-31') returning id`)
    const sede = await one(`insert into sede (nome) values ('Sede') returning id`)
    const utente = await one(`insert into utente (codice_fiscale, nome, cognome) values ('RSSMRA80A01H501U', 'M', 'R') returning id`)
    const servizio = await one(`insert into servizio (nome, data_servizio, durata_servizio, tipologia_servizio, id_ente, id_sede, id_progetto, id_facilitatore)
      values ('S', '2025-03-10', '1:00', 'Altro', ${ente}, ${sede}, ${progetto}, ${utente}) returning id`)
    const template = (await target.query(`insert into questionario_template (nome, sezioni) values ('T', '[]') returning id`))[0]!.id as string
    const ids: number[] = []
    for (const h of ['a', 'b', 'c']) ids.push(await one(`insert into cittadino (codice_fiscale_hash, genere) values ('${h.repeat(64)}', 'F') returning id`))
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]) // sequential before
    for (const id of ids.slice(0, 2)) {
      await target.query(`insert into servizio_x_cittadino (id_cittadino, id_servizio) values (${id}, ${servizio})`)
      await target.query(`insert into questionario_compilato (id_questionario_template, id_cittadino, id_facilitatore, id_sede, id_ente, id_progetto, id_servizio)
        values ('${template}', ${id}, ${utente}, ${sede}, ${ente}, ${progetto}, ${servizio})`)
    }
    await target.migrate(MIGRATIONS_FOLDER)
  })
  afterAll(async () => {
    await target?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('gives every existing citizen a random id in [2^52, 2^53)', async () => {
    const rows = await target.query('select id::text as id from cittadino order by codice_fiscale_hash')
    const ids = rows.map((r) => Number(r.id))
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(3)
    for (const id of ids) {
      expect(Number.isSafeInteger(id)).toBe(true)
      expect(id).toBeGreaterThanOrEqual(2 ** 52)
    }
    const columns = await target.query(`select table_name, data_type, is_identity from information_schema.columns
      where (table_name = 'cittadino' and column_name = 'id') or column_name = 'id_cittadino' order by table_name`)
    expect(columns).toEqual([
      { table_name: 'cittadino', data_type: 'bigint', is_identity: 'NO' },
      { table_name: 'questionario_compilato', data_type: 'bigint', is_identity: 'NO' },
      // issue 28 part 3 (migration 0024): the erasure requests name the citizen by its random id
      { table_name: 'richiesta_cancellazione', data_type: 'bigint', is_identity: 'NO' },
      { table_name: 'servizio_x_cittadino', data_type: 'bigint', is_identity: 'NO' },
    ])
  })

  it('keeps each service link and survey with its citizen', async () => {
    const links = await target.query(`select left(c.codice_fiscale_hash, 1) as h from servizio_x_cittadino x join cittadino c on c.id = x.id_cittadino order by h`)
    expect(links.map((r) => r.h)).toEqual(['a', 'b'])
    const surveys = await target.query(`select left(c.codice_fiscale_hash, 1) as h from questionario_compilato q join cittadino c on c.id = q.id_cittadino order by h`)
    expect(surveys.map((r) => r.h)).toEqual(['a', 'b'])
  })

  it('has the foreign keys back', async () => {
    const servizio = (await target.query('select id from servizio'))[0]!.id as number
    await expect(target.query(`insert into servizio_x_cittadino (id_cittadino, id_servizio) values (5, ${servizio})`)).rejects.toThrow(/foreign key/)
    await expect(target.query('delete from cittadino')).rejects.toThrow(/foreign key/)
  })
})
