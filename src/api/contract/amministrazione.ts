/**
 * The administrative lists on the wire (spec 002 §2 "List screens share one pattern", §7 "Generic entity
 * calls"; platform-backend §4.4 scoping, §13 envelopes): programmes, projects, bodies and users.
 * Imported by the client and by the server: one definition of each payload.
 *
 * Every list is `POST /{entity}/all?currPage&pageSize` (PaginazioneQuerySchema of ./servizio: `currPage`
 * zero-based) with a body of the caller's profile ids, `filtroRequest` (the filter names of §13) and, an
 * addition of ours, `ordinamento` (sort column and direction; default: name ascending). The answer holds the
 * page's rows under the entity's plural key plus `numeroPagine` and `numeroTotaleElementi`; a page beyond the
 * last answers 400 G03 (a page 0 of an empty list is an empty page). The same body goes to
 * `POST /{entity}/download` (the whole filtered list as CSV) and to `POST /{entity}/{dropdownType}/dropdown`
 * (the options of one filter, computed over the caller's scope).
 */
import * as v from 'valibot'
import { OpzioneSchema, MAX_FILTER_VALUES } from './servizio'
import { PolicySchema, ProfileIdsSchema } from './common'

/** States of programmes, projects, partner bodies, sites and links (platform-backend §1, §2). */
export const STATI_ENTITA = ['NON ATTIVO', 'ATTIVABILE', 'ATTIVO', 'TERMINATO'] as const
export const StatoEntitaSchema = v.picklist(STATI_ENTITA)
export type StatoEntita = v.InferOutput<typeof StatoEntitaSchema>

const Criterio = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200))))
const Values = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(MAX_FILTER_VALUES)))
const Ids = v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(MAX_FILTER_VALUES)))

/** Sort of a list: a column key of the entity (each list names the ones it accepts; others answer 400 G02). */
export const OrdinamentoSchema = v.object({
  campo: v.pipe(v.string(), v.maxLength(40)),
  verso: v.picklist(['asc', 'desc']),
})
export type Ordinamento = v.InferOutput<typeof OrdinamentoSchema>

/** Builds the body schema of a list (`/all`, `/download`, dropdowns) around its filter schema. */
function listaBody<F extends v.GenericSchema>(filtro: F) {
  return v.object({
    ...ProfileIdsSchema.entries,
    filtroRequest: v.optional(v.nullable(filtro)),
    ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
  })
}

// ---- programmes (`/programma/all`) ---------------------------------------------------------------

/** Filters of the programmes list: search over name, short name, code or id; policies; states. */
export const FiltroProgrammiSchema = v.object({
  filtroCriterioRicerca: Criterio,
  filtroPolicies: Values,
  filtroStati: Values,
})
export const ProgrammiListaBodySchema = listaBody(FiltroProgrammiSchema)
export type ProgrammiListaBody = v.InferOutput<typeof ProgrammiListaBodySchema>

/** A row: columns Nome, ID, Intervento (policy), Ente gestore, Stato. */
export const ProgrammaRigaSchema = v.object({
  id: v.number(),
  nome: v.string(),
  nomeBreve: v.string(),
  codice: v.string(),
  policy: PolicySchema,
  nomeEnteGestore: v.nullable(v.string()),
  stato: StatoEntitaSchema,
})
export type ProgrammaRiga = v.InferOutput<typeof ProgrammaRigaSchema>
export const ProgrammiListaSchema = v.object({ programmi: v.array(ProgrammaRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })
export type ProgrammiLista = v.InferOutput<typeof ProgrammiListaSchema>

// ---- projects (`/progetto/all`) ------------------------------------------------------------------

/** Filters of the projects list: those of the programmes plus the programmes they belong to. */
export const FiltroProgettiSchema = v.object({
  filtroCriterioRicerca: Criterio,
  filtroPolicies: Values,
  filtroStati: Values,
  filtroIdsProgrammi: Ids,
})
export const ProgettiListaBodySchema = listaBody(FiltroProgettiSchema)
export type ProgettiListaBody = v.InferOutput<typeof ProgettiListaBodySchema>

/** A row: columns Nome, ID, Intervento, Ente gestore, Stato (and the programme it belongs to). */
export const ProgettoRigaSchema = v.object({
  id: v.number(),
  nome: v.string(),
  nomeBreve: v.string(),
  idProgramma: v.number(),
  nomeProgramma: v.string(),
  policy: PolicySchema,
  nomeEnteGestore: v.nullable(v.string()),
  stato: StatoEntitaSchema,
})
export type ProgettoRiga = v.InferOutput<typeof ProgettoRigaSchema>
export const ProgettiListaSchema = v.object({ progetti: v.array(ProgettoRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })
export type ProgettiLista = v.InferOutput<typeof ProgettiListaSchema>

// ---- bodies (`/ente/all`) ------------------------------------------------------------------------

/** The profiles a body holds (column Profili), as platform-backend §13 names them. */
export const PROFILI_ENTE = ['ENTE GESTORE DI PROGRAMMA', 'ENTE GESTORE DI PROGETTO', 'ENTE PARTNER'] as const

/** Filters of the bodies list: search over name, short name, VAT number or id; profiles; programmes; projects; policies. */
export const FiltroEntiSchema = v.object({
  criterioRicerca: Criterio,
  profili: Values,
  idsProgrammi: Ids,
  idsProgetti: Ids,
  filtroPolicies: Values,
})
export const EntiListaBodySchema = listaBody(FiltroEntiSchema)
export type EntiListaBody = v.InferOutput<typeof EntiListaBodySchema>

/** A row, one per body: columns Nome, ID, 'Tipologia ente', Profili (joined by ', '). */
export const EnteRigaSchema = v.object({
  id: v.number(),
  nome: v.string(),
  nomeBreve: v.string(),
  tipologia: v.nullable(v.string()),
  profilo: v.string(),
})
export type EnteRiga = v.InferOutput<typeof EnteRigaSchema>
export const EntiListaSchema = v.object({ enti: v.array(EnteRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })
export type EntiLista = v.InferOutput<typeof EntiListaSchema>

// ---- users (`/utente/all`) -----------------------------------------------------------------------

/** States of a platform user (platform-backend §2.10). */
export const STATI_UTENTE = ['NON ATTIVO', 'ATTIVO'] as const

/** Filters of the users list: search over name, surname, fiscal code or id; role codes; states. */
export const FiltroUtentiSchema = v.object({
  criterioRicerca: Criterio,
  ruoli: Values,
  stati: Values,
})
export const UtentiListaBodySchema = listaBody(FiltroUtentiSchema)
export type UtentiListaBody = v.InferOutput<typeof UtentiListaBodySchema>

/** A row: columns 'Cognome e Nome' (`nome` holds "Cognome Nome"), ID, 'Stato Utente', Ruolo (codes joined by ', '). */
export const UtenteRigaSchema = v.object({
  id: v.number(),
  nome: v.string(),
  codiceFiscale: v.string(),
  ruoli: v.string(),
  stato: v.picklist(STATI_UTENTE),
})
export type UtenteRiga = v.InferOutput<typeof UtenteRigaSchema>
export const UtentiListaSchema = v.object({ utenti: v.array(UtenteRigaSchema), numeroPagine: v.number(), numeroTotaleElementi: v.number() })
export type UtentiLista = v.InferOutput<typeof UtentiListaSchema>

// ---- dropdowns -----------------------------------------------------------------------------------

/**
 * Answer of `POST /{entity}/{dropdownType}/dropdown`: strings for value filters (`policies`, `stati`,
 * `profili`, `ruoli`), `{id, nome}` for entity filters (`programmi`, `progetti`). The options are those present
 * in the caller's scope; an empty answer shows 'Non ci sono opzioni per questo filtro'.
 */
export const DropdownOpzioniSchema = v.union([v.array(v.string()), v.array(OpzioneSchema)])
export type DropdownOpzioni = v.InferOutput<typeof DropdownOpzioniSchema>
