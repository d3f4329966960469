/**
 * The access register's vocabulary (issue 28 part 1, lead's design "The register's writer API"): the one list of
 * actions, the event a caller records and the row the writer inserts. Never a fiscal code or personal value:
 * citizens by their internal id, `dettaglio` short and generic (a route pattern, an error code).
 */

/** Every action the register knows (one list, shared with the page's filter: src/api/contract/registro-accessi.ts). */
export { AZIONI_REGISTRO, ESITI_REGISTRO, type AzioneRegistro, type EsitoRegistro } from '../../../src/api/contract/registro-accessi'
import type { AzioneRegistro, EsitoRegistro } from '../../../src/api/contract/registro-accessi'

/** What a caller records: the who comes from the request's principal. */
export interface EventoRegistro {
  entita: string
  idEntita?: string | number | null
  righe?: number | null
  azione: AzioneRegistro
  esito: EsitoRegistro
  dettaglio?: string
}

/** One row of `registro_accessi` as the writer inserts it. */
export interface RigaRegistro {
  quando: Date
  idUtente: number | null
  codiceRuolo: string | null
  idProgramma: number | null
  idProgetto: number | null
  idEnte: number | null
  entita: string
  idEntita: string | null
  righe: number | null
  azione: AzioneRegistro
  esito: EsitoRegistro
  idRichiesta: string | null
  indirizzo: string | null
  dettaglio: string | null
}

/** Longest `dettaglio` kept (a longer one is cut). */
export const DETTAGLIO_MAX = 120
