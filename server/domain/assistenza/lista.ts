/**
 * The received assistance tickets as a list of the generic engine (`POST /ticketassistenza/all`,
 * `ticket.csv`; issue 11 point 4): for holders of `list.ticket` (DTD), every ticket. Search: subject,
 * sender's name, ticket number. Sort: dataOraCreazione (default, newest first), id, oggetto.
 */
import { sql } from 'drizzle-orm'
import type { FiltroTicket, TicketRiga } from '../../../src/api/contract/assistenza'
import { ticketAllegato, ticketAssistenza } from '../../db/schema'
import { foldTerm, type ListDefinition } from '../liste/engine'

const str = (v: unknown) => (v === null || v === undefined ? null : String(v))

const columns = {
  id: sql`${ticketAssistenza.id}`, dataOraCreazione: sql`${ticketAssistenza.dataOraCreazione}`, nome: sql`${ticketAssistenza.nome}`,
  email: sql`${ticketAssistenza.email}`, ruoloUtente: sql`${ticketAssistenza.ruoloUtente}`, policy: sql`${ticketAssistenza.policy}`,
  nomeProgramma: sql`${ticketAssistenza.nomeProgramma}`, nomeProgetto: sql`${ticketAssistenza.nomeProgetto}`, nomeEnte: sql`${ticketAssistenza.nomeEnte}`,
  areaTematica: sql`${ticketAssistenza.areaTematica}`, altraAreaTematica: sql`${ticketAssistenza.altraAreaTematica}`,
  oggetto: sql`${ticketAssistenza.oggetto}`, descrizione: sql`${ticketAssistenza.descrizione}`,
  allegati: sql`(select count(*) from ${ticketAllegato} where ${ticketAllegato.idTicket} = ${ticketAssistenza.id})`,
}

function toRow(r: Record<string, unknown>): TicketRiga {
  const d = r.dataOraCreazione
  return {
    id: Number(r.id), dataOraCreazione: (d instanceof Date ? d : new Date(String(d))).toISOString(), nome: String(r.nome ?? ''), email: str(r.email),
    ruoloUtente: String(r.ruoloUtente ?? ''), policy: str(r.policy), nomeProgramma: str(r.nomeProgramma), nomeProgetto: str(r.nomeProgetto),
    nomeEnte: str(r.nomeEnte), areaTematica: String(r.areaTematica ?? ''), altraAreaTematica: str(r.altraAreaTematica),
    oggetto: String(r.oggetto ?? ''), descrizione: String(r.descrizione ?? ''), allegati: Number(r.allegati ?? 0),
  }
}

export const ticketList: ListDefinition<FiltroTicket, TicketRiga> = {
  entity: 'ticketassistenza',
  rowsKey: 'ticket',
  from: sql`${ticketAssistenza}`,
  id: sql`${ticketAssistenza.id}`,
  where: (_caller, f) => {
    const t = f?.filtroCriterioRicerca?.trim()
    if (!t) return []
    const pattern = `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const parts = [sql`pd_fold(${ticketAssistenza.oggetto}) like ${pattern}`, sql`pd_fold(${ticketAssistenza.nome}) like ${pattern}`]
    if (/^\d{1,9}$/.test(t)) parts.push(sql`${ticketAssistenza.id} = ${Number(t)}`)
    return [sql`(${sql.join(parts, sql` or `)})`]
  },
  columns: () => columns,
  sortable: {
    dataOraCreazione: [sql`${ticketAssistenza.dataOraCreazione}`],
    id: [],
    oggetto: [sql`pd_fold(${ticketAssistenza.oggetto})`],
  },
  defaultSort: { campo: 'dataOraCreazione', verso: 'desc' },
  toRow,
  csv: {
    filename: 'ticket.csv',
    header: ['Numero', 'Data e ora', 'Nominativo', 'E-mail', 'Ruolo', 'Intervento', 'Programma', 'Progetto', 'Ente', 'Area tematica', 'Altra area', 'Oggetto', 'Allegati'],
    cells: (r) => [r.id, r.dataOraCreazione, r.nome, r.email, r.ruoloUtente, r.policy, r.nomeProgramma, r.nomeProgetto, r.nomeEnte, r.areaTematica,
      r.altraAreaTematica, r.oggetto, r.allegati],
  },
  dropdowns: {},
  permissions: { list: 'list.ticket', download: 'list.ticket' },
}
