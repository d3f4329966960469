/**
 * The roles list on the generic list engine (`POST /ruolo/all`, dropdowns `tipologie` and `stati`,
 * `ruoli.csv`; platform-frontend §2.1: `tipologia` P predefined / NP custom). Roles are global data: every
 * caller holding list.ruoli sees them all. Search over code and name (folded); sort by nome (default), codice.
 */
import { sql } from 'drizzle-orm'
import type { FiltroRuoli, RuoloRiga } from '../../../src/api/contract/ruoli'
import { ruolo, utenteXRuolo } from '../../db/schema'
import { filterValues, inList, rowsOf, searchCondition, type ListDefinition } from '../liste/engine'

export const ruoliList: ListDefinition<FiltroRuoli, RuoloRiga> = {
  entity: 'ruolo',
  rowsKey: 'ruoli',
  from: sql`${ruolo}`,
  id: sql`${ruolo.codice}`,
  where: (_caller, f) => {
    const tipologie = filterValues(f?.tipologie)
    const stati = filterValues(f?.stati)
    return [
      searchCondition(f?.criterioRicerca, [sql`pd_fold(${ruolo.codice} || chr(10) || ${ruolo.nome})`]),
      tipologie && inList(sql`(case when ${ruolo.predefinito} then 'P' else 'NP' end)`, tipologie),
      stati && inList(sql`${ruolo.stato}`, stati),
    ]
  },
  columns: () => ({
    codice: sql`${ruolo.codice}`, nome: sql`${ruolo.nome}`, predefinito: sql`${ruolo.predefinito}`, stato: sql`${ruolo.stato}`,
    utenti: sql`(select count(*)::int from ${utenteXRuolo} where ${utenteXRuolo.codiceRuolo} = ${ruolo.codice})`,
  }),
  sortable: { nome: [sql`pd_fold(${ruolo.nome})`], codice: [] },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    codice: String(r.codice), nome: String(r.nome), tipologia: r.predefinito === true ? 'P' : 'NP', stato: String(r.stato), numeroUtenti: Number(r.utenti),
  }),
  csv: {
    filename: 'ruoli.csv',
    header: ['Codice', 'Nome', 'Tipologia', 'Stato', 'Utenti'],
    cells: (r) => [r.codice, r.nome, r.tipologia === 'P' ? 'Predefinito' : 'Personalizzato', r.stato, r.numeroUtenti],
  },
  dropdowns: {
    tipologie: () => Promise.resolve(['P', 'NP']),
    stati: async (db) => (await rowsOf(db, sql`select distinct ${ruolo.stato} as v from ${ruolo} order by 1`)).map((r) => String(r.v)),
  },
  permissions: { list: 'list.ruoli', download: 'list.ruoli' },
}
