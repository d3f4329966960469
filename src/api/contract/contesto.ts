/**
 * Login-context calls (spec 000 §7; platform-backend §4.3): `POST contesto`,
 * `POST contesto/confermaIntegrazione`, `POST contesto/sceltaProfilo`.
 * The fiscal code always comes from the verified ID token; a `cfUtenteLoggato` in a body is ignored.
 */
import * as v from 'valibot'
import { IdSchema, PolicySchema, VersioneLettaSchema } from './common'

/** One selectable role profile of the user (spec 000 §3 "Profile"). */
export const ProfiloSchema = v.object({
  codiceRuolo: v.string(),
  descrizioneRuolo: v.string(),
  descrizioneRuoloCompleta: v.string(),
  idProgramma: v.nullable(v.number()),
  nomeProgramma: v.nullable(v.string()),
  idProgetto: v.nullable(v.number()),
  nomeProgettoBreve: v.nullable(v.string()),
  idEnte: v.nullable(v.number()),
  nomeEnte: v.nullable(v.string()),
  descrizioneEstesaEnte: v.nullable(v.string()),
  policy: v.nullable(PolicySchema),
})
export type Profilo = v.InferOutput<typeof ProfiloSchema>

/** A role held by the user with the permission codes of its groups. */
export const RuoloSchema = v.object({
  codiceRuolo: v.string(),
  nomeRuolo: v.string(),
  permessi: v.array(v.string()),
})
export type Ruolo = v.InferOutput<typeof RuoloSchema>

/** Answer of `POST contesto`. `ruoli[].permessi` and `profiliUtente` are empty while `integrazione` is false. */
export const ContestoSchema = v.object({
  id: v.number(),
  nome: v.string(),
  cognome: v.string(),
  codiceFiscale: v.string(),
  email: v.nullable(v.string()),
  telefono: v.nullable(v.string()),
  stato: v.string(),
  integrazione: v.boolean(),
  /** URL of the user's picture (`/api/utente/download/immagineProfilo/…/{size}.webp` without the size), or null */
  immagineProfilo: v.nullable(v.string()),
  /** international prefix of `telefono` ('+41'); absent or null = Italy '+39' (issue 13) */
  prefissoTelefono: v.optional(v.nullable(v.string())),
  ruoli: v.array(RuoloSchema),
  profiliUtente: v.array(ProfiloSchema),
  /** the version of the user's personal data (issue 27): 'Il mio profilo' sends it with its update */
  versione: VersioneLettaSchema,
})
export type Contesto = v.InferOutput<typeof ContestoSchema>

/** Body of `POST contesto/confermaIntegrazione` (first access, `/registrazione`). */
export const ConfermaIntegrazioneSchema = v.object({
  nome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30)),
  cognome: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(30)),
  email: v.pipe(v.string(), v.trim(), v.minLength(5), v.maxLength(50), v.email()),
  telefono: v.pipe(v.string(), v.trim(), v.regex(/^\d{6,20}$/)),
  /** international prefix of `telefono` ('+NN', default '+39'; issue 13) */
  prefissoTelefono: v.optional(v.pipe(v.string(), v.regex(/^\+\d{1,4}$/))),
  codiceFiscale: v.optional(v.string()),
  abilitazioneConsensoTrattamentoDatiPersonali: v.literal(true),
})
export type ConfermaIntegrazione = v.InferOutput<typeof ConfermaIntegrazioneSchema>

/** Body of `POST contesto/sceltaProfilo`: the chosen profile (header `userRole` must equal `codiceRuolo`). */
export const SceltaProfiloSchema = v.object({
  codiceRuolo: v.string(),
  idProgramma: v.nullable(IdSchema),
  idProgetto: v.nullable(IdSchema),
  idEnte: v.nullable(IdSchema),
})
export type SceltaProfilo = v.InferOutput<typeof SceltaProfiloSchema>

/** Answer of `POST contesto/sceltaProfilo`: the chosen profile as the server recorded it. */
export const SceltaProfiloRispostaSchema = v.object({
  profilo: ProfiloSchema,
})
export type SceltaProfiloRisposta = v.InferOutput<typeof SceltaProfiloRispostaSchema>
