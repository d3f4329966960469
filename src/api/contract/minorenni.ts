/**
 * Minors configuration on the wire (spec 002 §2 'Programme enablement (minors)', §3, §7; platform-backend
 * §9): programmes enabled to register citizens aged 14–17 from a start date (`dataDecorrenza`).
 * - `POST /configurazioneminorenni/all` (view.conf.min): the list engine's page
 *   `{configurazioniMinorenniList, numeroPagine, numeroTotaleElementi}`, sortable by nome_programma,
 *   intervento, data_abilitazione, data_decorrenza;
 * - `POST /configurazioneminorenni/programmi` (gest.conf.min): programmes that may be enabled;
 * - `POST /configurazioneminorenni/salva` (gest.conf.min): create (no `id`) or change the start date;
 * - `POST /configurazioneminorenni/elimina` (gest.conf.min): revoke;
 * - `GET /configurazioneminorenni/dettaglio?idProgramma|idServizio`: the programme's configuration or `{}`.
 * Errors M01 (unknown), M02 (already effective: date not changeable), M03 (date outside the programme),
 * M04 (intervention differs from the programme's), M05 (programme already configured).
 */
import * as v from 'valibot'
import { OrdinamentoSchema } from './amministrazione'
import { IdSchema, PolicySchema, ProfileIdsSchema, VersioneLettaSchema } from './common'

const WireDate = v.pipe(v.string(), v.isoDate('Data non valida (AAAA-MM-GG).'))

export const MinorenniListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(v.object({ criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))) }))),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})

/** 'Stato abilitazione': ABILITATA once the start date is reached, PROGRAMMATA before. */
/** Filter of the table: part of the programme's name. */
export type FiltroMinorenni = { criterioRicerca?: string | null }

export const StatoAbilitazioneSchema = v.picklist(['ABILITATA', 'PROGRAMMATA'])

export const ConfigurazioneMinorenniSchema = v.object({
  id: v.number(),
  idProgramma: v.number(),
  nomeProgramma: v.string(),
  intervento: PolicySchema,
  dataAbilitazione: v.string(),
  dataDecorrenza: v.string(),
  statoAbilitazione: StatoAbilitazioneSchema,
  /** issue 27: a change of the start date and a revoke send it */
  versione: VersioneLettaSchema,
})
export type ConfigurazioneMinorenni = v.InferOutput<typeof ConfigurazioneMinorenniSchema>
export const MinorenniListaSchema = v.object({
  configurazioniMinorenniList: v.array(ConfigurazioneMinorenniSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number(),
})

export const ProgrammiAbilitabiliBodySchema = v.object({
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  intervento: PolicySchema,
})
export const ProgrammaAbilitabileSchema = v.object({
  idProgramma: v.number(), nomeProgramma: v.string(), codiceProgramma: v.string(), intervento: PolicySchema,
  dataInizio: v.string(), dataFine: v.string(),
})
export type ProgrammaAbilitabile = v.InferOutput<typeof ProgrammaAbilitabileSchema>
export const ProgrammiAbilitabiliSchema = v.array(ProgrammaAbilitabileSchema)

/** Save: `id` absent/null creates the programme's configuration; with `id` only the start date changes. */
export const SalvaMinorenniBodySchema = v.object({
  id: v.optional(v.nullable(IdSchema)),
  idProgramma: IdSchema,
  intervento: v.optional(v.nullable(PolicySchema)),
  dataDecorrenza: WireDate,
})
export type SalvaMinorenniBody = v.InferOutput<typeof SalvaMinorenniBodySchema>
export const EliminaMinorenniBodySchema = v.object({ id: IdSchema })
