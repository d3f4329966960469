/**
 * The community's writes in the field outbox (issue 12 point 9; ARCHITECTURE.md "The offline outbox"):
 * comments, replies, comment edits, likes and unlikes of items and comments made offline — or failing for
 * network reasons — are queued in the SAME outbox as the field writes, with its guarantees (Idempotency-Key,
 * once, the role context of creation, visible/editable/discardable in the sync centre).
 *
 * | kind | request (spec 001 §7) | answer |
 * |---|---|---|
 * | `commento.aggiungi` | POST item/{idItem}/comment {comment_body} | {id} |
 * | `commento.rispondi` | POST comment/{idCommento}/reply {comment_body} | {id} |
 * | `commento.modifica` | POST comment/{idCommento}/update {comment_body} | {id} |
 * | `mipiace.contenuto` | POST item/{idItem}/like or /unlike | — |
 * | `mipiace.commento` | POST comment/{idCommento}/like or /unlike | {likes} |
 * Every body carries the profile ids of the entry's role context, never the current session's.
 *
 * Ordering: a reply, edit or like of a comment still in the outbox depends on that comment's entry (its
 * server id is substituted by `resolve`); every write on the same target (item like, comment) also depends
 * on the previous open write on it, so they reach the server in the order they were made.
 * Likes toggled twice offline COLLAPSE: a like whose previous open write on the same target is the opposite
 * toggle and was never sent discards that entry and queues nothing (the server never saw either, and its
 * state is already the final one). When the previous one may have reached the server, the new toggle is
 * queued after it: the server's like/unlike are set operations, so replaying both in order ends in the
 * right state. An edit of a comment whose creation was never sent changes the creation's text instead.
 */
import { ApiCallError } from '../../api/client'
import { presentIdsOf } from '../../lib/profile-ids'
import { CONFLITTO_MODIFICA, VERSIONE_CREAZIONE, versioneDaGenitori } from './outbox-conflitti'
import { newUuid } from '../../lib/ids'
import { connectivity, enqueue, onOfflineEvent, outbox, registerHandler, roleContextFromSession, type OutboxEntry } from '../../offline'

/** The role profile of an entry (its stored role context without the owner). */
type RoleProfile = Omit<OutboxEntry['roleContext'], 'utente'>
/** A done parent of an entry being sent, as the handlers' `resolve` gets it. */
type ParentResult = { id: string; kind: string; result: unknown }

/** Outbox kinds of the community. */
export const COMMUNITY_KIND = {
  commento: 'commento.aggiungi',
  risposta: 'commento.rispondi',
  modifica: 'commento.modifica',
  mipiaceContenuto: 'mipiace.contenuto',
  mipiaceCommento: 'mipiace.commento',
} as const

/** Italian names of the kinds for the sync centre (src/features/sincronizzazione/format.ts). */
export const COMMUNITY_KIND_LABELS: Readonly<Record<string, string>> = {
  [COMMUNITY_KIND.commento]: 'Commento',
  [COMMUNITY_KIND.risposta]: 'Risposta a un commento',
  [COMMUNITY_KIND.modifica]: 'Modifica di un commento',
  [COMMUNITY_KIND.mipiaceContenuto]: 'Mi piace',
  [COMMUNITY_KIND.mipiaceCommento]: 'Mi piace a un commento',
}

const COMMENT_KINDS: readonly string[] = [COMMUNITY_KIND.commento, COMMUNITY_KIND.risposta]

/** A comment queued on the device: `idLocale` names it until the server gives its id. */
export interface CommentoPayload {
  idItem: number
  idLocale: string
  testo: string
}

/** A reply to a server comment (`idCommento`) or to a queued one (`idCommentoLocale`, `idCommento` null until resolved). */
export interface RispostaPayload extends CommentoPayload {
  idCommento: number | null
  idCommentoLocale: string | null
}

/** An edit of a comment (server or queued). */
export interface ModificaPayload {
  idItem: number
  idCommento: number | null
  idCommentoLocale: string | null
  testo: string
  /**
   * The comment's version the edit was made on (issue 27). Absent in entries queued by builds before versions and
   * for a comment still queued: the creation's version (1) is sent, or the version a done parent write answered.
   */
  versione?: number
  /** The text the edit was made on (the three-way merge's base); absent in entries queued by older builds. */
  testoBase?: string
}

/** A like (`like: true`) or unlike of an item (`idCommento` and `idCommentoLocale` null) or of a comment. */
export interface MiPiacePayload {
  idItem: number
  idCommento: number | null
  idCommentoLocale: string | null
  like: boolean
}

/** What a community write targets: an item, a server comment or a queued comment. */
export interface Target {
  idItem: number
  idCommento?: number | null
  idCommentoLocale?: string | null
}

type AnyPayload = Partial<CommentoPayload & RispostaPayload & ModificaPayload & MiPiacePayload>

/** True for the outbox kinds of this module. */
export function isCommunityKind(kind: string): boolean {
  return (Object.values(COMMUNITY_KIND) as string[]).includes(kind)
}

/** The sync centre's label of a community write ('Commento a «titolo»', 'Mi piace a «titolo»'…). */
export function communityLabel(kind: string, titolo: string, like = true): string {
  const t = `«${titolo}»`
  switch (kind) {
    case COMMUNITY_KIND.commento: return `Commento a ${t}`
    case COMMUNITY_KIND.risposta: return `Risposta a un commento di ${t}`
    case COMMUNITY_KIND.modifica: return `Modifica di un commento a ${t}`
    case COMMUNITY_KIND.mipiaceContenuto: return like ? `Mi piace a ${t}` : `Mi piace tolto a ${t}`
    case COMMUNITY_KIND.mipiaceCommento: return like ? `Mi piace a un commento di ${t}` : `Mi piace tolto a un commento di ${t}`
    default: return t
  }
}

/** Does an open entry write on the comment `t` (or, without a comment, on the item's like)? Pure. */
export function writesOn(e: OutboxEntry, t: Target): boolean {
  if (!isCommunityKind(e.kind) || e.status === 'done') return false
  const p = e.payload as AnyPayload
  if (p.idItem !== t.idItem) return false
  const isComment = t.idCommento != null || t.idCommentoLocale != null
  if (!isComment) return e.kind === COMMUNITY_KIND.mipiaceContenuto
  if (e.kind === COMMUNITY_KIND.mipiaceContenuto) return false
  // the comment's own creation, or a write that names it
  if (t.idCommentoLocale != null && COMMENT_KINDS.includes(e.kind) && p.idLocale === t.idCommentoLocale) return true
  if (e.kind === COMMUNITY_KIND.commento || e.kind === COMMUNITY_KIND.risposta) {
    return false
  }
  return (t.idCommentoLocale != null && p.idCommentoLocale === t.idCommentoLocale) || (t.idCommento != null && p.idCommento === t.idCommento)
}

/** The open entries writing on `t`, in order (FIFO by `seq`). Pure. */
export function openWritesOn(entries: readonly OutboxEntry[], t: Target): OutboxEntry[] {
  return entries.filter((e) => writesOn(e, t)).sort((a, b) => a.seq - b.seq)
}

/** The entry creating the queued comment `idLocale`, if still open. Pure. */
export function creationOf(entries: readonly OutboxEntry[], idLocale: string): OutboxEntry<CommentoPayload> | undefined {
  return entries.find((e) => COMMENT_KINDS.includes(e.kind) && e.status !== 'done' && (e.payload as AnyPayload).idLocale === idLocale) as OutboxEntry<CommentoPayload> | undefined
}

/** True when the server cannot have applied the entry: never sent and not in flight. */
const neverSent = (e: OutboxEntry) => e.attempts === 0 && e.status === 'pending'

/** The like state to show: the last open like toggle on the target wins over the server's. Pure. */
export function effectiveLike(server: { liked: boolean; count: number }, entries: readonly OutboxEntry[], t: Target): { liked: boolean; count: number; pending: boolean } {
  const likes = openWritesOn(entries, t).filter((e) => e.kind === COMMUNITY_KIND.mipiaceContenuto || e.kind === COMMUNITY_KIND.mipiaceCommento)
  const last = likes.at(-1)
  if (!last) return { ...server, pending: false }
  const liked = (last.payload as MiPiacePayload).like
  const count = Math.max(0, server.count + (liked === server.liked ? 0 : liked ? 1 : -1))
  return { liked, count, pending: true }
}

/** A queued comment or reply to show in the thread, marked 'In attesa di invio'. */
export interface PendingComment {
  entryId: string
  idLocale: string
  /** the server id of the comment it replies to, or the queued parent's idLocale */
  parent: { idCommento: number | null; idCommentoLocale: string | null } | null
  testo: string
  createdAt: number
  /** refused by the server: the sync centre says why */
  attention: boolean
}

/** The queued comments and replies of an item, in order, with their latest text (queued edits applied). Pure. */
export function pendingComments(entries: readonly OutboxEntry[], idItem: number): PendingComment[] {
  const open = entries.filter((e) => e.status !== 'done' && isCommunityKind(e.kind) && (e.payload as AnyPayload).idItem === idItem).sort((a, b) => a.seq - b.seq)
  const out: PendingComment[] = []
  for (const e of open) {
    const p = e.payload as AnyPayload
    if (COMMENT_KINDS.includes(e.kind)) {
      out.push({
        entryId: e.id, idLocale: p.idLocale as string, testo: p.testo ?? '', createdAt: e.createdAt, attention: e.status === 'attention',
        parent: e.kind === COMMUNITY_KIND.risposta ? { idCommento: p.idCommento ?? null, idCommentoLocale: p.idCommentoLocale ?? null } : null,
      })
    } else if (e.kind === COMMUNITY_KIND.modifica && p.idCommentoLocale) {
      const c = out.find((x) => x.idLocale === p.idCommentoLocale)
      if (c) c.testo = p.testo ?? c.testo
    }
  }
  return out
}

/** The queued edit text of a server comment (latest), or undefined. Pure. */
export function pendingEditOf(entries: readonly OutboxEntry[], idItem: number, idCommento: number): string | undefined {
  const last = openWritesOn(entries, { idItem, idCommento }).filter((e) => e.kind === COMMUNITY_KIND.modifica).at(-1)
  return last ? (last.payload as ModificaPayload).testo : undefined
}

// ---------------------------------------------------------------------------------------------------
// handlers

/** The non-null ids of the entry's role context (src/lib/profile-ids.ts). */
const bodyIds = (r: RoleProfile): Record<string, number> => presentIdsOf(r)

/** Message of an entry whose parent comment answered without an id (parked as 'richiede attenzione'). */
export const MISSING_COMMENT_ID = 'Il commento a cui si riferisce questa operazione non è ancora stato registrato dal server.'

/** The server id of the queued comment `idLocale` from the done parents. */
function commentIdFrom(parents: ParentResult[], idLocale: string | null): number | null {
  if (!idLocale) return null
  for (const p of parents) {
    if (!COMMENT_KINDS.includes(p.kind)) continue
    const id = (p.result as { id?: unknown } | null | undefined)?.id
    if (typeof id === 'number') return id
  }
  return null
}

function requireCommentId(id: number | null): number {
  if (id === null) throw new Error(MISSING_COMMENT_ID)
  return id
}

const resolveComment = <P extends { idCommento: number | null; idCommentoLocale: string | null }>(p: P, parents: ParentResult[]): P =>
  p.idCommento !== null ? p : { ...p, idCommento: commentIdFrom(parents, p.idCommentoLocale) }

/** Registers the handlers of every community kind; returns the function that unregisters them. */
export function registerCommunityHandlers(): () => void {
  const offs = [
    registerHandler<CommentoPayload, unknown>(COMMUNITY_KIND.commento, {
      send: (e, ctx) => ctx.post(`item/${e.payload.idItem}/comment`, { ...bodyIds(e.roleContext), comment_body: e.payload.testo }),
    }),
    registerHandler<RispostaPayload, unknown>(COMMUNITY_KIND.risposta, {
      dependsOnKinds: COMMENT_KINDS,
      resolve: resolveComment,
      send: (e, ctx) => ctx.post(`comment/${requireCommentId(e.payload.idCommento)}/reply`, { ...bodyIds(e.roleContext), comment_body: e.payload.testo }),
    }),
    registerHandler<ModificaPayload, unknown>(COMMUNITY_KIND.modifica, {
      dependsOnKinds: [...COMMENT_KINDS, COMMUNITY_KIND.modifica],
      resolve: (p, parents) => versioneDaGenitori(resolveComment(p, parents), parents),
      send: (e, ctx) => ctx.post(`comment/${requireCommentId(e.payload.idCommento)}/update`, {
        ...bodyIds(e.roleContext), comment_body: e.payload.testo, versione: e.payload.versione ?? VERSIONE_CREAZIONE,
      }),
      conflict: CONFLITTO_MODIFICA,
    }),
    registerHandler<MiPiacePayload, unknown>(COMMUNITY_KIND.mipiaceContenuto, {
      send: (e, ctx) => ctx.post(`item/${e.payload.idItem}/${e.payload.like ? 'like' : 'unlike'}`, bodyIds(e.roleContext)),
    }),
    registerHandler<MiPiacePayload, unknown>(COMMUNITY_KIND.mipiaceCommento, {
      dependsOnKinds: COMMENT_KINDS,
      resolve: resolveComment,
      send: (e, ctx) => ctx.post(`comment/${requireCommentId(e.payload.idCommento)}/${e.payload.like ? 'like' : 'unlike'}`, bodyIds(e.roleContext)),
    }),
  ]
  return () => offs.forEach((off) => off())
}

// ---------------------------------------------------------------------------------------------------
// queueing

/** Nobody logged with a profile: nothing can be queued (Italian message). */
export const NO_SESSION_MESSAGE = 'Senza connessione: accedi con un profilo per salvare questa operazione sul dispositivo.'

function role() {
  const r = roleContextFromSession()
  if (!r) throw new Error(NO_SESSION_MESSAGE)
  return r
}

/** Dependencies of a new write on `t`: the previous open write on it (order) and the creation of a queued comment. */
function dependenciesOn(entries: readonly OutboxEntry[], t: Target): string[] {
  const deps = new Set<string>()
  const prev = openWritesOn(entries, t).at(-1)
  if (prev) deps.add(prev.id)
  if (t.idCommentoLocale) {
    const c = creationOf(entries, t.idCommentoLocale)
    if (c) deps.add(c.id)
  }
  return [...deps]
}

/** Queues a comment on an item; resolves with the entry once stored. */
export async function queueComment(idItem: number, testo: string, titolo: string, idempotencyKey?: string): Promise<OutboxEntry<CommentoPayload>> {
  return enqueue<CommentoPayload>({
    kind: COMMUNITY_KIND.commento, payload: { idItem, idLocale: newUuid(), testo }, roleContext: role(),
    label: communityLabel(COMMUNITY_KIND.commento, titolo), ...(idempotencyKey ? { idempotencyKey } : {}),
  })
}

/** Queues a reply to a server comment or to a queued one (after it). */
export async function queueReply(parent: Target, testo: string, titolo: string, idempotencyKey?: string): Promise<OutboxEntry<RispostaPayload>> {
  const entries = await outbox.list()
  const creation = parent.idCommentoLocale ? creationOf(entries, parent.idCommentoLocale) : undefined
  const dependsOn = creation ? [creation.id] : []
  return enqueue<RispostaPayload>({
    kind: COMMUNITY_KIND.risposta,
    payload: { idItem: parent.idItem, idLocale: newUuid(), idCommento: parent.idCommento ?? null, idCommentoLocale: parent.idCommentoLocale ?? null, testo },
    roleContext: role(), dependsOn, label: communityLabel(COMMUNITY_KIND.risposta, titolo), ...(idempotencyKey ? { idempotencyKey } : {}),
  })
}

/** What a comment's edit was made on: the comment's version (absent on cards stored by older builds) and text. */
export interface BaseModifica {
  versione?: number
  testo: string
}

/**
 * Queues an edit of a comment. A queued comment never sent gets the new text in its own entry (no second
 * request); otherwise the edit is queued after the previous writes on that comment. Resolves with the entry written.
 */
export async function queueEdit(t: Target, testo: string, titolo: string, idempotencyKey?: string, base?: BaseModifica): Promise<OutboxEntry> {
  const entries = await outbox.list()
  if (t.idCommentoLocale) {
    const c = creationOf(entries, t.idCommentoLocale)
    const later = openWritesOn(entries, t).some((e) => e.kind === COMMUNITY_KIND.modifica)
    if (c && neverSent(c) && !later) return outbox.updatePayload(c.id, { ...c.payload, testo }, { expectedUpdatedAt: c.updatedAt })
  }
  return enqueue<ModificaPayload>({
    kind: COMMUNITY_KIND.modifica,
    payload: {
      idItem: t.idItem, idCommento: t.idCommento ?? null, idCommentoLocale: t.idCommentoLocale ?? null, testo,
      ...(base?.versione === undefined ? {} : { versione: base.versione }), ...(base ? { testoBase: base.testo } : {}),
    },
    roleContext: role(), dependsOn: dependenciesOn(entries, t), label: communityLabel(COMMUNITY_KIND.modifica, titolo),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })
}

/**
 * Queues a like (`like` true) or unlike of an item or comment — or collapses it: when the previous open
 * toggle on the same target is the opposite one and was never sent, that entry is discarded and nothing is
 * queued (resolves null). See the module comment.
 */
export async function queueLike(t: Target, like: boolean, titolo: string, idempotencyKey?: string): Promise<OutboxEntry<MiPiacePayload> | null> {
  const kind = t.idCommento != null || t.idCommentoLocale != null ? COMMUNITY_KIND.mipiaceCommento : COMMUNITY_KIND.mipiaceContenuto
  const entries = await outbox.list()
  const prev = openWritesOn(entries, t).filter((e) => e.kind === kind).at(-1)
  const prevIsLast = prev !== undefined && openWritesOn(entries, t).at(-1)?.id === prev.id
  if (prev && prevIsLast && neverSent(prev) && (prev.payload as MiPiacePayload).like !== like) {
    await outbox.discard(prev.id, { confirmed: true })
    return null
  }
  return enqueue<MiPiacePayload>({
    kind, payload: { idItem: t.idItem, idCommento: t.idCommento ?? null, idCommentoLocale: t.idCommentoLocale ?? null, like },
    roleContext: role(), dependsOn: dependenciesOn(entries, t), label: communityLabel(kind, titolo, like),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })
}

// ---------------------------------------------------------------------------------------------------
// online first, queued when the network is missing

/** True when a failure means the server was not reached (network error, timeout): the write is queued. */
export function isNetworkFailure(e: unknown): boolean {
  return e instanceof ApiCallError && (e.kind === 'network' || e.kind === 'timeout')
}

/** True when the device cannot reach the server now (no network, or the API does not answer). */
export function deviceOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || connectivity.get() === 'offline'
}

/**
 * Runs a community write: online (and with no earlier write on the same target still queued), `direct`
 * sends it with a new Idempotency-Key; offline, or when that attempt fails for network reasons, `queue`
 * stores it in the outbox with the SAME key (so a request that did reach the server is not applied twice).
 * Other failures are thrown (the API client already showed them). Resolves 'sent' or 'queued'.
 */
export async function sendOrQueue(opts: {
  target: Target
  direct(idempotencyKey: string): Promise<unknown>
  queue(idempotencyKey: string): Promise<unknown>
}): Promise<'sent' | 'queued'> {
  const key = newUuid()
  const queuedBefore = await outbox.list().then((all) => dependenciesOn(all, opts.target).length > 0, () => false)
  if (!deviceOffline() && !queuedBefore) {
    try {
      await opts.direct(key)
      return 'sent'
    } catch (e) {
      if (!isNetworkFailure(e)) throw e
    }
  }
  await opts.queue(key)
  return 'queued'
}

/**
 * Starts the community's part of the outbox for a session: registers the handlers and, after every replay
 * run that sent something, calls `onSent` (the pages refresh their community reads). Returns the stop function.
 */
export function startCommunityOutbox(onSent: () => void): () => void {
  const offHandlers = registerCommunityHandlers()
  const offSync = onOfflineEvent('sync-end', (r) => { if (r.sent > 0) onSent() })
  return () => {
    offSync()
    offHandlers()
  }
}
