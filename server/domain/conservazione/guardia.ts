/**
 * A write naming an anonymised citizen (issue 28 point 2; `cittadino.anonimizzato_il`, set by anonimizza.ts) answers
 * 410 CS01 'Il cittadino è stato anonimizzato per fine del periodo di conservazione.': the registry edit, the
 * compilation and the link of one of its surveys, the citizen's own link, an addition naming it by id. A device's
 * outbox parks such an entry as 'Richiede attenzione' with that message (src/lib/failure-classify.ts: a 4xx).
 */
import { eq, sql } from 'drizzle-orm'
import { cittadino, questionarioCompilato } from '../../db/schema'
import type { Executor } from '../../db/types'
import { ApiError } from '../../errors'

/** The 410 CS01 answer. */
export const cittadinoAnonimizzato = () => new ApiError(410, 'CS01')

/** Throws 410 CS01 when citizen `idCittadino` is anonymised (absent: nothing, the caller answers its own 404). */
export async function vietaSeAnonimizzato(db: Executor, idCittadino: number): Promise<void> {
  const [row] = await db.select({ anonimo: sql<boolean>`${cittadino.anonimizzatoIl} is not null` }).from(cittadino).where(eq(cittadino.id, idCittadino))
  if (row?.anonimo === true) throw cittadinoAnonimizzato()
}

/** Throws 410 CS01 when survey instance `idQuestionario` belongs to an anonymised citizen. */
export async function vietaSeIstanzaAnonimizzata(db: Executor, idQuestionario: string): Promise<void> {
  const [row] = await db.select({ anonimo: sql<boolean>`${cittadino.anonimizzatoIl} is not null` }).from(questionarioCompilato)
    .innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino)).where(eq(questionarioCompilato.id, idQuestionario))
  if (row?.anonimo === true) throw cittadinoAnonimizzato()
}
