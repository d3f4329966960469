/**
 * The access register on the wire (issue 28 part 1): the one list of actions and outcomes, a register row, the
 * list's filters (`POST /api/registroAccessi/all`, `/download`) and the per-citizen view
 * (`POST /api/registroAccessi/cittadino`: "who accessed my data?", the citizen found by fiscal code through the
 * keyed hash). A row never carries a fiscal code or any personal value.
 */
import * as v from 'valibot'
import { ProfileIdsSchema } from './common'
import { OrdinamentoSchema } from './amministrazione'

/** Every action the register records (server/domain/registro: one list). */
export const AZIONI_REGISTRO = [
  'lettura', 'ricerca', 'esportazione', 'modifica', 'accesso', 'scelta_ruolo', 'negato', 'anonimizzazione', 'cancellazione', 'pulizia_registro',
] as const
export type AzioneRegistro = (typeof AZIONI_REGISTRO)[number]
export const ESITI_REGISTRO = ['ok', 'negato', 'errore'] as const
export type EsitoRegistro = (typeof ESITI_REGISTRO)[number]

/** Italian labels of the actions and outcomes (the page, the CSV). */
export const ETICHETTE_AZIONE: Record<AzioneRegistro, string> = {
  lettura: 'Lettura', ricerca: 'Ricerca', esportazione: 'Esportazione', modifica: 'Modifica', accesso: 'Accesso',
  scelta_ruolo: 'Scelta del ruolo', negato: 'Accesso negato', anonimizzazione: 'Anonimizzazione', cancellazione: 'Cancellazione',
  pulizia_registro: 'Pulizia del registro',
}
export const ETICHETTE_ESITO: Record<EsitoRegistro, string> = { ok: 'Riuscito', negato: 'Negato', errore: 'Errore' }

/** The entities the register names, with their Italian labels (filters, CSV). */
export const ETICHETTE_ENTITA: Record<string, string> = {
  cittadino: 'Cittadino', servizio: 'Cittadini di un servizio', questionario: 'Questionario compilato', programma: 'Cittadini di un programma',
  progetto: 'Cittadini di un progetto', campo: 'Sincronizzazione sul campo', utente: 'Utente', caricamento: 'Caricamento massivo',
  open_data: 'Open data', registro_accessi: 'Registro degli accessi', api: 'Richiesta non autorizzata',
}
export const ENTITA_REGISTRO = Object.keys(ETICHETTE_ENTITA)

/** One register row. */
export const RigaRegistroSchema = v.object({
  id: v.number(),
  quando: v.string(),
  idUtente: v.nullable(v.number()),
  /** "Cognome Nome" of the user (a user of the platform, not a citizen), null when unknown */
  utente: v.nullable(v.string()),
  codiceRuolo: v.nullable(v.string()),
  idProgramma: v.nullable(v.number()),
  idProgetto: v.nullable(v.number()),
  idEnte: v.nullable(v.number()),
  entita: v.string(),
  idEntita: v.nullable(v.string()),
  righe: v.nullable(v.number()),
  azione: v.string(),
  esito: v.string(),
  idRichiesta: v.nullable(v.string()),
  indirizzo: v.nullable(v.string()),
  dettaglio: v.nullable(v.string()),
})
export type RigaRegistro = v.InferOutput<typeof RigaRegistroSchema>

const Giorno = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))
const Testo = v.pipe(v.string(), v.trim(), v.maxLength(60))

/** Filters: period (days, inclusive), user (id, or a search over the users' names), role, entity, action, outcome. */
export const FiltroRegistroSchema = v.object({
  /** the user: an id (digits) or part of a user's name (never a citizen's) */
  criterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
  dal: v.optional(v.nullable(Giorno)),
  al: v.optional(v.nullable(Giorno)),
  idUtente: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)))),
  ruoli: v.optional(v.nullable(v.pipe(v.array(Testo), v.maxLength(50)))),
  entita: v.optional(v.nullable(v.pipe(v.array(Testo), v.maxLength(50)))),
  azioni: v.optional(v.nullable(v.pipe(v.array(v.picklist(AZIONI_REGISTRO)), v.maxLength(AZIONI_REGISTRO.length)))),
  esiti: v.optional(v.nullable(v.pipe(v.array(v.picklist(ESITI_REGISTRO)), v.maxLength(ESITI_REGISTRO.length)))),
})
export type FiltroRegistro = v.InferOutput<typeof FiltroRegistroSchema>

export const RegistroListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroRegistroSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})

export const RegistroPaginaSchema = v.object({
  righe: v.array(RigaRegistroSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})
export type RegistroPagina = v.InferOutput<typeof RegistroPaginaSchema>

/** Most rows the per-citizen view answers (newest first). */
export const REGISTRO_CITTADINO_MAX = 500

/** Body of the per-citizen view: the citizen's fiscal code (hashed on the server, never stored nor logged). */
export const RegistroCittadinoBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  codiceFiscale: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{16}$/)),
})

export const RegistroCittadinoRispostaSchema = v.object({
  idCittadino: v.number(),
  /** the services the citizen took part in (their ids) */
  servizi: v.array(v.number()),
  righe: v.array(RigaRegistroSchema),
  /** true when more than REGISTRO_CITTADINO_MAX rows matched (the newest are answered) */
  troncato: v.boolean(),
})
export type RegistroCittadinoRisposta = v.InferOutput<typeof RegistroCittadinoRispostaSchema>
