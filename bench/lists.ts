/**
 * Issue 9 point 7 (scale) figures of the administrative lists, against a real server process (server/main.ts
 * through tsx) on a database filled by `npm run seed:scale` (scripts/seed-scale.ts):
 * - list_p95_ms: p95 of `POST /api/{entity}/all` (programma, progetto, ente, utente, servizio) for a DTD, a REG,
 *   a REGP and a FAC, first and a later page, without filters, with filters and with a search. Target ≤ 50 ms.
 *   Every planned request is measured (a status ≠ 200 stops the bench): the later page is min(3, last) of the list
 *   as page 0 reports it (none when the list has one page), and a list the role may not open by design (its list
 *   permission is not in the role's seed matrix, e.g. FAC on programmes) is not planned, after checking that it
 *   does answer 403; both are said in the output. Besides the p95, the slowest median per entity is printed.
 * - list_slowest_p95_ms: the p95 of the slowest of those requests, followed by its name (caller, entity, variant,
 *   page), e.g. `list_slowest_p95_ms_pglite_1_100: 212.4 ms (DTD programma tutti p0)`.
 * - detail_p95_ms: p95 of the detail routes (programme, project, body, user, service) as DTD. Target ≤ 80 ms.
 * - csv_export_s: time to download every service of a programme (`POST /api/servizio/download` as its REG).
 * - csv_export_peak_mb: growth of the server's resident memory (VmRSS, sampled every 5 ms) during that
 *   download, over its value just before. Target ≤ 100 MB.
 * Each line carries the leg: `_pg` (PostgreSQL at full scale) or `_pglite_1_100` (PGlite at 1/100).
 *
 * Legs: PGlite at 1/100 seeds a fresh temp folder (`seed:scale --scale 0.01`, about 10 s) and always runs; the
 * PostgreSQL leg runs when BENCH_SCALE_DATABASE_URL names a database already filled by `npm run seed:scale`
 * (scale 1). BENCH_LISTS_LEGS (default `pglite,pg`) picks the legs. BENCH_LISTS_PORT (default 18511) is the server's port; BENCH_LISTS_RUNS (default 5) the timed
 * repetitions of each request (after one warm-up). Each leg runs with the access register on, then off
 * (`REGISTRO_ACCESSI=off`, lines suffixed `_registro_off`; `BENCH_REGISTRO=on` skips it: server-process.ts registroLegs).
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { permissionsOfRole } from '../server/seed/permissions-matrix'
import type { RoleCode } from '../src/api/contract/common'
import { entiList } from '../server/domain/liste/enti'
import { progettiList } from '../server/domain/liste/progetti'
import { programmiList } from '../server/domain/liste/programmi'
import { utentiList } from '../server/domain/liste/utenti'
import { serviziList } from '../server/domain/liste/servizi'
import { openScaleDb, scaleCallers, type ScaleCaller } from './scale-db'
import { devToken, registroLegs, scaleLegs, startServer, waitReady } from './server-process'

const PORT = Number(process.env.BENCH_LISTS_PORT ?? 18511)
const RUNS = Number(process.env.BENCH_LISTS_RUNS ?? 5)
const ORIGIN = `http://127.0.0.1:${PORT}`

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

/** p-th percentile (nearest rank) of `values`; NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const v = [...values].sort((a, b) => a - b)
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))] as number
}

type Who = ScaleCaller
interface World { callers: Who[]; details: { url: string }[]; exporter: Who }

/** The callers and the detail targets, read from the seeded database before the server starts. */
async function readWorld(env: NodeJS.ProcessEnv): Promise<World> {
  const d = await openScaleDb(env)
  try {
    const { dtd, reg, regp, fac } = await scaleCallers(d)
    const sample = async (table: string, count: number) => (await d.rows(`select id from ${table} order by id desc limit ${count}`)).map((r) => Number(r.id))
    const details = [
      ...(await sample('programma', 4)).map((id) => ({ url: `/api/programma/${id}` })),
      ...(await sample('progetto', 4)).map((id) => ({ url: `/api/progetto/${id}` })),
      ...(await sample('ente', 4)).map((id) => ({ url: `/api/ente/${id}` })),
      ...(await sample('utente', 4)).map((id) => ({ url: `/api/utente/${id}` })),
      ...(await sample('servizio', 4)).map((id) => ({ url: `/api/servizio/${id}/schedaDettaglio` })),
    ]
    return { callers: [dtd, reg, regp, fac], details, exporter: reg }
  } finally {
    await d.close()
  }
}

type Caller = Who & { token: string }

async function post(who: Caller, url: string, body: object): Promise<{ status: number; ms: number; text: string }> {
  const t0 = performance.now()
  const res = await fetch(`${ORIGIN}${url}`, {
    method: 'POST', headers: { authToken: who.token, userRole: who.role, 'content-type': 'application/json' }, body: JSON.stringify({ ...who.ids, ...body }),
  })
  const text = await res.text()
  return { status: res.status, ms: performance.now() - t0, text }
}

/** The list permission of each measured entity (a role without it in the seed matrix is refused by design). */
const LIST_PERMISSION: Record<string, string> = Object.fromEntries(
  [programmiList, progettiList, entiList, utentiList, serviziList].map((d) => [d.entity, d.permissions.list]))

/** The list variants of one caller: every entity, without filters, with filters and with a search (page 0). */
export function listVariants(): { entity: string; label: string; body: object }[] {
  const variants: Record<string, { label: string; filtro?: object }[]> = {
    programma: [{ label: 'tutti' }, { label: 'filtri', filtro: { filtroPolicies: ['RFD'], filtroStati: ['ATTIVO'] } }, { label: 'ricerca', filtro: { filtroCriterioRicerca: 'digitale lazio' } }],
    progetto: [{ label: 'tutti' }, { label: 'filtri', filtro: { filtroPolicies: ['RFD'], filtroStati: ['ATTIVO'] } }, { label: 'ricerca', filtro: { filtroCriterioRicerca: 'roma' } }],
    ente: [{ label: 'tutti' }, { label: 'filtri', filtro: { profili: ['ENTE PARTNER'], filtroPolicies: ['RFD'] } }, { label: 'ricerca', filtro: { criterioRicerca: 'comune di' } }],
    utente: [{ label: 'tutti' }, { label: 'filtri', filtro: { ruoli: ['FAC'], stati: ['ATTIVO'] } }, { label: 'ricerca', filtro: { criterioRicerca: 'rossi' } }],
    servizio: [{ label: 'tutti' }, { label: 'filtri', filtro: { stato: ['ATTIVO'], tipologiaServizio: ['Formazione online'] } }, { label: 'ricerca', filtro: { criterioRicerca: 'spid' } }],
  }
  return Object.entries(variants).flatMap(([entity, list]) => list.map((v) => ({ entity, label: v.label, body: v.filtro ? { filtroRequest: v.filtro } : {} })))
}

/** The later page measured for a list of `numeroPagine` pages: min(3, last); undefined when there is no page after 0. */
export function laterPage(numeroPagine: number): number | undefined {
  const last = numeroPagine - 1
  return last >= 1 ? Math.min(3, last) : undefined
}

/** True when `role` may not open the list of `entity` by design (its list permission is not in the role's seed matrix). */
export function refusedByDesign(role: string, entity: string): boolean {
  const code = LIST_PERMISSION[entity]
  if (!code) throw new Error(`lista senza permesso noto: ${entity}`)
  return !(permissionsOfRole(role as RoleCode) as string[]).includes(code)
}

/** Timing of one request: its median and p95, with the entity it reads. */
export interface Timed { entity: string; what: string; ms: number; p95: number }

/** The request whose p95 is the highest (the slowest list), undefined when none was measured. */
export function slowestP95(timed: readonly Timed[]): Timed | undefined {
  return timed.reduce<Timed | undefined>((worst, t) => (worst === undefined || t.p95 > worst.p95 ? t : worst), undefined)
}

/** The slowest median of each entity, slowest entity first. */
export function slowestPerEntity(timed: readonly Timed[]): Timed[] {
  const worst = new Map<string, Timed>()
  for (const t of timed) if (!worst.has(t.entity) || (worst.get(t.entity) as Timed).ms < t.ms) worst.set(t.entity, t)
  return [...worst.values()].sort((a, b) => b.ms - a.ms)
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) : NaN
}

async function measureLeg(suffix: string, env: NodeJS.ProcessEnv): Promise<void> {
  const world = await readWorld(env)
  const server = startServer(env)
  try {
    await waitReady(server, ORIGIN)
    const callers: Caller[] = []
    for (const w of world.callers) callers.push({ ...w, token: await devToken(env, w.cf) })
    const dtd = callers[0] as Caller

    const listMs: number[] = []
    const timed: Timed[] = []
    const refused: string[] = []
    const onePage: string[] = []
    let planned = 0
    /** Warm-up (must answer 200) then RUNS timed repetitions of one planned request. */
    const measure = async (who: Caller, entity: string, what: string, page: number, body: object): Promise<unknown> => {
      planned++
      const url = `/api/${entity}/all?currPage=${page}&pageSize=10`
      const warm = await post(who, url, body)
      if (warm.status !== 200) throw new Error(`${suffix}: ${who.label} ${entity} ${what}: stato ${warm.status} ${warm.text.slice(0, 160)}`)
      const samples: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const res = await post(who, url, body)
        if (res.status !== 200) throw new Error(`${suffix}: ${who.label} ${entity} ${what}: stato ${res.status}`)
        samples.push(res.ms)
      }
      listMs.push(...samples)
      timed.push({ entity, what: `${who.label} ${entity} ${what}`, ms: percentile(samples, 50), p95: percentile(samples, 95) })
      return JSON.parse(warm.text)
    }
    for (const who of callers) {
      for (const entity of Object.keys(LIST_PERMISSION)) {
        if (!refusedByDesign(who.role, entity)) continue
        const probe = await post(who, `/api/${entity}/all?currPage=0&pageSize=10`, {})
        if (probe.status !== 403) throw new Error(`${suffix}: ${who.label} non ha il permesso della lista ${entity} ma riceve ${probe.status}, non 403`)
        refused.push(`${who.label} ${entity}`)
      }
      for (const v of listVariants()) {
        if (refusedByDesign(who.role, v.entity)) continue
        const first = await measure(who, v.entity, `${v.label} p0`, 0, v.body) as { numeroPagine: number }
        const later = laterPage(first.numeroPagine)
        if (later === undefined) onePage.push(`${who.label} ${v.entity} ${v.label}`)
        else await measure(who, v.entity, `${v.label} p${later}`, later, v.body)
      }
    }
    if (timed.length !== planned) throw new Error(`${suffix}: ${planned} richieste pianificate, ${timed.length} misurate`)
    line(`list_p95_ms_${suffix}`, percentile(listMs, 95).toFixed(1), 'ms')
    // issue 24 point 25: the slowest list by name, so that one slow list cannot hide in the p95 of them all
    const slowest = slowestP95(timed) as Timed
    line(`list_slowest_p95_ms_${suffix}`, slowest.p95.toFixed(1), `ms (${slowest.what})`)
    note(`${suffix}: ${timed.length} richieste pianificate e misurate (${listMs.length} campioni); mediana più lenta per entità: ${slowestPerEntity(timed).map((w) => `${w.what} ${w.ms.toFixed(1)} ms`).join('; ')}`)
    note(`${suffix}: mediane più lente: ${[...timed].sort((a, b) => b.ms - a.ms).slice(0, 8).map((w) => `${w.what} ${w.ms.toFixed(1)} ms`).join('; ')}`)
    if (refused.length) note(`${suffix}: liste che il ruolo non può aprire per scelta (403 verificato, non misurate): ${refused.join('; ')}`)
    if (onePage.length) note(`${suffix}: liste di una sola pagina (misurata solo p0): ${onePage.join('; ')}`)

    const detailMs: number[] = []
    const slowDetails: { ms: number; what: string }[] = []
    for (const d of world.details) {
      const warm = await post(dtd, d.url, {})
      if (warm.status !== 200) throw new Error(`${suffix}: ${d.url} → ${warm.status} ${warm.text.slice(0, 160)}`)
      const samples: number[] = []
      for (let i = 0; i < RUNS; i++) samples.push((await post(dtd, d.url, {})).ms)
      detailMs.push(...samples)
      slowDetails.push({ ms: percentile(samples, 50), what: d.url })
    }
    line(`detail_p95_ms_${suffix}`, percentile(detailMs, 95).toFixed(1), 'ms')
    note(`${suffix}: dettagli più lenti: ${slowDetails.sort((a, b) => b.ms - a.ms).slice(0, 5).map((w) => `${w.what} ${w.ms.toFixed(1)} ms`).join('; ')}`)

    const exporter = callers.find((c) => c.label === world.exporter.label) as Caller
    const pid = server.child.pid as number
    const before = rssKb(pid)
    let peak = before
    const sampler = setInterval(() => { peak = Math.max(peak, rssKb(pid)) }, 5)
    const t0 = performance.now()
    const res = await fetch(`${ORIGIN}/api/servizio/download`, {
      method: 'POST', headers: { authToken: exporter.token, userRole: exporter.role, 'content-type': 'application/json' }, body: JSON.stringify(exporter.ids),
    })
    let bytes = 0, lines = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      for (const b of chunk) if (b === 10) lines++
      peak = Math.max(peak, rssKb(pid))
    }
    const seconds = (performance.now() - t0) / 1000
    clearInterval(sampler)
    if (res.status !== 200) throw new Error(`download dei servizi: stato ${res.status}`)
    line(`csv_export_s_${suffix}`, seconds.toFixed(2), 's')
    line(`csv_export_peak_mb_${suffix}`, ((peak - before) / 1024).toFixed(1), 'MB')
    note(`${suffix}: CSV di ${lines - 1} servizi del programma ${String(exporter.ids.idProgramma)} (${(bytes / 1048576).toFixed(1)} MB); RSS prima ${(before / 1024).toFixed(0)} MB, picco ${(peak / 1024).toFixed(0)} MB`)
  } finally {
    await server.stop()
  }
}

/** Both legs (see the module comment); lines on stdout, details on stderr. */
export async function measureLists(): Promise<void> {
  // issue 28 part 1: each leg with the access register written, then without it (BENCH_REGISTRO)
  await scaleLegs('lists', 'elenchi', process.env.BENCH_LISTS_LEGS ?? 'pglite,pg', PORT, async (suffix, env) => {
    for (const r of registroLegs()) await measureLeg(`${suffix}${r.suffix}`, { ...env, ...r.env })
  })
}
