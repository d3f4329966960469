/**
 * The services list, its dropdowns and its CSV (spec 002 §2 services list; platform-backend §5.1, §13;
 * defect §16.8 fixed: real SQL paging with LIMIT/OFFSET and a COUNT, never in memory).
 * Rows are the caller's visible services (servizio-scope.ts), newest service date first.
 * Filters: `criterioRicerca` = the id (digits) or part of the name (case-insensitive); `tipologiaServizio`
 * = services having any of the types; `stato` = any of the states. A page beyond the last answers 400 G03.
 */
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import { COLONNE_CSV_SERVIZI, type FiltroServizi, type PaginazioneQuery, type ServiziLista, type ServizioRiga } from '../../src/api/contract/servizio'
import { programma, progetto, sede, servizio, STATO, tipologiaServizio, utente } from '../db/schema'
import type { Executor } from '../db/types'
import { badRequest } from '../errors'
import { toCsv } from './csv'
import type { Caller } from './profile'
import { serviceScope } from './servizio-scope'
import { nominativo } from './servizi'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The WHERE condition: scope + filters. */
function listCondition(db: Executor, caller: Caller, filtro: FiltroServizi | undefined): SQL | undefined {
  const parts: (SQL | undefined)[] = [serviceScope(caller)]
  const criterio = filtro?.criterioRicerca?.trim()
  if (criterio) {
    const byName = ilike(servizio.nome, `%${escapeLike(criterio)}%`)
    parts.push(/^\d{1,9}$/.test(criterio) ? or(eq(servizio.id, Number(criterio)), byName) : byName)
  }
  const tipi = filtro?.tipologiaServizio?.filter((t) => t !== '') ?? []
  if (tipi.length > 0) {
    parts.push(inArray(servizio.id, db.select({ id: tipologiaServizio.idServizio }).from(tipologiaServizio).where(inArray(tipologiaServizio.titolo, tipi))))
  }
  const stati = filtro?.stato?.filter((s) => s !== '') ?? []
  if (stati.length > 0) parts.push(inArray(servizio.stato, stati as (typeof STATO)[keyof typeof STATO][]))
  return and(...parts)
}

const rowColumns = {
  id: servizio.id, idLocale: servizio.idLocale, nome: servizio.nome, tipologia: servizio.tipologiaServizio,
  data: servizio.dataServizio, durata: servizio.durataServizio, nomeSede: sede.nome, stato: servizio.stato,
  nomeFac: utente.nome, cognomeFac: utente.cognome, aggiornato: servizio.dataOraAggiornamento,
}

function baseQuery(db: Executor, where: SQL | undefined) {
  return db.select(rowColumns).from(servizio)
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(utente, eq(utente.id, servizio.idFacilitatore))
    .where(where)
}

type Row = Awaited<ReturnType<typeof baseQuery>>[number]

function toRiga(r: Row): ServizioRiga {
  return {
    id: r.id, idLocale: r.idLocale, nome: r.nome, tipologiaServizio: r.tipologia.split(', ').filter((t) => t !== ''),
    data: r.data, durataServizio: r.durata, nomeSede: r.nomeSede, facilitatore: nominativo(r.nomeFac, r.cognomeFac),
    stato: r.stato === STATO.ATTIVO ? 'ATTIVO' : 'NON ATTIVO', dataOraAggiornamento: r.aggiornato.toISOString(),
  }
}

/** One page of the caller's services. */
export async function listServizi(db: Executor, caller: Caller, filtro: FiltroServizi | undefined, page: PaginazioneQuery): Promise<ServiziLista> {
  const where = listCondition(db, caller, filtro)
  const [total] = await db.select({ n: count() }).from(servizio)
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(where)
  const numeroTotaleElementi = Number(total?.n ?? 0)
  const numeroPagine = Math.ceil(numeroTotaleElementi / page.pageSize)
  if (page.currPage > 0 && page.currPage >= numeroPagine) throw badRequest('G03')
  const rows = await baseQuery(db, where)
    .orderBy(desc(servizio.dataServizio), desc(servizio.id))
    .limit(page.pageSize).offset(page.currPage * page.pageSize)
  return { servizi: rows.map(toRiga), numeroPagine, numeroTotaleElementi }
}

/** Distinct service types among the caller's services (the 'Tipo di servizio prenotato' filter). */
export async function tipologieDropdown(db: Executor, caller: Caller): Promise<string[]> {
  const rows = await db.selectDistinct({ titolo: tipologiaServizio.titolo }).from(tipologiaServizio)
    .innerJoin(servizio, eq(servizio.id, tipologiaServizio.idServizio))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(serviceScope(caller))
    .orderBy(tipologiaServizio.titolo)
  return rows.map((r) => r.titolo)
}

/** Distinct states among the caller's services (the 'Stato' filter). */
export async function statiDropdown(db: Executor, caller: Caller): Promise<string[]> {
  const rows = await db.selectDistinct({ stato: servizio.stato }).from(servizio)
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .where(serviceScope(caller))
    .orderBy(servizio.stato)
  return rows.map((r) => r.stato)
}

/** The CSV of every filtered service (columns ID;NOME;FACILITATORE;DATA;STATO;DURATA_SERVIZIO, date DD-MM-YYYY). */
export async function serviziCsv(db: Executor, caller: Caller, filtro: FiltroServizi | undefined): Promise<string> {
  const rows = await baseQuery(db, listCondition(db, caller, filtro)).orderBy(desc(servizio.dataServizio), desc(servizio.id))
  const display = (d: string) => d.split('-').reverse().join('-')
  return toCsv(COLONNE_CSV_SERVIZI, rows.map((r) => [
    r.id, r.nome, nominativo(r.nomeFac, r.cognomeFac), display(r.data), r.stato, r.durata,
  ]))
}
