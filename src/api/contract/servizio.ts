/**
 * Services (servizio) on the wire (spec 002 §2 services list, §7 "Services"; platform-backend §5.1, §13;
 * platform-frontend §4.1). Imported by the client and by the server: one definition of each payload.
 * Dates are 'YYYY-MM-DD', durations 'h:mm' (hours up to 3 digits), timestamps ISO 8601.
 */
import * as v from 'valibot'
import { IdSchema, ProfileIdsSchema } from './common'
import { QuestionarioTemplateSchema } from './questionario'

/** States of a service: NON ATTIVO at creation, ATTIVO from the first citizen (platform-backend §2.8). */
export const STATI_SERVIZIO = ['NON ATTIVO', 'ATTIVO'] as const
export const StatoServizioSchema = v.picklist(STATI_SERVIZIO)
export type StatoServizio = v.InferOutput<typeof StatoServizioSchema>

/** Default page size of the lists (spec 002 §9); the unpaged citizen variant asks for 1000. */
export const PAGE_SIZE_DEFAULT = 8
export const PAGE_SIZE_MAX = 1000

const isCalendarDay = (value: string) => {
  const [y, m, d] = value.split('-').map(Number)
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
  return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 0) - 1 && date.getUTCDate() === d
}

/** A calendar date 'YYYY-MM-DD'. */
export const WireDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Data nel formato AAAA-MM-GG'), v.check(isCalendarDay, 'Data inesistente'))
/** Duration 'h:mm' (spec 000 §5: hours 1–3 digits, minutes 00–59). */
export const DurataSchema = v.pipe(v.string(), v.regex(/^\d{1,3}:[0-5]\d$/, 'Durata nel formato hh:mm'))
const QueryInt = (fallback: string) => v.pipe(v.optional(v.string(), fallback), v.regex(/^\d{1,6}$/), v.transform(Number))

/** Most values a list filter (or a service's types) may carry: far more than the options that exist. */
export const MAX_FILTER_VALUES = 50
const FilterValuesSchema = v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(MAX_FILTER_VALUES))

/** Query of every paged list: `currPage` zero-based (default 0), `pageSize` 1–1000 (default 8). */
export const PaginazioneQuerySchema = v.object({
  currPage: QueryInt('0'),
  pageSize: v.pipe(QueryInt(String(PAGE_SIZE_DEFAULT)), v.minValue(1), v.maxValue(PAGE_SIZE_MAX)),
})
export type PaginazioneQuery = v.InferOutput<typeof PaginazioneQuerySchema>

/**
 * Body of `POST /servizio` (create) and `PUT /servizio/{id}` (update), platform-backend §5.1 plus
 * `idLocale`, the client's UUID of a service created on the device (stored, unique per facilitator:
 * a second create with the same `idLocale` answers the existing service instead of a copy).
 * `sezioneQuestionarioCompilatoQ3` is the Q3 section string (platform-frontend §3.5, either encoding).
 */
export const ServizioBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  idLocale: v.optional(v.nullable(v.pipe(v.string(), v.uuid()))),
  nomeServizio: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  idEnteServizio: IdSchema,
  idSedeServizio: IdSchema,
  data: WireDateSchema,
  durataServizio: DurataSchema,
  tipoDiServizioPrenotato: v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))), v.minLength(1), v.maxLength(MAX_FILTER_VALUES)),
  sezioneQuestionarioCompilatoQ3: v.pipe(v.string(), v.minLength(2), v.maxLength(20_000)),
  codInserimento: v.optional(v.nullable(v.string())),
})
export type ServizioBody = v.InferOutput<typeof ServizioBodySchema>

/** Answer of create, update and delete: the server's id of the service. */
export const IdServizioSchema = v.object({ idServizio: v.number() })
export type IdServizio = v.InferOutput<typeof IdServizioSchema>

const IdFiltroSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1))

/** Filters of the services list: `criterioRicerca` matches the id or the name; arrays are OR-ed values; `idProgramma` / `idProgetto` narrow to one programme / project. */
export const FiltroServiziSchema = v.object({
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  tipologiaServizio: v.optional(FilterValuesSchema),
  stato: v.optional(FilterValuesSchema),
  /** only services of this programme (narrows the caller's scope; programme detail step 3) */
  idProgramma: v.optional(v.nullable(IdFiltroSchema)),
  /** only services of this project (narrows the caller's scope; project detail step 3) */
  idProgetto: v.optional(v.nullable(IdFiltroSchema)),
})
export type FiltroServizi = v.InferOutput<typeof FiltroServiziSchema>

/** Body of `POST /servizio/all`, the dropdowns and `POST /servizio/download`: profile ids + filters. */
export const ServiziListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(FiltroServiziSchema),
})
export type ServiziListaBody = v.InferOutput<typeof ServiziListaBodySchema>

/** A row of the services list (spec 002 §2 columns). `data` is the service date ('YYYY-MM-DD'). */
export const ServizioRigaSchema = v.object({
  id: v.number(),
  idLocale: v.nullable(v.string()),
  nome: v.string(),
  tipologiaServizio: v.array(v.string()),
  data: v.string(),
  durataServizio: v.string(),
  nomeSede: v.string(),
  /** "COGNOME Nome" of the facilitator who created it */
  facilitatore: v.string(),
  stato: StatoServizioSchema,
  /** ISO timestamp of the last change */
  dataOraAggiornamento: v.string(),
})
export type ServizioRiga = v.InferOutput<typeof ServizioRigaSchema>

/** Answer of `POST /servizio/all?currPage&pageSize`. */
export const ServiziListaSchema = v.object({
  servizi: v.array(ServizioRigaSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})
export type ServiziLista = v.InferOutput<typeof ServiziListaSchema>

/** Answer of the string dropdowns (`tipologiaServizio`, `stati`). */
export const DropdownStringheSchema = v.array(v.string())

/** An option `{id, nome}` (facilitator's sites). */
export const OpzioneSchema = v.object({ id: v.number(), nome: v.string() })
export type Opzione = v.InferOutput<typeof OpzioneSchema>
export const OpzioniSchema = v.array(OpzioneSchema)

/** Body of the card and of the facilitator dropdowns: the profile ids only. */
export const ProfiloBodySchema = v.object({ ...ProfileIdsSchema.entries })

/** Answer of `POST /servizio/{id}/schedaDettaglio` (platform-backend §5.1). */
export const SchedaServizioSchema = v.object({
  dettaglioServizio: v.object({
    idServizio: v.number(),
    idLocale: v.nullable(v.string()),
    nomeServizio: v.string(),
    idEnte: v.number(),
    nomeEnte: v.string(),
    idSede: v.number(),
    nomeSede: v.string(),
    idProgetto: v.number(),
    statoServizio: StatoServizioSchema,
    nominativoFacilitatore: v.string(),
    listaTipologiaServizio: v.array(v.object({ titolo: v.string() })),
    dataServizio: v.string(),
    durataServizio: v.string(),
    /** the Q3 section in the contract's encoding (platform-frontend §3.5) */
    sezioneQ3compilato: v.string(),
    /** id of the template snapshot stored at creation (its body is `questionarioTemplateSnapshot`) */
    idQuestionarioTemplateSnapshot: v.string(),
    dataOraCreazione: v.string(),
    dataOraAggiornamento: v.string(),
    /** true for the facilitator who created it (edit, delete, citizens, surveys) */
    modificabile: v.boolean(),
    /** modificabile and still NON ATTIVO */
    eliminabile: v.boolean(),
  }),
  /** the template stored as the service's snapshot, as served to the client */
  questionarioTemplateSnapshot: QuestionarioTemplateSchema,
  progettiAssociatiAlServizio: v.array(OpzioneSchema),
})
export type SchedaServizio = v.InferOutput<typeof SchedaServizioSchema>

/** CSV export columns of `POST /servizio/download` (platform-backend §5.1), semicolon separated. */
export const COLONNE_CSV_SERVIZI = ['ID', 'NOME', 'FACILITATORE', 'DATA', 'STATO', 'DURATA_SERVIZIO'] as const
