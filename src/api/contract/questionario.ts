/**
 * Questionnaires on the wire (spec 002 §2 survey compilation and anonymous survey, §7; platform-backend
 * §5.3–5.6, §7; platform-frontend §3): the template as served to the client, the compiled instance of a
 * citizen for a service, the facilitator's compile body, the online link and the anonymous calls.
 * Section answers travel as STRINGS in the contract's encoding (platform-frontend §3.5): readers accept
 * it and valid JSON (the mass-upload encoding); writers produce the contract's.
 */
import * as v from 'valibot'
import { NumeroDocumentoSchema, ProfileIdsSchema } from './common'
import { CITTADINANZA, GENERE, STATO_OCCUPAZIONALE, TIPO_DOCUMENTO, TITOLO_DI_STUDIO, VALORI_CONSENSO } from './enums'

/** States of a compiled questionnaire on the wire (the UI shows them with spaces). */
export const STATI_QUESTIONARIO = ['NON_COMPILATA', 'INVIATO', 'COMPILATA'] as const
export const StatoQuestionarioSchema = v.picklist(STATI_QUESTIONARIO)
export type StatoQuestionarioWire = v.InferOutput<typeof StatoQuestionarioSchema>

/** A question of a template section (platform-frontend §3.1). */
export const DomandaTemplateSchema = v.object({
  id: v.string(),
  title: v.string(),
  type: v.picklist(['string', 'number', 'integer', 'date', 'time', 'range', 'object', 'boolean']),
  order: v.number(),
  enum: v.optional(v.array(v.string())),
  properties: v.optional(v.record(v.string(), v.object({ type: v.literal('boolean') }))),
  keyBE: v.optional(v.string()),
  format: v.optional(v.string()),
  minimum: v.optional(v.number()),
  maximum: v.optional(v.number()),
  maxLength: v.optional(v.number()),
  flag: v.optional(v.boolean()),
  dependencyFlag: v.optional(v.string()),
  dependencyNotFlag: v.optional(v.string()),
  relatedTo: v.optional(v.string()),
  relatedFrom: v.optional(v.string()),
  enumLevel1: v.optional(v.array(v.string())),
  enumLevel2: v.optional(v.array(v.object({ label: v.string(), value: v.string(), upperLevel: v.string() }))),
  regex: v.optional(v.string()),
  hidden: v.optional(v.boolean()),
})

/** A template section: JSON-schema-like body keyed by question id (platform-frontend §3.1). */
export const SezioneTemplateSchema = v.object({
  id: v.string(),
  title: v.string(),
  schema: v.object({
    type: v.literal('object'),
    properties: v.record(v.string(), DomandaTemplateSchema),
    required: v.array(v.string()),
    default: v.array(v.string()),
  }),
  schemaui: v.record(v.string(), v.unknown()),
  'default-section': v.boolean(),
})
export type SezioneTemplateWire = v.InferOutput<typeof SezioneTemplateSchema>

/**
 * A template as served to the client (`POST /questionarioTemplate/programma/{idProgramma}`, the
 * service card's snapshot, the field bootstrap), names of platform-frontend §3.6.
 */
export const QuestionarioTemplateSchema = v.object({
  idQuestionarioTemplate: v.string(),
  nomeQuestionarioTemplate: v.string(),
  descrizioneQuestionarioTemplate: v.nullable(v.string()),
  stato: v.string(),
  defaultRFD: v.boolean(),
  defaultSCD: v.boolean(),
  dataOraCreazione: v.string(),
  dataOraUltimoAggiornamento: v.string(),
  sezioniQuestionarioTemplate: v.array(SezioneTemplateSchema),
})
export type QuestionarioTemplate = v.InferOutput<typeof QuestionarioTemplateSchema>

/**
 * A compiled (or partially compiled) instance, answer of
 * `POST /servizio/cittadino/questionarioCompilato/compilato/{id}`: Q1–Q3 are filled when the citizen is
 * added to the service (Q1 never carries a fiscal code), Q4 once compiled (null before).
 */
export const QuestionarioCompilatoSchema = v.object({
  idQuestionarioCompilato: v.string(),
  idServizio: v.number(),
  idCittadino: v.number(),
  idQuestionarioTemplate: v.string(),
  statoQuestionario: StatoQuestionarioSchema,
  dataOraAggiornamento: v.string(),
  sezioneQ1Questionario: v.string(),
  sezioneQ2Questionario: v.string(),
  sezioneQ3Questionario: v.string(),
  sezioneQ4Questionario: v.nullable(v.string()),
  /**
   * the answers to the template's sections after Q4 (src/lib/survey-extra-sections.ts), one section string
   * each in template order, once compiled ([] before, or when the template has none)
   */
  sezioniAggiuntiveQuestionario: v.optional(v.array(v.string())),
  /** ISO timestamp of the instance's creation: when the citizen was added to the service */
  dataOraCreazione: v.optional(v.string()),
  /** ISO expiry of the online link last created ('Invia questionario'); null when none was created */
  scadenzaLink: v.optional(v.nullable(v.string())),
})
export type QuestionarioCompilato = v.InferOutput<typeof QuestionarioCompilatoSchema>

const Opt = <S extends v.GenericSchema>(s: S) => v.optional(v.nullable(s))

/** Most added sections a compilation may carry (a template holds at most 30 sections, 4 of them fixed). */
export const MAX_SEZIONI_AGGIUNTIVE = 26

/**
 * The answers to a template's sections after Q4 in a compile body (src/lib/survey-extra-sections.ts): one
 * section string per added section (contract encoding, the template section's id and title). The server
 * checks them against the instance's template (400 G02 with the reason: a section or a question not in
 * it, a choice not among the options, a required question unanswered).
 */
export const SezioniAggiuntiveSchema = v.pipe(v.array(v.pipe(v.string(), v.maxLength(20_000))), v.maxLength(MAX_SEZIONI_AGGIUNTIVE))

/**
 * The citizen's consent to the processing of their data as the facilitator records it at the compilation
 * (platform-backend §6.4; issue 8 point 1): how it was given (`CARTACEO` signed on paper, `EMAIL`,
 * `ONLINE`) and when ('YYYY-MM-DD', a real date not after today in Italy: else 400 G02). Stored on the
 * citizen only the first time: a consent already recorded is kept and this one ignored. The reference's
 * `codiceFiscaleCittadino`/`numeroDocumentoCittadino` are not taken (the instance names the citizen).
 */
export const ConsensoTrattamentoDatiSchema = v.object({
  tipoConferimentoConsenso: v.picklist(VALORI_CONSENSO),
  dataConferimentoConsenso: v.pipe(v.string(), v.isoDate()),
})
export type ConsensoTrattamentoDati = v.InferOutput<typeof ConsensoTrattamentoDatiSchema>

/**
 * Body of `POST /servizio/cittadino/questionarioCompilato/{id}/compila` (platform-frontend §3.5).
 * The server takes Q4 only (required) and ignores any Q1–Q3 sent: those were filled at the citizen's
 * addition. The `…DaAggiornare` fields update the citizen and the Q1 of its instances not yet compiled
 * (platform-backend §5.4–5.5, §6.2; security issue 6): each value must belong to its enumeration (the
 * province to `/data/province.json`), else 400 G02; the gender and age band of a citizen with a fiscal
 * code come from the code and a document cannot be given to such a citizen (400 U28); the document needs
 * type and number together; a band 14–17 follows the minors rule (U25); an identifier of another citizen
 * gives 409 U07.
 */
export const CompilaQuestionarioBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  sezioneQ1Questionario: Opt(v.string()),
  sezioneQ2Questionario: Opt(v.string()),
  sezioneQ3Questionario: Opt(v.string()),
  sezioneQ4Questionario: Opt(v.pipe(v.string(), v.maxLength(20_000))),
  sezioniAggiuntiveQuestionario: Opt(SezioniAggiuntiveSchema),
  codiceFiscaleDaAggiornare: Opt(v.pipe(v.string(), v.trim(), v.toUpperCase())),
  tipoDocumentoDaAggiornare: Opt(v.picklist(TIPO_DOCUMENTO)),
  numeroDocumentoDaAggiornare: Opt(NumeroDocumentoSchema),
  genereDaAggiornare: Opt(v.picklist(GENERE)),
  fasciaDiEtaIdDaAggiornare: Opt(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  titoloDiStudioDaAggiornare: Opt(v.picklist(TITOLO_DI_STUDIO)),
  occupazioneDaAggiornare: Opt(v.picklist(STATO_OCCUPAZIONALE)),
  cittadinanzaDaAggiornare: Opt(v.picklist(CITTADINANZA)),
  /** a province name of `/data/province.json` (checked by the server) */
  provinciaDiDomicilioDaAggiornare: Opt(v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60))),
  /** the consent, when the citizen has none recorded yet (ignored otherwise) */
  consensoTrattamentoDatiRequest: Opt(ConsensoTrattamentoDatiSchema),
  codInserimento: Opt(v.string()),
})
export type CompilaQuestionarioBody = v.InferOutput<typeof CompilaQuestionarioBodySchema>

/** Answer of the facilitator's and of the anonymous compile. */
export const CompilaQuestionarioRispostaSchema = v.object({
  idQuestionarioCompilato: v.string(),
  statoQuestionario: StatoQuestionarioSchema,
})
export type CompilaQuestionarioRisposta = v.InferOutput<typeof CompilaQuestionarioRispostaSchema>

/**
 * Answer of `POST /servizio/cittadino/questionarioCompilato/{id}/invia`: the link for the citizen's
 * phone (`/servizi/questionario/{id}/online/{token}`), its token (256 random bits, base64url; the
 * server keeps only its SHA-256) and its expiry (ISO, 3 days). A new call replaces the previous token.
 */
export const InviaQuestionarioRispostaSchema = v.object({
  link: v.string(),
  token: v.string(),
  scadenza: v.string(),
})
export type InviaQuestionarioRisposta = v.InferOutput<typeof InviaQuestionarioRispostaSchema>

/**
 * Answer of `POST /servizio/cittadino/servizio/{idServizio}/questionarioCompilato/inviaATutti`
 * (platform-frontend §3.6 'Invia questionario a tutti'): one new link — as `invia` — for every citizen
 * of the service whose survey is not COMPILATA, each replacing that survey's previous link, in one
 * transaction; with the citizen's masked identity to tell the links apart on the printed sheet.
 */
export const InviaATuttiRispostaSchema = v.object({
  questionari: v.array(v.object({
    idQuestionario: v.string(),
    idCittadino: v.number(),
    identificativoMascherato: v.nullable(v.string()),
    ...InviaQuestionarioRispostaSchema.entries,
  })),
})
export type InviaATuttiRisposta = v.InferOutput<typeof InviaATuttiRispostaSchema>

/**
 * Answer of the public `GET /servizio/cittadino/questionarioCompilato/{id}/anonimo?t={token}`:
 * only the consent flag, the service's name and date and the template's Q4 section with the sections it
 * adds after Q4 (`sezioniAggiuntive`, in template order; [] when none) — no citizen data.
 * Errors: 404 T01 unknown link, 410 T02 expired, 409 Q02 already compiled.
 */
export const QuestionarioAnonimoSchema = v.object({
  idQuestionarioCompilato: v.string(),
  abilitatoConsensoTrattamentoDatiCittadino: v.boolean(),
  nomeServizio: v.string(),
  dataServizio: v.string(),
  idQuestionarioTemplate: v.string(),
  sezioneQ4: SezioneTemplateSchema,
  sezioniAggiuntive: v.optional(v.array(SezioneTemplateSchema), []),
})
export type QuestionarioAnonimo = v.InferOutput<typeof QuestionarioAnonimoSchema>

/** Body of the public `POST …/{id}/compila/anonimo?t={token}`; `consensoTrattamentoDati` records ONLINE consent. */
export const CompilaAnonimoBodySchema = v.object({
  sezioneQ4Questionario: v.pipe(v.string(), v.minLength(2), v.maxLength(20_000)),
  /** the answers to the sections after Q4, as in the facilitator's body */
  sezioniAggiuntiveQuestionario: v.optional(SezioniAggiuntiveSchema),
  consensoTrattamentoDati: v.optional(v.boolean()),
})
export type CompilaAnonimoBody = v.InferOutput<typeof CompilaAnonimoBodySchema>

/** Body of the template read: the profile ids. */
export const TemplateProgrammaBodySchema = v.object({ ...ProfileIdsSchema.entries })
