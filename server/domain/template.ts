/**
 * Questionnaire templates as served to the client (platform-backend §7 "Read endpoints";
 * platform-frontend §3.6 names) and the programme's ATTIVO template (one per programme).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { QuestionarioTemplate } from '../../src/api/contract/questionario'
import { programmaXQuestionarioTemplate, questionarioTemplate, STATO } from '../db/schema'
import type { Executor } from '../db/types'

type TemplateRow = typeof questionarioTemplate.$inferSelect

/** A template row in the wire shape. */
export function templateToWire(row: TemplateRow): QuestionarioTemplate {
  return {
    idQuestionarioTemplate: row.id,
    nomeQuestionarioTemplate: row.nome,
    descrizioneQuestionarioTemplate: row.descrizione,
    stato: row.stato,
    defaultRFD: row.defaultRfd,
    defaultSCD: row.defaultScd,
    dataOraCreazione: row.dataOraCreazione.toISOString(),
    dataOraUltimoAggiornamento: row.dataOraAggiornamento.toISOString(),
    sezioniQuestionarioTemplate: row.sezioni,
  }
}

/** The programme's ATTIVO template row, or undefined (S04 / QT06 for the callers). */
export async function activeTemplate(db: Executor, idProgramma: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select({ t: questionarioTemplate }).from(programmaXQuestionarioTemplate)
    .innerJoin(questionarioTemplate, eq(questionarioTemplate.id, programmaXQuestionarioTemplate.idQuestionarioTemplate))
    .where(and(eq(programmaXQuestionarioTemplate.idProgramma, idProgramma), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO)))
  return row?.t
}

/** Template rows by id (missing ids are absent from the result). */
export async function templatesById(db: Executor, ids: string[]): Promise<TemplateRow[]> {
  if (ids.length === 0) return []
  return db.select().from(questionarioTemplate).where(inArray(questionarioTemplate.id, [...new Set(ids)]))
}
