/**
 * One use per notification-stream ticket (issue 25 point 5). A ticket is stateless (signed, see
 * server/routes/notifiche.ts), so its single use is recorded in the database every process shares: its id
 * is inserted into `limite_richieste` (the key/expiry table of migration 0016, under the
 * {@link TICKET_KEY_PREFIX} prefix, never a rate-limit key) and only the insert that creates the row opens
 * a stream; a second use, on this process or another, finds the row. The row outlives the ticket by
 * {@link KEEP_AFTER_EXPIRY_S} s (clocks of processes and database may differ a little), then it is deleted
 * (at most every {@link PURGE_EVERY_MS} ms per process).
 */
import { and, like, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/types'
import { limiteRichieste } from '../../db/schema'

export const TICKET_KEY_PREFIX = 'biglietto-notifiche|'
export const KEEP_AFTER_EXPIRY_S = 60
export const PURGE_EVERY_MS = 60_000

let lastPurge = 0

/**
 * Records the use of ticket `ticketId` (valid until `expiresAtS`, seconds since the epoch): true for its
 * first use, false when it was used before (atomic: of concurrent uses exactly one gets true).
 */
export async function consumeStreamTicket(db: Executor, ticketId: string, expiresAtS: number): Promise<boolean> {
  if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
    lastPurge = Date.now()
    await db.delete(limiteRichieste)
      .where(and(like(limiteRichieste.chiave, `${TICKET_KEY_PREFIX}%`), lt(limiteRichieste.scadeIl, sql`now()`)))
  }
  const inserted = await db.insert(limiteRichieste)
    .values({ chiave: TICKET_KEY_PREFIX + ticketId, conteggio: 1, scadeIl: new Date((expiresAtS + KEEP_AFTER_EXPIRY_S) * 1000) })
    .onConflictDoNothing()
    .returning({ chiave: limiteRichieste.chiave })
  return inserted.length === 1
}
