/**
 * The citizens registry on the wire (spec 002 §2 'Citizens' columns, §5, §7 'Citizens'; platform-backend
 * §4.4 row `POST /cittadino/all`, §6.5): the list on the generic list engine (`POST /cittadino/all`,
 * dropdowns `sedi` and `fasceDiEta`, `POST /cittadino/download` → cittadini.csv), the card
 * (`POST /cittadino/{id}`) and the update of the editable fields (`PUT /cittadino/{id}`).
 * No fiscal code travels in clear: rows and card carry the mask written at creation; the search term is
 * matched on the server through the keyed hash of the fiscal code or of the document number.
 */
import * as v from 'valibot'
import { ProfileIdsSchema, VersioneLettaSchema } from './common'
import { OrdinamentoSchema } from './amministrazione'
import { MAX_FILTER_VALUES } from './servizio'
import { CITTADINANZA, GENERE, STATO_OCCUPAZIONALE, TITOLO_DI_STUDIO } from './enums'

const Values = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(MAX_FILTER_VALUES)))

/** Filters: search (fiscal code, document number or id), sites of the citizen's services, age bands (ids as text). */
export const FiltroCittadiniSchema = v.object({
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  idsSedi: Values,
  fasceDiEta: Values,
})
export type FiltroCittadini = v.InferOutput<typeof FiltroCittadiniSchema>

export const CittadiniListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroCittadiniSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})
export type CittadiniListaBody = v.InferOutput<typeof CittadiniListaBodySchema>

/** A row: masked identity, services and completed surveys within the caller's scope, last update (ISO). */
export const CittadinoRigaSchema = v.object({
  id: v.number(),
  identificativoMascherato: v.nullable(v.string()),
  numeroServizi: v.number(),
  numeroQuestionariCompilati: v.number(),
  dataUltimoAggiornamento: v.string(),
  /** issue 28: the citizen was anonymised at the end of its retention period or erased on request (no mask left) */
  anonimizzato: v.optional(v.nullable(v.picklist(['conservazione', 'cancellazione']))),
})
export type CittadinoRiga = v.InferOutput<typeof CittadinoRigaSchema>
export const CittadiniListaSchema = v.object({ cittadini: v.array(CittadinoRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })

/** CSV columns of `cittadini.csv`. */
export const COLONNE_CSV_CITTADINI = ['ID', 'Codice fiscale o documento', 'Numero servizi', 'Questionari compilati', 'Data ultimo aggiornamento'] as const

/** A service of the citizen on the card (only services the caller sees). */
export const ServizioCittadinoSchema = v.object({
  idServizio: v.number(),
  nomeServizio: v.string(),
  dataServizio: v.string(),
  nomeSede: v.string(),
  nomeCompletoFacilitatore: v.string(),
  idQuestionarioCompilato: v.nullable(v.string()),
  statoQuestionario: v.nullable(v.string()),
  /** the caller registered the service */
  associatoAUtente: v.boolean(),
})
export type ServizioCittadino = v.InferOutput<typeof ServizioCittadinoSchema>

/** The card: `dettaglioCittadino` and `serviziCittadino` (platform-backend §6.5). */
export const SchedaCittadinoSchema = v.object({
  dettaglioCittadino: v.object({
    id: v.number(),
    identificativoMascherato: v.nullable(v.string()),
    /** true: identified by fiscal code (gender and age band come from it and are not editable) */
    conCodiceFiscale: v.boolean(),
    tipoDocumento: v.nullable(v.string()),
    genere: v.nullable(v.string()),
    fasciaDiEtaId: v.nullable(v.number()),
    titoloDiStudio: v.nullable(v.string()),
    occupazione: v.nullable(v.string()),
    provinciaDiDomicilio: v.nullable(v.string()),
    cittadinanza: v.nullable(v.string()),
    dataUltimoAggiornamento: v.string(),
    versione: VersioneLettaSchema,
    /** issue 28: why the citizen's personal data are gone ('conservazione' end of the period, 'cancellazione' on request); absent: in use */
    anonimizzato: v.optional(v.nullable(v.picklist(['conservazione', 'cancellazione']))),
  }),
  /** at most the 500 most recent services (issue 25 point 3); `totaleServizi` counts them all (older servers omit it) */
  serviziCittadino: v.array(ServizioCittadinoSchema),
  totaleServizi: v.optional(v.number()),
  /** the caller may edit the citizen (a facilitator or volunteer who has the citizen on a service) */
  modificabile: v.boolean(),
})
export type SchedaCittadino = v.InferOutput<typeof SchedaCittadinoSchema>

/**
 * `PUT /cittadino/{id}`: the editable fields (spec 002 §5 enumerations; the province one of
 * /data/province.json, checked on the server). Gender and age band only for a citizen without fiscal code.
 */
export const AggiornaCittadinoBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  titoloDiStudio: v.picklist(TITOLO_DI_STUDIO),
  occupazione: v.picklist(STATO_OCCUPAZIONALE),
  cittadinanza: v.picklist(CITTADINANZA),
  provinciaDiDomicilio: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60)),
  genere: v.optional(v.nullable(v.picklist(GENERE))),
  fasciaDiEtaId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)))),
})
export type AggiornaCittadinoBody = v.InferOutput<typeof AggiornaCittadinoBodySchema>
