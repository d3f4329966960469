/**
 * Seeds the age bands, the default RFD and SCD questionnaire templates (each programme is linked to the
 * default of its policy, association ATTIVO) and the minors configuration of one programme.
 */
import type { Executor } from '../db/types'
import {
  configurazioneMinorenni, fasciaDiEta, programmaXQuestionarioTemplate, questionarioTemplate, STATO,
} from '../db/schema'
import { FASCE_DI_ETA } from '../../src/api/contract/enums'
import { DEFAULT_TEMPLATES } from './questionnaire'
import { PROGRAMMI } from './programmes'
import { must, type WorldIds } from './insert-world'

/** The programme with minors enabled (platform-backend §9), effective since a past date. */
export const MINORS_PROGRAMME = { codice: 'RFD-2024-LAZ', dataAbilitazione: '2024-09-02', dataDecorrenza: '2024-10-01' }

export async function insertQuestionnaires(tx: Executor, ids: WorldIds, createdBy: number | null): Promise<void> {
  await tx.insert(fasciaDiEta).values(FASCE_DI_ETA.map((f) => ({ id: f.id, fascia: f.fascia })))

  const templates = await tx.insert(questionarioTemplate).values(DEFAULT_TEMPLATES.map((t) => ({
    nome: t.nome, descrizione: t.descrizione, defaultRfd: t.defaultRfd, defaultScd: t.defaultScd,
    sezioni: t.sezioni, stato: STATO.ATTIVO,
  }))).returning({ id: questionarioTemplate.id, defaultRfd: questionarioTemplate.defaultRfd })
  const rfd = templates.find((t) => t.defaultRfd)!.id
  const scd = templates.find((t) => !t.defaultRfd)!.id

  await tx.insert(programmaXQuestionarioTemplate).values(PROGRAMMI.map((p) => ({
    idProgramma: must(ids.programma, p.codice), idQuestionarioTemplate: p.policy === 'RFD' ? rfd : scd, stato: STATO.ATTIVO,
  })))

  const minors = PROGRAMMI.find((p) => p.codice === MINORS_PROGRAMME.codice)!
  await tx.insert(configurazioneMinorenni).values({
    idProgramma: must(ids.programma, minors.codice), intervento: minors.policy,
    dataAbilitazione: MINORS_PROGRAMME.dataAbilitazione, dataDecorrenza: MINORS_PROGRAMME.dataDecorrenza,
    createUser: createdBy,
  })
}
