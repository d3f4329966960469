/**
 * The field bootstrap (issue #3 point 5 "what the field needs offline"): `GET /campo/bootstrap?idProgramma
 * &idProgetto&idEnte` for a facilitator or volunteer, fetched at login and on reconnect. Everything of the
 * profile (project + body) the device needs to work without network: own services with their Q3, their
 * citizens (demographics only) and survey instances, the programme's ATTIVO template and every template
 * snapshot the services use, the facilitator's sites, the project's dates and the programme's minors
 * configuration.
 * Provinces are the static `/data/province.json`; enumerations are in `src/api/contract/enums.ts`.
 */
import * as v from 'valibot'
import { CittadinoTrovatoSchema } from './cittadino'
import { QuestionarioCompilatoSchema, QuestionarioTemplateSchema } from './questionario'
import { OpzioneSchema, StatoServizioSchema } from './servizio'

/** A service of the facilitator as the device stores it. */
export const ServizioCampoSchema = v.object({
  id: v.number(),
  idLocale: v.nullable(v.string()),
  nome: v.string(),
  data: v.string(),
  durataServizio: v.string(),
  tipologiaServizio: v.array(v.string()),
  idEnte: v.number(),
  idSede: v.number(),
  nomeSede: v.string(),
  stato: StatoServizioSchema,
  /** Q3 in the contract's encoding */
  sezioneQ3Questionario: v.string(),
  idQuestionarioTemplateSnapshot: v.string(),
  dataOraAggiornamento: v.string(),
})
export type ServizioCampo = v.InferOutput<typeof ServizioCampoSchema>

/** The programme's minors configuration (platform-backend §9): 14–17 allowed from `dataDecorrenza`. */
export const ConfigurazioneMinorenniCampoSchema = v.object({
  dataAbilitazione: v.string(),
  dataDecorrenza: v.string(),
})

/** Answer of `GET /campo/bootstrap`. */
export const CampoBootstrapSchema = v.object({
  /** ISO timestamp of the snapshot */
  generatedAt: v.string(),
  profilo: v.object({
    codiceRuolo: v.string(),
    idProgramma: v.number(),
    idProgetto: v.number(),
    idEnte: v.number(),
  }),
  /** the profile project's dates ('YYYY-MM-DD'): a service date must fall within them (A06); null ends are open */
  progetto: v.object({
    dataInizio: v.nullable(v.string()),
    dataFine: v.nullable(v.string()),
  }),
  servizi: v.array(ServizioCampoSchema),
  /** the citizens of those services (demographics, no identifier but the server id) */
  cittadini: v.array(CittadinoTrovatoSchema),
  questionari: v.array(QuestionarioCompilatoSchema),
  /** the programme's ATTIVO template (null: services cannot be created, S04) */
  template: v.nullable(QuestionarioTemplateSchema),
  /** every template the services' snapshots refer to (the ATTIVO one included), by id */
  templateSnapshot: v.array(QuestionarioTemplateSchema),
  sedi: v.array(OpzioneSchema),
  configurazioneMinorenni: v.nullable(ConfigurazioneMinorenniCampoSchema),
})
export type CampoBootstrap = v.InferOutput<typeof CampoBootstrapSchema>
