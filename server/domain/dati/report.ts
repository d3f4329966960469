/**
 * 'Report dati' figures (issue 11 point 1): reads the aggregates of migration 0012 for the caller's scope
 * (./scope.ts) and the filters, and shapes them as `ReportDati` (src/api/contract/dati.ts). One grouped query
 * over a few thousand pre-summed rows at most (the policy or programme view), or over the caller's own
 * services for facilitators and volunteers.
 */
import { sql, type SQL } from 'drizzle-orm'
import { DIMENSIONI_DATI, type DimensioneDati, type FiltroDati, type PuntoSerie, type ReportDati } from '../../../src/api/contract/dati'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { datiScope, sorgente, type DatiScope } from './scope'
import { DROPDOWN_MAX } from '../liste/engine'

type Row = Record<string, unknown>
const rowsOf = async (db: Executor, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows

const SERIE = ['servizi', 'partecipazioni', 'questionari'] as const
type Serie = (typeof SERIE)[number]

/** The WHERE conditions of the scope and filters on a source (columns absent from coarser views are never needed). */
function conditions(scope: DatiScope, filtro: FiltroDati): SQL[] {
  const c: SQL[] = []
  if (scope.kind === 'propri') {
    c.push(sql`id_facilitatore = ${scope.idFacilitatore}`, sql`id_progetto = ${scope.idProgetto}`, sql`id_ente = ${scope.idEnte}`)
  } else if (scope.kind === 'aggregati') {
    if (scope.policy) c.push(sql`policy = ${scope.policy}`)
    if (scope.idProgramma !== undefined) c.push(sql`id_programma = ${scope.idProgramma}`)
    if (scope.idProgetto !== undefined) c.push(sql`id_progetto = ${scope.idProgetto}`)
  }
  if (filtro.policy) c.push(sql`policy = ${filtro.policy}`)
  if (filtro.idProgramma !== undefined) c.push(sql`id_programma = ${filtro.idProgramma}`)
  if (filtro.idProgetto !== undefined) c.push(sql`id_progetto = ${filtro.idProgetto}`)
  if (filtro.da) c.push(sql`mese >= ${`${filtro.da}-01`}::date`)
  if (filtro.a) c.push(sql`mese <= ${`${filtro.a}-01`}::date`)
  return c
}

/** Grouped rows of the source as `{dimensione, valore|null, mese|null, n}` (by value, and by month). */
export interface RigaDati { dimensione: string; valore: string | null; mese: string | null; n: number }

/**
 * Shapes the grouped rows into the report's series and counts (pure: tested in tests/unit). Weeks and months
 * are sorted by date; counts by value are sorted by descending n then value, ratings by value ('1'…'5').
 */
export function shapeReport(rows: RigaDati[]): Pick<ReportDati, 'totali' | 'settimane' | 'mesi' | 'dimensioni'> {
  const weeks = new Map<string, PuntoSerie>(), months = new Map<string, PuntoSerie>()
  const point = (m: Map<string, PuntoSerie>, periodo: string) => {
    let p = m.get(periodo)
    if (!p) m.set(periodo, p = { periodo, servizi: 0, partecipazioni: 0, questionari: 0 })
    return p
  }
  const totali = { servizi: 0, partecipazioni: 0, questionari: 0 }
  const dims = Object.fromEntries(DIMENSIONI_DATI.map((d) => [d, [] as { valore: string; n: number }[]])) as ReportDati['dimensioni']
  for (const r of rows) {
    if ((SERIE as readonly string[]).includes(r.dimensione)) {
      const d = r.dimensione as Serie
      if (r.valore !== null) { point(weeks, r.valore)[d] += r.n; totali[d] += r.n }
      else if (r.mese !== null) point(months, r.mese)[d] += r.n
    } else if ((DIMENSIONI_DATI as readonly string[]).includes(r.dimensione) && r.valore !== null) {
      dims[r.dimensione as DimensioneDati].push({ valore: r.valore, n: r.n })
    }
  }
  for (const d of DIMENSIONI_DATI) {
    dims[d].sort(d === 'voto' ? (a, b) => a.valore.localeCompare(b.valore) : (a, b) => b.n - a.n || a.valore.localeCompare(b.valore, 'it'))
  }
  const sorted = (m: Map<string, PuntoSerie>) => [...m.values()].sort((a, b) => a.periodo.localeCompare(b.periodo))
  return { totali, settimane: sorted(weeks), mesi: sorted(months), dimensioni: dims }
}

/** The report for `caller` with `filtro` (see the module comment). */
export async function reportDati(db: Executor, caller: Caller, filtro: FiltroDati): Promise<ReportDati> {
  return reportPer(db, datiScope(caller), filtro, caller)
}

/**
 * The public report of anonymous visitors (platform-frontend §7.1 `vw-cittadino`): the national figures from the
 * policy view, filtered by policy and period only (no programme or project: small cells stay unpublished).
 */
export async function reportPubblico(db: Executor, filtro: FiltroDati): Promise<ReportDati> {
  return reportPer(db, { kind: 'aggregati' }, { policy: filtro.policy, da: filtro.da, a: filtro.a }, null)
}

async function reportPer(db: Executor, scope: DatiScope, filtro: FiltroDati, caller: Caller | null): Promise<ReportDati> {
  const source = sorgente(scope, filtro)
  let righe: RigaDati[] = []
  if (scope.kind !== 'nessuno') {
    const where = conditions(scope, filtro)
    // the plain GROUP BY first, in a materialised CTE: PostgreSQL 18 (PGlite) does not push the WHERE of a query
    // with GROUPING SETS down into the `dati_fatti` view, which would then be computed whole (seconds, not ms)
    const q = sql`with f as materialized (
        select dimensione, valore, mese, sum(n)::bigint as n
        from ${sql.raw(source)} ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        group by dimensione, valore, mese)
      select dimensione, valore, to_char(mese, 'YYYY-MM') as mese, sum(n)::bigint as n
      from f group by grouping sets ((dimensione, valore), (dimensione, mese))`
    righe = (await rowsOf(db, q)).map((r) => ({
      dimensione: String(r.dimensione), valore: r.valore === null ? null : String(r.valore),
      mese: r.valore === null && r.mese !== null ? String(r.mese) : null, n: Number(r.n),
    }))
  }
  const [agg] = await rowsOf(db, sql`select aggiornato_il from dati_aggiornamento where id = 1`)
  const aggiornatoIl = scope.kind === 'propri' || !agg ? new Date() : new Date(agg.aggiornato_il as string | Date)
  return {
    aggiornatoIl: aggiornatoIl.toISOString(),
    tempoReale: scope.kind === 'propri',
    ...shapeReport(righe),
    ...(caller ? await opzioni(db, caller, scope, filtro) : { programmi: [], progetti: [] }),
  }
}

/** Programmes and projects the filters may pick within the scope (projects once a programme is known), at most DROPDOWN_MAX of each. */
async function opzioni(db: Executor, caller: Caller, scope: DatiScope, filtro: FiltroDati): Promise<Pick<ReportDati, 'programmi' | 'progetti'>> {
  if (scope.kind === 'nessuno') return { programmi: [], progetti: [] }
  const p = caller.profilo
  const cProg: SQL[] = []
  if (scope.kind === 'aggregati' && scope.policy) cProg.push(sql`policy = ${scope.policy}`)
  if (filtro.policy) cProg.push(sql`policy = ${filtro.policy}`)
  const idProgrammaProfilo = scope.kind === 'aggregati' && scope.idProgramma === undefined && scope.idProgetto === undefined ? null : p.idProgramma
  if (idProgrammaProfilo !== null) cProg.push(sql`id = ${idProgrammaProfilo}`)
  const programmi = (await rowsOf(db, sql`select id, nome from programma ${cProg.length ? sql`where ${sql.join(cProg, sql` and `)}` : sql``} order by nome, id limit ${DROPDOWN_MAX}`))
    .map((r) => ({ id: Number(r.id), nome: String(r.nome) }))
  const idProgramma = filtro.idProgramma ?? idProgrammaProfilo ?? undefined
  if (idProgramma === undefined) return { programmi, progetti: [] }
  const cPrj: SQL[] = [sql`id_programma = ${idProgramma}`]
  const idProgettoProfilo = scope.kind === 'propri' ? scope.idProgetto : scope.kind === 'aggregati' ? scope.idProgetto : undefined
  if (idProgettoProfilo !== undefined) cPrj.push(sql`id = ${idProgettoProfilo}`)
  if (scope.kind === 'aggregati' && scope.policy) cPrj.push(sql`exists (select 1 from programma g where g.id = id_programma and g.policy = ${scope.policy})`)
  const progetti = (await rowsOf(db, sql`select id, nome from progetto where ${sql.join(cPrj, sql` and `)} order by nome, id limit ${DROPDOWN_MAX}`))
    .map((r) => ({ id: Number(r.id), nome: String(r.nome) }))
  return { programmi, progetti }
}
