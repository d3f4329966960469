/**
 * The monitoring table of the mass uploads (platform-frontend §7.2; platform-backend view
 * `v_monitoraggio_caricamenti`; spec 002 §2 route `/area-dati/monitoraggio-caricamenti-massivi`): one row
 * per day (Europe/Rome), project and body with the number of jobs started, the services and citizens they
 * loaded, and how many failed — `POST /caricamentiAggregati/all` on the generic list engine, and the four
 * counters above the table (`riepilogoMonitoraggio`: Enti, Caricamenti, Servizi caricati, Cittadini
 * caricati) over the same filtered rows.
 * Scope: as the jobs' (lista.ts `caricamentoScope`), on the aggregated rows. Filters: bodies, intervention,
 * programmes, projects, start and end day; search by project, programme or body name. Sort: Data (default,
 * newest first), Ente, Intervento, Programma, Progetto, Caricamenti, Servizi, Cittadini.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { FiltroMonitoraggio, MonitoraggioRiga, RiepilogoMonitoraggio } from '../../../src/api/contract/caricamenti'
import { ente, programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, foldTerm, inList, NOTHING, rowsOf, whereClause, type ListDefinition } from '../liste/engine'
import { scopeOf } from '../ambito'

const AGG = {
  data: sql.raw('agg.data'), idProgetto: sql.raw('agg.id_progetto'), idEnte: sql.raw('agg.id_ente'), n: sql.raw('agg.n'),
  servizi: sql.raw('agg.servizi'), cittadini: sql.raw('agg.cittadini'), falliti: sql.raw('agg.falliti'),
}

/** The jobs grouped by day (Rome), project and body, with the names the table shows. */
const from = sql`(select (r.data_inizio_inserimento at time zone 'Europe/Rome')::date as data, r.id_progetto, r.id_ente,
    count(*)::int as n, sum(coalesce(r.servizi_acquisiti, 0))::int as servizi, sum(coalesce(r.cittadini_aggiunti, 0))::int as cittadini,
    (count(*) filter (where r.job_status not in ('SUCCESS', 'IN_PROGRESS')))::int as falliti
  from registro_attivita r where r.id_progetto is not null group by 1, 2, 3) agg
  join ${progetto} on ${progetto.id} = agg.id_progetto
  join ${programma} on ${programma.id} = ${progetto.idProgramma}
  left join ${ente} on ${ente.id} = agg.id_ente`

const id = sql`(agg.data::text || ':' || agg.id_progetto::text || ':' || coalesce(agg.id_ente, 0)::text)`

/** The rows the caller sees (the jobs' scope of lista.ts, on the aggregated rows). */
function scope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`${programma.policy} = 'SCD'`
    case 'programma': return sql`${progetto.idProgramma} = ${s.idProgramma}`
    case 'progetto': return sql`${AGG.idProgetto} = ${s.idProgetto}`
    case 'partner': return sql`${AGG.idProgetto} = ${s.idProgetto} and ${AGG.idEnte} = ${s.idEnte}`
    default: return NOTHING
  }
}

const ids = (values: string[] | undefined) => filterValues(values?.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2 ** 31 - 1))

function search(term: string | null | undefined): SQL | undefined {
  const t = term?.trim()
  if (!t) return undefined
  const pattern = `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql`(${progetto.ricerca} like ${pattern} or ${programma.ricerca} like ${pattern} or coalesce(${ente.ricerca}, '') like ${pattern})`
}

function where(caller: Caller, f: FiltroMonitoraggio | null | undefined): (SQL | undefined)[] {
  const enti = ids(f?.filtroEnti)
  const programmi = ids(f?.filtroProgrammi)
  const progetti = ids(f?.filtroProgetti)
  const policies = filterValues(f?.filtroPolicies)
  return [
    scope(caller),
    search(f?.filtroCriterioRicerca),
    enti && inList(AGG.idEnte, enti),
    programmi && inList(sql`${programma.id}`, programmi),
    progetti && inList(AGG.idProgetto, progetti),
    policies && inList(sql`${programma.policy}`, policies),
    f?.dataInizio ? sql`${AGG.data} >= ${f.dataInizio}::date` : undefined,
    f?.dataFine ? sql`${AGG.data} <= ${f.dataFine}::date` : undefined,
  ]
}

const columns = {
  data: sql`${AGG.data}::text`, idEnte: AGG.idEnte, nomeEnte: sql`${ente.nome}`, intervento: sql`${programma.policy}`,
  idProgramma: sql`${programma.id}`, nomeProgramma: sql`${programma.nome}`, idProgetto: AGG.idProgetto, nomeProgetto: sql`${progetto.nome}`,
  n: AGG.n, servizi: AGG.servizi, cittadini: AGG.cittadini, falliti: AGG.falliti,
}

/** Options of a dropdown over the caller's rows: `{id, nome}` pairs or plain values. */
async function opzioni(db: Executor, caller: Caller, idCol: SQL | null, nome: SQL, limit: number): Promise<{ id: number; nome: string }[] | string[]> {
  const w = whereClause([scope(caller)])
  if (!idCol) {
    const rows = await rowsOf(db, sql`select distinct ${nome} as v from ${from} where ${w} and ${nome} is not null order by 1 limit ${limit}`)
    return rows.map((r) => String(r.v))
  }
  const rows = await rowsOf(db, sql`select distinct ${idCol} as id, ${nome} as nome from ${from} where ${w} and ${idCol} is not null order by 2, 1 limit ${limit}`)
  return rows.map((r) => ({ id: Number(r.id), nome: String(r.nome ?? '') }))
}

export const monitoraggioList: ListDefinition<FiltroMonitoraggio, MonitoraggioRiga> = {
  entity: 'caricamentiAggregati',
  rowsKey: 'caricamentiAggregati',
  from,
  id,
  where,
  columns: () => columns,
  sortable: {
    dataCaricamenti: [AGG.data],
    nomeEnte: [sql`coalesce(pd_fold(${ente.nome}), '')`],
    intervento: [sql`${programma.policy}`],
    nomeProgramma: [sql`pd_fold(${programma.nome})`],
    nomeProgetto: [sql`pd_fold(${progetto.nome})`],
    numCaricamenti: [AGG.n],
    serviziAggiunti: [AGG.servizi],
    cittadiniAssociati: [AGG.cittadini],
  },
  defaultSort: { campo: 'dataCaricamenti', verso: 'desc' },
  toRow: (r) => ({
    chiave: `${String(r.data)}:${Number(r.idProgetto)}:${r.idEnte === null ? 0 : Number(r.idEnte)}`,
    dataCaricamenti: String(r.data), idEnte: r.idEnte === null ? null : Number(r.idEnte), nomeEnte: r.nomeEnte === null ? null : String(r.nomeEnte),
    intervento: String(r.intervento), idProgramma: Number(r.idProgramma), nomeProgramma: String(r.nomeProgramma), idProgetto: Number(r.idProgetto),
    nomeProgetto: String(r.nomeProgetto), numCaricamenti: Number(r.n), serviziAggiunti: Number(r.servizi), cittadiniAssociati: Number(r.cittadini),
    falliti: Number(r.falliti),
  }),
  csv: {
    filename: 'monitoraggio-caricamenti.csv',
    header: ['Data', 'Ente', 'Intervento', 'Programma', 'Progetto', 'Caricamenti', 'Caricamenti non riusciti', 'Servizi caricati', 'Cittadini caricati'],
    cells: (r) => [r.dataCaricamenti.split('-').reverse().join('-'), r.nomeEnte, r.intervento, r.nomeProgramma, r.nomeProgetto, r.numCaricamenti, r.falliti,
      r.serviziAggiunti, r.cittadiniAssociati],
  },
  dropdowns: {
    enti: (db, caller, limit) => opzioni(db, caller, AGG.idEnte, sql`${ente.nome}`, limit),
    programmi: (db, caller, limit) => opzioni(db, caller, sql`${programma.id}`, sql`${programma.nome}`, limit),
    progetti: (db, caller, limit) => opzioni(db, caller, AGG.idProgetto, sql`${progetto.nome}`, limit),
    policies: (db, caller, limit) => opzioni(db, caller, null, sql`${programma.policy}`, limit),
  },
  permissions: { list: 'vis.mntr', download: 'vis.mntr' },
}

/** The four counters over the rows the filter selects (platform-frontend §7.2). */
export async function riepilogoMonitoraggio(db: Executor, caller: Caller, f: FiltroMonitoraggio | null | undefined): Promise<RiepilogoMonitoraggio> {
  const [r] = await rowsOf(db, sql`select count(distinct ${AGG.idEnte})::int as enti, coalesce(sum(${AGG.n}), 0)::int as n,
    coalesce(sum(${AGG.servizi}), 0)::int as servizi, coalesce(sum(${AGG.cittadini}), 0)::int as cittadini
    from ${from} where ${whereClause(where(caller, f))}`)
  return { numeroEnti: Number(r?.enti ?? 0), numeroCaricamenti: Number(r?.n ?? 0), serviziCaricati: Number(r?.servizi ?? 0), cittadiniCaricati: Number(r?.cittadini ?? 0) }
}
