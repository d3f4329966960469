/**
 * The mass upload of services on the wire (issue 10 point 5; platform-frontend §7.2, §7.4;
 * platform-backend §8; spec 002 §3 job row, §8 job states). Imported by the client and by the server.
 *
 * | call | body | answer |
 * |---|---|---|
 * | POST /caricamentoMassivo/contesti | profile ids | ContestoUpload[] (where the caller may upload) |
 * | POST /caricamentoMassivo?idProgetto&idEnte&formato | the file's bytes (text/csv or the XLSX type) | 202 CaricamentoAvviato |
 * | POST /caricamentoMassivo/modello/{csv|xlsx} | profile ids | the template file |
 * | POST /registroAttivita/polling/{jobUuid} | profile ids | CaricamentoRiga (progress and counters) |
 * | POST /registroAttivita/{id}/report | profile ids | CSV of every row's outcome (SUCCESS jobs only) |
 * | POST /monitoraggiocaricamenti/all (list engine) | CaricamentiListaBody | {caricamenti, numeroPagine, numeroTotaleElementi} |
 * | POST /caricamentiAggregati/all (list engine) | MonitoraggioListaBody | {caricamentiAggregati, numeroPagine, numeroTotaleElementi} |
 * | POST /monitoraggiocaricamenti/riepilogo | MonitoraggioListaBody | RiepilogoMonitoraggio (the four counters) |
 */
import * as v from 'valibot'
import { PolicySchema, ProfileIdsSchema } from './common'
import { OrdinamentoSchema } from './amministrazione'
import { MAX_FILTER_VALUES, WireDateSchema } from './servizio'

/** Job states (platform-backend §8.3 `JobStatusEnum`; spec 002 §3). */
export const STATI_JOB = ['IN_PROGRESS', 'SUCCESS', 'GENERIC_FAIL', 'FAIL_MONGO', 'FAIL_S3_API', 'FAIL_S3_UPLOAD'] as const
export const StatoJobSchema = v.picklist(STATI_JOB)
export type StatoJob = v.InferOutput<typeof StatoJobSchema>

/** The failure states (spec 002 §8: the download is hidden, the tooltip below is shown). */
export const STATI_JOB_FALLITI: readonly StatoJob[] = ['GENERIC_FAIL', 'FAIL_MONGO', 'FAIL_S3_API', 'FAIL_S3_UPLOAD']

/** Tooltip of a failed job (spec 002 §8). */
export const TOOLTIP_JOB_FALLITO = 'Per un problema tecnico imprevisto l\'elaborazione non è stata portata a termine, ti invitiamo a caricare nuovamente il file'

/** Italian label of a job state. */
export function etichettaStatoJob(stato: string): string {
  switch (stato) {
    case 'IN_PROGRESS': return 'In corso'
    case 'SUCCESS': return 'Completato'
    default: return 'Fallito'
  }
}

/** Accepted file formats and their media types. */
export const FORMATI = ['csv', 'xlsx'] as const
export type FormatoFile = (typeof FORMATI)[number]
export const MEDIA_TYPE: Record<FormatoFile, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
/** Largest file accepted (bytes). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024

/** Where the caller may upload: a project and the body the services are registered for. */
export const ContestoUploadSchema = v.object({
  idProgramma: v.number(),
  nomeProgramma: v.string(),
  idProgetto: v.number(),
  nomeProgetto: v.string(),
  idEnte: v.number(),
  nomeEnte: v.string(),
  policy: PolicySchema,
})
export type ContestoUpload = v.InferOutput<typeof ContestoUploadSchema>
export const ContestiUploadSchema = v.array(ContestoUploadSchema)

/** Query of the upload. */
export const UploadQuerySchema = v.object({
  idProgetto: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  idEnte: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  formato: v.picklist(FORMATI),
})

/** Answer of the upload (202): the job, queued. */
export const CaricamentoAvviatoSchema = v.object({ idCaricamento: v.number(), jobUuid: v.string(), totaleRighe: v.number() })
export type CaricamentoAvviato = v.InferOutput<typeof CaricamentoAvviatoSchema>

/** A job (row of the registry and of the monitoring list; answer of the polling). */
export const CaricamentoRigaSchema = v.object({
  id: v.number(),
  jobUuid: v.string(),
  stato: v.string(),
  dataInizio: v.string(),
  dataFine: v.nullable(v.string()),
  referente: v.nullable(v.string()),
  nomeEnte: v.nullable(v.string()),
  policy: v.nullable(v.string()),
  nomeProgramma: v.nullable(v.string()),
  nomeProgetto: v.nullable(v.string()),
  formato: v.nullable(v.string()),
  totaleRighe: v.number(),
  righeElaborate: v.number(),
  righeScartate: v.number(),
  serviziCaricati: v.number(),
  cittadiniBeneficiari: v.number(),
  questionariCompilati: v.number(),
})
export type CaricamentoRiga = v.InferOutput<typeof CaricamentoRigaSchema>

/** Filters of the monitoring list: search (job id, project, body, programme), states, policies. */
export const FiltroCaricamentiSchema = v.object({
  filtroCriterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  filtroStati: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(MAX_FILTER_VALUES))),
  filtroPolicies: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(10))), v.maxLength(MAX_FILTER_VALUES))),
  /** the jobs of one row of the monitoring table: started on `data` (Rome) for the project and body */
  filtroGruppo: v.optional(v.nullable(v.object({ data: WireDateSchema, idProgetto: v.number(), idEnte: v.nullable(v.number()) }))),
})
export type FiltroCaricamenti = v.InferOutput<typeof FiltroCaricamentiSchema>

export const CaricamentiListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroCaricamentiSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})
export type CaricamentiListaBody = v.InferOutput<typeof CaricamentiListaBodySchema>

export const CaricamentiPaginaSchema = v.object({
  caricamenti: v.array(CaricamentoRigaSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})
export type CaricamentiPagina = v.InferOutput<typeof CaricamentiPaginaSchema>

const Ids = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(12))), v.maxLength(MAX_FILTER_VALUES)))

/**
 * Filters of the monitoring table (platform-frontend §7.2 'Ricerca avanzata'): bodies, intervention,
 * programmes, projects (ids as text, as list filters carry them), start and end day ('YYYY-MM-DD', Rome).
 */
export const FiltroMonitoraggioSchema = v.object({
  filtroCriterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  filtroEnti: Ids,
  filtroPolicies: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(10))), v.maxLength(MAX_FILTER_VALUES))),
  filtroProgrammi: Ids,
  filtroProgetti: Ids,
  dataInizio: v.optional(v.nullable(WireDateSchema)),
  dataFine: v.optional(v.nullable(WireDateSchema)),
})
export type FiltroMonitoraggio = v.InferOutput<typeof FiltroMonitoraggioSchema>

export const MonitoraggioListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroMonitoraggioSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})
export type MonitoraggioListaBody = v.InferOutput<typeof MonitoraggioListaBodySchema>

/**
 * A row of the monitoring table (platform-backend `v_monitoraggio_caricamenti`): the jobs started on one
 * day (Rome) for one project and body, with their counts; `falliti` = failed jobs among them.
 */
export const MonitoraggioRigaSchema = v.object({
  chiave: v.string(),
  dataCaricamenti: v.string(),
  idEnte: v.nullable(v.number()),
  nomeEnte: v.nullable(v.string()),
  intervento: v.string(),
  idProgramma: v.number(),
  nomeProgramma: v.string(),
  idProgetto: v.number(),
  nomeProgetto: v.string(),
  numCaricamenti: v.number(),
  serviziAggiunti: v.number(),
  cittadiniAssociati: v.number(),
  falliti: v.number(),
})
export type MonitoraggioRiga = v.InferOutput<typeof MonitoraggioRigaSchema>

export const MonitoraggioPaginaSchema = v.object({
  caricamentiAggregati: v.array(MonitoraggioRigaSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})

/** The four counters above the monitoring table, over the filtered rows (platform-frontend §7.2). */
export const RiepilogoMonitoraggioSchema = v.object({
  numeroEnti: v.number(),
  numeroCaricamenti: v.number(),
  serviziCaricati: v.number(),
  cittadiniCaricati: v.number(),
})
export type RiepilogoMonitoraggio = v.InferOutput<typeof RiepilogoMonitoraggioSchema>
