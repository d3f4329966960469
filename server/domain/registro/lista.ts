/**
 * The access register as a list of the generic engine (issue 28 part 1; `POST /registroAccessi/all`,
 * `/registroAccessi/download` → `registro-accessi.csv`), for holders of `view.registro.accessi` (DTD by default, a
 * custom 'Responsabile protezione dati' role): every row, newest first; filters period (days, inclusive), user id,
 * roles, entities, actions, outcomes; the search names the user (an id, or part of a user's name). The user's name is joined from `utente` (a user of the platform, never a citizen).
 */
import { sql } from 'drizzle-orm'
import {
  AZIONI_REGISTRO, ENTITA_REGISTRO, ESITI_REGISTRO, ETICHETTE_AZIONE, ETICHETTE_ENTITA, ETICHETTE_ESITO,
  type AzioneRegistro, type EsitoRegistro, type FiltroRegistro, type RigaRegistro,
} from '../../../src/api/contract/registro-accessi'
import { registroAccessi, ruolo, utente } from '../../db/schema'
import { filterValues, foldTerm, inList, rowsOf, type ListDefinition } from '../liste/engine'

export const PERMESSO_REGISTRO = 'view.registro.accessi'

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))

export const colonneRegistro = {
  id: sql`${registroAccessi.id}`, quando: sql`${registroAccessi.quando}`, idUtente: sql`${registroAccessi.idUtente}`,
  utente: sql`(select ${utente.cognome} || ' ' || ${utente.nome} from ${utente} where ${utente.id} = ${registroAccessi.idUtente})`,
  codiceRuolo: sql`${registroAccessi.codiceRuolo}`, idProgramma: sql`${registroAccessi.idProgramma}`, idProgetto: sql`${registroAccessi.idProgetto}`,
  idEnte: sql`${registroAccessi.idEnte}`, entita: sql`${registroAccessi.entita}`, idEntita: sql`${registroAccessi.idEntita}`,
  righe: sql`${registroAccessi.righe}`, azione: sql`${registroAccessi.azione}`, esito: sql`${registroAccessi.esito}`,
  idRichiesta: sql`${registroAccessi.idRichiesta}`, indirizzo: sql`${registroAccessi.indirizzo}`, dettaglio: sql`${registroAccessi.dettaglio}`,
}

export function rigaRegistro(r: Record<string, unknown>): RigaRegistro {
  const q = r.quando
  return {
    id: Number(r.id), quando: (q instanceof Date ? q : new Date(String(q))).toISOString(), idUtente: num(r.idUtente), utente: str(r.utente),
    codiceRuolo: str(r.codiceRuolo), idProgramma: num(r.idProgramma), idProgetto: num(r.idProgetto), idEnte: num(r.idEnte),
    entita: String(r.entita), idEntita: str(r.idEntita), righe: num(r.righe), azione: String(r.azione), esito: String(r.esito),
    idRichiesta: str(r.idRichiesta), indirizzo: str(r.indirizzo), dettaglio: str(r.dettaglio),
  }
}

/** The WHERE parts of the filters. */
export function condizioniRegistro(f: FiltroRegistro | null | undefined) {
  const ruoli = filterValues(f?.ruoli ?? undefined)
  const entita = filterValues(f?.entita ?? undefined)
  const azioni = filterValues(f?.azioni ?? undefined)
  const esiti = filterValues(f?.esiti ?? undefined)
  const t = f?.criterioRicerca?.trim()
  const pattern = t ? `%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : ''
  const utenteCercato = !t ? undefined : /^\d{1,9}$/.test(t) ? sql`${registroAccessi.idUtente} = ${Number(t)}`
    : sql`${registroAccessi.idUtente} in (select ${utente.id} from ${utente}
      where pd_fold(${utente.cognome} || ' ' || ${utente.nome}) like ${pattern} or pd_fold(${utente.nome} || ' ' || ${utente.cognome}) like ${pattern})`
  return [
    utenteCercato,
    f?.dal ? sql`${registroAccessi.quando} >= ${f.dal}::date` : undefined,
    f?.al ? sql`${registroAccessi.quando} < (${f.al}::date + 1)` : undefined,
    f?.idUtente ? sql`${registroAccessi.idUtente} = ${f.idUtente}` : undefined,
    ruoli ? inList(sql`${registroAccessi.codiceRuolo}`, ruoli) : undefined,
    entita ? inList(sql`${registroAccessi.entita}`, entita) : undefined,
    azioni ? inList(sql`${registroAccessi.azione}`, azioni) : undefined,
    esiti ? inList(sql`${registroAccessi.esito}`, esiti) : undefined,
  ]
}

const etichetta = <K extends string>(labels: Record<K, string>, value: string) => (labels as Record<string, string>)[value] ?? value

export const registroList: ListDefinition<FiltroRegistro, RigaRegistro> = {
  entity: 'registroAccessi',
  rowsKey: 'righe',
  from: sql`${registroAccessi}`,
  id: sql`${registroAccessi.id}`,
  where: (_caller, f) => condizioniRegistro(f),
  columns: () => colonneRegistro,
  sortable: { quando: [sql`${registroAccessi.quando}`], id: [] },
  defaultSort: { campo: 'quando', verso: 'desc' },
  toRow: rigaRegistro,
  csv: {
    filename: 'registro-accessi.csv',
    header: ['Numero', 'Data e ora', 'Id utente', 'Utente', 'Ruolo', 'Id programma', 'Id progetto', 'Id ente', 'Oggetto', 'Id oggetto',
      'Righe', 'Azione', 'Esito', 'Id richiesta', 'Indirizzo', 'Dettaglio'],
    cells: (r) => [r.id, r.quando, r.idUtente, r.utente, r.codiceRuolo, r.idProgramma, r.idProgetto, r.idEnte, etichetta(ETICHETTE_ENTITA, r.entita),
      r.idEntita, r.righe, etichetta(ETICHETTE_AZIONE as Record<AzioneRegistro, string>, r.azione), etichetta(ETICHETTE_ESITO as Record<EsitoRegistro, string>, r.esito),
      r.idRichiesta, r.indirizzo, r.dettaglio],
  },
  dropdowns: {
    ruoli: async (db) => (await rowsOf(db, sql`select ${ruolo.codice} as c from ${ruolo} order by 1`)).map((r) => String(r.c)),
    entita: async () => [...ENTITA_REGISTRO],
    azioni: async () => [...AZIONI_REGISTRO],
    esiti: async () => [...ESITI_REGISTRO],
  },
  permissions: { list: PERMESSO_REGISTRO, download: PERMESSO_REGISTRO },
}
