/**
 * The citizen's phone outbox for anonymous survey submissions (ARCHITECTURE.md "The offline outbox"
 * point 1: "anonymous survey submitted"). There is no user, so this is NOT the per-user database: a tiny
 * IndexedDB database of its own, `pd-questionario-anonimo`, table `invii` keyed by `chiave` — the
 * submission's idempotency key (UUID), kept with it so every retry is the same request for the server
 * (route idempotency 'token').
 *
 * A submission is stored BEFORE the first send and deleted once the server answered 2xx or refused it
 * for good; a failure the outbox would retry (its classifier, src/lib/failure-classify.ts: network, timeout,
 * 408, 429, 409 G06 still in progress, 5xx) keeps it for the next {@link flushInvii} (on `online`, on a timer, when any anonymous page opens). When IndexedDB is
 * not usable (private mode, storage blocked) the queue lives in memory for the page's lifetime.
 */
import { Dexie, type EntityTable } from 'dexie'
import type { CompilaAnonimoBody } from '../../../api/contract/questionario'
import { classifyStatus } from '../../../lib/failure-classify'
import { newUuid } from '../../../lib/ids'
import { AnonimoCallError, postCompilaAnonimo } from './api'

/** A queued submission. */
export interface InvioAnonimo {
  /** idempotency key (UUID v4), primary key */
  chiave: string
  idQuestionarioCompilato: string
  /** the link's token: needed to send, deleted with the entry */
  token: string
  body: CompilaAnonimoBody
  /** ISO timestamp of the citizen's 'Invia questionario' */
  creatoIl: string
  tentativi: number
  /** last failure ('network', 'HTTP 503'…), null before the first try */
  ultimoErrore: string | null
}

/** What happened to one entry in a flush. */
export type EsitoInvio =
  | { chiave: string; idQuestionarioCompilato: string; esito: 'inviato' }
  | { chiave: string; idQuestionarioCompilato: string; esito: 'in-attesa' }
  | { chiave: string; idQuestionarioCompilato: string; esito: 'rifiutato'; status: number; errorCode: string | null }

export const QUEUE_DB_NAME = 'pd-questionario-anonimo'

type QueueDb = Dexie & { invii: EntityTable<InvioAnonimo, 'chiave'> }

let db: QueueDb | null = null
let dbFailed = false
const memory = new Map<string, InvioAnonimo>()

async function openDb(): Promise<QueueDb | null> {
  if (dbFailed) return null
  if (db?.isOpen()) return db
  try {
    const d = new Dexie(QUEUE_DB_NAME) as QueueDb
    d.version(1).stores({ invii: 'chiave, idQuestionarioCompilato, creatoIl' })
    await d.open()
    db = d
    return d
  } catch {
    dbFailed = true
    return null
  }
}

/** Creates a submission (new idempotency key) and stores it on the device; resolves with it. */
export async function accodaInvio(idQuestionarioCompilato: string, token: string, body: CompilaAnonimoBody): Promise<InvioAnonimo> {
  const entry: InvioAnonimo = {
    chiave: newUuid(),
    idQuestionarioCompilato,
    token,
    body,
    creatoIl: new Date().toISOString(),
    tentativi: 0,
    ultimoErrore: null,
  }
  const d = await openDb()
  if (d) {
    try {
      await d.invii.put(entry)
      return entry
    } catch {
      /* quota or a closed database: keep it for this page at least */
    }
  }
  memory.set(entry.chiave, entry)
  return entry
}

/** Every queued submission, oldest first. */
export async function elencaInvii(): Promise<InvioAnonimo[]> {
  const d = await openDb()
  let stored: InvioAnonimo[] = []
  if (d) {
    try {
      stored = await d.invii.orderBy('creatoIl').toArray()
    } catch {
      stored = []
    }
  }
  return [...stored, ...memory.values()].sort((a, b) => a.creatoIl.localeCompare(b.creatoIl))
}

/** The queued submission of an instance, if any. */
export async function invioInAttesa(idQuestionarioCompilato: string): Promise<InvioAnonimo | null> {
  return (await elencaInvii()).find((e) => e.idQuestionarioCompilato === idQuestionarioCompilato) ?? null
}

async function remove(chiave: string): Promise<void> {
  memory.delete(chiave)
  const d = await openDb()
  if (d) await d.invii.delete(chiave).catch(() => undefined)
}

async function update(entry: InvioAnonimo): Promise<void> {
  if (memory.has(entry.chiave)) {
    memory.set(entry.chiave, entry)
    return
  }
  const d = await openDb()
  if (d) await d.invii.put(entry).catch(() => undefined)
}

/**
 * Worth sending again later, by the outbox's rule (src/lib/failure-classify.ts): no answer (network, timeout)
 * or an answer the outbox retries. The classifier is a pure leaf module, imported directly so that the
 * citizen's page does not load the offline library.
 */
export function daRiprovare(err: AnonimoCallError): boolean {
  return err.kind === 'network' || classifyStatus(err.status, err.errorCode, null).class === 'retry'
}

async function sendOne(entry: InvioAnonimo): Promise<EsitoInvio> {
  const base = { chiave: entry.chiave, idQuestionarioCompilato: entry.idQuestionarioCompilato }
  try {
    await postCompilaAnonimo(entry.idQuestionarioCompilato, entry.token, entry.body, entry.chiave)
    await remove(entry.chiave)
    return { ...base, esito: 'inviato' }
  } catch (e) {
    const err = e instanceof AnonimoCallError ? e : new AnonimoCallError('network', 0, null, String(e))
    if (daRiprovare(err)) {
      await update({ ...entry, tentativi: entry.tentativi + 1, ultimoErrore: err.kind === 'network' ? 'network' : `HTTP ${err.status}` })
      return { ...base, esito: 'in-attesa' }
    }
    await remove(entry.chiave)
    return { ...base, esito: 'rifiutato', status: err.status, errorCode: err.errorCode }
  }
}

let flushing: Promise<EsitoInvio[]> | null = null

/**
 * Sends every queued submission, oldest first (one flush at a time in the page; several tabs may send
 * the same entry, which the idempotency key makes harmless). Never throws.
 */
export function flushInvii(): Promise<EsitoInvio[]> {
  flushing ??= (async () => {
    const out: EsitoInvio[] = []
    for (const entry of await elencaInvii()) out.push(await sendOne(entry))
    return out
  })().finally(() => {
    flushing = null
  })
  return flushing
}

/**
 * Flushes the queue and gives the outcome of one entry; when a flush that started before the entry was
 * stored did not include it, flushes once more. 'in-attesa' when it is still queued.
 */
export async function inviaInCoda(entry: InvioAnonimo): Promise<EsitoInvio> {
  for (let i = 0; i < 2; i++) {
    const mine = (await flushInvii()).find((r) => r.chiave === entry.chiave)
    if (mine) return mine
  }
  return { chiave: entry.chiave, idQuestionarioCompilato: entry.idQuestionarioCompilato, esito: 'in-attesa' }
}

/** Test hook: closes and forgets the database and the in-memory queue. */
export async function resetQueueForTests(): Promise<void> {
  memory.clear()
  if (db) db.close()
  db = null
  dbFailed = false
  flushing = null
  await Dexie.delete(QUEUE_DB_NAME).catch(() => undefined)
}
