/**
 * The field sync (issue 25 point 2; protocol in `CampoSyncPaginaSchema`, src/api/contract/campo.ts): a whole sync
 * in bounded keyset pages, then incremental syncs of what changed since the cursor the device keeps.
 *
 * Change tracking (migration 0019): `xid_sync` on services, instances and citizens is the id of the transaction
 * that last wrote the row; tombstones in `campo_rimozione` record deletions and services moved to another scope.
 * Each page runs in one REPEATABLE READ, read-only transaction. The first page of a sync reads its snapshot's
 * xmax and in-progress xids (`floor`, `fx`) in that same snapshot: a transaction that page could not see has an xid
 * >= xmax or one of those in progress, so the next incremental sync (changes with such an xid) sends whatever
 * committed during or after the sync (duplicates, never losses). Not the snapshot's xmin: it is the cluster's oldest
 * open transaction, and one long transaction anywhere (a backup, another database) would make every device's next
 * sync send everything again. With more than `MAX_IN_CORSO` transactions in progress the floor falls back to xmin. The scope always comes from the caller; the cursor (HMAC-signed) only carries positions.
 *
 * Page layout. Whole sync: the window's services by id, each followed by its instances (by id), until
 * `PAGINA_RECORD` records; the instances' citizens and link expiries ride along. Incremental sync, in phases:
 * tombstones (`T`), services aged out of the window since the last sync (`A`), services changed (`S`: the row, with
 * all its instances when it was created, moved into the scope or re-dated since — `xid_ingresso` — or removed when
 * out of the window), instances changed on the other services (`Q`, with their service's row), citizens changed
 * (`C`). Every query is bounded by a LIMIT and reads along an index.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gt, gte, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { GIORNI_FINESTRA_CAMPO, type CampoRiferimentiWire, type CampoSyncPagina, type ServizioCampo } from '../../src/api/contract/campo'
import type { CittadinoTrovato } from '../../src/api/contract/cittadino'
import type { QuestionarioCompilato } from '../../src/api/contract/questionario'
import { campoRimozione, cittadino, questionarioCompilato, sede, servizio } from '../db/schema'
import type { Database, Executor } from '../db/types'
import { encodeCittadinoCampo, encodePagina, encodeServizioCampo, inFinestra, inScope, riferimentiCampo, type ProfiloCampo } from './campo'
import { rowsOf } from './liste/engine'
import { fieldProfile, type Caller } from './profile'

/** Records (services, instances, removals) per page: a few hundred (~2.3 KB each with its citizen: ~0.5 MB a page). */
export const PAGINA_RECORD = 200
/** Tombstones older than this are purged; a cursor older than this starts a whole sync. */
export const GIORNI_RIMOZIONI = 60
const DAY_MS = 24 * 3600 * 1000

type Fase = 'S' | 'T' | 'A' | 'Q' | 'C'

/** Most in-progress xids a cursor carries; beyond, the floor is the snapshot's xmin (more re-sent, nothing lost). */
const MAX_IN_CORSO = 64

/** SQL: `col` (an xid) was written by a transaction the base snapshot could not see (changed since the cursor). */
function dopo(col: AnyColumn, c: Cursore): SQL {
  if (!c.bx?.length) return gte(col, c.b)
  return sql`(${col} >= ${c.b} or ${col} in (select (jsonb_array_elements_text(${JSON.stringify(c.bx)}::jsonb))::bigint))`
}

/** SQL: `col` (an xid) was visible to the base snapshot (unchanged since the cursor). */
const prima = (col: AnyColumn, c: Cursore): SQL => sql`not (${dopo(col, c)})`

/** `dopo` for a value already read. */
const dopoJs = (xid: number, c: Cursore): boolean => xid >= c.b || (c.bx?.includes(xid) ?? false)

/** What the cursor carries (never trusted for the scope: `p` is compared with the caller). */
interface Cursore {
  v: 1
  /** scope: user, role, programme, project, body */
  p: [number, string, number, number, number]
  /** mode of the sync in progress */
  m: 'c' | 'i'
  /** incremental: changes since this floor (the floor of the previous sync); 0 on a whole sync */
  b: number
  /** incremental: xids in progress at the previous sync's snapshot (changed too although < `b`); absent = none */
  bx?: number[]
  /** floor of this sync (xmax of its first page's snapshot, or xmin with too many in progress): the next sync's `b` */
  f: number
  /** xids in progress at this sync's first snapshot: the next sync's `bx` */
  fx?: number[]
  /** ms since epoch when `f` was read */
  at: number
  /** window start of this sync, and of the previous one (incremental) */
  d: string
  pd: string | null
  /** hash of the reference data sent */
  h: string
  /** position: phase, last service id, last instance id within it ('' = none yet, null = service done), last other key */
  ph: Fase
  ks: number
  kq: string | null
  kx: string
  /** progress */
  n: number
  t: number
  /** true on the last page's cursor */
  fine: boolean
}

const hashOf = (value: unknown) => createHmac('sha256', 'campo-riferimenti').update(JSON.stringify(value)).digest('base64url').slice(0, 22)

/** Signs and reads cursors with a key derived from the server secret. */
export class CursoreCodec {
  private readonly key: Buffer
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('campo-sync-cursore').digest()
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16)
  }

  /** The opaque text of a cursor. */
  encode(c: Cursore): string {
    const body = Buffer.from(JSON.stringify(c)).toString('base64url')
    return `${body}.${this.mac(body).toString('base64url')}`
  }

  /** The cursor, or null when unreadable, tampered with or of another shape. */
  decode(text: string | undefined): Cursore | null {
    if (!text || text.length > 4096) return null
    const [body, tag, extra] = text.split('.')
    if (!body || !tag || extra !== undefined) return null
    const expected = this.mac(body)
    const given = Buffer.from(tag, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Cursore
      return c && c.v === 1 && Array.isArray(c.p) && (c.m === 'c' || c.m === 'i') && Number.isSafeInteger(c.f) && Number.isSafeInteger(c.b)
        && [c.bx, c.fx].every((a) => a === undefined || (Array.isArray(a) && a.length <= MAX_IN_CORSO && a.every(Number.isSafeInteger))) ? c : null
    } catch {
      return null
    }
  }
}

type ServizioConSede = { s: typeof servizio.$inferSelect; nomeSede: string; finestra: boolean }
type IstanzaRow = typeof questionarioCompilato.$inferSelect

/** What a page collects before encoding. */
class Raccolta {
  servizi: ServizioCampo[] = []
  private idServizi = new Set<number>()
  istanze: IstanzaRow[] = []
  cittadini: CittadinoTrovato[] = []
  rimossiServizi = new Set<number>()
  rimossiQuestionari: string[] = []
  budget = PAGINA_RECORD
  addServizio(r: ServizioConSede): void {
    if (this.idServizi.has(r.s.id)) return
    this.idServizi.add(r.s.id)
    this.servizi.push(encodeServizioCampo(r.s, r.nomeSede))
  }
  /** records counted by `avanzamento` */
  get inviati(): number {
    return this.servizi.length + this.istanze.length + this.rimossiServizi.size + this.rimossiQuestionari.length
  }
}

const fields = (dal: string) => ({ s: servizio, nomeSede: sede.nome, finestra: sql<boolean>`${inFinestra(dal)}`.mapWith(Boolean) })

/** Services of the scope matching `filter` after id `ks`, by id, at most `limit`. */
const serviziDopo = (tx: Executor, f: ProfiloCampo, dal: string, filter: SQL, ks: number, limit: number): Promise<ServizioConSede[]> =>
  tx.select(fields(dal)).from(servizio).innerJoin(sede, eq(sede.id, servizio.idSede))
    .where(and(inScope(f), filter, gt(servizio.id, ks))).orderBy(asc(servizio.id)).limit(limit)

/** Instances of one service after `kq` ('' = from the start), by id, at most `limit`. */
const istanzeDi = (tx: Executor, idServizio: number, kq: string, limit: number): Promise<IstanzaRow[]> =>
  tx.select().from(questionarioCompilato)
    .where(and(eq(questionarioCompilato.idServizio, idServizio), kq === '' ? undefined : gt(questionarioCompilato.id, kq)))
    .orderBy(asc(questionarioCompilato.id)).limit(limit)

/**
 * Walks services (whole sync: those of the window; incremental: those changed) from the cursor's position, each
 * followed by all its instances when `conIstanze` says so, until the page's budget is spent. Services out of the
 * window (incremental) are removed. Returns true when the walk is over.
 */
async function percorriServizi(tx: Executor, f: ProfiloCampo, c: Cursore, out: Raccolta, filter: SQL,
  conIstanze: (s: ServizioConSede) => boolean): Promise<boolean> {
  if (c.kq !== null) {
    const rows = await istanzeDi(tx, c.ks, c.kq, out.budget + 1)
    const taken = rows.slice(0, out.budget)
    out.istanze.push(...taken)
    out.budget -= taken.length
    if (rows.length > taken.length) {
      c.kq = taken.at(-1)?.id ?? c.kq
      return false
    }
    c.kq = null
  }
  while (out.budget > 0) {
    // a few at a time: a page holds two or three services of a hundred instances, or many empty ones
    const next = await serviziDopo(tx, f, c.d, filter, c.ks, Math.min(out.budget, 10))
    if (next.length === 0) return true
    for (const r of next) {
      if (out.budget <= 0) return false
      c.ks = r.s.id
      if (!r.finestra) {
        out.rimossiServizi.add(r.s.id)
        out.budget -= 1
        continue
      }
      out.addServizio(r)
      out.budget -= 1
      if (!conIstanze(r)) continue
      const rows = await istanzeDi(tx, r.s.id, '', out.budget + 1)
      const taken = rows.slice(0, out.budget)
      out.istanze.push(...taken)
      out.budget -= taken.length
      if (rows.length > taken.length) {
        c.kq = taken.at(-1)?.id ?? ''
        return false
      }
    }
  }
  // budget spent exactly at a service's end: the next page looks for further services
  return false
}

/** Tombstones of the scope since the base floor (phase T). */
async function faseRimozioni(tx: Executor, f: ProfiloCampo, c: Cursore, out: Raccolta): Promise<boolean> {
  const rows = await tx.select({ id: campoRimozione.id, tipo: campoRimozione.tipo, idRecord: campoRimozione.idRecord }).from(campoRimozione)
    .where(and(eq(campoRimozione.idFacilitatore, f.userId), eq(campoRimozione.idProgetto, f.idProgetto), eq(campoRimozione.idEnte, f.idEnte),
      dopo(campoRimozione.xid, c), gt(campoRimozione.id, Number(c.kx || 0))))
    .orderBy(asc(campoRimozione.id)).limit(out.budget + 1)
  const taken = rows.slice(0, out.budget)
  for (const r of taken) {
    if (r.tipo === 'servizio') out.rimossiServizi.add(Number(r.idRecord))
    else out.rimossiQuestionari.push(r.idRecord)
  }
  out.budget -= taken.length
  if (taken.length > 0) c.kx = String(taken.at(-1)!.id)
  return rows.length === taken.length
}

/** Services that aged out of the window since the previous sync, unchanged since (phase A). */
async function faseUscite(tx: Executor, f: ProfiloCampo, c: Cursore, out: Raccolta): Promise<boolean> {
  if (c.pd === null || c.pd >= c.d) return true
  const rows = await tx.select({ id: servizio.id }).from(servizio)
    .where(and(inScope(f), gte(servizio.dataServizio, c.pd), lt(servizio.dataServizio, c.d), prima(servizio.xidSync, c),
      gt(servizio.id, Number(c.kx || 0)), sql`not ${inFinestra(c.d)}`))
    .orderBy(asc(servizio.id)).limit(out.budget + 1)
  const taken = rows.slice(0, out.budget)
  for (const r of taken) out.rimossiServizi.add(r.id)
  out.budget -= taken.length
  if (taken.length > 0) c.kx = String(taken.at(-1)!.id)
  return rows.length === taken.length
}

/**
 * Instances changed since the base floor on services that phase S did not send whole (not created, moved or
 * re-dated since), with their service's row when phase S did not send it (phase Q).
 */
async function faseIstanze(tx: Executor, f: ProfiloCampo, c: Cursore, out: Raccolta): Promise<boolean> {
  const rows = await tx.select({ q: questionarioCompilato, ...fields(c.d) }).from(servizio)
    .innerJoin(questionarioCompilato, eq(questionarioCompilato.idServizio, servizio.id))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .where(and(inScope(f), prima(servizio.xidIngresso, c), dopo(questionarioCompilato.xidSync, c), c.kx === '' ? undefined : gt(questionarioCompilato.id, c.kx)))
    .orderBy(asc(questionarioCompilato.id)).limit(out.budget + 1)
  const taken = rows.slice(0, out.budget)
  for (const r of taken) {
    if (r.finestra) {
      if (!dopoJs(r.s.xidSync, c)) out.addServizio(r)
      out.istanze.push(r.q)
    } else {
      out.rimossiServizi.add(r.s.id)
    }
  }
  out.budget -= taken.length
  if (taken.length > 0) c.kx = taken.at(-1)!.q.id
  return rows.length === taken.length
}

/** Citizens changed since the base floor that are on a service of the window (phase C); never an anonymised one (issue 28). */
async function faseCittadini(tx: Executor, f: ProfiloCampo, c: Cursore, out: Raccolta): Promise<boolean> {
  const rows = await tx.select().from(cittadino)
    .where(and(dopo(cittadino.xidSync, c), isNull(cittadino.anonimizzatoIl), c.kx === '' ? undefined : gt(cittadino.id, Number(c.kx)), sql`exists (select 1 from ${questionarioCompilato}
      join ${servizio} on ${servizio.id} = ${questionarioCompilato.idServizio}
      where ${questionarioCompilato.idCittadino} = ${cittadino.id} and ${inScope(f)} and ${inFinestra(c.d)})`))
    .orderBy(asc(cittadino.id)).limit(out.budget + 1)
  const taken = rows.slice(0, out.budget)
  out.cittadini.push(...taken.map(encodeCittadinoCampo))
  out.budget -= taken.length
  if (taken.length > 0) c.kx = String(taken.at(-1)!.id)
  return rows.length === taken.length
}

const FASI_INCREMENTALI: Fase[] = ['T', 'A', 'S', 'Q', 'C']

/** Counts what a sync will send (first page): services and instances of the window, or the changes. */
async function totale(tx: Executor, f: ProfiloCampo, c: Cursore): Promise<number> {
  const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0)
  const n = sql<number>`count(*)`.mapWith(Number)
  if (c.m === 'c') {
    return await count(tx.select({ n }).from(servizio).where(and(inScope(f), inFinestra(c.d))))
      + await count(tx.select({ n }).from(questionarioCompilato).innerJoin(servizio, eq(servizio.id, questionarioCompilato.idServizio))
        .where(and(inScope(f), inFinestra(c.d))))
  }
  return await count(tx.select({ n }).from(campoRimozione).where(and(eq(campoRimozione.idFacilitatore, f.userId),
    eq(campoRimozione.idProgetto, f.idProgetto), eq(campoRimozione.idEnte, f.idEnte), dopo(campoRimozione.xid, c))))
    + await count(tx.select({ n }).from(servizio).where(and(inScope(f), dopo(servizio.xidSync, c))))
    + await count(tx.select({ n }).from(servizio).innerJoin(questionarioCompilato, eq(questionarioCompilato.idServizio, servizio.id))
      .where(and(inScope(f), dopo(servizio.xidSync, c), or(dopo(servizio.xidIngresso, c), dopo(questionarioCompilato.xidSync, c)))))
    + await count(tx.select({ n }).from(servizio).innerJoin(questionarioCompilato, eq(questionarioCompilato.idServizio, servizio.id))
      .where(and(inScope(f), prima(servizio.xidSync, c), dopo(questionarioCompilato.xidSync, c))))
}

let lastPurge = 0

/** Deletes the tombstones past the horizon, at most once an hour per process (best effort). */
async function purgeRimozioni(db: Database): Promise<void> {
  if (Date.now() - lastPurge < 3600_000) return
  lastPurge = Date.now()
  await db.delete(campoRimozione).where(lt(campoRimozione.dataOra, new Date(Date.now() - GIORNI_RIMOZIONI * DAY_MS)))
}

const sameScope = (c: Cursore, p: Cursore['p']) => c.p.length === 5 && c.p.every((x, i) => x === p[i])

/**
 * One page of the field sync for the caller's profile (FAC/VOL, else 403 U06). `cursorText` absent, unreadable,
 * of another profile or older than `GIORNI_RIMOZIONI`: the first page of a whole sync.
 */
export async function paginaSync(db: Database, codec: CursoreCodec, caller: Caller, cursorText: string | undefined): Promise<CampoSyncPagina> {
  const f = fieldProfile(caller, 'U06')
  const scope: Cursore['p'] = [f.userId, caller.codiceRuolo, f.idProgramma, f.idProgetto, f.idEnte]
  let prev = codec.decode(cursorText)
  if (prev && (!sameScope(prev, scope) || Date.now() - prev.at > GIORNI_RIMOZIONI * DAY_MS)) prev = null
  if (!prev || prev.fine) await purgeRimozioni(db).catch(() => undefined)
  return db.transaction(async (tx) => {
    // the first statement: it takes the transaction's snapshot, which gives this sync's floor (see the module comment)
    const [snap] = await rowsOf(tx, sql`select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax,
      (select coalesce(json_agg(x::text), '[]'::json) from pg_snapshot_xip(s) as x)::text as xip, current_date::text as oggi
      from (select pg_current_snapshot() as s) as snap`)
    const inCorso = (JSON.parse(String(snap!.xip)) as string[]).map(Number)
    const [floor, fx] = inCorso.length <= MAX_IN_CORSO ? [Number(snap!.xmax), inCorso] : [Number(snap!.xmin), []]
    const dal = addDays(String(snap!.oggi), -GIORNI_FINESTRA_CAMPO)
    let c: Cursore
    let riferimenti: CampoRiferimentiWire | null = null
    if (prev && !prev.fine) {
      c = { ...prev }
    } else {
      const rif = await riferimentiCampo(tx, caller)
      const h = hashOf(rif)
      c = prev
        ? { v: 1, p: scope, m: 'i', b: prev.f, bx: prev.fx ?? [], f: floor, fx, at: Date.now(), d: dal, pd: prev.d, h, ph: 'T', ks: 0, kq: null, kx: '', n: 0, t: 0, fine: false }
        : { v: 1, p: scope, m: 'c', b: 0, f: floor, fx, at: Date.now(), d: dal, pd: null, h, ph: 'S', ks: 0, kq: null, kx: '', n: 0, t: 0, fine: false }
      if (!prev || prev.h !== h) riferimenti = rif
      // a whole sync counts its records first; an incremental one only when it needs more than this page
      if (c.m === 'c') c.t = await totale(tx, f, c)
    }
    const primaPagina = c.n === 0
    const out = new Raccolta()
    let fine = false
    if (c.m === 'c') {
      fine = await percorriServizi(tx, f, c, out, inFinestra(c.d), () => true)
    } else {
      while (out.budget > 0 && !fine) {
        const done = c.ph === 'T' ? await faseRimozioni(tx, f, c, out)
          : c.ph === 'A' ? await faseUscite(tx, f, c, out)
            : c.ph === 'S' ? await percorriServizi(tx, f, c, out, dopo(servizio.xidSync, c), (r) => dopoJs(r.s.xidIngresso, c))
              : c.ph === 'Q' ? await faseIstanze(tx, f, c, out)
                : await faseCittadini(tx, f, c, out)
        if (!done) break
        const i = FASI_INCREMENTALI.indexOf(c.ph)
        if (i === FASI_INCREMENTALI.length - 1) fine = true
        else {
          c.ph = FASI_INCREMENTALI[i + 1]!
          c.ks = 0
          c.kq = null
          c.kx = ''
        }
      }
    }
    const encoded = await encodePagina(tx, out.istanze)
    const seen = new Set(encoded.cittadini.map((x) => x.idCittadino))
    const cittadini = [...encoded.cittadini, ...out.cittadini.filter((x) => !seen.has(x.idCittadino))]
    if (primaPagina && c.m === 'i' && !fine) c.t = await totale(tx, f, c)
    c.n += out.inviati
    c.t = Math.max(c.t, c.n)
    if (fine) c.t = c.n
    c.fine = fine
    return {
      generatedAt: new Date().toISOString(),
      modalita: c.m === 'c' ? 'completa' : 'incrementale',
      riferimenti,
      finestra: { dal: c.d, giorni: GIORNI_FINESTRA_CAMPO },
      servizi: out.servizi,
      cittadini,
      questionari: encoded.questionari as QuestionarioCompilato[],
      rimossi: { servizi: [...out.rimossiServizi], questionari: out.rimossiQuestionari },
      cursore: codec.encode(c),
      completo: fine,
      avanzamento: { inviati: c.n, totale: c.t },
    }
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' })
}

/** `day` ('YYYY-MM-DD') plus `n` days. */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}
