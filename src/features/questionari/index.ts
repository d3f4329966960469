/**
 * Survey screens (spec 002 §2 survey compilation, read-only view, printable survey): the pages the route
 * files render, and the question helpers other survey screens may reuse (`domande.ts`, `CampoDomanda`).
 */
export { CompilaQuestionarioPage, type CompilaQuestionarioPageProps } from './CompilaQuestionarioPage'
export { QuestionarioCompilatoPage, VistaQuestionario, type QuestionarioCompilatoPageProps } from './QuestionarioCompilatoPage'
export { StampaQuestionarioPage, ModuloStampabile, type StampaQuestionarioPageProps } from './StampaQuestionarioPage'
export { CampoDomanda } from './components/CampoDomanda'
export { pathCittadiniServizio, pathCompilaQuestionario, pathQuestionarioCompilato } from './compila'
// 'Invia questionario' (link and QR code for the citizen's phone) is written by another helper in ./invia
export { InviaQuestionarioButton, type InviaQuestionarioButtonProps } from './invia'
