/**
 * Write throughput on PostgreSQL with several server processes (issue 14 point 4), for `npm run bench`
 * (`pg_writes_per_s`, `pg_write_p99_ms`) and `npm run soak` (bench/soak.ts).
 *
 * The load is the field day's: chains of a service created (`POST /api/servizio`), a citizen added to it
 * (`POST /api/servizio/cittadino/{idServizio}`) and that citizen's survey compiled
 * (`POST /api/servizio/cittadino/questionarioCompilato/{id}/compila`), twice per service — 1 service, 2 citizens
 * and 2 surveys in every 5 writes — each with its own `Idempotency-Key`, as the outbox sends them, by
 * facilitators and volunteers with their real profiles and sites (`loadWriters`), with valid fiscal codes.
 *
 * Open loop: requests are issued at a fixed rate (`rate` per second) whatever the answers, each at its scheduled
 * time, and a request's latency runs from that scheduled time to its answer — a slow server does not slow the
 * load down and cannot hide its queueing (no coordinated omission). Requests are spread round-robin over the
 * processes (what a load balancer does). A step waits for the answer of the step before it (its ids); when
 * no chain has a step ready a new chain starts.
 */
import { randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { openSeededDatabase } from '../server/seed/index'
import { createPrincipalLoader } from '../server/domain/principal'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import { encodeSection } from '../server/domain/survey-codec'
import { DEMO_IDENTITIES } from '../server/seed/identities'
import { DEMOGRAFICA, fiscalCodeAged, q3Section } from '../tests/server/field/fixtures'
import { devToken, startServer, waitReady, type Server } from './server-process'

const note = (text: string) => console.error(`  ${text}`)

const Q4 = encodeSection({
  id: SEZIONI_QUESTIONARIO.Q4.id,
  title: SEZIONI_QUESTIONARIO.Q4.titolo,
  properties: { '29': ['Passaparola'], '31': ['Sì, per formazione'], '32': ['Usare l’app IO, anche per i pagamenti'], '1663320201383': ['5'] },
})

const CONSONANTS = 'BCDFGHLMNPRSTVZ'
/** A valid fiscal code, different for each `i` but by chance (random name and surname, birth date from `i`). */
function newFiscalCode(i: number): string {
  const letters = () => Array.from({ length: 6 }, () => CONSONANTS[Math.floor(Math.random() * CONSONANTS.length)]).join('')
  return fiscalCodeAged(20 + (i % 50), i % 2 ? 'M' : 'F', Math.floor(i / 50) % 360, letters() + 'A')
}

/** A facilitator (or volunteer) the load writes as: token, role, profile ids and a site of theirs. */
export interface Writer {
  cf: string
  role: string
  token: string
  ids: { idProgramma: number | null; idProgetto: number | null; idEnte: number | null }
  idSede: number
}

/** One write's outcome: when it was due and answered (ms, performance clock), its status (0: network error). */
export interface WriteSample { due: number; end: number; status: number; kind: 'servizio' | 'cittadino' | 'questionario'; errorCode?: string }

/**
 * The writers of the load: the seeded facilitators and volunteers (DEMO_IDENTITIES) plus `extra` more (default
 * `BENCH_WRITERS` or 200), enrolled as a DTD does it through the API (`POST /api/utente`, then
 * `POST /api/sede/associa/facilitatore` at the sites of the seeded FAC/VOL profiles, in turn), each then completing
 * the first access (`POST /api/contesto/confermaIntegrazione`) as the facilitator's first login does. A field day's writes
 * come from thousands of people, each writing a few times a minute: with the four seeded writers alone every write
 * of one person would queue behind the last on that person's service counters (migration 0009), a contention no
 * facilitator can cause. Each writer has a token for `env`'s server and the first site of its profile.
 */
export async function loadWriters(databaseUrl: string, env: NodeJS.ProcessEnv, origin: string, extra = Number(process.env.BENCH_WRITERS ?? 200)): Promise<Writer[]> {
  const handle = await openSeededDatabase({ dataDir: 'memory://', databaseUrl })
  try {
    const load = createPrincipalLoader(handle.db)
    const writers: Writer[] = []
    const addWriters = async (cf: string) => {
      const principal = await load(cf)
      for (const p of principal?.profili ?? []) {
        if (p.codiceRuolo !== 'FAC' && p.codiceRuolo !== 'VOL') continue
        const token = await devToken(env, cf)
        const ids = { idProgramma: p.idProgramma, idProgetto: p.idProgetto, idEnte: p.idEnte }
        const res = await fetch(`${origin}/api/servizio/facilitatore/sedi/dropdown`, {
          method: 'POST', headers: { authToken: token, userRole: p.codiceRuolo, 'content-type': 'application/json' }, body: JSON.stringify(ids),
        })
        const sites = (await res.json()) as { id: number }[]
        if (res.ok && sites[0]) writers.push({ cf, role: p.codiceRuolo, token, ids, idSede: sites[0].id })
      }
    }
    for (const identity of DEMO_IDENTITIES) await addWriters(identity.codiceFiscale)
    if (writers.length === 0) throw new Error('nessun facilitatore con una sede nel seed')
    const seeded = [...writers]
    const dtd = DEMO_IDENTITIES.find((i) => i.profili.some((p) => p.codiceRuolo === 'DTD'))
    if (extra > 0 && !dtd) throw new Error('nessun DTD nel seed per iscrivere i facilitatori')
    const dtdToken = dtd ? await devToken(env, dtd.codiceFiscale) : ''
    const asDtd = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(origin + path, {
        method: 'POST', headers: { authToken: dtdToken, userRole: 'DTD', 'content-type': 'application/json' }, body: JSON.stringify(body),
      })
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    }
    for (let i = 0; i < extra; i++) {
      const at = seeded[i % seeded.length] as Writer
      const cf = newFiscalCode(100_000 + i)
      await asDtd('/api/utente', { codiceFiscale: cf, nome: 'Facilitatore', cognome: `Carico ${i + 1}`, email: `carico${i + 1}@example.it` })
      await asDtd('/api/sede/associa/facilitatore', {
        codiceFiscaleFacVol: cf, idProgettoFacVol: at.ids.idProgetto, idSedeFacVol: at.idSede, idEnteFacVol: at.ids.idEnte, tipoContratto: 'Dipendente',
      })
      // the first access, as the facilitator's own first login does it: then the profile is theirs
      const res = await fetch(`${origin}/api/contesto/confermaIntegrazione`, {
        method: 'POST', headers: { authToken: await devToken(env, cf), 'content-type': 'application/json' },
        body: JSON.stringify({ nome: 'Facilitatore', cognome: `Carico ${i + 1}`, email: `carico${i + 1}@example.it`, telefono: `333${String(1_000_000 + i).padStart(7, '0')}`, abilitazioneConsensoTrattamentoDatiPersonali: true }),
      })
      if (!res.ok) throw new Error(`primo accesso: ${res.status} ${await res.text()}`)
      await addWriters(cf)
    }
    return writers
  } finally {
    await handle.close()
  }
}

interface Step { writer: Writer; kind: WriteSample['kind']; path: string; body: Record<string, unknown>; chain: Chain }
interface Chain { writer: Writer; idServizio?: number; citizensLeft: number }

/**
 * Runs the open-loop load for `seconds` at `rate` writes/s over `origins`; resolves with every sample
 * (requests still in flight at the end are awaited). `onTick` runs every second (the soak samples memory there).
 */
export async function runWriteLoad(opts: {
  origins: readonly string[]; writers: readonly Writer[]; rate: number; seconds: number; onTick?: (elapsedS: number) => void
}): Promise<WriteSample[]> {
  const { origins, writers, rate, seconds } = opts
  const ready: Step[] = []
  const samples: WriteSample[] = []
  const inFlight = new Set<Promise<void>>()
  let nextOrigin = 0
  let nextWriter = 0
  let serial = 0
  const run = randomUUID().slice(0, 8)

  const today = new Date().toISOString().slice(0, 10)
  const q3 = q3Section({ data: today })
  const serviceStep = (): Step => {
    const writer = writers[nextWriter++ % writers.length] as Writer
    const chain: Chain = { writer, citizensLeft: 2 }
    return {
      writer, chain, kind: 'servizio', path: '/api/servizio',
      body: {
        ...writer.ids, idLocale: randomUUID(), nomeServizio: `Sportello carico ${run}-${++serial}`, idEnteServizio: writer.ids.idEnte,
        idSedeServizio: writer.idSede, data: today, durataServizio: '1:00', tipoDiServizioPrenotato: ['Facilitazione individuale'],
        sezioneQuestionarioCompilatoQ3: q3,
      },
    }
  }
  const citizenStep = (chain: Chain): Step => ({
    writer: chain.writer, chain, kind: 'cittadino', path: `/api/servizio/cittadino/${chain.idServizio}`,
    body: { ...chain.writer.ids, codiceFiscale: newFiscalCode(serial++), nuovoCittadino: true, ...DEMOGRAFICA },
  })
  const surveyStep = (chain: Chain, idQuestionario: string): Step => ({
    writer: chain.writer, chain, kind: 'questionario', path: `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`,
    body: { ...chain.writer.ids, sezioneQ4Questionario: Q4 },
  })

  const send = async (step: Step, due: number): Promise<void> => {
    const origin = origins[nextOrigin++ % origins.length] as string
    let status = 0
    let answer: Record<string, unknown> | null = null
    try {
      const res = await postJson(origin + step.path, JSON.stringify(step.body),
        { authToken: step.writer.token, userRole: step.writer.role, 'idempotency-key': randomUUID() })
      status = res.status
      answer = JSON.parse(res.body) as Record<string, unknown>
    } catch {
      // a network error: status stays 0
    }
    const errorCode = status >= 300 && typeof answer?.errorCode === 'string' ? answer.errorCode : undefined
    samples.push({ due, end: performance.now(), status, kind: step.kind, ...(errorCode ? { errorCode } : {}) })
    if (status < 200 || status >= 300 || !answer) return
    const chain = step.chain
    if (step.kind === 'servizio') {
      chain.idServizio = answer.idServizio as number
      ready.push(citizenStep(chain))
    } else if (step.kind === 'cittadino') {
      chain.citizensLeft--
      ready.push(surveyStep(chain, answer.idQuestionario as string))
    } else if (chain.citizensLeft > 0) {
      ready.push(citizenStep(chain))
    }
  }

  const start = performance.now()
  const interval = 1000 / rate
  let issued = 0
  let lastTick = 0
  const total = Math.round(rate * seconds)
  while (issued < total) {
    const now = performance.now()
    // every request whose time has come, each stamped with its own scheduled time
    while (issued < total && start + issued * interval <= now) {
      const due = start + issued * interval
      const step = ready.shift() ?? serviceStep()
      const p = send(step, due).finally(() => inFlight.delete(p))
      inFlight.add(p)
      issued++
    }
    const elapsed = Math.floor((now - start) / 1000)
    if (elapsed > lastTick) {
      lastTick = elapsed
      opts.onTick?.(elapsed)
    }
    await new Promise((r) => setTimeout(r, Math.max(1, Math.min(5, start + issued * interval - performance.now()))))
  }
  await Promise.all(inFlight)
  return samples
}

/** Kept-alive connections of the load (node:http: the generator shares the 2 cores with what it measures, and costs less than `fetch`). */
const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** POSTs a JSON body; resolves with the status and the body's text; rejects on a network error. */
function postJson(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST', agent,
      // what a browser's outbox sends: the server compresses answers of 1 KiB or more
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'accept-encoding': 'gzip, deflate, br' },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw).toString('utf8')
        resolve({ status: res.statusCode ?? 0, body: text })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** p-th percentile (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/** The resident set size of a process in MiB (Linux /proc), or NaN. */
export function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

/** `n` server processes on the same PostgreSQL database (the first migrates and seeds it), ports `port`, `port+1`… */
export async function startProcesses(n: number, port: number, env: (port: number) => NodeJS.ProcessEnv, bundle?: string): Promise<{ servers: Server[]; origins: string[] }> {
  const servers: Server[] = []
  const origins: string[] = []
  for (let i = 0; i < n; i++) {
    const origin = `http://127.0.0.1:${port + i}`
    const server = startServer(env(port + i), bundle)
    servers.push(server)
    origins.push(origin)
    await waitReady(server, origin, { timeoutMs: 180_000 })
  }
  return { servers, origins }
}

/** Summary of a load's samples: writes/s answered 2xx over the run, latency percentiles (ms), errors. */
export function summarise(samples: readonly WriteSample[], seconds: number) {
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300)
  const latencies = samples.map((s) => s.end - s.due)
  const statuses = new Map<string, number>()
  for (const s of samples) {
    if (s.status >= 200 && s.status < 300) continue
    const k = `${s.status || 'rete'}${s.errorCode ? ` ${s.errorCode}` : ''} (${s.kind})`
    statuses.set(k, (statuses.get(k) ?? 0) + 1)
  }
  return {
    writesPerS: ok.length / seconds,
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.reduce((a, b) => Math.max(a, b), 0),
    errors: samples.length - ok.length, statuses,
    byKind: (['servizio', 'cittadino', 'questionario'] as const).map((k) => `${k} ${samples.filter((s) => s.kind === k).length}`).join(', '),
  }
}

export { note as writesNote }
