/**
 * The services list on the generic list engine (server/domain/liste/engine.ts; spec 002 §2 services list;
 * platform-backend §5.1, §13; defect §16.8 fixed: real SQL paging). Wire contract unchanged:
 * `POST /servizio/all` (rows newest service date first), dropdowns `tipologiaServizio` and `stati`, and
 * `servizi.csv` with columns ID;NOME;FACILITATORE;DATA;STATO;DURATA_SERVIZIO (date DD-MM-YYYY).
 * Rows are the caller's visible services (ambito/servizi.ts). Filters: `criterioRicerca` = the id (digits)
 * or part of the name (case- and accent-insensitive); `tipologiaServizio` = services having any of the
 * types; `stato` = any of the states; `idProgramma` / `idProgetto` = services of that programme / project
 * (they only narrow the caller's scope: a programme or project outside it gives an empty list). A page beyond the last answers 400 G03.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import { COLONNE_CSV_SERVIZI, type FiltroServizi, type PaginazioneQuery, type ServiziLista, type ServizioRiga } from '../../../src/api/contract/servizio'
import { programma, progetto, sede, servizio, servizioConteggio, servizioConteggioRicerca, STATO, tipologiaServizio, utente } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { serviceScope } from '../ambito'
import { nominativo } from '../servizi'
import { DROPDOWN_MAX, filterValues, inList, pageOf, rowsOf, searchCondition, whereClause, type ListDefinition } from './engine'

/** The service has any of `tipi` (its `tipologia_servizio` holds the types joined with ", ", as its tipologia_servizio rows). */
const hasAnyType = (tipi: string[]) => sql`string_to_array(${servizio.tipologiaServizio}, ', ') && ${sql.param(tipi)}::text[]`

const scoped = sql`${servizio} join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`

async function distinct(db: Executor, caller: Caller, column: ReturnType<typeof sql>, from = scoped, limit = DROPDOWN_MAX): Promise<string[]> {
  const rows = await rowsOf(db, sql`select distinct ${column} as v from ${from} where ${serviceScope(caller) ?? sql`true`} order by 1 limit ${limit}`)
  return rows.map((r) => String(r.v))
}

export const serviziList: ListDefinition<FiltroServizi, ServizioRiga> = {
  entity: 'servizio',
  rowsKey: 'servizi',
  from: sql`${scoped} join ${sede} on ${sede.id} = ${servizio.idSede} join ${utente} on ${utente.id} = ${servizio.idFacilitatore}`,
  id: sql`${servizio.id}`,
  where: (caller, f) => [
    ...scopeAndFilters(caller, f),
    searchCondition(f?.criterioRicerca, [sql`${servizio.ricerca}`], sql`${servizio.id}`),
  ],
  // the exact count comes from the counters of migrations 0009/0010 (one row per project, body, facilitator, state and
  // types; with a search, per folded name too): the scope, the filters and the name search read the same columns there,
  // under the alias `servizio`. A term of digits also matches the service with that id: counted apart when its name does not.
  count: (caller, f) => countServizi(caller, f),
  columns: () => ({
    id: sql`${servizio.id}`, idLocale: sql`${servizio.idLocale}::text`, nome: sql`${servizio.nome}`, tipologia: sql`${servizio.tipologiaServizio}`,
    data: sql`to_char(${servizio.dataServizio}, 'YYYY-MM-DD')`, durata: sql`${servizio.durataServizio}`, nomeSede: sql`${sede.nome}`,
    stato: sql`${servizio.stato}`, nomeFac: sql`${utente.nome}`, cognomeFac: sql`${utente.cognome}`,
    aggiornato: sql`to_char(${servizio.dataOraAggiornamento} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  }),
  sortable: { data: [sql`${servizio.dataServizio}`] },
  defaultSort: { campo: 'data', verso: 'desc' },
  toRow: (r): ServizioRiga => ({
    id: Number(r.id), idLocale: r.idLocale === null ? null : String(r.idLocale), nome: String(r.nome),
    tipologiaServizio: String(r.tipologia).split(', ').filter((t) => t !== ''), data: String(r.data), durataServizio: String(r.durata),
    nomeSede: String(r.nomeSede), facilitatore: nominativo(String(r.nomeFac), String(r.cognomeFac)),
    stato: r.stato === STATO.ATTIVO ? 'ATTIVO' : 'NON ATTIVO', dataOraAggiornamento: String(r.aggiornato),
  }),
  csv: {
    filename: 'servizi.csv',
    header: COLONNE_CSV_SERVIZI,
    cells: (r) => [r.id, r.nome, r.facilitatore, r.data.split('-').reverse().join('-'), r.stato, r.durataServizio],
  },
  dropdowns: {
    // the types are the facilitators' words (free text): as many as the data hold
    tipologiaServizio: (db, caller, limit) => distinct(db, caller, sql`${tipologiaServizio.titolo}`,
      sql`${tipologiaServizio} join ${servizio} on ${servizio.id} = ${tipologiaServizio.idServizio} join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`, limit),
    stati: (db, caller) => distinct(db, caller, sql`${servizio.stato}`),
  },
  permissions: { list: 'list.serv', download: 'list.dwnl.serv' },
}

/** Scope and filters of the services list except the search (columns of `servizio` and of the counters alike). */
function scopeAndFilters(caller: Caller, f: FiltroServizi | null | undefined): (SQL | undefined)[] {
  const tipi = filterValues(f?.tipologiaServizio)
  const stati = filterValues(f?.stato)
  return [
    serviceScope(caller),
    f?.idProgramma != null ? eq(progetto.idProgramma, f.idProgramma) : undefined,
    f?.idProgetto != null ? eq(servizio.idProgetto, f.idProgetto) : undefined,
    tipi && hasAnyType(tipi), stati && inList(sql`${servizio.stato}`, stati),
  ]
}

/**
 * `{n}`: the exact number of services `serviziList.where` selects, summed from a counter table (no scan of the
 * services): `servizio_conteggio` without a search, `servizio_conteggio_ricerca` (per folded name) with one; a
 * term of 1–9 digits adds the service with that id when it is visible, passes the filters and its name does not match.
 */
function countServizi(caller: Caller, f: FiltroServizi | null | undefined): SQL {
  const term = f?.criterioRicerca?.trim()
  const alias = sql.identifier('servizio')
  const joins = sql`join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`
  if (!term) {
    return sql`select coalesce(sum(${alias}.n), 0)::int as n from ${servizioConteggio} as ${alias} ${joins}
      where ${whereClause(scopeAndFilters(caller, f))}`
  }
  const byName = searchCondition(term, [sql`${servizio.ricerca}`]) as SQL
  const named = sql`select coalesce(sum(${alias}.n), 0) from ${servizioConteggioRicerca} as ${alias} ${joins}
    where ${whereClause([...scopeAndFilters(caller, f), byName])}`
  if (!/^\d{1,9}$/.test(term)) return sql`select (${named})::int as n`
  const byId = sql`select count(*) from ${servizio} ${joins}
    where ${whereClause([...scopeAndFilters(caller, f), eq(servizio.id, Number(term)), sql`not ${byName}`])}`
  return sql`select ((${named}) + (${byId}))::int as n`
}

/** One page of the caller's services (newest service date first). */
export async function listServizi(db: Executor, caller: Caller, filtro: FiltroServizi | undefined, page: PaginazioneQuery): Promise<ServiziLista> {
  return await pageOf(db, serviziList, caller, filtro, undefined, page) as unknown as ServiziLista
}
