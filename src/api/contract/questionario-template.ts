/**
 * Survey templates in the administrative area (spec 002 §2–§3, §7 "Survey templates"; platform-frontend
 * §3.1, §3.4; platform-backend §2.9, §7): the list row, the detail (`survey-*` names of
 * platform-frontend §3.1, sections with `schema` and `schemaui` as JSON-encoded strings), the create /
 * update body, the default and programme-link answers. Versions: a template in use is never changed
 * under the surveys made with it; editing it makes a new version (a new `survey-id`) that replaces it in
 * the list, the defaults and the programmes, while services keep the version they were created with.
 */
import * as v from 'valibot'
import { ProfileIdsSchema } from './common'
import { MAX_FILTER_VALUES } from './servizio'
import { SezioneTemplateSchema, type SezioneTemplateWire } from './questionario'

/** Policies a template can be the default of (spec 002 §3 "Survey policy types"). */
export const TIPI_DEFAULT = ['RFD', 'SCD'] as const
export type TipoDefault = (typeof TIPI_DEFAULT)[number]

const Criterio = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200))))
const Values = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(MAX_FILTER_VALUES)))

/** Filters of the list: search over the name or the id; states. */
export const FiltroQuestionariTemplateSchema = v.object({ filtroCriterioRicerca: Criterio, filtroStati: Values })
export type FiltroQuestionariTemplate = v.InferOutput<typeof FiltroQuestionariTemplateSchema>

/** Body of `POST /questionarioTemplate/all`, its dropdowns and download. */
export const QuestionariTemplateListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroQuestionariTemplateSchema)),
  ordinamento: v.optional(v.nullable(v.object({ campo: v.pipe(v.string(), v.maxLength(40)), verso: v.picklist(['asc', 'desc']) }))),
})

/** A row: 'Nome questionario', ID, 'Data ultima modifica', Stato, 'Default SCD', 'Default RFD' (spec 002 §2). */
export const QuestionarioTemplateRigaSchema = v.object({
  id: v.string(),
  nome: v.string(),
  /** ISO timestamp */
  dataUltimaModifica: v.string(),
  stato: v.string(),
  defaultSCD: v.boolean(),
  defaultRFD: v.boolean(),
  versione: v.number(),
})
export type QuestionarioTemplateRiga = v.InferOutput<typeof QuestionarioTemplateRigaSchema>
export const QuestionariTemplateListaSchema = v.object({
  questionariTemplate: v.array(QuestionarioTemplateRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number(),
})

/** A section on the admin wire: `schema` and `schemaui` are JSON-encoded strings (platform-frontend §3.1). */
export const SezioneWireSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  title: v.pipe(v.string(), v.maxLength(500)),
  schema: v.pipe(v.string(), v.maxLength(200_000)),
  schemaui: v.optional(v.pipe(v.string(), v.maxLength(20_000))),
  'default-section': v.optional(v.boolean()),
})
export type SezioneWire = v.InferOutput<typeof SezioneWireSchema>

/** A section for the wire. */
export function sezioneToWire(s: SezioneTemplateWire): SezioneWire {
  return { id: s.id, title: s.title, schema: JSON.stringify(s.schema), schemaui: JSON.stringify(s.schemaui), 'default-section': s['default-section'] }
}

/** A section from the wire; null when its strings do not hold a valid section. */
export function sezioneFromWire(s: SezioneWire): SezioneTemplateWire | null {
  try {
    const parsed = v.safeParse(SezioneTemplateSchema, {
      id: s.id, title: s.title, schema: JSON.parse(s.schema) as unknown, schemaui: s.schemaui ? JSON.parse(s.schemaui) as unknown : {},
      'default-section': s['default-section'] ?? false,
    })
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

/** Body of create (`POST /questionarioTemplate`, also clone) and update (`PUT /questionarioTemplate/{id}`). */
export const QuestionarioTemplateBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  'survey-name': v.pipe(v.string(), v.trim(), v.minLength(1, 'Inserisci il nome del questionario.'), v.maxLength(200)),
  'survey-description': v.pipe(v.string(), v.trim(), v.minLength(1, 'Inserisci la descrizione del questionario.'), v.maxLength(1000)),
  'survey-sections': v.pipe(v.array(SezioneWireSchema), v.minLength(4), v.maxLength(30)),
})
export type QuestionarioTemplateBody = v.InferOutput<typeof QuestionarioTemplateBodySchema>

/** One version of a template (oldest first in the detail). */
export const VersioneTemplateSchema = v.object({ id: v.string(), versione: v.number(), dataOra: v.string(), corrente: v.boolean() })

/** Detail (`POST /questionarioTemplate/{id}`), and the skeleton of a new template (`POST /questionarioTemplate/nuovo`). */
export const QuestionarioTemplateDettaglioSchema = v.object({
  'survey-id': v.nullable(v.string()),
  'survey-name': v.string(),
  'survey-description': v.string(),
  'survey-status': v.nullable(v.string()),
  'default-RFD': v.boolean(),
  'default-SCD': v.boolean(),
  'last-update': v.nullable(v.string()),
  'survey-sections': v.array(SezioneWireSchema),
  versione: v.number(),
  /** the id of the newer version when this one was replaced (read-only), else null */
  idVersioneSuccessiva: v.nullable(v.string()),
  versioni: v.array(VersioneTemplateSchema),
  /** programmes whose active template this version is */
  programmi: v.array(v.object({ id: v.number(), nome: v.string() })),
  /** used by at least one service or survey: saving makes a new version */
  inUso: v.boolean(),
})
export type QuestionarioTemplateDettaglio = v.InferOutput<typeof QuestionarioTemplateDettaglioSchema>

/** Answer of create and update: the id of the saved version; `nuovaVersione` when the update made one. */
export const QuestionarioTemplateSalvatoSchema = v.object({ 'survey-id': v.string(), versione: v.number(), nuovaVersione: v.boolean() })
export type QuestionarioTemplateSalvato = v.InferOutput<typeof QuestionarioTemplateSalvatoSchema>

/** Query of `PUT /questionarioTemplate/aggiornadefault/{id}`. */
export const TipoDefaultQuerySchema = v.object({ tipoDefault: v.picklist(TIPI_DEFAULT) })
