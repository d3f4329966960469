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
 */
import * as v from 'valibot'
import { PolicySchema, ProfileIdsSchema } from './common'
import { OrdinamentoSchema } from './amministrazione'
import { MAX_FILTER_VALUES } from './servizio'

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
