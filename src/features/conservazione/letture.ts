/**
 * Reads of the retention configuration (src/api/contract/conservazione.ts; issue 28 point 2): the periods (a public
 * read: the privacy notice shows them without a session) and the last report. No write here: the privacy notice is in
 * every anonymous visitor's offline set, which never loads the outbox's storage (e2e/offline-set.spec.ts).
 */
import { apiGet } from '../../api/client'
import {
  PeriodiConservazioneSchema, StatoConservazioneSchema, type PeriodoConservazione, type StatoConservazione,
} from '../../api/contract/conservazione'
import { formatLongDate } from '../../lib/dates'
import { conservazioneKeys } from './keys'

/** The periods, read once (public: no session needed). */
export const leggiPeriodiConservazione = (signal?: AbortSignal): Promise<PeriodoConservazione[]> =>
  apiGet('conservazione/periodi', PeriodiConservazioneSchema, { signal, silent: true })

/** The periods as a query: public data, so it runs without a session too (the app's default `enabled` needs a profile). */
export function periodiConservazioneQuery() {
  return {
    queryKey: conservazioneKeys.periodi,
    queryFn: ({ signal }: { signal: AbortSignal }) => leggiPeriodiConservazione(signal),
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

/** '30 giugno 2026' of 'YYYY-MM-DD' (the notice's long Italian date; the text itself when unreadable). */
export const dataEstesa = (giorno: string): string => formatLongDate(giorno) || giorno
