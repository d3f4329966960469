/**
 * `npm run soak` (issue 14 point 4; not part of `npm test`): the write load of `npm run bench` (bench/writes.ts:
 * services, citizens and surveys, open loop, round-robin over two server processes on one PostgreSQL) kept up for
 * SOAK_MINUTES (default 30) at SOAK_RATE writes/s (default 300), with each process's resident memory sampled every
 * 10 s. Prints, one `name: value unit` line each:
 * - soak_writes_per_s, soak_write_p99_ms, soak_write_errors: throughput, latency and failures over the whole soak;
 * - soak_rss_start_mb / soak_rss_end_mb: the processes' summed resident memory averaged over minutes 5–10 (after the
 *   warm-up: caches, JIT, pools full) and over the last 5 minutes;
 * - soak_rss_growth_pct: the change between the two. Flat memory: |growth| ≤ 10 %.
 * The per-minute table (writes/s, p99, memory of each process) goes to stderr. Same database and processes as
 * `npm run bench`'s pg_writes figures (BENCH_DATABASE_URL, else a private PostgreSQL).
 */
import { percentile, rssMiB, runWriteLoad, loadWriters, summarise, writesNote as note, type WriteSample } from './writes'
import { withProcesses } from './pg-writes'

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const minutes = Number(process.env.SOAK_MINUTES ?? 30)
const rate = Number(process.env.SOAK_RATE ?? 300)

await withProcesses(18560, async (origins, pids, env) => {
  const writers = await loadWriters(env.DATABASE_URL as string, env, origins[0] as string)
  note(`soak: ${origins.length} processi, ${rate} scritture/s per ${minutes} min`)
  const memory: { t: number; rss: number[] }[] = []
  const samples: WriteSample[] = await runWriteLoad({
    origins, writers, rate, seconds: minutes * 60,
    onTick: (t) => { if (t % 10 === 0) memory.push({ t, rss: pids.map(rssMiB) }) },
  })
  const t0 = samples[0]?.due ?? 0
  for (let m = 0; m < minutes; m++) {
    const inMinute = samples.filter((s) => s.due - t0 >= m * 60_000 && s.due - t0 < (m + 1) * 60_000)
    const ok = inMinute.filter((s) => s.status >= 200 && s.status < 300).length
    const rss = memory.filter((x) => x.t >= m * 60 && x.t < (m + 1) * 60).at(-1)?.rss ?? []
    note(`minuto ${String(m + 1).padStart(2)}: ${(ok / 60).toFixed(1)} scritture/s, p99 ${percentile(inMinute.map((s) => s.end - s.due), 99).toFixed(0)} ms, memoria ${rss.map((r) => `${r.toFixed(0)} MiB`).join(' + ')}`)
  }
  const s = summarise(samples, minutes * 60)
  const avg = (from: number, to: number) => {
    const xs = memory.filter((x) => x.t >= from && x.t < to).map((x) => x.rss.reduce((a, b) => a + b, 0))
    return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  }
  const warm = minutes >= 15 ? 300 : Math.floor(minutes * 60 / 3)
  const start = avg(warm, warm + 300)
  const end = avg(minutes * 60 - 300, minutes * 60 + 1)
  line('soak_writes_per_s', s.writesPerS.toFixed(1), 'writes/s')
  line('soak_write_p99_ms', s.p99.toFixed(1), 'ms')
  line('soak_write_errors', String(s.errors), '')
  line('soak_rss_start_mb', start.toFixed(0), 'MB')
  line('soak_rss_end_mb', end.toFixed(0), 'MB')
  line('soak_rss_growth_pct', ((end / start - 1) * 100).toFixed(1), '%')
  note(`latenza p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(0)} ms; ${s.byKind}; errori ${[...s.statuses].map(([k, v]) => `${k} ×${v}`).join(', ') || 'nessuno'}`)
})
