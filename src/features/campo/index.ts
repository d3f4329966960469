/**
 * Public API of the field data layer (issue #3 point 5; ARCHITECTURE.md "The offline outbox"): the only
 * module the service, citizen and survey screens import for a facilitator's (FAC/VOL) own data. Reads come
 * from the user's device database (bootstrap copy merged with local records); writes are stored on the
 * device and queued in the outbox in one transaction, then replayed to the API with the role context
 * they were made in. Managers (other roles) read the API directly, online.
 *
 * Reads (React hooks, live): `useServiziCampo`, `useServizioCampo`, `useCittadiniServizioCampo`,
 * `useQuestionarioCampo`, `useCampoRiferimenti`.
 * Writes (resolve once saved on the device; throw `StorageFullError` or `CampoInputError` with an Italian
 * message): `creaServizio`, `modificaServizio`, `eliminaServizio`, `aggiungiCittadino`, `compilaQuestionario`.
 * `registraLinkInviati` records on the device the survey links the server just created (INVIATO, expiry).
 * `refreshCampo()` syncs the profile with the server, page by page, incrementally after the first time (at
 * login, profile choice, reconnect and after a replay; `startCampo()` wires it); `AllineamentoCampo` shows
 * the progress of a long whole sync. The window (issue 25 point 2): `useFinestraCampo`; services outside it
 * are read online (`fetchArchivioCampo`) and stored when opened (`useServizioSuRichiesta`).
 */
export type {
  CampoRiferimenti,
  CittadinoInput,
  CittadinoServizioLocale,
  QuestionarioLocale,
  ServizioInput,
  ServizioLocale,
} from './types'
export { isFieldRole, CampoInputError } from './common'
export { useServiziCampo, useServizioCampo, useCittadiniServizioCampo, useQuestionarioCampo, useCampoRiferimenti } from './read'
export { creaServizio, modificaServizio, eliminaServizio, aggiungiCittadino, compilaQuestionario } from './write'
export { refreshCampo, startCampo, useAvanzamentoSync, type AvanzamentoSync } from './sync'
export { fetchArchivioCampo, caricaServizioCampo, useFinestraCampo, useServizioSuRichiesta, inizioFinestra, type StatoServizioRemoto } from './archivio'
export { AllineamentoCampo } from './AllineamentoCampo'
export { registraLinkInviati, type LinkInviato } from './invio'
export { SyncChip } from './SyncChip'
export { nomeCampoServizio } from './conflitti'
