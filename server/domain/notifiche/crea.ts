/**
 * Creation of in-app notifications (platform-backend §11.4; issue 12 point 7). Every function runs in the
 * transaction of the event that causes it (the caller's `tx`): the rows, the live push and the e-mail jobs
 * exist only if that transaction commits.
 *
 * - one set-based `INSERT … SELECT` per recipient group (never a loop over users); the actor is never a
 *   recipient; at most {@link FANOUT_LIMIT} recipients per event (the programme broadcast is the only
 *   group that can be large: the first {@link FANOUT_LIMIT} users by id are notified, the rest are not);
 * - the push is `pg_notify('pd_notifica', '[[userId, notificationId], …]')` in the same statement, in
 *   chunks of {@link NOTIFY_CHUNK} pairs (payload < 8000 bytes); PostgreSQL delivers it only at commit,
 *   to every process LISTENing (server/events);
 * - e-mail (§11.1, when SMTP is configured: {@link configureNotificationMail}): one `email.invia` job per
 *   recipient with an address, inserted by the same statement (transactional outbox). The programme
 *   broadcast sends no e-mail (in-app only).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ItemType } from '../../../src/api/contract/community'
import type { Executor } from '../../db/types'
import { JOB_EMAIL } from '../../mail/index'
import { rowsOf } from '../liste/engine'
import { messageTemplate, SECTION_KEY } from './messaggi'

/** Most recipients of one event. */
export const FANOUT_LIMIT = 2000
/** Pairs per `pg_notify` payload (each pair ≤ 20 characters). */
export const NOTIFY_CHUNK = 300
/** Channel of the live push. */
export const NOTIFY_CHANNEL = 'pd_notifica'

let mail: { enabled: boolean; publicUrl: string } = { enabled: false, publicUrl: '' }

/**
 * Turns the notification e-mails on (SMTP configured) or off. Process-wide: set by the notification routes
 * when the app starts (one app per process in production), turned off when it closes.
 */
export function configureNotificationMail(opts: { enabled: boolean; publicUrl: string }): void {
  mail = opts
}

interface Event {
  tipo: string
  actorId: number
  itemId: number
  itemType: ItemType
  title: string
  commentId?: number | null
  /** false: in-app only */
  email?: boolean
}

/**
 * Inserts one notification per distinct user of `recipients` (a query with one column `id_utente`),
 * minus the actor, at most {@link FANOUT_LIMIT}; pushes and queues e-mails. Returns the rows created.
 */
export async function notifyUsers(tx: Executor, recipients: SQL, e: Event): Promise<number> {
  const withMail = mail.enabled && e.email !== false
  let subject = ''
  let text = ''
  if (withMail) {
    const [actor] = await rowsOf(tx, sql`select coalesce(nome || ' ' || cognome, '') as n from utente where id = ${e.actorId}`) as { n: string }[]
    const body = messageTemplate(e.tipo, e.actorId, e.title).split('$').map((p, i) => (i % 2 ? (actor?.n.trim() || 'Un utente') : p)).join('')
    subject = `Punto Digitale: ${body}`
    text = `${body}.\n\nApri le tue notifiche: ${mail.publicUrl.replace(/\/$/, '')}/notifiche\n`
  }
  const [row] = await rowsOf(tx, sql`
    with dest as (
      select distinct r.id_utente from (${recipients}) r
      where r.id_utente is not null and r.id_utente <> ${e.actorId}
      order by r.id_utente limit ${FANOUT_LIMIT}
    ), ins as (
      insert into notifica (id_utente, tipo, id_attore, id_item, item_type, id_comment, titolo)
      select id_utente, ${e.tipo}, ${e.actorId}, ${e.itemId}, ${e.itemType}, ${e.commentId ?? null}, ${e.title} from dest
      returning id, id_utente
    ), pushed as (
      select pg_notify(${NOTIFY_CHANNEL}, json_agg(json_build_array(id_utente, id))::text) as ok
      from (select id, id_utente, (row_number() over (order by id) - 1) / ${NOTIFY_CHUNK} as g from ins) x group by g
    ), mailed as (
      insert into job (tipo, payload, max_tentativi)
      select ${JOB_EMAIL}, jsonb_build_object('to', u.email, 'subject', ${subject}::text, 'text', ${text}::text), 8
      from ins join utente u on u.id = ins.id_utente
      where ${withMail} and u.email is not null
      returning id
    )
    select (select count(*) from ins)::int as n, (select count(*) from pushed)::int as p, (select count(*) from mailed)::int as m`)
  return Number(row?.n ?? 0)
}

/** Owner and live commenters of an item. */
const participants = (itemId: number) => sql`
  select id_autore as id_utente from community_item where id = ${itemId}
  union select id_autore from community_comment where id_item = ${itemId} and deleted_at is null`

interface ItemRef { id: number; itemType: ItemType; title: string }

/**
 * A comment (or reply) was created: the parent comment's author gets `comment_reply`; the item's owner and
 * commenters get `{section}_comment` (minus the actor and the parent's author). §11.4.
 */
export async function notifyComment(tx: Executor, actorId: number, item: ItemRef, commentId: number, parentAuthor: number | null): Promise<void> {
  const base = { actorId, itemId: item.id, itemType: item.itemType, title: item.title, commentId }
  if (parentAuthor !== null && parentAuthor !== actorId) {
    await notifyUsers(tx, sql`select ${parentAuthor}::int as id_utente`, { ...base, tipo: 'comment_reply' })
  }
  const others = parentAuthor === null ? participants(item.id)
    : sql`select p.id_utente from (${participants(item.id)}) p where p.id_utente <> ${parentAuthor}`
  await notifyUsers(tx, others, { ...base, tipo: `${SECTION_KEY[item.itemType]}_comment` })
}

/** An item or a comment was reported: every user whose role is in group GEST.SGN (§11.2, §11.4). */
export async function notifyReport(tx: Executor, actorId: number, item: ItemRef, commentId: number | null): Promise<void> {
  const moderators = sql`
    select distinct ur.id_utente from utente_x_ruolo ur
    join ruolo_x_gruppo rg on rg.codice_ruolo = ur.codice_ruolo
    where rg.codice_gruppo = 'GEST.SGN'`
  await notifyUsers(tx, moderators, {
    actorId, itemId: item.id, itemType: item.itemType, title: item.title, commentId,
    tipo: commentId === null ? `${SECTION_KEY[item.itemType]}_report` : 'comment_report',
  })
}

/**
 * New content published for a programme: the users of that programme (any state but TERMINATO: a seeded or newly assigned user is 'NON ATTIVO' until the project is activated) (referents and delegates of
 * the programme, of its projects and of its partner bodies, facilitators and volunteers of its projects).
 * Content for 'Tutti i programmi' and forum topics (no programme) notify nobody. In-app only.
 */
export async function notifyNewContent(tx: Executor, actorId: number, item: ItemRef, idProgramma: number | null): Promise<void> {
  if (idProgramma === null || item.itemType === 'community_item') return
  const users = sql`
    select id_utente from referente_delegati_gestore_programma where id_programma = ${idProgramma} and stato_utente <> 'TERMINATO'
    union select r.id_utente from referente_delegati_gestore_progetto r join progetto p on p.id = r.id_progetto
      where p.id_programma = ${idProgramma} and r.stato_utente <> 'TERMINATO'
    union select r.id_utente from referente_delegati_partner r join progetto p on p.id = r.id_progetto
      where p.id_programma = ${idProgramma} and r.stato_utente <> 'TERMINATO'
    union select f.id_facilitatore from ente_sede_progetto_facilitatore f join progetto p on p.id = f.id_progetto
      where p.id_programma = ${idProgramma} and f.stato_utente <> 'TERMINATO'`
  await notifyUsers(tx, users, { actorId, itemId: item.id, itemType: item.itemType, title: item.title, tipo: `${SECTION_KEY[item.itemType]}_new`, email: false })
}
