/**
 * Writes of the retention configuration (src/api/contract/conservazione.ts; issue 28 point 2): the DTD's versioned
 * edit of a period, a report on demand and the confirmation that queues the anonymisation — through the one `write`.
 * The reads are in letture.ts (kept apart: the privacy notice, in every visitor's set, must not load `write`).
 */
import type { Policy } from '../../api/contract/common'
import { AvvioSchema, PeriodoSalvatoSchema } from '../../api/contract/conservazione'
import { write } from '../../api/write'
import { conservazioneKeys } from './keys'

/** Sets a policy's date on version `versione` (409 V01 when it changed meanwhile: the caller merges or asks). */
export const salvaPeriodo = (policy: Policy, conservazioneFino: string, versione: number) =>
  write({ method: 'put', path: `conservazione/periodi/${policy}`, body: { conservazioneFino, versione }, schema: PeriodoSalvatoSchema, withProfile: false, toast: 'none', invalidate: [conservazioneKeys.periodi] })

/** Queues a report now. */
export const preparaRapporto = () =>
  write({ method: 'post', path: 'conservazione/rapporto', body: {}, schema: AvvioSchema, withProfile: false, toast: 'catalogue', invalidate: [conservazioneKeys.rapporto] })

/** Confirms report `id`: the anonymisation is queued (409 CS02 when a newer report exists). */
export const confermaRapporto = (id: number) =>
  write({ method: 'post', path: `conservazione/rapporto/${id}/conferma`, body: {}, schema: AvvioSchema, withProfile: false, toast: 'none', invalidate: [conservazioneKeys.rapporto] })
