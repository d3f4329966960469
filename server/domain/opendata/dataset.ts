/**
 * The rows of the open dataset (platform-backend §10): one per (citizen, service) pair, citizen ⋈
 * servizio_x_cittadino ⋈ servizio ⋈ sede ⋈ progetto ⋈ programma, with what may be published of them
 * (issue 24 point 3: less than the reference publishes): the citizen's age band, gender, employment and
 * education; the month of the service (not its date), its type and its Q3 answers 27 (public digital services)
 * and 25 (competences); the site's region, province and comune (not the site, its name or its CAP); the
 * programme's policy and code and the project id. No service id or name, fiscal code, name or citizen id
 * leaves this module except `idCittadino`, used by the small-cell rule to count and never written.
 *
 * - `righeInBlocchi(db, {finoA})`: the rows of services dated up to `finoA` ('YYYY-MM-DD', inclusive),
 *   ordered by date, service, citizen, read in keyset batches (never the whole dataset in memory);
 * - `leggiRighe`: all of them in memory (tests, small datasets);
 * - `conteggiCelleSql`: the publishable groups of anonimizza.ts computed by the database (window functions:
 *   each level one pass over the rows left by the previous ones, no join on the group keys), the same as
 *   `contaCelle` over the same rows.
 * Every column is one SQL expression of {@link COLONNE_SQL}, read by both, so rows and counts cannot differ.
 */
import { sql, type SQL } from 'drizzle-orm'
import { SOGLIA_MINIMA_CITTADINI } from '../../../src/api/contract/open-data'
import { cittadino, fasciaDiEta, programma, progetto, sede, servizio, servizioXCittadino } from '../../db/schema'
import type { Executor } from '../../db/types'
import { rowsOf } from '../liste/engine'
import { LIVELLI, QUASI_IDENTIFICATIVI, type Colonna, type ConteggiCelle, type RigaDataset } from './anonimizza'

/**
 * The answers of Q3 question `id` joined with ', ' in order (null when none): the values of `id` in every
 * element of the section's `properties` (an array of answers, or a single value: the lax `[*]` takes both).
 */
function rispostaQ3Sql(id: '25' | '27'): SQL {
  return sql`(select string_agg(x.v, ', ' order by x.n) from jsonb_array_elements_text(
    jsonb_path_query_array(s.sezione_q3_compilato, ${`$.properties[*]."${id}"[*]`}::jsonpath)) with ordinality x(v, n))`
}

/** Each published column as SQL text over the joins of {@link FROM} (null stays null). */
export const COLONNE_SQL: Readonly<Record<Colonna, SQL>> = {
  fasciaDiEta: sql`fe.fascia`,
  genere: sql`c.genere`,
  occupazione: sql`c.occupazione`,
  titoloDiStudio: sql`c.titolo_di_studio`,
  mese: sql`to_char(s.data_servizio, 'YYYY-MM')`,
  ambito: rispostaQ3Sql('27'),
  tipologiaServizio: sql`s.tipologia_servizio`,
  competenze: rispostaQ3Sql('25'),
  regione: sql`sd.regione`,
  provincia: sql`sd.provincia`,
  comune: sql`sd.comune`,
  intervento: sql`pr.policy`,
  idProgramma: sql`pr.codice`,
  idProgetto: sql`p.id::text`,
}

const FROM = sql`${servizioXCittadino} sxc
  join ${cittadino} c on c.id = sxc.id_cittadino
  join ${servizio} s on s.id = sxc.id_servizio
  join ${sede} sd on sd.id = s.id_sede
  join ${progetto} p on p.id = s.id_progetto
  join ${programma} pr on pr.id = p.id_programma
  left join ${fasciaDiEta} fe on fe.id = c.fascia_di_eta_id`

/** `c0, c1, …` of the columns in {@link QUASI_IDENTIFICATIVI} order. */
const alias = (c: Colonna) => sql.identifier(`c${QUASI_IDENTIFICATIVI.indexOf(c)}`)
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))

function riga(r: Record<string, unknown>): RigaDataset {
  const out = { idCittadino: Number(r.id) } as RigaDataset
  for (const c of QUASI_IDENTIFICATIVI) (out as unknown as Record<string, unknown>)[c] = str(r[`c${QUASI_IDENTIFICATIVI.indexOf(c)}`])
  out.idProgetto = out.idProgetto === null ? null : Number(out.idProgetto)
  return out
}

interface Dopo { data: string; servizio: number; cittadino: number }

async function blocco(db: Executor, finoA: string, dopo: Dopo | null, limite: number): Promise<{ righe: RigaDataset[]; ultimo: Dopo | null }> {
  const cols = sql.join(QUASI_IDENTIFICATIVI.map((c) => sql`${COLONNE_SQL[c]} as ${alias(c)}`), sql`, `)
  const rows = await rowsOf(db, sql`select sxc.id_cittadino as id, to_char(s.data_servizio, 'YYYY-MM-DD') as data, s.id as sid, ${cols}
    from ${FROM}
    where s.data_servizio <= ${finoA}::date
      ${dopo ? sql`and (s.data_servizio, s.id, sxc.id_cittadino) > (${dopo.data}::date, ${dopo.servizio}, ${dopo.cittadino})` : sql``}
    order by s.data_servizio, s.id, sxc.id_cittadino
    limit ${limite}`)
  const last = rows[rows.length - 1]
  return { righe: rows.map(riga), ultimo: last ? { data: String(last.data), servizio: Number(last.sid), cittadino: Number(last.id) } : null }
}

/** The dataset rows of services up to `finoA`, in batches of `limite` (default 5000). */
export async function* righeInBlocchi(db: Executor, opts: { finoA: string; limite?: number }): AsyncGenerator<RigaDataset[]> {
  const limite = opts.limite ?? 5000
  let dopo: Dopo | null = null
  for (;;) {
    const { righe, ultimo } = await blocco(db, opts.finoA, dopo, limite)
    if (righe.length) yield righe
    if (righe.length < limite || !ultimo) return
    dopo = ultimo
  }
}

/** Every dataset row of services up to `finoA`, in memory. */
export async function leggiRighe(db: Executor, opts: { finoA: string; limite?: number }): Promise<RigaDataset[]> {
  const all: RigaDataset[] = []
  for await (const b of righeInBlocchi(db, opts)) all.push(...b)
  return all
}

/**
 * The query of {@link conteggiCelleSql}: each row's group key at every level (a JSON array of the level's
 * values, so that NULL is a value and keys join by hash), then level by level the groups with ≥ `soglia`
 * distinct citizens among the rows no lower level published (a hash anti-join on the key, no sort of the whole
 * rows); answers (livello, k) for the publishable groups.
 */
export function queryConteggi(finoA: string, soglia: number): SQL {
  const parts: SQL[] = [
    sql`base as materialized (select sxc.id_cittadino as id, ${sql.join(QUASI_IDENTIFICATIVI.map((c) => sql`${COLONNE_SQL[c]} as ${alias(c)}`), sql`, `)}
      from ${FROM} where s.data_servizio <= ${finoA}::date)`,
    sql`r0 as materialized (select id, ${sql.join(LIVELLI.map((cols, l) => sql`jsonb_build_array(${sql.join(cols.map((c) => sql`${alias(c)}`), sql`, `)})::text as ${sql.identifier(`k${l}`)}`), sql`, `)} from base)`,
  ]
  const selects: SQL[] = []
  LIVELLI.forEach((_, l) => {
    const k = sql.identifier(`k${l}`)
    const r = sql.identifier(`r${l}`)
    const p = sql.identifier(`p${l}`)
    parts.push(sql`${p} as materialized (select ${k} as k from (select distinct ${k}, id from ${r}) d group by ${k} having count(*) >= ${soglia})`)
    if (l + 1 < LIVELLI.length) {
      parts.push(sql`${sql.identifier(`r${l + 1}`)} as materialized (select * from ${r} where not exists (select 1 from ${p} where ${p}.k = ${r}.${k}))`)
    }
    selects.push(sql`select ${l}::int as livello, k from ${p}`)
  })
  return sql`with ${sql.join(parts, sql`, `)} ${sql.join(selects, sql` union all `)}`
}

/** The publishable groups (anonimizza.ts `ConteggiCelle`) computed by the database. */
export async function conteggiCelleSql(db: Executor, opts: { finoA: string; soglia?: number }): Promise<ConteggiCelle> {
  const rows = await rowsOf(db, queryConteggi(opts.finoA, opts.soglia ?? SOGLIA_MINIMA_CITTADINI))
  const pubblicabili = LIVELLI.map(() => new Set<string>())
  // the database's JSON text → the key anonimizza.ts builds (JSON.stringify of the values as text)
  for (const r of rows) pubblicabili[Number(r.livello)]!.add(JSON.stringify((JSON.parse(String(r.k)) as unknown[]).map(str)))
  return { pubblicabili }
}
