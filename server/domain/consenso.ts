/**
 * The citizen's consent to the processing of their data (platform-backend §6.4; issue 8 point 1):
 * - given to the facilitator at the compilation (`consensoTrattamentoDatiRequest`: CARTACEO, EMAIL or
 *   ONLINE and its date, online or replayed from a device's outbox) or by the citizen on the survey link
 *   (ONLINE, today);
 * - stored on the citizen only the first time (`tipo_conferimento_consenso`, `data_conferimento_consenso`):
 *   a later consent never overwrites it;
 * - shown in Q1 as questions 18 (the type's label) and 19 (the date 'YYYY-MM-DD'; the reference's
 *   `$dataConsenso`): written into every instance of the citizen not yet compiled, and into the one being
 *   compiled. Instances already compiled keep their Q1.
 * The date given by the facilitator must be a real date not after today in Italy (400 G02); it is stored
 * at noon UTC of that day, so that its Italian calendar date is that day whatever the offset.
 */
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { ConsensoTrattamentoDati } from '../../src/api/contract/questionario'
import { etichettaConsenso, ID_DOMANDA_CONSENSO, ID_DOMANDA_DATA_CONSENSO, SEZIONI_QUESTIONARIO, type TipoConferimentoConsenso } from '../../src/api/contract/enums'
import { parseWireDate } from '../../src/lib/dates'
import { cittadino, questionarioCompilato, type SezioneCompilata } from '../db/schema'
import type { Transaction } from '../db/types'
import { badRequest } from '../errors'

type CittadinoRow = typeof cittadino.$inferSelect

const ROME_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The calendar date 'YYYY-MM-DD' of an instant in Italy (Europe/Rome). */
export function italianDate(at: Date): string {
  return ROME_DATE.format(at)
}

/** Checks a consent given by the facilitator (module comment): 400 G02 with an Italian message. Returns its instant. */
export function consentInstant(c: ConsensoTrattamentoDati, now: Date = new Date()): Date {
  if (!parseWireDate(c.dataConferimentoConsenso)) throw badRequest('G02', 'Dati non validi: la data del consenso non è una data valida.')
  if (c.dataConferimentoConsenso > italianDate(now)) throw badRequest('G02', 'Dati non validi: la data del consenso non può essere successiva a oggi.')
  return new Date(`${c.dataConferimentoConsenso}T12:00:00Z`)
}

/** Q1 answers of the citizen's consent: 18 and 19, or none when no consent is recorded. */
export function consentAnswers(c: Pick<CittadinoRow, 'tipoConferimentoConsenso' | 'dataConferimentoConsenso'>): Record<string, string[]> {
  if (!c.tipoConferimentoConsenso || !c.dataConferimentoConsenso) return {}
  return {
    [ID_DOMANDA_CONSENSO]: [etichettaConsenso(c.tipoConferimentoConsenso as TipoConferimentoConsenso)],
    [ID_DOMANDA_DATA_CONSENSO]: [italianDate(c.dataConferimentoConsenso)],
  }
}

/** A stored Q1 with the citizen's consent answers set (18–19 replaced; unchanged without a consent). */
export function withConsent(q1: SezioneCompilata, c: CittadinoRow): SezioneCompilata {
  const answers = consentAnswers(c)
  if (Object.keys(answers).length === 0) return q1
  const rest = q1.properties.filter((p) => !(ID_DOMANDA_CONSENSO in p) && !(ID_DOMANDA_DATA_CONSENSO in p))
  return { ...q1, properties: [...rest, ...Object.entries(answers).map(([k, v]) => ({ [k]: v }))] }
}

/**
 * Records a consent on the citizen unless one is recorded already (first time only); returns the
 * citizen as it is afterwards, and whether this call recorded it.
 */
export async function recordConsent(tx: Transaction, idCittadino: number, tipo: TipoConferimentoConsenso, at: Date): Promise<{ citizen: CittadinoRow | undefined; recorded: boolean }> {
  const [updated] = await tx.update(cittadino).set({ tipoConferimentoConsenso: tipo, dataConferimentoConsenso: at, dataOraAggiornamento: new Date() })
    .where(and(eq(cittadino.id, idCittadino), isNull(cittadino.dataConferimentoConsenso))).returning()
  if (updated) return { citizen: updated, recorded: true }
  const [current] = await tx.select().from(cittadino).where(eq(cittadino.id, idCittadino))
  return { citizen: current, recorded: false }
}

/** Writes the citizen's consent into the Q1 of its instances not yet compiled, except `exceptId`. */
export async function consentIntoOpenInstances(tx: Transaction, c: CittadinoRow, exceptId: string): Promise<void> {
  const Q1 = SEZIONI_QUESTIONARIO.Q1.id
  const open = await tx.select({ id: questionarioCompilato.id, sezioni: questionarioCompilato.sezioni }).from(questionarioCompilato)
    .where(and(eq(questionarioCompilato.idCittadino, c.id), ne(questionarioCompilato.stato, 'COMPILATA'), ne(questionarioCompilato.id, exceptId)))
  for (const other of open) {
    await tx.update(questionarioCompilato).set({ sezioni: other.sezioni.map((s) => (s.id === Q1 ? withConsent(s, c) : s)), dataOraAggiornamento: new Date() })
      .where(eq(questionarioCompilato.id, other.id))
  }
}
