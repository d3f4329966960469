/**
 * Personal area and usage-event calls (spec 000 §2.2 `/area-personale`, §3 user and role card, §5 formats,
 * §7 analytics; issue 13):
 * - `POST /utente/profilo` (any logged user) body {@link AggiornaProfilo} → `Contesto`;
 * - `POST /utente/upload/immagineProfilo` (any logged user) raw image bytes (`image/*`) → `Contesto`;
 * - `DELETE /utente/immagineProfilo` (any logged user) → `Contesto`;
 * - `GET /utente/download/immagineProfilo/{idUtente}/{versione}/{size}.webp` (public, immutable);
 * - `POST /utente/profilo/ruoli` (any logged user) → {@link RuoliDettaglio} (role cards' `fullInfo`);
 * - `POST /utilizzo/evento` (role) body {@link EventoUtilizzo} → 204;
 * - `POST /utilizzo/riepilogo` (`view.utilizzo`, DTD) body {@link RiepilogoFiltro} → {@link RiepilogoUtilizzo}.
 */
import * as v from 'valibot'
import { PATTERNS } from '../../lib/validation'
import { ProfiloSchema } from './contesto'

const NAME = PATTERNS.nameSurname

/** Body of `POST /utente/profilo`: the editable data (the fiscal code is not editable). */
export const AggiornaProfiloSchema = v.object({
  nome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30), v.regex(NAME)),
  cognome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30), v.regex(NAME)),
  email: v.pipe(v.string(), v.trim(), v.minLength(5), v.maxLength(50), v.email(), v.regex(PATTERNS.email)),
  telefono: v.pipe(v.string(), v.trim(), v.regex(/^\d{6,20}$/)),
  prefissoTelefono: v.pipe(v.string(), v.regex(/^\+\d{1,4}$/)),
})
export type AggiornaProfilo = v.InferOutput<typeof AggiornaProfiloSchema>

/** A person named on a role card (referent or delegate of a body). */
export const PersonaSchema = v.object({ nome: v.string(), cognome: v.string(), ruolo: v.string() })

/** `fullInfo` of a role card (spec 000 §3): what the card shows beyond the title; null = not shown for the role. */
export const FullInfoSchema = v.object({
  programma: v.nullable(v.object({ id: v.number(), nome: v.string() })),
  progetto: v.nullable(v.object({ id: v.number(), nome: v.string() })),
  ente: v.nullable(v.object({ id: v.number(), nome: v.string() })),
  /** services delivered by the user in this profile (FAC, VOL) */
  serviziErogati: v.nullable(v.number()),
  /** active facilitators of the project (project roles) or programme (programme roles) */
  nFacilitatori: v.nullable(v.number()),
  /** referents and delegates of the profile's managing body */
  referenti: v.nullable(v.array(PersonaSchema)),
  /** 'Stato Ruolo' of the card (spec 000 §3): ATTIVO, NON ATTIVO, TERMINATO… (absent from older servers) */
  stato: v.optional(v.string()),
})
export type FullInfo = v.InferOutput<typeof FullInfoSchema>

export const RuoloDettaglioSchema = v.object({ profilo: ProfiloSchema, fullInfo: FullInfoSchema })
export type RuoloDettaglio = v.InferOutput<typeof RuoloDettaglioSchema>
export const RuoliDettaglioSchema = v.object({ ruoli: v.array(RuoloDettaglioSchema) })
export type RuoliDettaglio = v.InferOutput<typeof RuoliDettaglioSchema>

/** Usage events (spec 000 §3 "Action tracking event"). */
export const EVENTI_UTILIZZO = ['download', 'like', 'chat'] as const
const Short = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80))

/** Body of `POST /utilizzo/evento`. `role_code` must be the request's role, `program_id` one of its programmes. */
export const EventoUtilizzoSchema = v.object({
  event: v.picklist(EVENTI_UTILIZZO),
  event_type: Short,
  event_value: v.optional(v.nullable(Short)),
  role_code: Short,
  category: v.optional(v.nullable(Short)),
  program_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)))),
  /** when the event happened on the device (ISO 8601); absent = now. Older than 7 days: dropped. */
  timestamp: v.optional(v.pipe(v.string(), v.isoTimestamp())),
})
export type EventoUtilizzo = v.InferOutput<typeof EventoUtilizzoSchema>

/** Body of `POST /utilizzo/riepilogo`: period (ISO dates `YYYY-MM-DD`, inclusive) and grouping. */
export const RiepilogoFiltroSchema = v.object({
  dal: v.optional(v.pipe(v.string(), v.isoDate())),
  al: v.optional(v.pipe(v.string(), v.isoDate())),
  /** period buckets: one row per day, month or the whole period */
  periodo: v.optional(v.picklist(['giorno', 'mese', 'totale']), 'mese'),
})
export type RiepilogoFiltro = v.InferOutput<typeof RiepilogoFiltroSchema>

export const RigaUtilizzoSchema = v.object({
  periodo: v.string(),
  event: v.string(),
  event_type: v.string(),
  role_code: v.string(),
  program_id: v.nullable(v.number()),
  nomeProgramma: v.nullable(v.string()),
  totale: v.number(),
})
export type RigaUtilizzo = v.InferOutput<typeof RigaUtilizzoSchema>
/** `troncato`: more rows than the server answers (2000, the most recent periods first): narrow the period. */
export const RiepilogoUtilizzoSchema = v.object({ righe: v.array(RigaUtilizzoSchema), troncato: v.optional(v.boolean()) })
export type RiepilogoUtilizzo = v.InferOutput<typeof RiepilogoUtilizzoSchema>
