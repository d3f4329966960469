/**
 * The database filled by `npm run seed:scale`, read by the scale benchmarks (bench/lists.ts, bench/dashboard.ts)
 * before their server starts: raw queries, and the callers both measure (the first DTD; the REG, REGP and a FAC
 * with services of the first `SCALA-` programme or project), with the profile ids their calls carry.
 */
import { sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase, type DatabaseHandle } from '../server/db/index'

type Row = Record<string, unknown>

/** The open database; `first` throws when the query finds nothing (database not filled by seed:scale). */
export interface ScaleDb { db: DatabaseHandle['db']; rows(q: string): Promise<Row[]>; first(q: string): Promise<Row>; close(): Promise<void> }

/** Opens (without seeding: opening never seeds) the database `env` names: DATABASE_URL, or PGlite in DATA_DIR. */
export async function openScaleDb(env: NodeJS.ProcessEnv): Promise<ScaleDb> {
  const config = loadConfig(env)
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  const rows = async (q: string) => ((await handle.db.execute(sql.raw(q))) as unknown as { rows: Row[] }).rows
  return {
    db: handle.db,
    rows,
    async first(q) {
      const [r] = await rows(q)
      if (!r) throw new Error(`database non popolato con seed:scale (${q.slice(0, 60)}…)`)
      return r
    },
    close: () => handle.close(),
  }
}

/** A caller of the benchmarks: fiscal code, role and the profile ids of its calls. */
export interface ScaleCaller { label: string; cf: string; role: string; ids: Record<string, number | null> }

/** The DTD, REG, REGP and FAC callers of the seeded scale data. */
export async function scaleCallers(d: ScaleDb): Promise<Record<'dtd' | 'reg' | 'regp' | 'fac', ScaleCaller>> {
  const n = (v: unknown) => Number(v)
  const dtd = await d.first(`select u.codice_fiscale as cf from utente u join utente_x_ruolo r on r.id_utente = u.id where r.codice_ruolo = 'DTD' order by u.id limit 1`)
  const reg = await d.first(`select u.codice_fiscale as cf, r.id_programma as p, r.id_ente as e from referente_delegati_gestore_programma r join utente u on u.id = r.id_utente
    join programma g on g.id = r.id_programma where r.codice_ruolo = 'REG' and g.codice like 'SCALA-%' order by g.id limit 1`)
  const regp = await d.first(`select u.codice_fiscale as cf, p.id_programma as p, r.id_progetto as pr, r.id_ente as e from referente_delegati_gestore_progetto r join utente u on u.id = r.id_utente
    join progetto p on p.id = r.id_progetto join programma g on g.id = p.id_programma where r.codice_ruolo = 'REGP' and g.codice like 'SCALA-%' order by p.id limit 1`)
  const fac = await d.first(`select u.codice_fiscale as cf, p.id_programma as p, f.id_progetto as pr, f.id_ente as e from ente_sede_progetto_facilitatore f join utente u on u.id = f.id_facilitatore
    join progetto p on p.id = f.id_progetto join programma g on g.id = p.id_programma where f.ruolo_utente = 'FAC' and g.codice like 'SCALA-%'
    and exists (select 1 from servizio s where s.id_facilitatore = f.id_facilitatore) order by u.id limit 1`)
  return {
    dtd: { label: 'DTD', cf: String(dtd.cf), role: 'DTD', ids: {} },
    reg: { label: 'REG', cf: String(reg.cf), role: 'REG', ids: { idProgramma: n(reg.p), idEnte: n(reg.e) } },
    regp: { label: 'REGP', cf: String(regp.cf), role: 'REGP', ids: { idProgramma: n(regp.p), idProgetto: n(regp.pr), idEnte: n(regp.e) } },
    fac: { label: 'FAC', cf: String(fac.cf), role: 'FAC', ids: { idProgramma: n(fac.p), idProgetto: n(fac.pr), idEnte: n(fac.e) } },
  }
}
