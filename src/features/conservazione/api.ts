/**
 * Calls of the retention configuration (src/api/contract/conservazione.ts; issue 28 point 2): the periods (a public
 * read: the privacy notice shows them without a session), the DTD's versioned edit of a period, the last report, a
 * report on demand and the confirmation that queues the anonymisation — writes through the one `write`.
 */
import { apiGet } from '../../api/client'
import type { Policy } from '../../api/contract/common'
import {
  AvvioSchema, PeriodiConservazioneSchema, PeriodoSalvatoSchema, StatoConservazioneSchema, type PeriodoConservazione, type StatoConservazione,
} from '../../api/contract/conservazione'
import { write } from '../../api/write'
import { formatLongDate } from '../../lib/dates'
import { conservazioneKeys } from './keys'

/** The periods as a query: public data, so it runs without a session too (the app's default `enabled` needs a profile). */
export function periodiConservazioneQuery() {
  return {
    queryKey: conservazioneKeys.periodi,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<PeriodoConservazione[]> => apiGet('conservazione/periodi', PeriodiConservazioneSchema, { signal, silent: true }),
    enabled: true,
    staleTime: 60_000,
  }
}

/** The last report and whether a report or an anonymisation is under way (polled while one is). */
export function statoConservazioneQuery() {
  return {
    queryKey: conservazioneKeys.rapporto,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<StatoConservazione> => apiGet('conservazione/rapporto', StatoConservazioneSchema, { signal, silent: true }),
  }
}

/** Sets a policy's date on version `versione` (409 V01 when it changed meanwhile: the caller merges or asks). */
export const salvaPeriodo = (policy: Policy, conservazioneFino: string, versione: number) =>
  write({ method: 'put', path: `conservazione/periodi/${policy}`, body: { conservazioneFino, versione }, schema: PeriodoSalvatoSchema, withProfile: false, toast: 'none', invalidate: [conservazioneKeys.periodi] })

/** Queues a report now. */
export const preparaRapporto = () =>
  write({ method: 'post', path: 'conservazione/rapporto', body: {}, schema: AvvioSchema, withProfile: false, toast: 'catalogue', invalidate: [conservazioneKeys.rapporto] })

/** Confirms report `id`: the anonymisation is queued (409 CS02 when a newer report exists). */
export const confermaRapporto = (id: number) =>
  write({ method: 'post', path: `conservazione/rapporto/${id}/conferma`, body: {}, schema: AvvioSchema, withProfile: false, toast: 'none', invalidate: [conservazioneKeys.rapporto] })

/** '30 giugno 2026' of 'YYYY-MM-DD' (the notice's long Italian date; the text itself when unreadable). */
export const dataEstesa = (giorno: string): string => formatLongDate(giorno) || giorno
