/**
 * 'Report dati' on the wire (issue 11 point 1; spec 002 §2 "area dati"; platform-frontend §7.1).
 * `POST /api/dati/report`: the body carries the caller's profile ids and the filters; the answer holds the
 * aggregates of the services the caller sees (platform-backend §4.4 scoping, as the services list).
 * Months are 'YYYY-MM', weeks their Monday 'YYYY-MM-DD', timestamps ISO 8601. Imported by client and server.
 */
import * as v from 'valibot'
import { IdSchema, PolicySchema, ProfileIdsSchema } from './common'

/** A month 'YYYY-MM' (the period filter works by month of the service date). */
export const MeseSchema = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mese nel formato AAAA-MM'))

/** The dashboard's filters: policy, programme, project and period (months, both ends included). */
export const FiltroDatiSchema = v.object({
  policy: v.optional(PolicySchema),
  idProgramma: v.optional(IdSchema),
  idProgetto: v.optional(IdSchema),
  da: v.optional(MeseSchema),
  a: v.optional(MeseSchema),
})
export type FiltroDati = v.InferOutput<typeof FiltroDatiSchema>

/** Body of `POST /dati/report`. */
export const ReportDatiBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtro: v.optional(FiltroDatiSchema, {}),
})
export type ReportDatiBody = v.InferInput<typeof ReportDatiBodySchema>

/** Body of the public `POST /dati/pubblico`: policy and period only. */
export const ReportPubblicoBodySchema = v.object({
  filtro: v.optional(v.strictObject({ policy: v.optional(PolicySchema), da: v.optional(MeseSchema), a: v.optional(MeseSchema) }), {}),
})

/** The dimensions counted by value (see `DIMENSIONI_DATI` for their meaning). */
export const DIMENSIONI_DATI = ['tipologia', 'regione', 'provincia', 'fascia', 'genere', 'titolo', 'occupazione', 'voto'] as const
export type DimensioneDati = (typeof DIMENSIONI_DATI)[number]

const Conteggio = v.object({ valore: v.string(), n: v.number() })
export type ConteggioDati = v.InferOutput<typeof Conteggio>
const Punto = v.object({ periodo: v.string(), servizi: v.number(), partecipazioni: v.number(), questionari: v.number() })
export type PuntoSerie = v.InferOutput<typeof Punto>
const Voce = v.object({ id: v.number(), nome: v.string() })

/**
 * The report: `totali` (services, citizen–service pairs, compiled surveys), the series by week and by month,
 * the counts by dimension (services for tipologia/regione/provincia; citizen–service pairs for fascia, genere,
 * titolo, occupazione; compiled surveys' ratings for voto), the programmes and projects the filters may pick,
 * and `aggiornatoIl`, when the figures were computed (`tempoReale` when read live, as for facilitators).
 */
export const ReportDatiSchema = v.object({
  aggiornatoIl: v.string(),
  tempoReale: v.boolean(),
  totali: v.object({ servizi: v.number(), partecipazioni: v.number(), questionari: v.number() }),
  settimane: v.array(Punto),
  mesi: v.array(Punto),
  dimensioni: v.object(Object.fromEntries(DIMENSIONI_DATI.map((d) => [d, v.array(Conteggio)])) as Record<DimensioneDati, v.ArraySchema<typeof Conteggio, undefined>>),
  programmi: v.array(Voce),
  progetti: v.array(Voce),
})
export type ReportDati = v.InferOutput<typeof ReportDatiSchema>
