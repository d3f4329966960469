/**
 * THE renderer of survey template questions (issue 8 point 12), shared by the facilitator's compilation
 * (compact variant), the citizen's phone page (phone variant), the printed survey and, later, a template
 * editor's live preview. The rules it draws are src/lib/survey-questions.ts; it never imports a feature.
 */
export { SurveyQuestionField, firstControlId, type SurveyQuestionFieldProps } from './SurveyQuestionField'
export { SurveySectionFields, type SurveySectionFieldsProps } from './SurveySectionFields'
export { PrintedQuestion, type PrintedQuestionProps } from './PrintedQuestion'
export { StarRating, type StarRatingProps } from './StarRating'
