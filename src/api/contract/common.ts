/**
 * Wire shapes shared by every `/api` call (spec 000 §7–8): the error body and the profile ids that
 * bodies carry. Imported by the client and by the server: one definition of each payload.
 */
import * as v from 'valibot'
import { RUOLI_PREDEFINITI } from '../../lib/ruoli'

/** Error answer of every failing `/api` call: `{errorCode, message}` with a catalogue code (spec 000 §8). */
export const ErrorBodySchema = v.object({
  errorCode: v.string(),
  message: v.string(),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

export const PolicySchema = v.picklist(['RFD', 'SCD'])
export type Policy = v.InferOutput<typeof PolicySchema>

/** Role codes of spec 000 §6.1 (custom roles created later use other codes, so the wire type is string). */
export const ROLE_CODES = RUOLI_PREDEFINITI
export type RoleCode = (typeof ROLE_CODES)[number]

/** Largest value of a PostgreSQL `integer` column, the type of most ids. */
export const INT32_MAX = 2_147_483_647

/** An id of an `integer` column in a request: a positive integer within 32 bits (larger ones cannot exist). */
export const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INT32_MAX))

/** A citizen id in a request: a positive safe integer (citizen ids may be large random integers, up to 2^53 − 1). */
export const IdCittadinoSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(1))

/** Profile ids carried in request bodies (`idProgramma`, `idProgetto`, `idEnte`); null for unscoped roles. */
export const ProfileIdsSchema = v.object({
  idProgramma: v.optional(v.nullable(IdSchema)),
  idProgetto: v.optional(v.nullable(IdSchema)),
  idEnte: v.optional(v.nullable(IdSchema)),
})
export type ProfileIds = v.InferOutput<typeof ProfileIdsSchema>

/**
 * Identity-document number: 5–10 letters/digits, `_ . -` allowed (spec 002 §5), trimmed and upper-cased.
 * Shared by the addition of a citizen and by the compile's `numeroDocumentoDaAggiornare`.
 */
export const NumeroDocumentoSchema = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9_.-]{5,10}$/, 'Numero documento non valido'))
