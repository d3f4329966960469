/**
 * A write naming an anonymised citizen (issue 28 point 2; `cittadino.anonimizzato_il`, set by anonimizza.ts) answers
 * 410 CS01 'Il cittadino è stato anonimizzato per fine del periodo di conservazione.': the registry edit, the
 * compilation and the link of one of its surveys, the citizen's own link, an addition naming it by id. A device's
 * (DP01 when the citizen was erased on request, issue 28 part 3) outbox parks such an entry as 'Richiede attenzione' with that message (src/lib/failure-classify.ts: a 4xx).
 */
import { eq, sql } from 'drizzle-orm'
import { cittadino } from '../../db/schema'
import type { Executor } from '../../db/types'
import { ApiError } from '../../errors'

/**
 * The 410 answer for a citizen anonymised for `motivo`: CS01 at the end of the retention period; DP01 'Il cittadino è
 * stato cancellato su sua richiesta.' after an erasure on request (issue 28 part 3, server/domain/diritti/).
 */
export const cittadinoAnonimizzato = (motivo?: string | null) => new ApiError(410, motivo === 'cancellazione' ? 'DP01' : 'CS01')

/**
 * Throws 410 CS01 when citizen `idCittadino` is anonymised (absent: nothing, the caller answers its own 404). The row
 * is read FOR SHARE: an anonymisation running meanwhile (FOR UPDATE, anonimizza.ts) is waited for and then seen, and
 * one starting later waits for this write to commit, so a write never lands in a citizen anonymised under it.
 */
export async function vietaSeAnonimizzato(db: Executor, idCittadino: number): Promise<void> {
  const [row] = await db.select({ anonimo: sql<boolean>`${cittadino.anonimizzatoIl} is not null`, motivo: cittadino.motivoAnonimizzazione })
    .from(cittadino).where(eq(cittadino.id, idCittadino)).for('share')
  if (row?.anonimo === true) throw cittadinoAnonimizzato(row.motivo)
}
