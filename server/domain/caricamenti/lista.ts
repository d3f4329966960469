/**
 * The mass-upload jobs as a list of the generic engine (`POST /monitoraggiocaricamenti/all`, dropdowns
 * `stati` and `policies`, `caricamenti.csv`; platform-frontend §7.2, §7.4 "Registro dei caricamenti"),
 * and the scope of a job (platform-backend §4.4 applied to jobs):
 * | role | jobs |
 * |---|---|
 * | DTD, custom roles | all |
 * | DSCU | of SCD programmes |
 * | REG / DEG | of the profile programme |
 * | REGP / DEGP | of the profile project |
 * | REPP / DEPP | of the profile project and body |
 * | FAC / VOL / MOD | none |
 * Search: job id, project, programme or body name; `filtroGruppo`: the jobs of one row of the monitoring table. Sort: dataInizio (default, newest first), id, stato,
 * nomeProgetto, nomeEnte.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CaricamentoRiga, FiltroCaricamenti } from '../../../src/api/contract/caricamenti'
import { etichettaStatoJob } from '../../../src/api/contract/caricamenti'
import { ente, programma, progetto, registroAttivita } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, foldTerm, inList, NOTHING, rowsOf, type ListDefinition } from '../liste/engine'
import { scopeOf } from '../ambito'

/** Jobs the caller sees: a condition on registro_attivita ⋈ progetto ⋈ programma (see the module comment). */
export function caricamentoScope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`${programma.policy} = 'SCD'`
    case 'programma': return sql`${progetto.idProgramma} = ${s.idProgramma}`
    case 'progetto': return sql`${registroAttivita.idProgetto} = ${s.idProgetto}`
    case 'partner': return sql`${registroAttivita.idProgetto} = ${s.idProgetto} and ${registroAttivita.idEnte} = ${s.idEnte}`
    default: return NOTHING
  }
}

const from = sql`${registroAttivita}
  join ${progetto} on ${progetto.id} = ${registroAttivita.idProgetto}
  join ${programma} on ${programma.id} = ${progetto.idProgramma}
  left join ${ente} on ${ente.id} = ${registroAttivita.idEnte}`

const columns = {
  id: sql`${registroAttivita.id}`, jobUuid: sql`${registroAttivita.jobUuid}`, stato: sql`${registroAttivita.jobStatus}`,
  dataInizio: sql`${registroAttivita.dataInizioInserimento}`, dataFine: sql`${registroAttivita.dataFineInserimento}`,
  referente: sql`${registroAttivita.operatore}`, nomeEnte: sql`${ente.nome}`, policy: sql`${programma.policy}`,
  nomeProgramma: sql`${programma.nome}`, nomeProgetto: sql`${progetto.nome}`, formato: sql`${registroAttivita.estensioneInput}`,
  totaleRighe: sql`coalesce(${registroAttivita.totaleRigheFile}, 0)`, righeElaborate: sql`${registroAttivita.righeElaborate}`,
  righeScartate: sql`coalesce(${registroAttivita.righeScartate}, 0)`, serviziCaricati: sql`coalesce(${registroAttivita.serviziAcquisiti}, 0)`,
  cittadiniBeneficiari: sql`coalesce(${registroAttivita.cittadiniAggiunti}, 0)`,
  questionariCompilati: sql`coalesce(${registroAttivita.rilevazioneDiEsperienzaCompilate}, 0)`,
}

const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString())
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))

/** A raw row (columns above) as the wire row. */
export function toCaricamentoRiga(r: Record<string, unknown>): CaricamentoRiga {
  return {
    id: Number(r.id), jobUuid: String(r.jobUuid ?? ''), stato: String(r.stato ?? ''), dataInizio: iso(r.dataInizio) ?? '', dataFine: iso(r.dataFine),
    referente: str(r.referente), nomeEnte: str(r.nomeEnte), policy: str(r.policy), nomeProgramma: str(r.nomeProgramma), nomeProgetto: str(r.nomeProgetto),
    formato: str(r.formato), totaleRighe: Number(r.totaleRighe ?? 0), righeElaborate: Number(r.righeElaborate ?? 0),
    righeScartate: Number(r.righeScartate ?? 0), serviziCaricati: Number(r.serviziCaricati ?? 0),
    cittadiniBeneficiari: Number(r.cittadiniBeneficiari ?? 0), questionariCompilati: Number(r.questionariCompilati ?? 0),
  }
}

function search(term: string | null | undefined): SQL | undefined {
  const t = term?.trim()
  if (!t) return undefined
  const pattern = `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const parts = [sql`${progetto.ricerca} like ${pattern}`, sql`${programma.ricerca} like ${pattern}`, sql`coalesce(${ente.ricerca}, '') like ${pattern}`]
  if (/^\d{1,9}$/.test(t)) parts.push(sql`${registroAttivita.id} = ${Number(t)}`)
  return sql`(${sql.join(parts, sql` or `)})`
}

/** The jobs of one row of the monitoring table (monitoraggio.ts): started on `data` (Rome) for the project and body. */
function gruppo(g: FiltroCaricamenti['filtroGruppo']): SQL | undefined {
  if (!g) return undefined
  const body = g.idEnte === null ? sql`${registroAttivita.idEnte} is null` : sql`${registroAttivita.idEnte} = ${g.idEnte}`
  return sql`(${registroAttivita.dataInizioInserimento} at time zone 'Europe/Rome')::date = ${g.data}::date
    and ${registroAttivita.idProgetto} = ${g.idProgetto} and ${body}`
}

async function distinct(db: Executor, caller: Caller, column: SQL): Promise<string[]> {
  const scope = caricamentoScope(caller) ?? sql`true`
  const rows = await rowsOf(db, sql`select distinct ${column} as v from ${from} where ${scope} and ${column} is not null order by 1`)
  return rows.map((r) => String(r.v))
}

/** One job the caller sees, by its uuid or id; undefined when unknown or outside the scope. */
export async function caricamentoVisibile(db: Executor, caller: Caller, by: { jobUuid: string } | { id: number }): Promise<CaricamentoRiga | undefined> {
  const key = 'jobUuid' in by ? sql`${registroAttivita.jobUuid} = ${by.jobUuid}` : sql`${registroAttivita.id} = ${by.id}`
  const select = sql.join(Object.entries(columns).map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`), sql`, `)
  const [row] = await rowsOf(db, sql`select ${select} from ${from} where ${key} and ${caricamentoScope(caller) ?? sql`true`}`)
  return row ? toCaricamentoRiga(row) : undefined
}

export const caricamentiList: ListDefinition<FiltroCaricamenti, CaricamentoRiga> = {
  entity: 'monitoraggiocaricamenti',
  rowsKey: 'caricamenti',
  from,
  id: sql`${registroAttivita.id}`,
  where: (caller, f) => {
    const stati = filterValues(f?.filtroStati)
    const policies = filterValues(f?.filtroPolicies)
    return [
      caricamentoScope(caller),
      search(f?.filtroCriterioRicerca),
      stati && inList(sql`${registroAttivita.jobStatus}`, stati),
      policies && inList(sql`${programma.policy}`, policies),
      gruppo(f?.filtroGruppo),
    ]
  },
  columns: () => columns,
  sortable: {
    dataInizio: [sql`${registroAttivita.dataInizioInserimento}`],
    id: [],
    stato: [sql`coalesce(${registroAttivita.jobStatus}, '')`],
    nomeProgetto: [sql`pd_fold(${progetto.nome})`],
    nomeEnte: [sql`coalesce(pd_fold(${ente.nome}), '')`],
  },
  defaultSort: { campo: 'dataInizio', verso: 'desc' },
  toRow: toCaricamentoRiga,
  csv: {
    filename: 'caricamenti.csv',
    header: ['ID caricamento', 'Data e ora avvio', 'Ente', 'Intervento', 'Programma', 'Progetto', 'Referente', 'Totale righe', 'Righe scartate',
      'Servizi caricati', 'Cittadini beneficiari', 'Stato'],
    cells: (r) => [r.id, r.dataInizio, r.nomeEnte, r.policy, r.nomeProgramma, r.nomeProgetto, r.referente, r.totaleRighe, r.righeScartate,
      r.serviziCaricati, r.cittadiniBeneficiari, etichettaStatoJob(r.stato)],
  },
  dropdowns: {
    stati: (db, caller) => distinct(db, caller, sql`${registroAttivita.jobStatus}`),
    policies: (db, caller) => distinct(db, caller, sql`${programma.policy}`),
  },
  permissions: { list: 'vis.mntr', download: 'vis.mntr' },
}
