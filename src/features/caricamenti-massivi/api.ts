/**
 * Calls of the mass upload (src/api/contract/caricamenti.ts): upload contexts, the upload itself (the
 * file's bytes as the body, with its media type), the job's polling (background: no loader), the report
 * and the templates (files saved as the server wrote them).
 */
import * as v from 'valibot'
import {
  CaricamentoAvviatoSchema, CaricamentoRigaSchema, ContestiUploadSchema, MEDIA_TYPE, type CaricamentoAvviato, type CaricamentoRiga,
  type ContestoUpload, type FormatoFile,
} from '../../api/contract/caricamenti'
import {
  CaricamentiPaginaSchema, RiepilogoMonitoraggioSchema, type FiltroMonitoraggio, type MonitoraggioRiga,
} from '../../api/contract/caricamenti'
import { api, apiPost, toApiCallError, handleApiFailure } from '../../api/client'
import { loadAppConfig } from '../../api/config'
import { fetchListPage, listBody, profileIds, saveFile } from '../../api/lists'
import { caricamentiKeys, monitoraggioKeys } from './keys'

/** Where the chosen profile may upload ([] for roles that only read the registry). */
export function fetchContesti(signal?: AbortSignal): Promise<ContestoUpload[]> {
  return apiPost('caricamentoMassivo/contesti', profileIds(), ContestiUploadSchema, { silent: true, signal })
}

/** The upload contexts of the chosen profile, as a query (read by the upload page and its route loader). */
export function contestiQuery() {
  return { queryKey: caricamentiKeys.contesti(), queryFn: ({ signal }: { signal: AbortSignal }) => fetchContesti(signal) }
}

/** The jobs of a monitoring row (its day, project and body), as a query. */
export function gruppoQuery(gruppo: Pick<MonitoraggioRiga, 'chiave' | 'dataCaricamenti' | 'idProgetto' | 'idEnte'>) {
  const filtroGruppo = { data: gruppo.dataCaricamenti, idProgetto: gruppo.idProgetto, idEnte: gruppo.idEnte }
  return {
    queryKey: caricamentiKeys.gruppo(gruppo.chiave),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchListPage('monitoraggiocaricamenti', 1, listBody({ filtroGruppo }), CaricamentiPaginaSchema, signal),
  }
}

/** `POST monitoraggiocaricamenti/riepilogo` — the monitoring counters over the rows `filtro` selects, as a query. */
export function riepilogoMonitoraggioQuery(filtro: FiltroMonitoraggio) {
  return {
    queryKey: monitoraggioKeys.riepilogo(filtro),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiPost('monitoraggiocaricamenti/riepilogo', listBody(filtro), RiepilogoMonitoraggioSchema, { silent: true, signal }),
  }
}

/** Uploads `file` into `ctx`; the server answers once the file passed its checks (the job is queued). */
export async function uploadFile(file: Blob, formato: FormatoFile, ctx: Pick<ContestoUpload, 'idProgetto' | 'idEnte'>): Promise<CaricamentoAvviato> {
  await loadAppConfig()
  try {
    const res = await api.post(`caricamentoMassivo?idProgetto=${ctx.idProgetto}&idEnte=${ctx.idEnte}&formato=${formato}`, {
      body: file, headers: { 'content-type': MEDIA_TYPE[formato] }, context: { silent: true },
    }).json()
    return v.parse(CaricamentoAvviatoSchema, res)
  } catch (e) {
    const err = toApiCallError(e)
    await handleApiFailure(err, { silent: true })
    throw err
  }
}

/** The job's state and counters (no loader: it runs every few seconds). */
export function pollJob(jobUuid: string, signal?: AbortSignal): Promise<CaricamentoRiga> {
  return apiPost(`registroAttivita/polling/${jobUuid}`, profileIds(), CaricamentoRigaSchema, { silent: true, background: true, signal })
}

async function download(path: string, filename: string, type: string): Promise<void> {
  await loadAppConfig()
  const blob = await api.post(path, { context: {}, json: profileIds() }).blob()
  saveFile(blob.type ? blob : new Blob([blob], { type }), filename)
}

/** The job's report (every row: accepted, or rejected with its reasons). */
export function downloadReport(job: Pick<CaricamentoRiga, 'id' | 'jobUuid'>): Promise<void> {
  return download(`registroAttivita/${job.id}/report`, `caricamento_${job.id}_report.csv`, 'text/csv;charset=utf-8')
}

/** The template file, CSV or XLSX. */
export function downloadModello(formato: FormatoFile): Promise<void> {
  return download(`caricamentoMassivo/modello/${formato}`, `modello_caricamento_servizi.${formato}`, MEDIA_TYPE[formato])
}
