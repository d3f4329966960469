/**
 * Issue 11 point 1 ('Report dati') at scale: `dashboard_p95_ms`, the p95 of `POST /api/dati/report` against a
 * real server process (server/main.ts through tsx) on a database filled by `npm run seed:scale`, for a DTD (no
 * filter, policy, programme, project, a 12-month period), a DSCU, a REG (alone and with a project), a REGP and a
 * FAC (live, own services). Target ≤ 300 ms. Also `dashboard_refresh_s`, the time of one concurrent refresh of
 * the materialised views (server/domain/dati/refresh.ts), measured when the views are older than the server's
 * refresh period (otherwise the server would start one in the background while the bench measures).
 * Each line carries the leg: `_pg` (PostgreSQL at full scale, when BENCH_SCALE_DATABASE_URL names a database filled
 * by `seed:scale`) or `_pglite_1_100` (PGlite at 1/100, seeded in a fresh temp folder, always).
 * BENCH_DASHBOARD_LEGS (default `pglite,pg`) picks the legs; BENCH_DASHBOARD_PORT (default 18531) the server's
 * port; BENCH_DASHBOARD_RUNS (default 7) the timed repetitions of each request (after one warm-up).
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/index'
import { DATI_REFRESH_MS, refreshDati } from '../server/domain/dati/refresh'
import { percentile } from './lists'
import { devToken, scaleLegs, startServer, waitReady } from './server-process'

const PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 18531)
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 7)
const ORIGIN = `http://127.0.0.1:${PORT}`

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

interface Who { label: string; cf: string; role: string; ids: Record<string, number | null>; filtri: Record<string, unknown>[] }

/** The callers, read from the seeded database before the server starts; refreshes stale views (timed). */
async function prepare(env: NodeJS.ProcessEnv, suffix: string): Promise<Who[]> {
  const config = loadConfig(env)
  const handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, seed: false })
  const rows = async (q: string) => ((await handle.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows
  const first = async (q: string) => {
    const [r] = await rows(q)
    if (!r) throw new Error(`database non popolato con seed:scale (${q.slice(0, 60)}…)`)
    return r
  }
  try {
    const [agg] = await rows('select aggiornato_il from dati_aggiornamento where id = 1')
    if (!agg || Date.now() - new Date(agg.aggiornato_il as string).getTime() > DATI_REFRESH_MS - 60_000) {
      const t0 = performance.now()
      await refreshDati(handle.db)
      line(`dashboard_refresh_s_${suffix}`, ((performance.now() - t0) / 1000).toFixed(1), 's')
    } else {
      note(`${suffix}: viste aggiornate il ${new Date(agg.aggiornato_il as string).toISOString()}, nessun refresh`)
    }
    const n = (v: unknown) => Number(v)
    const dtd = await first(`select u.codice_fiscale as cf from utente u join utente_x_ruolo r on r.id_utente = u.id where r.codice_ruolo = 'DTD' order by u.id limit 1`)
    const dscu = await first(`select u.codice_fiscale as cf from utente u join utente_x_ruolo r on r.id_utente = u.id where r.codice_ruolo = 'DSCU' order by u.id limit 1`)
    const reg = await first(`select u.codice_fiscale as cf, r.id_programma as p, r.id_ente as e from referente_delegati_gestore_programma r join utente u on u.id = r.id_utente
      join programma g on g.id = r.id_programma where r.codice_ruolo = 'REG' and g.codice like 'SCALA-%' order by g.id limit 1`)
    const prj = await first(`select id from progetto where id_programma = ${n(reg.p)} order by id limit 1`)
    const regp = await first(`select u.codice_fiscale as cf, p.id_programma as p, r.id_progetto as pr, r.id_ente as e from referente_delegati_gestore_progetto r join utente u on u.id = r.id_utente
      join progetto p on p.id = r.id_progetto join programma g on g.id = p.id_programma where r.codice_ruolo = 'REGP' and g.codice like 'SCALA-%' order by p.id limit 1`)
    const fac = await first(`select u.codice_fiscale as cf, p.id_programma as p, f.id_progetto as pr, f.id_ente as e from ente_sede_progetto_facilitatore f join utente u on u.id = f.id_facilitatore
      join progetto p on p.id = f.id_progetto join programma g on g.id = p.id_programma where f.ruolo_utente = 'FAC' and g.codice like 'SCALA-%'
      and exists (select 1 from servizio s where s.id_facilitatore = f.id_facilitatore) order by u.id limit 1`)
    const period = { da: '2024-01', a: '2024-12' }
    return [
      { label: 'DTD', cf: String(dtd.cf), role: 'DTD', ids: {}, filtri: [{}, { policy: 'RFD' }, { idProgramma: n(reg.p) }, { idProgetto: n(prj.id) }, period] },
      { label: 'DSCU', cf: String(dscu.cf), role: 'DSCU', ids: {}, filtri: [{}, period] },
      { label: 'REG', cf: String(reg.cf), role: 'REG', ids: { idProgramma: n(reg.p), idEnte: n(reg.e) }, filtri: [{}, { idProgetto: n(prj.id) }, period] },
      { label: 'REGP', cf: String(regp.cf), role: 'REGP', ids: { idProgramma: n(regp.p), idProgetto: n(regp.pr), idEnte: n(regp.e) }, filtri: [{}, period] },
      { label: 'FAC', cf: String(fac.cf), role: 'FAC', ids: { idProgramma: n(fac.p), idProgetto: n(fac.pr), idEnte: n(fac.e) }, filtri: [{}, period] },
    ]
  } finally {
    await handle.close()
  }
}

async function measureLeg(suffix: string, env: NodeJS.ProcessEnv): Promise<void> {
  const callers = await prepare(env, suffix)
  const server = startServer(env)
  try {
    await waitReady(server, ORIGIN)
    const samples: number[] = []
    const medians: { ms: number; what: string; servizi: number }[] = []
    for (const who of callers) {
      const tk = await devToken(env, who.cf)
      for (const filtro of who.filtri) {
        const ask = async () => {
          const t0 = performance.now()
          const res = await fetch(`${ORIGIN}/api/dati/report`, {
            method: 'POST', headers: { authToken: tk, userRole: who.role, 'content-type': 'application/json' }, body: JSON.stringify({ ...who.ids, filtro }),
          })
          const text = await res.text()
          return { ms: performance.now() - t0, status: res.status, text }
        }
        const warm = await ask()
        if (warm.status !== 200) throw new Error(`${who.label} ${JSON.stringify(filtro)}: ${warm.status} ${warm.text.slice(0, 200)}`)
        const mine: number[] = []
        for (let i = 0; i < RUNS; i++) mine.push((await ask()).ms)
        samples.push(...mine)
        medians.push({ ms: percentile(mine, 50), what: `${who.label} ${JSON.stringify(filtro)}`, servizi: (JSON.parse(warm.text) as { totali: { servizi: number } }).totali.servizi })
      }
    }
    line(`dashboard_p95_ms_${suffix}`, percentile(samples, 95).toFixed(1), 'ms')
    note(`${suffix}: ${samples.length} campioni; mediane: ${medians.sort((a, b) => b.ms - a.ms).map((m) => `${m.what} ${m.ms.toFixed(1)} ms (${m.servizi} servizi)`).join('; ')}`)
  } finally {
    await server.stop()
  }
}

/** Both legs (see the module comment); lines on stdout, details on stderr. */
export async function measureDashboard(): Promise<void> {
  await scaleLegs('dash', 'dashboard', process.env.BENCH_DASHBOARD_LEGS ?? 'pglite,pg', PORT, measureLeg)
}
