/**
 * Retention (conservazione) on the wire (issue 28 point 2; README "Retention (conservazione)"):
 * - `GET /conservazione/periodi` (public: the privacy notice states them): each policy's retention date with its
 *   `versione` (issue 27);
 * - `PUT /conservazione/periodi/{policy}` (gest.conf.conservazione): `{conservazioneFino, versione}` → 409 V01 with the
 *   current period when it changed meanwhile, 428 V02 without a version;
 * - `GET /conservazione/rapporto` (view.conf.conservazione): the last report of the job `conservazione.rapporto` and
 *   whether a report or an anonymisation is queued;
 * - `POST /conservazione/rapporto` (gest.conf.conservazione): 202, a new report is computed now;
 * - `POST /conservazione/rapporto/{id}/conferma` (gest.conf.conservazione): 202, the DTD confirms the last report and
 *   the anonymisation is queued (409 CS02 when it is not the last report waiting for a confirmation).
 * A write naming a citizen anonymised at the end of the period answers 410 CS01.
 */
import * as v from 'valibot'
import { PolicySchema, VersioneLettaSchema, VersioneSchema } from './common'

const WireDate = v.pipe(v.string(), v.isoDate('Data non valida (AAAA-MM-GG).'))

export const PeriodoConservazioneSchema = v.object({
  policy: PolicySchema,
  /** 'YYYY-MM-DD': personal data of the policy's programmes are kept until this day */
  conservazioneFino: v.string(),
  versione: VersioneLettaSchema,
})
export type PeriodoConservazione = v.InferOutput<typeof PeriodoConservazioneSchema>
export const PeriodiConservazioneSchema = v.array(PeriodoConservazioneSchema)

export const AggiornaPeriodoBodySchema = v.object({ conservazioneFino: WireDate, versione: v.optional(VersioneSchema) })
export const PeriodoPolicyParamsSchema = v.object({ policy: PolicySchema })
export const PeriodoSalvatoSchema = v.object({ policy: PolicySchema, conservazioneFino: v.string(), versione: VersioneSchema })

/** What is past its date: counts of rows not yet anonymised. */
export const TotaliRapportoSchema = v.object({
  cittadini: v.number(),
  servizi: v.number(),
  questionari: v.number(),
  consensi: v.number(),
  utenti: v.number(),
})
export type TotaliRapporto = v.InferOutput<typeof TotaliRapportoSchema>

export const ProgrammaRapportoSchema = v.object({
  idProgramma: v.number(),
  codice: v.string(),
  nome: v.string(),
  policy: PolicySchema,
  ...TotaliRapportoSchema.entries,
  /** the oldest service date concerned, 'YYYY-MM-DD' (null: only users) */
  dataPiuVecchia: v.nullable(v.string()),
})
export type ProgrammaRapporto = v.InferOutput<typeof ProgrammaRapportoSchema>

/** A mass-upload file of the data concerned (its stored copy, if any, is deleted by the anonymisation). */
export const FileRapportoSchema = v.object({
  id: v.number(),
  nome: v.string(),
  idProgramma: v.nullable(v.number()),
  caricatoIl: v.string(),
  conservato: v.boolean(),
})
export type FileRapporto = v.InferOutput<typeof FileRapportoSchema>

export const StatoRapportoSchema = v.picklist(['DA_CONFERMARE', 'CONFERMATO', 'ESEGUITO', 'SUPERATO'])

export const RapportoConservazioneSchema = v.object({
  id: v.number(),
  stato: StatoRapportoSchema,
  dataRiferimento: v.string(),
  creatoIl: v.string(),
  periodi: v.array(v.object({ policy: PolicySchema, conservazioneFino: v.string() })),
  totali: TotaliRapportoSchema,
  programmi: v.array(ProgrammaRapportoSchema),
  file: v.array(FileRapportoSchema),
  confermatoIl: v.nullable(v.string()),
  eseguitoIl: v.nullable(v.string()),
  esito: v.nullable(TotaliRapportoSchema),
  nota: v.nullable(v.string()),
})
export type RapportoConservazione = v.InferOutput<typeof RapportoConservazioneSchema>

export const StatoConservazioneSchema = v.object({
  rapporto: v.nullable(RapportoConservazioneSchema),
  /** a report is being computed (queued or running) */
  rapportoInCorso: v.boolean(),
  /** an anonymisation is queued or running */
  anonimizzazioneInCorso: v.boolean(),
})
export type StatoConservazione = v.InferOutput<typeof StatoConservazioneSchema>

export const RapportoIdParamsSchema = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) })
export const AvvioSchema = v.object({ idJob: v.nullable(v.number()) })
