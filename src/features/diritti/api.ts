/**
 * Calls of the citizen's rights (src/api/contract/diritti.ts; issue 28 part 3): the export (a JSON file saved, or the
 * data of the printable page: both recorded in the access register by the server), an erasure's summary, the erasure
 * and the requests — writes through the one `write` (success refreshes the registry and the requests).
 */
import { api, apiPost } from '../../api/client'
import {
  CancellazioneEsitoSchema, EsportazioneCittadinoSchema, RichiestaCreataSchema, RiepilogoCancellazioneSchema,
  type EsportazioneCittadino,
} from '../../api/contract/diritti'
import { profileIds, saveFile } from '../../api/lists'
import { rootKeys } from '../../api/query-keys'
import { write } from '../../api/write'
import { loadAppConfig } from '../../api/config'
import { dirittiKeys } from './keys'

const cittadino = (id: string | number) => `cittadino/${encodeURIComponent(String(id))}`

/** Saves the citizen's data as `dati-cittadino-{id}.json` (art. 20: machine-readable). */
export async function scaricaDatiCittadino(id: string): Promise<void> {
  await loadAppConfig()
  const blob = await api.post(`${cittadino(id)}/datiPersonali`, { context: {}, json: profileIds(), searchParams: { uso: 'file' } }).blob()
  saveFile(new Blob([blob], { type: 'application/json;charset=utf-8' }), `dati-cittadino-${id}.json`)
}

/** The citizen's data for the printable page (recorded as a print). */
export function datiCittadinoQuery(id: string) {
  return {
    queryKey: dirittiKeys.dati(id),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<EsportazioneCittadino> =>
      apiPost(`${cittadino(id)}/datiPersonali?uso=stampa`, profileIds(), EsportazioneCittadinoSchema, { silent: true, signal }),
    retry: false,
    staleTime: 60_000,
  }
}

/** What an erasure of citizen `id` would remove. */
export function riepilogoQuery(id: string) {
  return {
    queryKey: dirittiKeys.riepilogo(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost(`${cittadino(id)}/cancellazione/riepilogo`, profileIds(), RiepilogoCancellazioneSchema, { silent: true, signal }),
    retry: false,
  }
}

const dopo = [rootKeys.cittadiniRegistro, rootKeys.diritti, rootKeys.servizi, rootKeys.utentiUnici]

/** Erases citizen `id` for `motivo` (executing request `idRichiesta` when given). */
export const cancellaCittadino = (id: string | number, motivo: string, idRichiesta?: number) =>
  write({ method: 'post', path: `${cittadino(id)}/cancellazione`, body: { motivo, ...(idRichiesta ? { idRichiesta } : {}) }, schema: CancellazioneEsitoSchema, toast: 'none', invalidate: dopo })

/** A referent's request to erase citizen `id`. */
export const richiediCancellazione = (id: string | number, motivo: string) =>
  write({ method: 'post', path: `${cittadino(id)}/richiestaCancellazione`, body: { motivo }, schema: RichiestaCreataSchema, toast: 'none', invalidate: [rootKeys.diritti] })

/** Rejects request `id` with `nota`. */
export const rifiutaRichiesta = (id: number, nota: string) =>
  write({ method: 'post', path: `richiesteCancellazione/${id}/rifiuta`, body: { nota }, schema: RichiestaCreataSchema, toast: 'none', invalidate: [rootKeys.diritti] })
