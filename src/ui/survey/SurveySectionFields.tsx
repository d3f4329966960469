/**
 * THE renderer of a template section's form (issue 8 point 12): the questions visible for the current
 * answers (dependencies applied, hidden ones skipped), each drawn by {@link SurveyQuestionField} in the
 * given variant with its error. The page owns the state, the validation moment and the submit.
 */
import { visibleQuestions, type FormAnswer, type FormAnswers, type SurveyQuestion, type SurveyVariant } from '../../lib/survey-questions'
import { SurveyQuestionField } from './SurveyQuestionField'

export interface SurveySectionFieldsProps {
  questions: readonly SurveyQuestion[]
  answers: FormAnswers
  onChange(questionId: string, value: FormAnswer): void
  variant: SurveyVariant
  /** prefix of the element ids (unique per page) */
  idPrefix: string
  /** messages by question id */
  errors?: Readonly<Record<string, string>>
  disabled?: boolean
}

export function SurveySectionFields({ questions, answers, onChange, variant, idPrefix, errors, disabled }: SurveySectionFieldsProps) {
  return (
    <>
      {visibleQuestions(questions, answers).map((q) => (
        <SurveyQuestionField
          key={q.id}
          question={q}
          value={answers[q.id]}
          onChange={(v) => onChange(q.id, v)}
          variant={variant}
          idPrefix={idPrefix}
          error={errors?.[q.id] ?? null}
          disabled={disabled}
        />
      ))}
    </>
  )
}
