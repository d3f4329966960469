/**
 * Outbox figures of `npm run bench` (ARCHITECTURE.md "The offline outbox"), one `name: value unit` line each:
 * - enqueue_p95_ms: p95 of `enqueue()` of a field write with its local record (one Dexie transaction) on
 *   fake-indexeddb, over 1,000 writes. Target ≤ 15.
 * - idb_bytes_per_op: structured size (v8.serialize, the structured-clone format IndexedDB stores) of the
 *   stored outbox entries + local records, divided by the number of operations.
 * - replay_ops_per_s: those 1,000 queued operations — 200 chains of a service, two citizens added to it and
 *   their two surveys compiled (servizio.crea → cittadino.aggiungi → questionario.compila) — replayed by the
 *   real engine (`runReplay`) with the real field handlers (`registerCampoHandlers`) against the real server
 *   (`buildApp` through tests/server/helpers.ts, on an in-memory PGlite the bench opens, migrates and seeds
 *   itself: the tests' template database exists only inside vitest), through a
 *   transport that calls the server in-process (`app.inject`: the full Fastify pipeline, auth and
 *   idempotency included, without sockets). Target ≥ 100.
 * BENCH_OUTBOX_CHAINS (default 200) changes the number of chains (`npm run bench:smoke` runs a few).
 * Details (failures, spread) go to stderr.
 */
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { serialize } from 'node:v8'
import { createMemoryLockManager } from '../src/offline/locks'
import { closeUserDb, openUserDb } from '../src/offline/db'
import { enqueue } from '../src/offline/outbox'
import { runReplay, configureReplay } from '../src/offline/replay'
import { type OutboxEntry, type RoleContext } from '../src/offline/types'
import { type OutboxRequest } from '../src/offline/handlers'
import { KIND, registerCampoHandlers, type CittadinoAggiungiPayload, type QuestionarioCompilaPayload, type ServizioCreaPayload } from '../src/features/campo/handlers'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import { encodeSection } from '../server/domain/survey-codec'
import { openSeededDatabase } from '../server/seed/index'
import { createTestServer, TEST_HOST, type TestServer } from '../tests/server/helpers'
import { actor, CF, DEMOGRAFICA, firstSite, fiscalCodeAged, servizioBody, type Actor } from '../tests/server/field/fixtures'

const CHAINS = Number(process.env.BENCH_OUTBOX_CHAINS ?? 200)
const CITIZENS_PER_SERVICE = 2
const OPS = CHAINS * (1 + 2 * CITIZENS_PER_SERVICE)

const line = (name: string, value: string, unit: string) => console.log(`${name}: ${value} ${unit}`)
const note = (text: string) => console.error(`  ${text}`)

const Q4 = encodeSection({
  id: SEZIONI_QUESTIONARIO.Q4.id,
  title: SEZIONI_QUESTIONARIO.Q4.titolo,
  properties: { '29': ['Passaparola'], '31': ['Sì, per formazione'], '32': ['Usare l’app IO, anche per i pagamenti'], '1663320201383': ['5'] },
})

/** p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/** An HTTP refusal shaped like the app client's ApiCallError (the replay's classifier reads these fields). */
class BenchHttpError extends Error {
  override readonly name = 'ApiCallError'
  readonly kind = 'http'
  constructor(readonly status: number, readonly errorCode: string | null, message: string) {
    super(message)
  }
}

/**
 * A transport that hands each outbox request to the server in-process, with the contract's headers;
 * `spent.ms` sums the wall time inside the server, `spent.cpuMs` the process CPU time meanwhile (the replay
 * sends one request at a time, so that is the server's CPU; unlike wall time it hardly moves when other
 * processes load the machine).
 */
function injectTransport(server: TestServer, token: string, spent: { ms: number; cpuMs: number }) {
  return async (req: OutboxRequest): Promise<unknown> => {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const res = await server.app.inject({
      method: req.method,
      url: `/api/${req.path}`,
      headers: { host: TEST_HOST, authToken: token, userRole: req.roleContext.codiceRuolo, 'idempotency-key': req.idempotencyKey, 'content-type': 'application/json' },
      payload: JSON.stringify(req.body ?? {}),
    })
    spent.ms += performance.now() - t0
    const c = process.cpuUsage(c0)
    spent.cpuMs += (c.user + c.system) / 1000
    const data = res.body ? (JSON.parse(res.body) as { errorCode?: string; message?: string } | null) : null
    if (res.statusCode >= 200 && res.statusCode < 300) return data
    throw new BenchHttpError(res.statusCode, data?.errorCode ?? null, data?.message ?? `HTTP ${res.statusCode}`)
  }
}

/**
 * Queues the field writes of `chains` chains (1,000 writes for the default 200) with their local records; returns
 * the duration of each `enqueue`. Also the field day of the two-process test (tests/server/ops).
 */
export async function queueWrites(sara: Actor, idSede: number, rc: RoleContext, chains = CHAINS): Promise<{ wall: number[]; cpu: number[] }> {
  const times: number[] = []
  const cpu: number[] = []
  const timed = async <P>(op: Parameters<typeof enqueue<P>>[0]): Promise<OutboxEntry<P>> => {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const e = await enqueue(op)
    times.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
    return e
  }
  const codes = new Set<string>()
  const newCode = (i: number): string => {
    for (;;) {
      const cf = fiscalCodeAged(25 + (i % 40), i % 2 ? 'M' : 'F')
      if (!codes.has(cf)) {
        codes.add(cf)
        return cf
      }
    }
  }
  const now = new Date().toISOString()
  for (let c = 0; c < chains; c++) {
    const idServizioLocale = randomUUID()
    const servizio = servizioBody(sara, idSede, { nomeServizio: `Bench servizio ${c + 1}` }) as ServizioCreaPayload['servizio']
    const s = await timed<ServizioCreaPayload>({
      kind: KIND.servizioCrea,
      payload: { idLocale: idServizioLocale, servizio },
      roleContext: rc,
      label: `Servizio «${servizio.nomeServizio}» del ${servizio.data}`,
      record: {
        tipo: 'servizio',
        idLocale: idServizioLocale,
        data: { idLocale: idServizioLocale, idServer: null, nome: servizio.nomeServizio, data: servizio.data, durataServizio: servizio.durataServizio, tipologiaServizio: servizio.tipoDiServizioPrenotato, idEnte: rc.idEnte, idSede, nomeSede: 'Sede', stato: 'NON ATTIVO', sezioneQ3Questionario: servizio.sezioneQuestionarioCompilatoQ3, idQuestionarioTemplateSnapshot: 'T1', dataOraAggiornamento: now, idProgetto: rc.idProgetto },
      },
    })
    for (let k = 0; k < CITIZENS_PER_SERVICE; k++) {
      const idCsl = randomUUID()
      const i = c * CITIZENS_PER_SERVICE + k
      const a = await timed<CittadinoAggiungiPayload>({
        kind: KIND.cittadinoAggiungi,
        payload: { idCittadinoServizioLocale: idCsl, idServizioLocale, idServizio: null, cittadino: { codiceFiscale: newCode(i), nuovoCittadino: true, ...DEMOGRAFICA } },
        roleContext: rc,
        dependsOn: [s.id],
        label: `Cittadino aggiunto a «${servizio.nomeServizio}»`,
        record: {
          tipo: 'cittadino-servizio',
          idLocale: idCsl,
          data: { idLocale: idCsl, idServizioLocale, idServizio: null, idCittadino: null, idQuestionario: null, genere: null, fasciaDiEtaId: null, ...DEMOGRAFICA, tipoDocumento: null, identificazione: 'CF', statoQuestionario: 'NON_COMPILATA', dataUltimoAggiornamento: now, idProgetto: rc.idProgetto, idEnte: rc.idEnte, ordine: Date.now(), idQuestionarioTemplate: 'T1', sezioneQ1Questionario: '', sezioneQ2Questionario: '', sezioneQ3Questionario: servizio.sezioneQuestionarioCompilatoQ3, sezioneQ4Questionario: null },
        },
      })
      await timed<QuestionarioCompilaPayload>({
        kind: KIND.questionarioCompila,
        payload: { idCittadinoServizioLocale: idCsl, idQuestionario: null, sezioneQ4Questionario: Q4 },
        roleContext: rc,
        dependsOn: [a.id],
        label: `Questionario di un cittadino di «${servizio.nomeServizio}»`,
        record: { tipo: 'questionario', idLocale: idCsl, data: { idCittadinoServizioLocale: idCsl, idServizioLocale, statoQuestionario: 'COMPILATA', sezioneQ4Questionario: Q4, dataCompilazione: now } },
      })
    }
  }
  return { wall: times, cpu }
}

/** Measures and prints enqueue_p95_ms, idb_bytes_per_op and replay_ops_per_s. */
export async function measureOutbox(): Promise<void> {
  // PGlite is measured, as for the server start; opened here, not by tests/server/helpers.ts (its template
  // database is provided by vitest's global setup, which a bench does not have)
  const database = await openSeededDatabase({ dataDir: 'memory://' })
  const server = await createTestServer({ database })
  const offHandlers = registerCampoHandlers()
  try {
    const sara = await actor(server, CF.SARA, 'FAC')
    const idSede = await firstSite(server, sara)
    const rc: RoleContext = { codiceRuolo: 'FAC', ...sara.ids, cfUtente: CF.SARA }
    const db = await openUserDb(CF.SARA)
    await Promise.all(db.tables.map((t) => t.clear()))

    // warm-up (first transactions open the stores), not counted
    await enqueue({ kind: 'bench.warmup', payload: {}, roleContext: rc })
    await db.outbox.clear()

    const { wall: times, cpu } = await queueWrites(sara, idSede, rc)
    line('enqueue_p95_ms', percentile(times, 95).toFixed(2), 'ms')
    note(`enqueue: ${times.length} scritture, mediana ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`)
    // wall time includes the waits for the CPU when the machine is busy; CPU time does not
    note(`enqueue: tempo CPU del processo p50 ${percentile(cpu, 50).toFixed(2)} ms, p95 ${percentile(cpu, 95).toFixed(2)} ms; carico medio della macchina ${loadavg()[0]?.toFixed(1)} su ${availableParallelism()} core`)

    const entries = await db.outbox.toArray()
    const records = await db.records.toArray()
    const bytes = [...entries, ...records].reduce((sum, x) => sum + serialize(x).length, 0)
    const jsonBytes = [...entries, ...records].reduce((sum, x) => sum + JSON.stringify(x).length, 0)
    line('idb_bytes_per_op', (bytes / OPS).toFixed(0), 'B')
    note(`spazio: ${entries.length} voci + ${records.length} record = ${(bytes / 1024).toFixed(0)} KiB (v8.serialize), ${(jsonBytes / 1024).toFixed(0)} KiB in JSON`)

    const spent = { ms: 0, cpuMs: 0 }
    configureReplay({
      transport: injectTransport(server, sara.token, spent),
      refreshTokens: async () => false,
      locks: createMemoryLockManager(),
      currentToken: () => sara.token,
    })
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    let runs = 0
    for (;;) {
      runs++
      const r = await runReplay(db, { force: true })
      const open = await db.outbox.where('status').anyOf('pending', 'failed-retry').count()
      if (open === 0 || r.sent === 0 || runs >= 10) break
    }
    const seconds = (performance.now() - t0) / 1000
    const replayCpu = process.cpuUsage(cpu0)
    const cpuSeconds = (replayCpu.user + replayCpu.system) / 1e6
    const done = await db.outbox.where('status').equals('done').count()
    line('replay_ops_per_s', (done / seconds).toFixed(1), 'ops/s')
    note(`replay: ${done}/${OPS} confermate in ${seconds.toFixed(1)} s (${runs} esecuzioni); nel server ${(spent.ms / 1000).toFixed(1)} s, nel motore (Dexie, handler) ${(seconds - spent.ms / 1000).toFixed(1)} s → motore da solo ≈ ${(done / Math.max(0.001, seconds - spent.ms / 1000)).toFixed(0)} ops/s`)
    note(`replay: tempo CPU del processo ${cpuSeconds.toFixed(1)} s (server ${(spent.cpuMs / 1000).toFixed(1)} s = ${(spent.cpuMs / Math.max(1, done)).toFixed(1)} ms per operazione) → ${(done / Math.max(0.001, cpuSeconds)).toFixed(1)} ops/s per secondo di CPU; carico medio della macchina ${loadavg()[0]?.toFixed(1)} su ${availableParallelism()} core`)
    if (done < OPS) {
      const failed = (await db.outbox.toArray()).filter((e) => e.status !== 'done')
      note(`replay: ${failed.length} non confermate, per esempio: ${failed.slice(0, 3).map((e) => `${e.kind} ${e.status} ${e.lastError?.message ?? ''}`).join(' | ')}`)
      // a replay that loses operations is a defect, not a figure
      throw new Error(`outbox: ${OPS - done} operazioni su ${OPS} non confermate dal server`)
    }
    closeUserDb()
  } finally {
    offHandlers()
    await server.close()
    await database.close()
  }
}
