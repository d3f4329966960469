/**
 * The users list (`POST /utente/all`, dropdowns `ruoli` and `stati`, `utenti.csv`; platform-backend §4.4
 * row 4, §13). A user is in a caller's scope through a *link*: referent/delegate of a programme's managing
 * body, of a project's managing body or of a partner, or facilitator/volunteer at a site of a project.
 * - DTD / custom roles: every user; DSCU: users linked to an SCD programme; REG/DEG: linked to the profile
 *   programme (its projects included); REGP/DEGP: linked to the profile project; REPP/DEPP: referents,
 *   delegates and facilitators of the profile partner body in the profile project; FAC/VOL and MOD: none
 *   (an empty list, as the reference).
 * Rows: `nome` = "Cognome Nome", `ruoli` = the user's role codes joined by ', '. Search: name, surname
 * (either order), fiscal code or id. Filters: role codes (any), states. Sort: nome (default: surname,
 * name), id, codiceFiscale, stato.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { UtenteRiga, UtentiListaBody } from '../../../src/api/contract/amministrazione'
import {
  enteSedeProgettoFacilitatore, programma, progetto, referenteDelegatiGestoreProgetto, referenteDelegatiGestoreProgramma,
  referenteDelegatiPartner, utente, utenteXRuolo,
} from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { filterValues, inList, NOTHING, rowsOf, searchCondition, type ListDefinition } from './engine'
import { scopeOf } from '../ambito'

type FiltroUtenti = NonNullable<UtentiListaBody['filtroRequest']>

/** The ids of the users in the caller's scope as a subquery, undefined for "all", null for "none". */
function linkedUsers(caller: Caller): SQL | undefined | null {
  const s = scopeOf(caller)
  const rdgp = referenteDelegatiGestoreProgramma, rdgpr = referenteDelegatiGestoreProgetto, rdp = referenteDelegatiPartner
  const espf = enteSedeProgettoFacilitatore
  const inPrg = (idProgetto: SQL) => sql`join ${progetto} on ${progetto.id} = ${idProgetto} join ${programma} on ${programma.id} = ${progetto.idProgramma}`
  switch (s.kind) {
    case 'all': return undefined
    case 'none': case 'campo': return null
    case 'scd': return sql`select ${rdgp.idUtente} from ${rdgp} join ${programma} on ${programma.id} = ${rdgp.idProgramma} where ${programma.policy} = 'SCD'
      union all select ${rdgpr.idUtente} from ${rdgpr} ${inPrg(sql`${rdgpr.idProgetto}`)} where ${programma.policy} = 'SCD'
      union all select ${rdp.idUtente} from ${rdp} ${inPrg(sql`${rdp.idProgetto}`)} where ${programma.policy} = 'SCD'
      union all select ${espf.idFacilitatore} from ${espf} ${inPrg(sql`${espf.idProgetto}`)} where ${programma.policy} = 'SCD'`
    case 'programma': return sql`select ${rdgp.idUtente} from ${rdgp} where ${rdgp.idProgramma} = ${s.idProgramma}
      union all select ${rdgpr.idUtente} from ${rdgpr} join ${progetto} on ${progetto.id} = ${rdgpr.idProgetto} where ${progetto.idProgramma} = ${s.idProgramma}
      union all select ${rdp.idUtente} from ${rdp} join ${progetto} on ${progetto.id} = ${rdp.idProgetto} where ${progetto.idProgramma} = ${s.idProgramma}
      union all select ${espf.idFacilitatore} from ${espf} join ${progetto} on ${progetto.id} = ${espf.idProgetto} where ${progetto.idProgramma} = ${s.idProgramma}`
    case 'progetto': return sql`select ${rdgpr.idUtente} from ${rdgpr} where ${rdgpr.idProgetto} = ${s.idProgetto}
      union all select ${rdp.idUtente} from ${rdp} where ${rdp.idProgetto} = ${s.idProgetto}
      union all select ${espf.idFacilitatore} from ${espf} where ${espf.idProgetto} = ${s.idProgetto}`
    case 'partner': return sql`select ${rdp.idUtente} from ${rdp} where ${rdp.idProgetto} = ${s.idProgetto} and ${rdp.idEnte} = ${s.idEnte}
      union all select ${espf.idFacilitatore} from ${espf} where ${espf.idProgetto} = ${s.idProgetto} and ${espf.idEnte} = ${s.idEnte}`
  }
}

/** Users the caller sees: a condition on `utente`. */
export function utenteScope(caller: Caller): SQL | undefined {
  const linked = linkedUsers(caller)
  if (linked === null) return NOTHING
  return linked === undefined ? undefined : sql`${utente.id} in (${linked})`
}

async function strings(db: Executor, query: SQL): Promise<string[]> {
  return (await rowsOf(db, query)).map((r) => String(r.v))
}

export const utentiList: ListDefinition<FiltroUtenti, UtenteRiga> = {
  entity: 'utente',
  rowsKey: 'utenti',
  from: sql`${utente}`,
  id: sql`${utente.id}`,
  where: (caller, f) => {
    const ruoli = filterValues(f?.ruoli)
    const stati = filterValues(f?.stati)
    return [
      utenteScope(caller),
      searchCondition(f?.criterioRicerca, [sql`${utente.ricerca}`], sql`${utente.id}`),
      ruoli && sql`${utente.id} in (select ${utenteXRuolo.idUtente} from ${utenteXRuolo} where ${inList(sql`${utenteXRuolo.codiceRuolo}`, ruoli)})`,
      stati && inList(sql`${utente.stato}`, stati),
    ]
  },
  columns: () => ({
    id: sql`${utente.id}`, nome: sql`${utente.cognome} || ' ' || ${utente.nome}`, codiceFiscale: sql`${utente.codiceFiscale}`,
    ruoli: sql`coalesce((select string_agg(${utenteXRuolo.codiceRuolo}, ', ' order by ${utenteXRuolo.codiceRuolo}) from ${utenteXRuolo} where ${utenteXRuolo.idUtente} = ${utente.id}), '')`,
    stato: sql`${utente.stato}`,
  }),
  sortable: {
    nome: [sql`pd_fold(${utente.cognome})`, sql`pd_fold(${utente.nome})`],
    id: [],
    codiceFiscale: [sql`${utente.codiceFiscale}`],
    stato: [sql`${utente.stato}`],
  },
  defaultSort: { campo: 'nome', verso: 'asc' },
  toRow: (r) => ({
    id: Number(r.id), nome: String(r.nome), codiceFiscale: String(r.codiceFiscale), ruoli: String(r.ruoli),
    stato: r.stato === 'ATTIVO' ? 'ATTIVO' : 'NON ATTIVO',
  }),
  csv: {
    filename: 'utenti.csv',
    header: ['ID', 'Cognome e Nome', 'Codice fiscale', 'Ruolo', 'Stato Utente'],
    cells: (r) => [r.id, r.nome, r.codiceFiscale, r.ruoli, r.stato],
  },
  dropdowns: {
    ruoli: (db, caller) => strings(db, sql`select distinct ${utenteXRuolo.codiceRuolo} as v from ${utenteXRuolo}
      join ${utente} on ${utente.id} = ${utenteXRuolo.idUtente} where ${utenteScope(caller) ?? sql`true`} order by 1`),
    stati: (db, caller) => strings(db, sql`select distinct ${utente.stato} as v from ${utente} where ${utenteScope(caller) ?? sql`true`} order by 1`),
  },
  permissions: { list: 'list.utenti', download: 'list.dwnl.utenti' },
}
