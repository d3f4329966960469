/**
 * The projects list (`POST /progetto/all`, dropdowns `policies` (also `policies/programmi`, spec 002 §7),
 * `stati` and `programmi` ({id, nome}), `progetti.csv`; platform-backend §4.4 row 2, §13). Search: name,
 * short name or id. Sort: nome (default), id, stato, policy, nomeProgramma, nomeEnteGestore.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ProgettiListaBody, ProgettoRiga, StatoEntita } from '../../../src/api/contract/amministrazione'
import { ente, programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, inList, rowsOf, searchCondition, type DropdownProvider, type ListDefinition } from './engine'
import { progettoScope } from '../ambito'

type FiltroProgetti = NonNullable<ProgettiListaBody['filtroRequest']>

const scoped = sql`${progetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`
const from = sql`${scoped} left join ${ente} on ${ente.id} = ${progetto.idEnteGestoreProgetto}`

async function distinct(db: Executor, caller: Caller, column: SQL): Promise<string[]> {
  const rows = await rowsOf(db, sql`select distinct ${column} as v from ${scoped} where ${progettoScope(caller) ?? sql`true`} order by 1`)
  return rows.map((r) => String(r.v))
}

const policies: DropdownProvider = (db, caller) => distinct(db, caller, sql`${programma.policy}`)

export const progettiList: ListDefinition<FiltroProgetti, ProgettoRiga> = {
  entity: 'progetto',
  rowsKey: 'progetti',
  from,
  id: sql`${progetto.id}`,
  where: (caller, f) => {
    const pol = filterValues(f?.filtroPolicies)
    const stati = filterValues(f?.filtroStati)
    const programmi = filterValues(f?.filtroIdsProgrammi)
    return [
      progettoScope(caller),
      searchCondition(f?.filtroCriterioRicerca, [sql`${progetto.ricerca}`], sql`${progetto.id}`),
      pol && inList(sql`${programma.policy}`, pol),
      stati && inList(sql`${progetto.stato}`, stati),
      programmi && inList(sql`${progetto.idProgramma}`, programmi),
    ]
  },
  columns: () => ({
    id: sql`${progetto.id}`, nome: sql`${progetto.nome}`, nomeBreve: sql`${progetto.nomeBreve}`, idProgramma: sql`${progetto.idProgramma}`,
    nomeProgramma: sql`${programma.nome}`, policy: sql`${programma.policy}`, nomeEnteGestore: sql`${ente.nome}`, stato: sql`${progetto.stato}`,
  }),
  sortable: {
    nome: [sql`pd_fold(${progetto.nome})`],
    id: [],
    stato: [sql`${progetto.stato}`],
    policy: [sql`${programma.policy}`],
    nomeProgramma: [sql`pd_fold(${programma.nome})`],
    nomeEnteGestore: [sql`coalesce(pd_fold(${ente.nome}), '')`],
  },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    id: Number(r.id), nome: String(r.nome), nomeBreve: String(r.nomeBreve), idProgramma: Number(r.idProgramma),
    nomeProgramma: String(r.nomeProgramma), policy: r.policy as ProgettoRiga['policy'],
    nomeEnteGestore: r.nomeEnteGestore === null ? null : String(r.nomeEnteGestore), stato: r.stato as StatoEntita,
  }),
  csv: {
    filename: 'progetti.csv',
    header: ['ID', 'Nome', 'Nome breve', 'Programma', 'Intervento', 'Ente gestore', 'Stato'],
    cells: (r) => [r.id, r.nome, r.nomeBreve, r.nomeProgramma, r.policy, r.nomeEnteGestore, r.stato],
  },
  dropdowns: {
    policies,
    'policies/programmi': policies,
    stati: (db, caller) => distinct(db, caller, sql`${progetto.stato}`),
    programmi: async (db, caller, limit) => {
      const rows = await rowsOf(db, sql`select ${programma.id} as id, ${programma.nome} as nome from ${programma}
        where ${programma.id} in (select ${progetto.idProgramma} from ${scoped} where ${progettoScope(caller) ?? sql`true`})
        order by pd_fold(${programma.nome}), ${programma.id} limit ${limit}`)
      return rows.map((r) => ({ id: Number(r.id), nome: String(r.nome) }))
    },
  },
  permissions: { list: 'list.prgt', download: 'list.dwnl.prgt' },
}
