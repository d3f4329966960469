/**
 * The conflict view of issue 27 (points 2–3): one component for the online forms and the sync centre, and
 * its pure helpers (the other change's time line, a value as shown, the fields taken without asking).
 */
export { VistaConflitto, type CampiVista, type CampoVista, type VistaConflittoProps } from './VistaConflitto'
export { campiPresiDaAltri, formatValore, testoModificatoDaAltri } from './testi'
export {
  conflittoDi, TESTO_UNITE, useSalvataggioVersionato, VersioneMancante,
  type LetturaVersionata, type OpzioniSalvataggio, type SalvataggioVersionato,
} from './useSalvataggioVersionato'
export { ConflittoAzione, testoCambiato, useAzioneVersionata, type OpzioniAzione } from './useAzioneVersionata'
