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
  /** 409 V01 only (issue 27): the record as it is now, in the shape of the read that feeds the edit */
  corrente: v.optional(v.unknown()),
  /** 409 V01 only: when that record last changed (ISO) */
  modificatoIl: v.optional(v.string()),
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

/**
 * A record's row version (issue 27; README "Record versions"): 1 at creation, + 1 at every change. Reads that feed an
 * edit carry it, updates and deletes send the one they were based on (409 V01 when stale, 428 V02 when missing).
 */
export const VersioneSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(INT32_MAX))
/**
 * `versione` on a read that feeds an edit: optional in the contract only because cards stored on the device by an
 * older build lack it — a form whose read has none never sends (src/ui/conflitto, VersioneMancante).
 */
export const VersioneLettaSchema = v.optional(VersioneSchema)
/** The `versione` entry of an update or delete body (spread into the body's object schema). */
export const CorpoVersioneSchema = v.object({ versione: VersioneSchema })
/** The new `versione` a successful update answers. */
export const VersioneRispostaSchema = v.object({ versione: v.optional(VersioneSchema) })

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
