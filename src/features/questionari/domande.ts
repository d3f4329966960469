/**
 * The sections of a survey template as the compile, read-only and print screens find them (platform-
 * frontend §3.1–3.2; spec 002 §3 "Survey template", §5, §9). The questions inside a section — kinds,
 * visibility, validation, encoding — are the shared model of src/lib/survey-questions.ts.
 */
import { SEZIONI_QUESTIONARIO } from '../../api/contract/enums'
import type { QuestionarioTemplate, SezioneTemplateWire } from '../../api/contract/questionario'
import type { SectionKey } from '../../lib/survey-sections'

export const SEZIONI: readonly SectionKey[] = ['Q1', 'Q2', 'Q3', 'Q4']

/** The section Q1–Q4 of a template (matched by the constant section id), or null. */
export function sezioneDelTemplate(template: QuestionarioTemplate | null | undefined, key: SectionKey): SezioneTemplateWire | null {
  const id = SEZIONI_QUESTIONARIO[key].id
  return template?.sezioniQuestionarioTemplate.find((s) => s.id === id) ?? null
}

/**
 * Template of an instance among the device's reference data: the snapshot with that id, else the
 * programme's ATTIVO template when it is the same one; null when absent.
 */
export function templateDiIstanza(
  rif: { template: QuestionarioTemplate | null; templateSnapshot: QuestionarioTemplate[] } | null | undefined,
  idTemplate: string,
): QuestionarioTemplate | null {
  if (!rif) return null
  return rif.templateSnapshot.find((t) => t.idQuestionarioTemplate === idTemplate)
    ?? (rif.template?.idQuestionarioTemplate === idTemplate ? rif.template : null)
}

/** Title to show for a section: the template's, else the contract's (platform-frontend §3.2). */
export function titoloSezione(sezione: SezioneTemplateWire | null, key: SectionKey): string {
  const t = sezione?.title?.trim()
  return t ? t : SEZIONI_QUESTIONARIO[key].titolo
}
