/**
 * The rows of the open dataset (platform-backend §10): one per (citizen, service) pair, citizen ⋈
 * servizio_x_cittadino ⋈ servizio ⋈ sede ⋈ progetto ⋈ programma, with the citizen's age band, gender,
 * employment and education, the service's Q3 answers 27 (public digital services) and 25 (competences),
 * the site's geography and the programme's policy and code. No fiscal code, name or citizen id leaves
 * this module except `idCittadino`, used by the small-cell rule to count and never written.
 *
 * - `righeInBlocchi(db, {finoA})`: the rows of services dated up to `finoA` ('YYYY-MM-DD', inclusive),
 *   ordered by date, service, citizen, read in keyset batches (never the whole dataset in memory);
 * - `leggiRighe`: all of them in memory (tests, small datasets);
 * - `conteggiCelleSql`: the small-cell counts of anonimizza.ts computed by the database (GROUP BY),
 *   the same as `contaCelle` over the same rows.
 */
import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm'
import { SOGLIA_MINIMA_CITTADINI } from '../../../src/api/contract/open-data'
import { cittadino, fasciaDiEta, programma, progetto, sede, servizio, servizioXCittadino, type SezioneCompilata } from '../../db/schema'
import type { Database } from '../../db/types'
import { rowsOf } from '../liste/engine'
import type { ConteggiCelle, RigaDataset } from './anonimizza'

/** The answers of Q3 question `id`, joined with ', ' (null when absent). */
export function rispostaQ3(sezione: SezioneCompilata | null | undefined, id: string): string | null {
  const values = sezione?.properties?.flatMap((p) => p[id] ?? []) ?? []
  return values.length ? values.join(', ') : null
}

const selezione = {
  idCittadino: cittadino.id,
  fasciaDiEta: fasciaDiEta.fascia,
  genere: cittadino.genere,
  occupazione: cittadino.occupazione,
  titoloDiStudio: cittadino.titoloDiStudio,
  servizioId: servizio.id,
  nomeServizio: servizio.nome,
  dataFruizione: servizio.dataServizio,
  q3: servizio.sezioneQ3Compilato,
  tipologiaServizio: servizio.tipologiaServizio,
  sedeId: sede.id,
  nomeSede: sede.nome,
  regione: sede.regione,
  provincia: sede.provincia,
  comune: sede.comune,
  cap: sede.cap,
  intervento: programma.policy,
  idProgramma: programma.codice,
  idProgetto: progetto.id,
}

async function blocco(db: Database, finoA: string, dopo: { data: string; servizio: number; cittadino: number } | null, limite: number): Promise<RigaDataset[]> {
  const rows = await db.select(selezione).from(servizioXCittadino)
    .innerJoin(cittadino, eq(cittadino.id, servizioXCittadino.idCittadino))
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .leftJoin(fasciaDiEta, eq(fasciaDiEta.id, cittadino.fasciaDiEtaId))
    .where(and(lte(servizio.dataServizio, finoA),
      dopo ? sql`(${servizio.dataServizio}, ${servizio.id}, ${cittadino.id}) > (${dopo.data}::date, ${dopo.servizio}, ${dopo.cittadino})` : undefined))
    .orderBy(asc(servizio.dataServizio), asc(servizio.id), asc(cittadino.id))
    .limit(limite)
  return rows.map(({ q3, ...r }) => ({ ...r, ambito: rispostaQ3(q3, '27'), competenze: rispostaQ3(q3, '25') }))
}

/** The dataset rows of services up to `finoA`, in batches of `limite` (default 5000). */
export async function* righeInBlocchi(db: Database, opts: { finoA: string; limite?: number }): AsyncGenerator<RigaDataset[]> {
  const limite = opts.limite ?? 5000
  let dopo: { data: string; servizio: number; cittadino: number } | null = null
  for (;;) {
    const righe = await blocco(db, opts.finoA, dopo, limite)
    if (righe.length) yield righe
    if (righe.length < limite) return
    const last = righe[righe.length - 1]!
    dopo = { data: last.dataFruizione, servizio: last.servizioId!, cittadino: last.idCittadino }
  }
}

/** Every dataset row of services up to `finoA`, in memory. */
export async function leggiRighe(db: Database, opts: { finoA: string }): Promise<RigaDataset[]> {
  const all: RigaDataset[] = []
  for await (const b of righeInBlocchi(db, opts)) all.push(...b)
  return all
}

const key = (parts: unknown[]) => JSON.stringify(parts.map((p) => (p === undefined ? null : p)))

/** The small-cell counts (anonimizza.ts `ConteggiCelle`) computed by the database. */
export async function conteggiCelleSql(db: Database, opts: { finoA: string; soglia?: number }): Promise<ConteggiCelle> {
  const soglia = opts.soglia ?? SOGLIA_MINIMA_CITTADINI
  const base: SQL = sql`
    select distinct sxc.id_cittadino as id, fe.fascia, c.genere, sd.provincia, sd.comune, to_char(s.data_servizio, 'YYYY-MM') as mese
    from ${servizioXCittadino} sxc
    join ${cittadino} c on c.id = sxc.id_cittadino
    join ${servizio} s on s.id = sxc.id_servizio
    join ${sede} sd on sd.id = s.id_sede
    join ${progetto} p on p.id = s.id_progetto
    join ${programma} pr on pr.id = p.id_programma
    left join ${fasciaDiEta} fe on fe.id = c.fascia_di_eta_id
    where s.data_servizio <= ${opts.finoA}::date`
  const rows = await rowsOf(db, sql`
    with base as (${base}),
    celle as (select fascia, genere, provincia, comune, mese, count(*)::int as n from base group by 1, 2, 3, 4, 5)
    select 'c' as k, fascia, genere, provincia, comune, mese, n from celle
    union all
    select 'p', b.fascia, b.genere, b.provincia, null, b.mese, count(distinct b.id)::int
    from base b join celle c on c.fascia is not distinct from b.fascia and c.genere is not distinct from b.genere
      and c.provincia is not distinct from b.provincia and c.comune is not distinct from b.comune and c.mese = b.mese
    where c.n < ${soglia}
    group by b.fascia, b.genere, b.provincia, b.mese`)
  const perComune = new Map<string, number>()
  const perProvincia = new Map<string, number>()
  for (const r of rows) {
    if (r.k === 'c') perComune.set(key([r.fascia, r.genere, r.provincia, r.comune, r.mese]), Number(r.n))
    else perProvincia.set(key([r.fascia, r.genere, r.provincia, r.mese]), Number(r.n))
  }
  return { perComune, perProvincia }
}
