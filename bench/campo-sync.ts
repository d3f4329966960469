/**
 * `npm run bench` — the field sync (issue 25 point 2) on the world of a 20,000-row mass upload assigned to one
 * facilitator (bench/world-campo.ts: 181 services, 15,806 citizens, 18,676 survey instances; BENCH_CAMPO_SCALE
 * scales it, default 1), against a server process (server/main.ts through tsx), on PGlite and on PostgreSQL:
 * - campo_sync_first_s_<db>, campo_sync_first_mb_<db>, campo_sync_pages_<db>: the facilitator's first (whole) sync,
 *   page after page as the device asks them: time, bytes of the bodies, pages;
 * - campo_sync_rss_growth_mb_<db>: the server's peak resident memory during it minus before it (sampled every 50 ms);
 * - campo_sync_other_p99_ms_<db>: p99 of other requests meanwhile (a facilitator's services list, one at a time);
 * - campo_sync_ready_max_ms_<db>: the slowest `/api/health/ready` meanwhile (one every 100 ms). Target ≤ 1000;
 * - campo_sync_incremental_ms_<db>, campo_sync_incremental_kb_<db>: the next sync after 10 changes (2 services
 *   created, 3 citizens added, 3 surveys compiled, 2 links sent). Targets < 100 ms, < 50 KB.
 * Then the mixed load on PostgreSQL with two processes (BENCH_CAMPO_MIX_SECONDS, default 30): field writes
 * (bench/writes.ts, BENCH_CAMPO_WRITES_RATE writes/s, default 20, BENCH_CAMPO_WRITERS enrolled writers, default 20),
 * a project manager's services list (one at a time), 4 first syncs of the world's facilitator at once, and 20
 * stalled sockets (headers with `Content-Length: 1000`, then nothing): campo_mix_other_p99_ms (writes and lists;
 * target ≤ 300), campo_mix_ready_max_ms (target ≤ 1000), campo_mix_errors (answers not 2xx, network errors and
 * requests unanswered within 10 s; target 0), campo_mix_syncs_s (the 4 syncs).
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server, else a private PostgreSQL 15 started for the run.
 * `BENCH_ONLY=campo` measures these alone; BENCH_CAMPO_LEGS (default `pglite,pg,mix`) picks the legs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadConfig } from '../server/config'
import { openSeededDatabase } from '../server/seed/index'
import type { Database } from '../server/db/types'
import { createPrincipalLoader } from '../server/domain/principal'
import { resolveSharedSecrets } from '../server/shared-secrets'
import { encodeSection } from '../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import type { CampoSyncPagina } from '../src/api/contract/campo'
import { DEMOGRAFICA, fiscalCodeAged, servizioBody, type Actor } from '../tests/server/field/fixtures'
import { freshDatabase, startPostgres } from './mass-upload'
import { devToken, serverEnv, startServer, waitReady, type Server } from './server-process'
import { buildWorldCampo, type WorldCampo } from './world-campo'
import { loadWriters, percentile, rssMiB, runWriteLoad, startProcesses } from './writes'

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)
const SCALE = Number(process.env.BENCH_CAMPO_SCALE ?? 1)
const PORT = Number(process.env.BENCH_CAMPO_PORT ?? 18_560)
const REGP = 'MRTFNC80A70F839W'
const SARA = 'RMNSRA92E51A944H'
const Q4 = encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: { '29': ['Passaparola'], '1663320201383': ['4'] } })

interface Who { token: string; role: string; ids: Record<string, number | null> }

const headers = (who: Who) => ({ authToken: who.token, userRole: who.role, 'content-type': 'application/json' })
const query = (who: Who) => `idProgramma=${who.ids.idProgramma}&idProgetto=${who.ids.idProgetto}&idEnte=${who.ids.idEnte}`

/** A JSON request with a 10 s bound: status (0 = network error or no answer), body text, ms. */
async function send(origin: string, who: Who | null, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; ms: number }> {
  const t = performance.now()
  try {
    const res = await fetch(origin + path, {
      method, headers: who ? headers(who) : {}, signal: AbortSignal.timeout(10_000),
      ...(body !== undefined ? { body: JSON.stringify(who && typeof body === 'object' && body !== null ? { ...who.ids, ...body } : body) } : {}),
    })
    const text = await res.text()
    return { status: res.status, text, ms: performance.now() - t }
  } catch {
    return { status: 0, text: '', ms: performance.now() - t }
  }
}

/** A whole (or incremental, from `cursore`) sync by pages: ms, bytes, pages, the cursor to keep, the records. */
async function sync(origin: string, who: Who, cursore?: string): Promise<{ ms: number; bytes: number; pages: number; cursore: string; last: CampoSyncPagina[]; errors: number }> {
  const t = performance.now()
  let bytes = 0
  let pages = 0
  let errors = 0
  const kept: CampoSyncPagina[] = []
  for (;;) {
    const r = await send(origin, who, 'GET', `/api/campo/sync?${query(who)}${cursore ? `&cursore=${encodeURIComponent(cursore)}` : ''}`)
    if (r.status !== 200) {
      errors++
      if (errors > 3) throw new Error(`sync: ${r.status} ${r.text.slice(0, 200)}`)
      continue
    }
    bytes += Buffer.byteLength(r.text)
    pages++
    const page = JSON.parse(r.text) as CampoSyncPagina
    if (kept.length < 3) kept.push(page)
    cursore = page.cursore
    if (page.completo) break
  }
  return { ms: performance.now() - t, bytes, pages, cursore: cursore!, last: kept, errors }
}

/** Runs `probe` every `everyMs` until stopped; returns the latencies. */
function every(everyMs: number, probe: () => Promise<number>): { stop(): Promise<number[]> } {
  const out: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const t = performance.now()
      out.push(await probe())
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - t))))
    }
  })()
  return { async stop() { running = false; await loop; return out } }
}

/** The profile of `cf` with role `role` as a request identity. */
async function identity(db: Database, env: NodeJS.ProcessEnv, cf: string, role: string): Promise<Who> {
  const principal = await createPrincipalLoader(db)(cf)
  const p = principal?.profili.find((x) => x.codiceRuolo === role)
  if (!p) throw new Error(`${cf} senza profilo ${role}`)
  return { token: await devToken(env, cf), role, ids: { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte } }
}

/** The 10 changes of the module comment, as the facilitator: ok count. */
async function tenChanges(origin: string, fac: Who, world: WorldCampo, first: CampoSyncPagina[]): Promise<number> {
  const today = new Date().toISOString().slice(0, 10)
  const actor = { ids: fac.ids } as unknown as Actor
  let ok = 0
  const okIf = (r: { status: number; text: string }, what: string) => {
    if (r.status >= 200 && r.status < 300) ok++
    else note(`modifica ${what}: ${r.status} ${r.text.slice(0, 200)}`)
  }
  for (let i = 0; i < 2; i++) okIf(await send(origin, fac, 'POST', '/api/servizio', servizioBody(actor, world.idSede, { nomeServizio: `Nuovo sul campo ${i}`, data: today })), 'servizio')
  const servizi = first.flatMap((p) => p.servizi)
  for (let i = 0; i < 3; i++) {
    okIf(await send(origin, fac, 'POST', `/api/servizio/cittadino/${servizi[i % servizi.length]!.id}`, { nuovoCittadino: true, codiceFiscale: fiscalCodeAged(30 + i, 'M'), ...DEMOGRAFICA }), 'cittadino')
  }
  const open = first.flatMap((p) => p.questionari).filter((q) => q.statoQuestionario !== 'COMPILATA')
  for (let i = 0; i < 3; i++) {
    okIf(await send(origin, fac, 'POST', `/api/servizio/cittadino/questionarioCompilato/${open[i]!.idQuestionarioCompilato}/compila`, { sezioneQ4Questionario: Q4 }), 'compilazione')
  }
  for (let i = 3; i < 5; i++) okIf(await send(origin, fac, 'POST', `/api/servizio/cittadino/questionarioCompilato/${open[i]!.idQuestionarioCompilato}/invia`, {}), 'link')
  return ok
}

/** One leg (module comment) against `origin` (server `pid`). */
async function measureLeg(suffix: string, origin: string, pid: number | undefined, fac: Who, sara: Who, world: WorldCampo): Promise<void> {
  await send(origin, null, 'GET', '/api/health/ready')
  const base = rssMiB(pid)
  let peak = base
  const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(pid)) }, 50)
  const ready = every(100, async () => (await send(origin, null, 'GET', '/api/health/ready')).ms)
  const other = every(0, async () => (await send(origin, sara, 'POST', '/api/servizio/all?currPage=0&pageSize=20', {})).ms)
  let first: Awaited<ReturnType<typeof sync>>
  try {
    first = await sync(origin, fac)
  } finally {
    clearInterval(sampler)
  }
  const readyMs = await ready.stop()
  const otherMs = await other.stop()
  line(`campo_sync_first_s_${suffix}`, (first.ms / 1000).toFixed(1), 's')
  line(`campo_sync_first_mb_${suffix}`, (first.bytes / 1024 / 1024).toFixed(1), 'MB')
  line(`campo_sync_pages_${suffix}`, String(first.pages), '')
  line(`campo_sync_rss_growth_mb_${suffix}`, (peak - base).toFixed(0), 'MB')
  line(`campo_sync_other_p99_ms_${suffix}`, percentile(otherMs, 99).toFixed(0), 'ms')
  line(`campo_sync_ready_max_ms_${suffix}`, Math.max(0, ...readyMs).toFixed(0), 'ms')

  // a device syncs again before the changes (as at every reconnect): nothing to send
  const inc0 = await sync(origin, fac, first.cursore)
  const changed = await tenChanges(origin, fac, world, first.last)
  const inc = await sync(origin, fac, inc0.cursore)
  const inc2 = await sync(origin, fac, inc.cursore)
  line(`campo_sync_incremental_ms_${suffix}`, inc.ms.toFixed(0), 'ms')
  line(`campo_sync_incremental_kb_${suffix}`, (inc.bytes / 1024).toFixed(1), 'KB')
  note(`${suffix}: mondo ${world.servizi} servizi, ${world.cittadini} cittadini, ${world.istanze} questionari (caricamento ${world.secondi.toFixed(0)} s); ` +
    `prima sincronizzazione ${first.pages} pagine, ${(first.bytes / first.pages / 1024).toFixed(0)} KB a pagina; RSS ${base.toFixed(0)} → ${peak.toFixed(0)} MiB; ` +
    `altre richieste ${otherMs.length} (p50 ${percentile(otherMs, 50).toFixed(0)} ms), prontezza ${readyMs.length} sonde; ` +
    `incrementale senza modifiche ${inc0.ms.toFixed(0)} ms ${(inc0.bytes / 1024).toFixed(1)} KB; ${changed}/10 modifiche, incrementale ${inc.pages} pagine, ` +
    `poi di nuovo senza modifiche ${inc2.ms.toFixed(0)} ms ${(inc2.bytes / 1024).toFixed(1)} KB; ` +
    `carico ${loadavg().map((l) => l.toFixed(1)).join(' / ')} su ${availableParallelism()} core`)
}

/** PGlite: the server migrates and seeds its folder, the world is uploaded with the server stopped (one process), then measured. */
async function legPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-campo-'))
  const env = serverEnv(PORT, { DATA_DIR: dir, STATIC_DIR: join(dir, 'no-build') })
  const origin = `http://127.0.0.1:${PORT}`
  let server: Server | undefined
  try {
    server = startServer(env)
    await waitReady(server, origin)
    await server.stop()
    const database = await openSeededDatabase({ dataDir: dir })
    let world: WorldCampo
    let fac: Who, sara: Who
    try {
      world = await buildWorldCampo(database.db, { scale: SCALE, dir, citizenHashSecret: loadConfig(env).citizenHashSecret, kind: database.kind })
      fac = await identity(database.db, env, world.cf, 'FAC')
      sara = await identity(database.db, env, SARA, 'FAC')
    } finally {
      await database.close()
    }
    server = startServer(env)
    await waitReady(server, origin)
    await measureLeg('pglite', origin, server.child.pid, fac, sara, world)
  } finally {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** PostgreSQL: `n` processes on a fresh database with the world; `run` gets their origins and pids. */
async function withPostgres(n: number, port: number, run: (origins: string[], pids: (number | undefined)[], env: NodeJS.ProcessEnv, world: WorldCampo, db: Database) => Promise<void>): Promise<void> {
  const own = process.env.BENCH_DATABASE_URL ? null : startPostgres()
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-campo-pg-'))
  let servers: Server[] = []
  let database: Awaited<ReturnType<typeof openSeededDatabase>> | undefined
  try {
    const url = await freshDatabase(process.env.BENCH_DATABASE_URL ?? own!.url)
    const envOf = (p: number) => serverEnv(p, { DATA_DIR: dir, STATIC_DIR: join(dir, 'no-build'), DATABASE_URL: url, PUBLIC_URL: `http://127.0.0.1:${port}` })
    const started = await startProcesses(n, port, envOf)
    servers = started.servers
    database = await openSeededDatabase({ dataDir: 'memory://', databaseUrl: url })
    const config = await resolveSharedSecrets(loadConfig(envOf(port)), database)
    const world = await buildWorldCampo(database.db, { scale: SCALE, dir, citizenHashSecret: config.citizenHashSecret, kind: database.kind })
    await run(started.origins, servers.map((s) => s.child.pid), { ...envOf(port), DATABASE_URL: url }, world, database.db)
  } finally {
    await database?.close()
    await Promise.all(servers.map((s) => s.stop()))
    rmSync(dir, { recursive: true, force: true })
    own?.stop()
  }
}

/** 20 sockets that send a request's headers announcing a body, then nothing. */
function stalledSockets(origin: string, n: number): Socket[] {
  const { hostname, port } = new URL(origin)
  return Array.from({ length: n }, () => {
    const s = connect(Number(port), hostname)
    s.on('error', () => undefined)
    s.write(`POST /api/servizio/all HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`)
    return s
  })
}

/** The mixed load of the module comment on two processes. */
async function legMix(origins: string[], pids: (number | undefined)[], env: NodeJS.ProcessEnv, world: WorldCampo, db: Database): Promise<void> {
  const seconds = Number(process.env.BENCH_CAMPO_MIX_SECONDS ?? 30)
  {
    const writers = await loadWriters(env.DATABASE_URL as string, env, origins[0]!, Number(process.env.BENCH_CAMPO_WRITERS ?? 20))
    const fac = await identity(db, env, world.cf, 'FAC')
    const regp = await identity(db, env, REGP, 'REGP')
    const stalled = origins.flatMap((o, i) => stalledSockets(o, i === 0 ? 10 : 10))
    const readyMs: number[] = []
    const probes = origins.map((o) => every(100, async () => {
      const r = await send(o, null, 'GET', '/api/health/ready')
      readyMs.push(r.ms)
      return r.ms
    }))
    let listErrors = 0
    let k = 0
    const lists = every(50, async () => {
      const r = await send(origins[k++ % origins.length]!, regp, 'POST', '/api/servizio/all?currPage=0&pageSize=20', {})
      if (r.status !== 200) listErrors++
      return r.ms
    })
    const t = performance.now()
    const syncs = Promise.all(Array.from({ length: 4 }, (_, i) => sync(origins[i % origins.length]!, fac).catch(() => null)))
    const writes = await runWriteLoad({ origins, writers, rate: Number(process.env.BENCH_CAMPO_WRITES_RATE ?? 20), seconds })
    const done = await syncs
    const syncS = (performance.now() - t) / 1000
    const listMs = await lists.stop()
    await Promise.all(probes.map((p) => p.stop()))
    for (const s of stalled) s.destroy()
    const other = [...writes.map((w) => w.end - w.due), ...listMs]
    const writeErrors = writes.filter((w) => w.status < 200 || w.status >= 300).length
    const syncErrors = done.filter((d) => d === null).length + done.reduce((a, d) => a + (d?.errors ?? 0), 0)
    line('campo_mix_other_p99_ms', percentile(other, 99).toFixed(0), 'ms')
    line('campo_mix_ready_max_ms', Math.max(0, ...readyMs).toFixed(0), 'ms')
    line('campo_mix_errors', String(writeErrors + listErrors + syncErrors), '')
    line('campo_mix_syncs_s', syncS.toFixed(1), 's')
    note(`carico misto: ${origins.length} processi, ${writes.length} scritture (${writeErrors} errori), ${listMs.length} elenchi (${listErrors} errori), ` +
      `4 sincronizzazioni complete (${syncErrors} errori) in ${syncS.toFixed(1)} s, 20 socket in stallo; memoria ${pids.map((p) => `${rssMiB(p).toFixed(0)} MiB`).join(', ')}; ` +
      `carico ${loadavg().map((l) => l.toFixed(1)).join(' / ')} su ${availableParallelism()} core`)
  }
}

/** Measures and prints the figures of the module comment. */
export async function measureCampoSync(): Promise<void> {
  const legs = (process.env.BENCH_CAMPO_LEGS ?? 'pglite,pg,mix').split(',')
  if (legs.includes('pglite')) await legPglite()
  if (legs.includes('pg') || legs.includes('mix')) {
    // one world on PostgreSQL: the single-process figures on the first process, then the mixed load on both
    await withPostgres(legs.includes('mix') ? 2 : 1, PORT + 1, async (origins, pids, env, world, db) => {
      if (legs.includes('pg')) await measureLeg('pg', origins[0]!, pids[0], await identity(db, env, world.cf, 'FAC'), await identity(db, env, SARA, 'FAC'), world)
      if (legs.includes('mix')) await legMix(origins, pids, env, world, db)
    })
  }
}
