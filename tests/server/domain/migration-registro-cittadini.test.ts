// @vitest-environment node
/**
 * Migration 0018 (issue 24 point 22): a database seeded with the old matrix (the registry for DTD and FAC/VOL
 * only, no CSV in VIS.CITT) gets the registry and its CSV for every role that sees services; MOD is left out.
 * PGlite, and PostgreSQL too when DATABASE_URL is set.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../../server/db/index'
import { tempDir } from '../helpers'
import { migrationsUpTo, migrationTarget, type Target } from './migration-targets'

const ROLES = ['DTD', 'DSCU', 'REG', 'DEG', 'REGP', 'DEGP', 'REPP', 'DEPP', 'FAC', 'VOL', 'MOD']

describe('migration 0018: the citizens registry for every role that sees services', () => {
  let target: Target
  const folder = tempDir('migrations')

  beforeAll(async () => {
    target = await migrationTarget()
    await target.migrate(migrationsUpTo(folder, 17))
    // the old seed: VIS.CITT = tab.citt + list.citt (DTD), RED.CITT adds the CSV (FAC, VOL)
    await target.query(`insert into permesso (codice, descrizione) values ('tab.citt', 't'), ('list.citt', 'l'), ('list.dwnl.citt', 'd')`)
    await target.query(`insert into gruppo (codice, descrizione) values ('VIS.CITT', 'Visualizzazione dei cittadini (new)'), ('RED.CITT', 'r')`)
    await target.query(`insert into gruppo_x_permesso (codice_gruppo, id_permesso)
      select 'VIS.CITT', id from permesso where codice in ('tab.citt', 'list.citt') union all select 'RED.CITT', id from permesso`)
    await target.query(`insert into ruolo (codice, nome, predefinito, modificabile, stato) values ${ROLES.map((r) => `('${r}', 'Ruolo ${r}', true, false, 'ATTIVO')`).join(', ')}`)
    await target.query(`insert into ruolo_x_gruppo (codice_ruolo, codice_gruppo) values ('DTD', 'VIS.CITT'), ('FAC', 'RED.CITT'), ('VOL', 'RED.CITT')`)
    await target.migrate(MIGRATIONS_FOLDER)
  })
  afterAll(async () => {
    await target?.close()
    rmSync(folder, { recursive: true, force: true })
  })

  const holders = async (code: string) => (await target.query(`select distinct rg.codice_ruolo as r from ruolo_x_gruppo rg
    join gruppo_x_permesso gp on gp.codice_gruppo = rg.codice_gruppo join permesso p on p.id = gp.id_permesso where p.codice = '${code}' order by 1`)).map((x) => x.r)

  it('grants list and CSV to DTD, DSCU, REG/DEG, REGP/DEGP, REPP/DEPP, FAC/VOL, not to MOD', async () => {
    const expected = ROLES.filter((r) => r !== 'MOD').sort()
    for (const code of ['tab.citt', 'list.citt', 'list.dwnl.citt']) expect(await holders(code), code).toEqual(expected)
    expect(await target.query(`select descrizione from gruppo where codice = 'VIS.CITT'`)).toEqual([{ descrizione: 'Visualizzazione dei cittadini dei servizi visibili, con il download (new)' }])
  })
})
