/**
 * Citizens of a service on the wire (spec 002 §2 'Aggiungi cittadino al servizio', §5, §7 "Citizens", §8;
 * platform-backend §5.2, §6; platform-frontend §5).
 *
 * Fiscal codes: a citizen is identified on the server by a keyed hash (HMAC) of the fiscal code; the clear
 * code is NEVER stored nor returned by any answer. Requests carry it in clear inside the JSON body (not in
 * the URL): the transport is HTTPS, which protects it in transit, and the server hashes it immediately.
 * The reference's AES "encryption" with a key shipped in the front-end bundle is deliberately not
 * reproduced: it added no protection over TLS.
 */
import * as v from 'valibot'
import { IdCittadinoSchema, IdSchema, NumeroDocumentoSchema, ProfileIdsSchema, VersioneLettaSchema } from './common'
import { CITTADINANZA, GENERE, STATO_OCCUPAZIONALE, TIPO_DOCUMENTO, TITOLO_DI_STUDIO } from './enums'
import { STATI_QUESTIONARIO, StatoQuestionarioSchema } from './questionario'

/** Search kinds: by fiscal code, or by document number (any document type). */
export const TIPI_RICERCA_CITTADINO = ['CF', 'NUM_DOC'] as const

export { NumeroDocumentoSchema }

/**
 * Body of `POST /servizio/cittadino` (search). `idServizio`, when it names a service the caller sees,
 * adds `giaAssociatoAlServizio` to each row.
 */
export const RicercaCittadinoBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  criterioRicerca: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.minLength(1), v.maxLength(32)),
  tipoDocumento: v.picklist(TIPI_RICERCA_CITTADINO),
  idServizio: v.optional(v.nullable(IdSchema)),
})
export type RicercaCittadinoBody = v.InferOutput<typeof RicercaCittadinoBodySchema>

/**
 * A match of the search: demographic data only, never a clear identifier (security issue 6, item 4).
 * Within the caller's scope (the citizen is on a service the caller sees, server/domain/ambito/servizi.ts)
 * the row carries the citizen's data. Outside it, `datiRiservati: true` and only what the identifier
 * typed itself says: that the citizen exists, the gender and age band of the fiscal code (null on the
 * document path) and the type of the document; the other fields are null, to be asked at the desk.
 * `idCittadino` is random (not guessable) and attaches nobody by itself: an addition needs the identity.
 */
export const CittadinoTrovatoSchema = v.object({
  idCittadino: v.number(),
  genere: v.nullable(v.string()),
  fasciaDiEtaId: v.nullable(v.number()),
  titoloDiStudio: v.nullable(v.string()),
  occupazione: v.nullable(v.string()),
  provinciaDiDomicilio: v.nullable(v.string()),
  cittadinanza: v.nullable(v.string()),
  /** document type of a citizen registered by document (null for the fiscal-code path) */
  tipoDocumento: v.nullable(v.string()),
  /** the citizen's registry version (issue 27), in the field sync's records (the device keeps it with each addition) */
  versione: VersioneLettaSchema,
  /** present when the search named a service the caller sees: the citizen is already on it (U23 if added again) */
  giaAssociatoAlServizio: v.optional(v.boolean()),
  /** true: the citizen is outside the caller's scope and the data above are only what the identifier says */
  datiRiservati: v.optional(v.boolean()),
  /**
   * the citizen's masked fiscal code or document number (src/lib/masked-identity.ts), null for citizens
   * registered before masks existed; absent outside the caller's scope
   */
  identificativoMascherato: v.optional(v.nullable(v.string())),
})
export type CittadinoTrovato = v.InferOutput<typeof CittadinoTrovatoSchema>
export const RicercaCittadinoRispostaSchema = v.array(CittadinoTrovatoSchema)

const Opt = <S extends v.GenericSchema>(s: S) => v.optional(v.nullable(s))

/**
 * Body of `POST /servizio/cittadino/{idServizio}` (add a citizen to a service).
 * Identify the citizen by the identity typed at the desk, ONE of: `codiceFiscale` (validated,
 * upper-cased; gender and age band derived from it) or `tipoDocumento` + `numeroDocumento`
 * (`codiceFiscaleNonDisponibile: true`; gender defaults to 'Preferisco non rispondere', `fasciaDiEtaId`
 * required). The server matches it through the keyed hash (security issue 6, item 1). `idCittadino` (a
 * search match) is optional and only checked against that identity: alone, or naming another citizen,
 * it is refused (400 U27).
 * `nuovoCittadino: true` refuses an existing citizen (409 U07); `false` reuses an existing one or
 * creates it when absent — the choice for entries queued offline, where no search could run.
 * Demographic fields are required when the citizen is created and when an existing citizen is outside
 * the caller's scope (the search answered `datiRiservati`): the data declared at the desk are then the
 * citizen's; a citizen already within the scope keeps its data and the fields are ignored.
 */
export const AggiungiCittadinoBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  nuovoCittadino: v.boolean(),
  idCittadino: Opt(IdCittadinoSchema),
  codiceFiscale: Opt(v.pipe(v.string(), v.trim(), v.toUpperCase())),
  codiceFiscaleNonDisponibile: Opt(v.boolean()),
  tipoDocumento: Opt(v.picklist(TIPO_DOCUMENTO)),
  numeroDocumento: Opt(NumeroDocumentoSchema),
  genere: Opt(v.picklist(GENERE)),
  fasciaDiEtaId: Opt(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))),
  titoloDiStudio: Opt(v.picklist(TITOLO_DI_STUDIO)),
  occupazione: Opt(v.picklist(STATO_OCCUPAZIONALE)),
  provinciaDiDomicilio: Opt(v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(60))),
  cittadinanza: Opt(v.picklist(CITTADINANZA)),
  codInserimento: Opt(v.string()),
})
export type AggiungiCittadinoBody = v.InferOutput<typeof AggiungiCittadinoBodySchema>

/** Answer of the addition (201): the citizen's id and its questionnaire instance for this service. */
export const AggiungiCittadinoRispostaSchema = v.object({ id: v.number(), idQuestionario: v.string() })
export type AggiungiCittadinoRisposta = v.InferOutput<typeof AggiungiCittadinoRispostaSchema>

/**
 * Body of `POST /servizio/cittadino/all/{idServizio}?currPage&pageSize`: `criterioRicerca` is a fiscal
 * code (matched by its hash) or a citizen id; `statiQuestionario` filters the survey states.
 */
export const CittadiniServizioBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.object({
    criterioRicerca: Opt(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(32))),
    statiQuestionario: v.optional(v.pipe(v.array(StatoQuestionarioSchema), v.maxLength(STATI_QUESTIONARIO.length))),
  })),
})
export type CittadiniServizioBody = v.InferOutput<typeof CittadiniServizioBodySchema>

/** A citizen of the service with its survey state. */
export const CittadinoServizioRigaSchema = v.object({
  idCittadino: v.number(),
  idQuestionario: v.string(),
  statoQuestionario: StatoQuestionarioSchema,
  /** ISO timestamp of the survey's last change */
  dataUltimoAggiornamento: v.string(),
  genere: v.nullable(v.string()),
  /** age band label, e.g. '30-54' */
  fasciaDiEta: v.nullable(v.string()),
  /** masked fiscal code or document number (src/lib/masked-identity.ts); null: registered before masks existed */
  identificativoMascherato: v.optional(v.nullable(v.string())),
  /** ISO timestamp of the citizen's addition to the service */
  dataOraAggiunta: v.optional(v.string()),
  /** ISO expiry of the survey's online link, when one was created ('Invia questionario') */
  scadenzaLink: v.optional(v.nullable(v.string())),
})
export type CittadinoServizioRiga = v.InferOutput<typeof CittadinoServizioRigaSchema>

/**
 * Answer of the citizens of a service. `numeroTotaleElementi` counts the filtered rows;
 * `numeroCittadini` and `numeroQuestionariCompilati` are the service's counters ('Cittadini
 * partecipanti', 'Questionari compilati'), unfiltered.
 */
export const CittadiniServizioRispostaSchema = v.object({
  cittadini: v.array(CittadinoServizioRigaSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
  numeroCittadini: v.number(),
  numeroQuestionariCompilati: v.number(),
})
export type CittadiniServizioRisposta = v.InferOutput<typeof CittadiniServizioRispostaSchema>
