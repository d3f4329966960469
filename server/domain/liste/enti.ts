/**
 * The bodies list (`POST /ente/all`, dropdowns `profili`, `programmi`, `progetti` ({id, nome}) and
 * `policies`, `enti.csv`; platform-backend §4.4 row 3, §13): one row per body with the profiles it holds
 * ('ENTE GESTORE DI PROGRAMMA', 'ENTE GESTORE DI PROGETTO', 'ENTE PARTNER', joined by ', ').
 *
 * A body's roles are its *relations*: managing body of a programme, managing body of a project, partner
 * of a project; each relation belongs to a programme (and its policy) and, but the first, to a project.
 * Scope and filters are conditions on the relations (a body is listed when one of its relations passes),
 * so the profiles, programmes, projects and policies a caller is shown are only those within its scope:
 * - DTD / custom: every body (also one without relations, when no relation filter is set);
 * - DSCU: relations in SCD programmes; REG/DEG: in the profile programme; REGP/DEGP: project manager and
 *   partners of the profile project; REPP/DEPP: partners of the profile project; FAC/VOL: the profile body
 *   in the profile project (defect §16.4 not copied); MOD: none.
 * The Profili column shows the relations within scope and the programme/project/policy filters.
 * Search: name, short name, VAT number or id. Sort: nome (default), id, tipologia.
 */
import { sql, type SQL } from 'drizzle-orm'
import { PROFILI_ENTE, type EnteRiga, type EntiListaBody } from '../../../src/api/contract/amministrazione'
import { ente, entePartner, programma, progetto } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, inList, NOTHING, rowsOf, searchCondition, type ListDefinition } from './engine'
import { scopeOf } from '../ambito'

type FiltroEnti = NonNullable<EntiListaBody['filtroRequest']>
type Profilo = (typeof PROFILI_ENTE)[number]

interface Relation { kind: Profilo; from: SQL; idEnte: SQL; idProgramma: SQL; idProgetto: SQL | undefined; policy: SQL }

const RELATIONS: Relation[] = [
  { kind: 'ENTE GESTORE DI PROGRAMMA', from: sql`${programma}`, idEnte: sql`${programma.idEnteGestoreProgramma}`,
    idProgramma: sql`${programma.id}`, idProgetto: undefined, policy: sql`${programma.policy}` },
  { kind: 'ENTE GESTORE DI PROGETTO', from: sql`${progetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`,
    idEnte: sql`${progetto.idEnteGestoreProgetto}`, idProgramma: sql`${progetto.idProgramma}`, idProgetto: sql`${progetto.id}`, policy: sql`${programma.policy}` },
  { kind: 'ENTE PARTNER', from: sql`${entePartner} join ${progetto} on ${progetto.id} = ${entePartner.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`,
    idEnte: sql`${entePartner.idEnte}`, idProgramma: sql`${progetto.idProgramma}`, idProgetto: sql`${entePartner.idProgetto}`, policy: sql`${programma.policy}` },
]

/** The condition on one relation kind for the caller and the filters; null when the kind is excluded. */
function relationCondition(rel: Relation, caller: Caller, f: FiltroEnti | null | undefined, withProfili: boolean): SQL | null {
  const s = scopeOf(caller)
  const parts: SQL[] = [sql`${rel.idEnte} is not null`]
  switch (s.kind) {
    case 'all': break
    case 'none': return null
    case 'scd': parts.push(sql`${rel.policy} = 'SCD'`); break
    case 'programma': parts.push(sql`${rel.idProgramma} = ${s.idProgramma}`); break
    case 'progetto':
      if (!rel.idProgetto) return null
      parts.push(sql`${rel.idProgetto} = ${s.idProgetto}`); break
    case 'partner':
      if (!rel.idProgetto || rel.kind !== 'ENTE PARTNER') return null
      parts.push(sql`${rel.idProgetto} = ${s.idProgetto}`); break
    case 'campo':
      if (!rel.idProgetto) return null
      parts.push(sql`${rel.idProgetto} = ${s.idProgetto}`, sql`${rel.idEnte} = ${s.idEnte}`); break
  }
  const profili = withProfili ? filterValues(f?.profili) : undefined
  if (profili && !profili.includes(rel.kind)) return null
  const programmi = filterValues(f?.idsProgrammi)
  if (programmi) parts.push(inList(rel.idProgramma, programmi))
  const progetti = filterValues(f?.idsProgetti)
  if (progetti) {
    if (!rel.idProgetto) return null
    parts.push(inList(rel.idProgetto, progetti))
  }
  const policies = filterValues(f?.filtroPolicies)
  if (policies) parts.push(inList(rel.policy, policies))
  return sql.join(parts, sql` and `)
}

/** `select <what> from <relation> where <condition>` for every kind not excluded, joined by UNION ALL (null when none). */
function relationsUnion(caller: Caller, f: FiltroEnti | null | undefined, what: (rel: Relation) => SQL): SQL | null {
  const selects = RELATIONS.flatMap((rel) => {
    const cond = relationCondition(rel, caller, f, true)
    return cond ? [sql`select ${what(rel)} from ${rel.from} where ${cond}`] : []
  })
  return selects.length === 0 ? null : sql.join(selects, sql` union all `)
}

const hasRelationFilter = (f: FiltroEnti | null | undefined) =>
  [f?.profili, f?.idsProgrammi, f?.idsProgetti, f?.filtroPolicies].some((x) => filterValues(x as (string | number)[] | undefined))

/** The Profili column of the current `ente` row. */
function profiliColumn(caller: Caller): SQL {
  const cases = RELATIONS.map((rel) => {
    // the column ignores the filters (profiles shown are those in scope); scope only
    const cond = relationCondition(rel, caller, undefined, false)
    return cond ? sql`case when exists (select 1 from ${rel.from} where ${cond} and ${rel.idEnte} = ${ente.id}) then ${rel.kind} end` : undefined
  }).filter((c): c is SQL => c !== undefined)
  return cases.length === 0 ? sql`''` : sql`concat_ws(', ', ${sql.join(cases, sql`, `)})`
}

async function opzioni(db: Executor, query: SQL) {
  return (await rowsOf(db, query)).map((r) => ({ id: Number(r.id), nome: String(r.nome) }))
}

export const entiList: ListDefinition<FiltroEnti, EnteRiga> = {
  entity: 'ente',
  rowsKey: 'enti',
  from: sql`${ente}`,
  id: sql`${ente.id}`,
  where: (caller, f) => {
    const search = searchCondition(f?.criterioRicerca, [sql`${ente.ricerca}`], sql`${ente.id}`)
    if (scopeOf(caller).kind === 'all' && !hasRelationFilter(f)) return [search]
    const union = relationsUnion(caller, f, (rel) => rel.idEnte)
    return [union ? sql`${ente.id} in (${union})` : NOTHING, search]
  },
  columns: (caller) => ({
    id: sql`${ente.id}`, nome: sql`${ente.nome}`, nomeBreve: sql`${ente.nomeBreve}`, tipologia: sql`${ente.tipologia}`, profilo: profiliColumn(caller),
  }),
  sortable: {
    nome: [sql`pd_fold(${ente.nome})`],
    id: [],
    tipologia: [sql`coalesce(pd_fold(${ente.tipologia}), '')`],
  },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    id: Number(r.id), nome: String(r.nome), nomeBreve: String(r.nomeBreve),
    tipologia: r.tipologia === null ? null : String(r.tipologia), profilo: String(r.profilo ?? ''),
  }),
  csv: {
    filename: 'enti.csv',
    header: ['ID', 'Nome', 'Nome breve', 'Tipologia ente', 'Profili'],
    cells: (r) => [r.id, r.nome, r.nomeBreve, r.tipologia, r.profilo],
  },
  dropdowns: {
    profili: async (db, caller) => {
      const present: string[] = []
      for (const rel of RELATIONS) {
        const cond = relationCondition(rel, caller, undefined, false)
        if (!cond) continue
        const [row] = await rowsOf(db, sql`select exists (select 1 from ${rel.from} where ${cond}) as x`)
        if (row?.x === true) present.push(rel.kind)
      }
      return present
    },
    programmi: (db, caller, limit) => {
      const union = relationsUnion(caller, undefined, (rel) => rel.idProgramma)
      return union ? opzioni(db, sql`select ${programma.id} as id, ${programma.nome} as nome from ${programma}
        where ${programma.id} in (${union}) order by pd_fold(${programma.nome}), ${programma.id} limit ${limit}`) : Promise.resolve([])
    },
    progetti: (db, caller, limit) => {
      const union = relationsUnion(caller, undefined, (rel) => rel.idProgetto ?? sql`null::integer`)
      return union ? opzioni(db, sql`select ${progetto.id} as id, ${progetto.nome} as nome from ${progetto}
        where ${progetto.id} in (${union}) order by pd_fold(${progetto.nome}), ${progetto.id} limit ${limit}`) : Promise.resolve([])
    },
    policies: async (db, caller) => {
      const union = relationsUnion(caller, undefined, (rel) => sql`${rel.policy} as policy`)
      if (!union) return []
      return (await rowsOf(db, sql`select distinct policy from (${union}) r order by 1`)).map((r) => String(r.policy))
    },
  },
  permissions: { list: 'list.enti', download: 'list.dwnl.enti' },
}
