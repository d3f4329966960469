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
 * `refreshCampo()` fetches the bootstrap (at login, profile choice and reconnect; `startCampo()` wires it).
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
export { refreshCampo, startCampo } from './bootstrap'
export { registraLinkInviati, type LinkInviato } from './invio'
export { SyncChip } from './SyncChip'
