/**
 * `npm run bench` — mass upload of services (issue 10 point 5), on PostgreSQL:
 * - mass_upload_rows_per_s: rows of a generated 100,000-row XLSX (37 bad rows every 10,000) per second,
 *   from the file on disk to the job's SUCCESS: the upload's check of the file (lettore.ts: zip check,
 *   streaming read) plus the job (server/jobs/caricamenti.ts with the server's 6 concurrent sequences),
 *   each row in its own transaction through the services/citizens/surveys domain writes. Target: the
 *   100,000 rows in under 3 minutes (≥ 556 rows/s);
 * - mass_upload_total_s: the same time in seconds;
 * - mass_upload_node_cpu_ms_per_row: CPU time of this process (user + system) during the run per row — the
 *   server's share of the work, independent of the machine's load (the rest is PostgreSQL's);
 * - mass_upload_peak_rss_growth_mb: peak resident memory during the run minus before it (sampled every
 *   100 ms); mass_upload_retained_heap_mb: the heap the run still holds after a full collection at its end
 *   (the file is streamed: no row is kept).
 * The database: BENCH_DATABASE_URL (a fresh database is created on that server), else a private
 * PostgreSQL 15 started for the run in a temporary folder (as .ci/run does), stopped at the end.
 * - mass_upload_pglite_total_s, mass_upload_pglite_event_loop_max_ms (issue 24 point 2): the same kind of file,
 *   MASS_UPLOAD_PGLITE_ROWS rows (default 20000), on PGlite in a temporary folder as `npm start` runs it (chunks
 *   of PGLITE_BATCH_ROWS), and the longest stall of the event loop during the job — what a request (readiness)
 *   waits at worst while it runs (target ≤ 1000 ms).
 * MASS_UPLOAD_ROWS changes the number of rows (default 100000). Checks the outcome: SUCCESS, the bad
 * rows rejected, one service, citizen and compiled survey per good row.
 */
import { spawnSync } from 'node:child_process'
import { createWriteStream, chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import v8 from 'node:v8'
import vm from 'node:vm'
import m from 'codice-fiscale-js'
import { eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import pg from 'pg'
import { openSeededDatabase } from '../server/seed/index'
import { enteSedeProgettoFacilitatore, registroAttivita, servizio, utente } from '../server/db/schema'
import { verificaFile } from '../server/domain/caricamenti/lettore'
import { COLONNE, type Riga } from '../server/domain/caricamenti/tracciato'
import { createJobRunner, PGLITE_BATCH_ROWS } from '../server/jobs/caricamenti'

const CodiceFiscale = (m as unknown as { CodiceFiscale?: typeof m }).CodiceFiscale ?? m
const ROWS = Number(process.env.MASS_UPLOAD_ROWS ?? 100_000)
const FACILITATORS = 12
const PG_BIN = '/usr/lib/postgresql/15/bin'
const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`)
const note = (text: string) => console.error(`  ${text}`)

const CONS = 'BCDFGHLMNPRSTVZ'
const MONTHS = 'ABCDEHLMPRST'
/** A valid fiscal code, distinct for each i < 15^3 × 28 × 12 (check character by codice-fiscale-js). */
function fiscalCode(i: number, nameCode = 'NNA'): string {
  const s = i % 3375
  const rest = Math.floor(i / 3375)
  const surname = `${CONS[s % 15]}${CONS[Math.floor(s / 15) % 15]}${CONS[Math.floor(s / 225) % 15]}`
  const female = rest % 2 === 1
  const day = (Math.floor(rest / 2) % 28) + 1 + (female ? 40 : 0)
  const month = MONTHS[Math.floor(rest / 56) % 12]
  const year = String(60 + (Math.floor(rest / 672) % 35)).padStart(2, '0')
  const base = `${surname}${nameCode}${year}${month}${String(day).padStart(2, '0')}H501`
  return base + CodiceFiscale.getCheckCode(base)
}

/** A private PostgreSQL for the run (as .ci/run starts it); `postmaster` is its pid; `stop()` removes it. */
export function startPostgres(): { url: string; postmaster: number; stop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-pg-'))
  chmodSync(dir, 0o777)
  const run = (cmd: string) => process.getuid?.() === 0 ? spawnSync('su', ['postgres', '-c', cmd], { stdio: 'ignore' }) : spawnSync('sh', ['-c', cmd], { stdio: 'ignore' })
  const asPostgres = (cmd: string) => {
    if (run(cmd).status !== 0) throw new Error(`PostgreSQL: "${cmd}" non riuscito`)
  }
  asPostgres(`${PG_BIN}/initdb -D ${dir}/data -U postgres -A trust -E UTF8 --locale=C.UTF-8`)
  // a random port in 54390–54889, which lies in Linux's ephemeral range: a client connection may hold it for a
  // while (the server then cannot bind), so a failed start is tried again on another port, five times at most
  let port: number
  for (let attempt = 1; ; attempt++) {
    port = 54_390 + Math.floor(Math.random() * 500)
    const start = `${PG_BIN}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w -o '-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} ${process.env.BENCH_PG_OPTS ?? ''}' start`
    if (run(start).status === 0) break
    if (attempt === 5) throw new Error(`PostgreSQL: "${start}" non riuscito`)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmaster: Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try { asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -m fast stop`) } finally {
        if (process.env.BENCH_PG_LOG) spawnSync('cp', [`${dir}/server.log`, process.env.BENCH_PG_LOG])
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

export async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `pd_bench_${process.pid}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Row `i`: facilitator `i % FACILITATORS`, a new citizen, one service; rows 37 per 10,000 are bad. */
function row(i: number, facs: string[], idSede: number): Riga {
  const r = {} as Riga
  for (const c of COLONNE) r[c] = ''
  Object.assign(r, {
    IDFacilitatore: facs[i % facs.length], NominativoFacilitatore: 'Bench', IDSede: String(idSede), NominativoSede: 'Sede',
    AN1: 'Anna', AN2: 'Bench', AN3: fiscalCode(i), AN4: 'NO', AN7: 'A', AN8: '2', AN9: 'C', AN10: 'A', AN11: 'A', AN12: 'Roma',
    PR1: 'SI', SE1: '2025-03-10', SE2: '1:30', SE3: 'A', SE4: 'A', SE5: '1:4', SE6: 'A:B', SE7: `Servizio ${i}`,
    ES1: 'A', ES2: 'F', ES3: 'A', ES4: 'Pagamenti online', ES5: 'C', ES6: '5',
  })
  if (isBad(i)) r.AN9 = 'Z'
  return r
}
const isBad = (i: number) => i % 10_000 < 37

async function writeXlsx(path: string, facs: string[], idSede: number, rows = ROWS): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: createWriteStream(path), useSharedStrings: false, useStyles: false })
  const sheet = wb.addWorksheet('Servizi')
  sheet.addRow([...COLONNE]).commit()
  for (let i = 0; i < rows; i++) sheet.addRow(COLONNE.map((c) => row(i, facs, idSede)[c])).commit()
  sheet.commit()
  await wb.commit()
}

/** Measures the mass upload (module comment). */
export async function measureMassUpload(): Promise<void> {
  const own = process.env.BENCH_DATABASE_URL ? null : startPostgres()
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-upload-'))
  let database: Awaited<ReturnType<typeof openSeededDatabase>> | undefined
  try {
    const url = await freshDatabase(process.env.BENCH_DATABASE_URL ?? own!.url)
    database = await openSeededDatabase({ dataDir: 'memory://', databaseUrl: url })
    const { db } = database
    // the project and body of a seeded facilitator's site; FACILITATORS new facilitators there
    const [found] = await db.select({ link: enteSedeProgettoFacilitatore }).from(enteSedeProgettoFacilitatore)
      .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore)).where(eq(utente.codiceFiscale, 'RMNSRA92E51A944H')).limit(1)
    const link = found?.link
    if (!link) throw new Error('seed senza facilitatori')
    const facs = Array.from({ length: FACILITATORS }, (_, i) => fiscalCode(i, 'MRA'))
    for (const cf of facs) {
      const [u] = await db.insert(utente).values({ codiceFiscale: cf, nome: 'Bench', cognome: cf.slice(0, 6) }).returning({ id: utente.id })
      await db.insert(enteSedeProgettoFacilitatore).values({ ...link, idFacilitatore: u!.id, ruoloUtente: 'FAC', statoUtente: 'ATTIVO' })
    }
    const path = join(dir, 'bench.xlsx')
    let t = performance.now()
    await writeXlsx(path, facs, link.idSede)
    note(`file XLSX di ${ROWS} righe generato in ${((performance.now() - t) / 1000).toFixed(1)} s`)

    // a full collection first, so that the baseline holds no garbage of the file's generation
    v8.setFlagsFromString('--expose-gc')
    ;(vm.runInNewContext('gc') as () => void)()
    const base = process.memoryUsage().rss
    const baseHeap = process.memoryUsage().heapUsed
    let peak = base
    let peakHeap = 0
    const sampler = setInterval(() => {
      const mem = process.memoryUsage()
      peak = Math.max(peak, mem.rss)
      peakHeap = Math.max(peakHeap, mem.heapUsed)
    }, 100)
    t = performance.now()
    const cpu = process.cpuUsage()
    const totale = await verificaFile(path, 'xlsx')
    const checked = performance.now() - t
    const jobUuid = 'bench'.padEnd(32, '0')
    const [job] = await db.insert(registroAttivita).values({
      idProgetto: link.idProgetto, idEnte: link.idEnte, operatore: 'Bench', jobUuid, jobStatus: 'IN_PROGRESS', estensioneInput: 'xlsx',
      percorsoFile: path, totaleRigheFile: totale,
    }).returning({ id: registroAttivita.id })
    const runner = createJobRunner({ db, citizenHashSecret: 'bench-secret-bench-secret-bench-secret', lanes: 6 })
    runner.enqueue(job!.id)
    await runner.idle()
    const seconds = (performance.now() - t) / 1000
    const cpuUsed = process.cpuUsage(cpu)
    clearInterval(sampler)
    const [done] = await db.select().from(registroAttivita).where(eq(registroAttivita.id, job!.id))
    const bad = Array.from({ length: ROWS }, (_, i) => i).filter(isBad).length
    const [services] = await db.select({ n: sql<number>`count(*)::int` }).from(servizio).where(eq(servizio.codInserimento, jobUuid))
    if (done?.jobStatus !== 'SUCCESS' || done.righeScartate !== bad || done.cittadiniAggiunti !== ROWS - bad || Number(services?.n) !== ROWS - bad
      || done.rilevazioneDiEsperienzaCompilate !== ROWS - bad) {
      throw new Error(`esito inatteso: ${JSON.stringify({ ...done, risultato: undefined })}, servizi ${services?.n}`)
    }
    line('mass_upload_rows_per_s', (ROWS / seconds).toFixed(0), 'rows/s')
    line('mass_upload_total_s', seconds.toFixed(1), 's')
    line('mass_upload_node_cpu_ms_per_row', ((cpuUsed.user + cpuUsed.system) / 1000 / ROWS).toFixed(3), 'ms')
    line('mass_upload_peak_rss_growth_mb', ((peak - base) / 1024 / 1024).toFixed(0), 'MB')
    // what the run keeps once its garbage is collected (the peak above is mostly garbage V8 had not collected yet)
    ;(vm.runInNewContext('gc') as () => void)()
    line('mass_upload_retained_heap_mb', ((process.memoryUsage().heapUsed - baseHeap) / 1024 / 1024).toFixed(0), 'MB')
    note(`caricamento massivo: ${ROWS} righe (${bad} scartate) in ${seconds.toFixed(1)} s, controllo del file ${(checked / 1000).toFixed(1)} s; ` +
      `obiettivo < 180 s; PostgreSQL ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'privato'}; heap massimo ${(peakHeap / 1024 / 1024).toFixed(0)} MB; ` +
      `carico della macchina ${loadavg().map((l) => l.toFixed(1)).join(' / ')} su ${availableParallelism()} core`)
  } finally {
    await database?.close()
    own?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The PGlite leg (module comment): time of a MASS_UPLOAD_PGLITE_ROWS-row upload and the event loop's longest stall. */
export async function measureMassUploadPglite(): Promise<void> {
  const rows = Number(process.env.MASS_UPLOAD_PGLITE_ROWS ?? 20_000)
  const dir = mkdtempSync(join(tmpdir(), 'pd-bench-upload-pglite-'))
  let database: Awaited<ReturnType<typeof openSeededDatabase>> | undefined
  try {
    database = await openSeededDatabase({ dataDir: dir })
    const { db } = database
    const [found] = await db.select({ link: enteSedeProgettoFacilitatore }).from(enteSedeProgettoFacilitatore)
      .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore)).where(eq(utente.codiceFiscale, 'RMNSRA92E51A944H')).limit(1)
    const link = found?.link
    if (!link) throw new Error('seed senza facilitatori')
    const path = join(dir, 'bench.xlsx')
    await writeXlsx(path, ['RMNSRA92E51A944H'], link.idSede, rows)
    const totale = await verificaFile(path, 'xlsx')
    const jobUuid = 'benchpglite'.padEnd(32, '0')
    const [job] = await db.insert(registroAttivita).values({
      idProgetto: link.idProgetto, idEnte: link.idEnte, operatore: 'Bench', jobUuid, jobStatus: 'IN_PROGRESS', estensioneInput: 'xlsx', percorsoFile: path, totaleRigheFile: totale,
    }).returning({ id: registroAttivita.id })
    const runner = createJobRunner({ db, citizenHashSecret: 'bench-secret-bench-secret-bench-secret', lanes: 1, batchRows: PGLITE_BATCH_ROWS })
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const t = performance.now()
    runner.enqueue(job!.id)
    await runner.idle()
    const seconds = (performance.now() - t) / 1000
    loop.disable()
    const [done] = await db.select().from(registroAttivita).where(eq(registroAttivita.id, job!.id))
    const bad = Array.from({ length: rows }, (_, i) => i).filter(isBad).length
    if (done?.jobStatus !== 'SUCCESS' || done.cittadiniAggiunti !== rows - bad) throw new Error(`PGlite: esito inatteso: ${JSON.stringify({ ...done, risultato: undefined })}`)
    line('mass_upload_pglite_total_s', seconds.toFixed(1), 's')
    line('mass_upload_pglite_event_loop_max_ms', (loop.max / 1e6).toFixed(0), 'ms')
    note(`caricamento massivo su PGlite: ${rows} righe (${bad} scartate) in ${seconds.toFixed(1)} s; ` +
      `carico della macchina ${loadavg().map((l) => l.toFixed(1)).join(' / ')} su ${availableParallelism()} core`)
  } finally {
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The hook of bench/run.ts: runs with every figure or alone (`BENCH_ONLY=mass-upload`); true when alone. */
export async function massUploadHook(only: string | undefined): Promise<boolean> {
  if (!only || only === 'mass-upload') await measureMassUploadPglite()
  if (!only || only === 'mass-upload') await measureMassUpload()
  return only === 'mass-upload'
}

