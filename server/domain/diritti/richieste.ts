/**
 * The erasure requests as the data-protection role reads them (issue 28 part 3; 'Richieste di cancellazione'), a
 * list of the generic engine (`POST /richiesteCancellazione/all`, `/download` → `richieste-cancellazione.csv`;
 * gest.dati.personali): only requests about citizens in the caller's scope (a citizen on a service the caller
 * sees, server/domain/ambito/servizi.ts); default order `priorita`: the waiting ones first, oldest first, then the
 * decided ones, most recently decided first; `richiestaIl` sorts by the request's date. Filter by state; the search
 * is the citizen's id (digits) or part of the requester's name. The requester is a platform user (named); the
 * citizen by its mask and internal id only.
 */
import { sql } from 'drizzle-orm'
import {
  ETICHETTE_STATO_RICHIESTA, type FiltroRichieste, type RichiestaCancellazione,
} from '../../../src/api/contract/diritti'
import { cittadino, programma, progetto, richiestaCancellazione, servizio, servizioXCittadino, utente } from '../../db/schema'
import { serviceScope } from '../ambito'
import { filterValues, foldTerm, inList, type ListDefinition } from '../liste/engine'
import { nominativo } from '../servizi'

const r = richiestaCancellazione
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString()
const IN_ATTESA = sql`${r.stato} = 'IN_ATTESA'`

/** The waiting requests first (oldest first), then the decided ones (most recent decision first); ascending. */
const PRIORITA = [
  sql`case when ${IN_ATTESA} then 0 else 1 end`,
  sql`case when ${IN_ATTESA} then extract(epoch from ${r.richiestaIl}) else -extract(epoch from coalesce(${r.decisaIl}, ${r.richiestaIl})) end`,
]

/** The WHERE parts of the search and the state filter. */
function condizioni(f: FiltroRichieste | null | undefined) {
  const stati = filterValues(f?.stati ?? undefined)
  const t = f?.criterioRicerca?.trim()
  const pattern = t ? `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : ''
  const cerca = !t ? undefined : /^\d{1,16}$/.test(t) ? (Number.isSafeInteger(Number(t)) ? sql`${r.idCittadino} = ${Number(t)}` : sql`false`)
    : sql`(pd_fold(${utente.cognome} || ' ' || ${utente.nome}) like ${pattern} or pd_fold(${utente.nome} || ' ' || ${utente.cognome}) like ${pattern})`
  return [cerca, stati ? inList(sql`${r.stato}`, stati) : undefined]
}

export const richiesteList: ListDefinition<FiltroRichieste, RichiestaCancellazione> = {
  entity: 'richiesteCancellazione',
  rowsKey: 'richieste',
  from: sql`${r} join ${cittadino} on ${cittadino.id} = ${r.idCittadino} join ${utente} on ${utente.id} = ${r.richiestaDa}`,
  id: sql`${r.id}`,
  where: (caller, f) => {
    const scope = serviceScope(caller)
    return [
      scope && sql`exists (select 1 from ${servizioXCittadino} join ${servizio} on ${servizio.id} = ${servizioXCittadino.idServizio}
        join ${progetto} on ${progetto.id} = ${servizio.idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}
        where ${servizioXCittadino.idCittadino} = ${r.idCittadino} and ${scope})`,
      ...condizioni(f),
    ]
  },
  columns: () => ({
    id: sql`${r.id}`, idCittadino: sql`${r.idCittadino}`, mask: sql`${cittadino.identificativoMascherato}`, motivo: sql`${r.motivo}`,
    stato: sql`${r.stato}`, nome: sql`${utente.nome}`, cognome: sql`${utente.cognome}`, ruolo: sql`${r.ruoloRichiedente}`,
    richiestaIl: sql`${r.richiestaIl}`, decisaIl: sql`${r.decisaIl}`, nota: sql`${r.nota}`,
  }),
  sortable: { priorita: PRIORITA, richiestaIl: [sql`${r.richiestaIl}`] },
  defaultSort: { campo: 'priorita', verso: 'asc' },
  toRow: (x) => ({
    id: Number(x.id), idCittadino: Number(x.idCittadino), identificativoMascherato: x.mask === null ? null : String(x.mask), motivo: String(x.motivo),
    stato: String(x.stato) as RichiestaCancellazione['stato'], richiedente: nominativo(String(x.nome), String(x.cognome)), ruoloRichiedente: String(x.ruolo),
    richiestaIl: iso(x.richiestaIl), decisaIl: x.decisaIl === null || x.decisaIl === undefined ? null : iso(x.decisaIl), nota: x.nota === null ? null : String(x.nota),
  }),
  csv: {
    filename: 'richieste-cancellazione.csv',
    header: ['Numero', 'Id cittadino', 'Identificativo', 'Motivo', 'Richiesta da', 'Ruolo', 'Data richiesta', 'Stato', 'Data decisione', 'Nota'],
    cells: (x) => [x.id, x.idCittadino, x.identificativoMascherato, x.motivo, x.richiedente, x.ruoloRichiedente, x.richiestaIl,
      ETICHETTE_STATO_RICHIESTA[x.stato], x.decisaIl, x.nota],
  },
  dropdowns: {},
  permissions: { list: 'gest.dati.personali', download: 'gest.dati.personali' },
}
