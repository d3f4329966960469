/**
 * The technical-assistance request on the wire (issue 11 point 4; spec 002 §3, §7; platform-frontend §6;
 * platform-backend §12). Imported by the client and by the server.
 *
 * | call | access | body | answer |
 * |---|---|---|---|
 * | POST /assistenza/tematiche | any logged-in role | profile ids | Tematica[] (without 'Altro': the form appends it) |
 * | POST /assistenza/apriTicket | an eligible role (src/lib/assistenza.ts) | ApriTicketBody | 201 TicketAperto |
 * | POST /ticketassistenza/all?currPage&pageSize (list engine) | list.ticket | TicketListaBody | {ticket, numeroPagine, numeroTotaleElementi} |
 *
 * `fileData`: base64 of the gzip (pako) of the JSON array `[{name, data}]`, `data` the file's bytes in
 * base64; '' or absent without attachments. Sender's name, e-mail, fiscal code, role and the names of
 * programme, project and body are taken by the server from the logged-in user and the chosen profile
 * (the body may carry them, as the reference's does: they are ignored).
 */
import * as v from 'valibot'
import { ProfileIdsSchema } from './common'
import { OrdinamentoSchema } from './amministrazione'
import { MAX_OGGETTO } from '../../lib/assistenza'

export const TematicaSchema = v.object({ tag: v.string(), descrizione: v.string() })
export type Tematica = v.InferOutput<typeof TematicaSchema>
export const TematicheSchema = v.array(TematicaSchema)

const testo = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

export const ApriTicketBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  areaTematica: testo(100),
  altraAreaTematica: v.optional(v.nullable(testo(MAX_OGGETTO))),
  oggetto: testo(MAX_OGGETTO),
  /** HTML of the rich-text editor (sanitised by the server) */
  descrizione: v.pipe(v.string(), v.maxLength(100_000)),
  fileData: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(16 * 1024 * 1024)))),
  // the reference's sender fields: accepted and ignored
  nome: v.optional(v.unknown()),
  email: v.optional(v.unknown()),
  codiceFiscale: v.optional(v.unknown()),
  ruoloUtente: v.optional(v.unknown()),
  nomeProgramma: v.optional(v.unknown()),
  nomeProgetto: v.optional(v.unknown()),
  nomeEnte: v.optional(v.unknown()),
  policy: v.optional(v.unknown()),
})
export type ApriTicketBody = v.InferInput<typeof ApriTicketBodySchema>

/** One attachment inside `fileData`. */
export interface AllegatoWire { name: string; data: string }

/** Answer of apriTicket (the reference's BasicData). */
export interface TicketAperto {
  id: number
  /** '{oggetto} (ticket n. {id})' */
  codice: string
  text: string
  /** true when the confirmation e-mail was queued */
  emailInviata: boolean
}

/** A ticket in the DTD's list. */
export const TicketRigaSchema = v.object({
  id: v.number(),
  dataOraCreazione: v.string(),
  nome: v.string(),
  email: v.nullable(v.string()),
  ruoloUtente: v.string(),
  policy: v.nullable(v.string()),
  nomeProgramma: v.nullable(v.string()),
  nomeProgetto: v.nullable(v.string()),
  nomeEnte: v.nullable(v.string()),
  areaTematica: v.string(),
  altraAreaTematica: v.nullable(v.string()),
  oggetto: v.string(),
  /** sanitised HTML */
  descrizione: v.string(),
  allegati: v.number(),
})
export type TicketRiga = v.InferOutput<typeof TicketRigaSchema>

export const FiltroTicketSchema = v.object({
  filtroCriterioRicerca: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
})
export type FiltroTicket = v.InferOutput<typeof FiltroTicketSchema>

export const TicketListaBodySchema = v.object({
  ...ProfileIdsSchema.entries,
  filtroRequest: v.optional(v.nullable(FiltroTicketSchema)),
  ordinamento: v.optional(v.nullable(OrdinamentoSchema)),
})

export const TicketPaginaSchema = v.object({
  ticket: v.array(TicketRigaSchema),
  numeroPagine: v.number(),
  numeroTotaleElementi: v.number(),
})
export type TicketPagina = v.InferOutput<typeof TicketPaginaSchema>
