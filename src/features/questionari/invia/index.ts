/**
 * 'Invia questionario' (spec 002 §2, §7): the button that creates the citizen's survey link and shows it
 * as QR code and copyable link (props `{ idQuestionario, disabled?, inviato?, descrizione? }`);
 * 'Invia questionario a tutti' (platform-frontend §3.6) and the page of its printable sheet of QR codes.
 */
export { InviaQuestionarioButton, type InviaQuestionarioButtonProps } from './InviaQuestionarioButton'
export { InviaATuttiButton, type InviaATuttiButtonProps } from './InviaATuttiButton'
export { StampaLinkPage, type StampaLinkPageProps } from './StampaLinkPage'
