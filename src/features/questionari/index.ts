/**
 * Surveys (spec 002 §2 survey compilation, read-only view, printable survey; §7 sending): what other
 * features use of it. The service detail loads, lazily, 'Invia questionario' (the button that creates the
 * citizen's survey link and shows it as QR code and copyable link) and 'Invia questionario a tutti'
 * (platform-frontend §3.6). The pages (compilation, read-only view, printable survey, printable sheet of
 * links, the citizen's anonymous survey) are rendered by the route files. The questions are drawn by the
 * shared renderer of src/ui/survey (rules in src/lib/survey-questions.ts).
 */
export {
  InviaQuestionarioButton, InviaATuttiButton, type InviaQuestionarioButtonProps, type InviaATuttiButtonProps,
} from './invia'
