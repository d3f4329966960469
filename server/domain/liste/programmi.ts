/**
 * The programmes list (`POST /programma/all`, dropdowns `policies` and `stati`, `programmi.csv`;
 * platform-backend §4.4 row 1, §13). Search: name, short name, code or id. Sort: nome (default), id,
 * codice, policy, stato, nomeEnteGestore.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ProgrammaRiga, ProgrammiListaBody, StatoEntita } from '../../../src/api/contract/amministrazione'
import { ente, programma } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, inList, rowsOf, searchCondition, type ListDefinition } from './engine'
import { programmaScope } from '../ambito'

const from = sql`${programma} left join ${ente} on ${ente.id} = ${programma.idEnteGestoreProgramma}`

async function distinct(db: Executor, caller: Caller, column: SQL): Promise<string[]> {
  const scope = programmaScope(caller) ?? sql`true`
  const rows = await rowsOf(db, sql`select distinct ${column} as v from ${programma} where ${scope} order by 1`)
  return rows.map((r) => String(r.v))
}

type FiltroProgrammi = NonNullable<ProgrammiListaBody['filtroRequest']>

export const programmiList: ListDefinition<FiltroProgrammi, ProgrammaRiga> = {
  entity: 'programma',
  rowsKey: 'programmi',
  from,
  id: sql`${programma.id}`,
  where: (caller, f) => {
    const policies = filterValues(f?.filtroPolicies)
    const stati = filterValues(f?.filtroStati)
    return [
      programmaScope(caller),
      searchCondition(f?.filtroCriterioRicerca, [sql`${programma.ricerca}`], sql`${programma.id}`),
      policies && inList(sql`${programma.policy}`, policies),
      stati && inList(sql`${programma.stato}`, stati),
    ]
  },
  columns: () => ({
    id: sql`${programma.id}`, nome: sql`${programma.nome}`, nomeBreve: sql`${programma.nomeBreve}`, codice: sql`${programma.codice}`,
    policy: sql`${programma.policy}`, nomeEnteGestore: sql`${ente.nome}`, stato: sql`${programma.stato}`,
  }),
  sortable: {
    nome: [sql`pd_fold(${programma.nome})`],
    id: [],
    codice: [sql`${programma.codice}`],
    policy: [sql`${programma.policy}`],
    stato: [sql`${programma.stato}`],
    nomeEnteGestore: [sql`coalesce(pd_fold(${ente.nome}), '')`],
  },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    id: Number(r.id), nome: String(r.nome), nomeBreve: String(r.nomeBreve), codice: String(r.codice),
    policy: r.policy as ProgrammaRiga['policy'], nomeEnteGestore: r.nomeEnteGestore === null ? null : String(r.nomeEnteGestore),
    stato: r.stato as StatoEntita,
  }),
  csv: {
    filename: 'programmi.csv',
    header: ['ID', 'Nome', 'Nome breve', 'Codice', 'Intervento', 'Ente gestore', 'Stato'],
    cells: (r) => [r.id, r.nome, r.nomeBreve, r.codice, r.policy, r.nomeEnteGestore, r.stato],
  },
  dropdowns: {
    policies: (db, caller) => distinct(db, caller, sql`${programma.policy}`),
    stati: (db, caller) => distinct(db, caller, sql`${programma.stato}`),
  },
  permissions: { list: 'list.prgm', download: 'list.dwnl.prgm' },
}
