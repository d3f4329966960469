/**
 * The received assistance tickets on the list pattern (issue 11 point 4): `POST ticketassistenza/all`
 * (generic list engine, `list.ticket`), newest first; columns Numero · Data e ora · Nominativo · Ruolo ·
 * Intervento · Area tematica · Oggetto · Descrizione (stored rich text, purified) · Allegati; search by
 * subject, name or number; CSV `ticket.csv`.
 */
import { TicketPaginaSchema, type TicketRiga } from '../../api/contract/assistenza'
import { ALTRO_TAG } from '../../lib/assistenza'
import { formatDisplayDateTime } from '../../lib/dates'
import { compact, type ListState } from '../../ui/list/list-state'
import type { ListDefinition } from '../../ui/list/ServerList'
import { wireList } from '../../ui/list/wire-list'
import { RichTextView } from '../../ui/rich-text/RichTextView'
import { assistenzaKeys } from './keys'

const area = (r: TicketRiga) => (r.areaTematica === ALTRO_TAG ? `Altro: ${r.altraAreaTematica ?? ''}` : r.areaTematica)

/** The tickets list definition. */
export function ticketDefinition(): ListDefinition<TicketRiga> {
  return {
    ...wireList({
      entity: 'ticketassistenza', filtro: (s: ListState) => compact({ filtroCriterioRicerca: s.q || undefined }), schema: TicketPaginaSchema, rows: (d) => d.ticket,
      queryKey: assistenzaKeys.ticket, singular: 'richiesta', plural: 'richieste', theseRows: 'le richieste di assistenza', csv: 'ticket.csv',
    }),
    caption: 'Richieste di assistenza ricevute',
    columns: [
      { key: 'id', header: 'Numero', sortKey: 'id', cell: (r) => r.id },
      { key: 'data', header: 'Data e ora', sortKey: 'dataOraCreazione', cell: (r) => formatDisplayDateTime(r.dataOraCreazione) },
      { key: 'nome', header: 'Nominativo', cell: (r) => (r.email ? <>{r.nome}<br /><a href={`mailto:${r.email}`}>{r.email}</a></> : r.nome) },
      { key: 'ruolo', header: 'Ruolo', cell: (r) => r.ruoloUtente },
      { key: 'intervento', header: 'Intervento', cell: (r) => r.policy ?? '—' },
      { key: 'area', header: 'Area tematica', cell: area },
      { key: 'oggetto', header: 'Oggetto', sortKey: 'oggetto', cell: (r) => r.oggetto },
      { key: 'descrizione', header: 'Descrizione', cell: (r) => <RichTextView html={r.descrizione} /> },
      { key: 'allegati', header: 'Allegati', cell: (r) => r.allegati },
    ],
    rowKey: (r) => String(r.id),
    summary: (r) => `Richiesta ${r.id} · ${r.oggetto}`,
    search: { label: 'Cerca richiesta', placeholder: 'Inserisci oggetto, nominativo o numero della richiesta' },
    filters: [],
    defaultSort: { campo: 'dataOraCreazione', verso: 'desc' },
  }
}
