// @vitest-environment node
/**
 * Migration 0004 (issue 8 points 1–2): citizens get the `identificativo_mascherato` column (NULL for the
 * existing ones, shown as '—'), and the locked Q1 of every existing template gets the consent questions
 * 18–19 exactly as the seed writes them, while the other sections keep their JSON text (the key order of
 * the checkbox options) and a template that already has them is left untouched. PGlite, and PostgreSQL
 * too when DATABASE_URL is set.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../../server/db/index'
import type { SezioneTemplate } from '../../../server/db/schema'
import { defaultSections } from '../../../server/seed/questionnaire'
import { Q1_SECTION } from '../../../server/seed/questionnaire/q1-citizen'
import { tempDir } from '../helpers'
import { migrationsUpTo, migrationTarget, type Target } from './migration-targets'

const sql = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'`

/** The sections as templates had them before 0004: Q1 without 18–19. */
function oldSections(): SezioneTemplate[] {
  const [q1, ...rest] = defaultSections()
  delete q1!.schema.properties['18']
  delete q1!.schema.properties['19']
  q1!.schema.default = q1!.schema.default.filter((id) => id !== '18' && id !== '19')
  return [q1!, ...rest]
}

describe('migration 0004: masked identity column, consent questions in Q1', () => {
  let target: Target
  const folder = tempDir('migrations')
  const oldText = JSON.stringify(oldSections())
  const newText = JSON.stringify(defaultSections())

  beforeAll(async () => {
    target = await migrationTarget()
    await target.migrate(migrationsUpTo(folder, 3))
    await target.query(`insert into questionario_template (nome, sezioni) values ('Vecchio', ${sql(oldSections())}), ('Nuovo', ${sql(defaultSections())})`)
    await target.query(`insert into cittadino (id, codice_fiscale_hash, genere) values (${2 ** 52 + 7}, '${'a'.repeat(64)}', 'F')`)
    await target.migrate(MIGRATIONS_FOLDER)
  })
  afterAll(async () => {
    await target?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('leaves the existing citizens without a mask', async () => {
    expect(await target.query('select identificativo_mascherato from cittadino')).toEqual([{ identificativo_mascherato: null }])
  })

  it('adds 18–19 to the Q1 of an old template as the seed writes them, and nothing else', async () => {
    const [row] = await target.query(`select sezioni::text as t from questionario_template where nome = 'Vecchio'`)
    const sezioni = JSON.parse(row!.t as string) as SezioneTemplate[]
    expect(sezioni[0]).toEqual(Q1_SECTION)
    // the other sections are the same JSON text, key order included
    const old = JSON.parse(oldText) as unknown[]
    expect(sezioni.slice(1).map((s) => JSON.stringify(s))).toEqual(old.slice(1).map((s) => JSON.stringify(s)))
    expect(Object.keys(sezioni[3]!.schema.properties['29']!.properties!)).toEqual(Object.keys((old[3] as SezioneTemplate).schema.properties['29']!.properties!))
  })

  it('leaves a template that already has the consent questions as it was', async () => {
    const [row] = await target.query(`select sezioni::text as t from questionario_template where nome = 'Nuovo'`)
    expect(row!.t).toBe(newText)
  })
})
