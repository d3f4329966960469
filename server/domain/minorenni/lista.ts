/**
 * The programme enablement table of the minors configuration on the generic list engine
 * (`POST /configurazioneminorenni/all`, `configurazioni-minorenni.csv`; spec 002 §2: 'Nome Programma',
 * Intervento, 'Data di Abilitazione', 'Data di Decorrenza', 'Stato abilitazione', sortable by
 * nome_programma, intervento, data_abilitazione, data_decorrenza; platform-backend §9).
 * Search: part of the programme's name, short name or code (folded). Scope: DTD and custom roles all; DSCU the SCD programmes; REG/DEG their programme; others none.
 * 'Stato abilitazione' is ABILITATA from the start date on, PROGRAMMATA before (today's UTC date). Each row carries the
 * configuration's `versione`, which its edit and revoke send (issue 27; not a CSV column).
 */
import { sql } from 'drizzle-orm'
import type { ConfigurazioneMinorenni, FiltroMinorenni } from '../../../src/api/contract/minorenni'
import { configurazioneMinorenni, programma } from '../../db/schema'
import type { Caller } from '../profile'
import { searchCondition, type ListDefinition } from '../liste/engine'
import { programmiAmministrati } from '../ambito'

/** The programmes whose configuration the caller sees (those it administers, server/domain/ambito/): a condition on `programma`, undefined for all. */
export function minorenniScope(caller: Caller) {
  return programmiAmministrati(caller)
}

const c = configurazioneMinorenni
const today = sql`(now() at time zone 'UTC')::date`

export const minorenniList: ListDefinition<FiltroMinorenni, ConfigurazioneMinorenni & { versione: number }> = {
  entity: 'configurazioneminorenni',
  rowsKey: 'configurazioniMinorenniList',
  from: sql`${c} join ${programma} on ${programma.id} = ${c.idProgramma}`,
  id: sql`${c.id}`,
  where: (caller, f) => [minorenniScope(caller), searchCondition(f?.criterioRicerca, [sql`pd_fold(${programma.nome} || chr(10) || ${programma.nomeBreve} || chr(10) || ${programma.codice})`])],
  columns: () => ({
    id: sql`${c.id}`, idProgramma: sql`${c.idProgramma}`, nome: sql`${programma.nome}`, intervento: sql`${c.intervento}`,
    abilitazione: sql`to_char(${c.dataAbilitazione}, 'YYYY-MM-DD')`, decorrenza: sql`to_char(${c.dataDecorrenza}, 'YYYY-MM-DD')`,
    attiva: sql`${c.dataDecorrenza} <= ${today}`, versione: sql`${c.versione}`,
  }),
  sortable: {
    nome_programma: [sql`pd_fold(${programma.nome})`],
    intervento: [sql`${c.intervento}`],
    data_abilitazione: [sql`${c.dataAbilitazione}`],
    data_decorrenza: [sql`${c.dataDecorrenza}`],
  },
  defaultSort: { campo: 'nome_programma', verso: 'asc' },
  toRow: (r) => ({
    id: Number(r.id), idProgramma: Number(r.idProgramma), nomeProgramma: String(r.nome), intervento: r.intervento === 'SCD' ? 'SCD' : 'RFD',
    dataAbilitazione: String(r.abilitazione), dataDecorrenza: String(r.decorrenza), statoAbilitazione: r.attiva === true ? 'ABILITATA' : 'PROGRAMMATA',
    versione: Number(r.versione),
  }),
  csv: {
    filename: 'configurazioni-minorenni.csv',
    header: ['ID', 'Nome Programma', 'Intervento', 'Data di Abilitazione', 'Data di Decorrenza', 'Stato abilitazione'],
    cells: (r) => [r.id, r.nomeProgramma, r.intervento, r.dataAbilitazione.split('-').reverse().join('-'), r.dataDecorrenza.split('-').reverse().join('-'), r.statoAbilitazione],
  },
  dropdowns: {},
  permissions: { list: 'view.conf.min', download: 'view.conf.min' },
}
