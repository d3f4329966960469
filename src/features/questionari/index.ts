/**
 * Survey screens (spec 002 §2 survey compilation, read-only view, printable survey): the pages the route
 * files render. The questions are drawn by the shared renderer of src/ui/survey (rules in
 * src/lib/survey-questions.ts), which other screens — a template editor's preview — import directly.
 */
export { CompilaQuestionarioPage, type CompilaQuestionarioPageProps } from './CompilaQuestionarioPage'
export { QuestionarioCompilatoPage, VistaQuestionario, type QuestionarioCompilatoPageProps } from './QuestionarioCompilatoPage'
export {
  StampaQuestionarioPage, ModuloStampabile, pathStampaQuestionario, STAMPA_MODELLO_VUOTO, type StampaQuestionarioPageProps,
} from './StampaQuestionarioPage'
export { pathCittadiniServizio, pathCompilaQuestionario, pathQuestionarioCompilato } from './compila'
// 'Invia questionario' (link and QR code for the citizen's phone) is written by another helper in ./invia
export { InviaQuestionarioButton, type InviaQuestionarioButtonProps } from './invia'
