/**
 * Issue 11 point 1 ('Report dati') at scale: `dashboard_p95_ms`, the p95 of `POST /api/dati/report` against a
 * real server process (server/main.ts through tsx) on a database filled by `npm run seed:scale`, for a DTD (no
 * filter, policy, programme, project, a 12-month period), a DSCU, a REG (alone and with a project), a REGP and a
 * FAC (live, own services). Target ≤ 300 ms. Also `dashboard_refresh_s`, the time of one concurrent refresh of
 * the materialised views (server/domain/dati/refresh.ts), measured when the views are older than the server's
 * refresh period (otherwise the server would start one in the background while the bench measures), and
 * `conservazione_rapporto_s`, the counts of the daily retention report (issue 28 point 2) on a day when every
 * citizen is past its date.
 * Each line carries the leg: `_pg` (PostgreSQL at full scale, when BENCH_SCALE_DATABASE_URL names a database filled
 * by `seed:scale`) or `_pglite_1_100` (PGlite at 1/100, seeded in a fresh temp folder, always).
 * BENCH_DASHBOARD_LEGS (default `pglite,pg`) picks the legs; BENCH_DASHBOARD_PORT (default 18531) the server's
 * port; BENCH_DASHBOARD_RUNS (default 7) the timed repetitions of each request (after one warm-up).
 */
import { performance } from 'node:perf_hooks'
import { calcolaRapporto } from '../server/domain/conservazione/rapporto'
import { DATI_REFRESH_MS, refreshDati } from '../server/domain/dati/refresh'
import { percentile } from './lists'
import { openScaleDb, scaleCallers } from './scale-db'
import { devToken, scaleLegs, startServer, waitReady } from './server-process'

const PORT = Number(process.env.BENCH_DASHBOARD_PORT ?? 18531)
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 7)
const ORIGIN = `http://127.0.0.1:${PORT}`

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

interface Who { label: string; cf: string; role: string; ids: Record<string, number | null>; filtri: Record<string, unknown>[] }

/** The callers, read from the seeded database before the server starts; refreshes stale views (timed). */
async function prepare(env: NodeJS.ProcessEnv, suffix: string): Promise<Who[]> {
  const d = await openScaleDb(env)
  try {
    const [agg] = await d.rows('select aggiornato_il from dati_aggiornamento where id = 1')
    if (!agg || Date.now() - new Date(agg.aggiornato_il as string).getTime() > DATI_REFRESH_MS - 60_000) {
      const t0 = performance.now()
      await refreshDati(d.db)
      line(`dashboard_refresh_s_${suffix}`, ((performance.now() - t0) / 1000).toFixed(1), 's')
    } else {
      note(`${suffix}: viste aggiornate il ${new Date(agg.aggiornato_il as string).toISOString()}, nessun refresh`)
    }
    // issue 28 point 2: the daily retention report's counts, on a day when every citizen is past its date (worst case)
    const t1 = performance.now()
    const rapporto = await calcolaRapporto(d.db, '2099-12-31')
    line(`conservazione_rapporto_s_${suffix}`, ((performance.now() - t1) / 1000).toFixed(1), 's')
    note(`${suffix}: rapporto di conservazione su ${rapporto.totali.cittadini} cittadini, ${rapporto.totali.servizi} servizi, ${rapporto.totali.questionari} questionari`)
    const { dtd, reg, regp, fac } = await scaleCallers(d)
    const dscu = await d.first(`select u.codice_fiscale as cf from utente u join utente_x_ruolo r on r.id_utente = u.id where r.codice_ruolo = 'DSCU' order by u.id limit 1`)
    const prj = await d.first(`select id from progetto where id_programma = ${Number(reg.ids.idProgramma)} order by id limit 1`)
    const period = { da: '2024-01', a: '2024-12' }
    return [
      { ...dtd, filtri: [{}, { policy: 'RFD' }, { idProgramma: reg.ids.idProgramma }, { idProgetto: Number(prj.id) }, period] },
      { label: 'DSCU', cf: String(dscu.cf), role: 'DSCU', ids: {}, filtri: [{}, period] },
      { ...reg, filtri: [{}, { idProgetto: Number(prj.id) }, period] },
      { ...regp, filtri: [{}, period] },
      { ...fac, filtri: [{}, period] },
    ]
  } finally {
    await d.close()
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
