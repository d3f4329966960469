/**
 * 'Invia questionario' (spec 002 §2, §7): the button that creates the citizen's survey link and shows it
 * as QR code and copyable link. Props `{ idQuestionario: string | null; disabled?: boolean }`.
 */
export { InviaQuestionarioButton, type InviaQuestionarioButtonProps } from './InviaQuestionarioButton'
