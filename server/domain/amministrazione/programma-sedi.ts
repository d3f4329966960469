/**
 * The facilitation points of a programme (spec 002 §2 detail steps 1 and 4; platform-backend §1.1
 * `ente_sede_progetto`, `ente_sede_progetto_facilitatore`): the body-sites of its projects with the
 * project, the body's role and the facilitators/volunteers of that body-site. Per-id check of the
 * programme (§4.4, A02); rows ordered by project, site and body.
 *
 * Bounded (issue 25 point 3): {@link sediConFacilitatori}, shared with the project card, lists at most
 * {@link SCHEDA_ELENCO_MAX} body-sites and says how many there are; the facilitators are read for the listed
 * body-sites only (their keys as one JSON parameter joined as a table) and grouped by key in one pass.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { SediProgramma } from '../../../src/api/contract/programma-sedi'
import { ente, enteSedeProgetto, enteSedeProgettoFacilitatore, progetto, sede, utente } from '../../db/schema'
import type { Executor } from '../../db/types'
import type { Caller } from '../profile'
import { checkProgramma } from './accesso'

/** Most rows of one list inside an administrative card (body-sites, a programme's projects, a body's programmes and projects). */
export const SCHEDA_ELENCO_MAX = 1000

const keyOf = (r: { idProgetto: number; idSede: number; idEnte: number }) => `${r.idProgetto}.${r.idSede}.${r.idEnte}`

/**
 * The body-sites `where` selects (over `ente_sede_progetto` joined with `progetto`), ordered by project, site
 * and body, at most `max`, each with its facilitators and volunteers; `totale` counts them all.
 */
export async function sediConFacilitatori(db: Executor, where: SQL | undefined, max = SCHEDA_ELENCO_MAX): Promise<SediProgramma & { totale: number }> {
  const [total] = await db.select({ n: count() }).from(enteSedeProgetto)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto)).where(where)
  const rows = await db.select({
    idSede: sede.id, nome: sede.nome, idEnte: ente.id, nomeEnte: ente.nome, ruoloEnte: enteSedeProgetto.ruoloEnte, stato: enteSedeProgetto.statoSede,
    idProgetto: progetto.id, nomeProgetto: progetto.nome,
  }).from(enteSedeProgetto)
    .innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto))
    .innerJoin(sede, eq(sede.id, enteSedeProgetto.idSede))
    .innerJoin(ente, eq(ente.id, enteSedeProgetto.idEnte))
    .where(where)
    .orderBy(progetto.nome, sede.nome, ente.nome, progetto.id, sede.id, ente.id)
    .limit(max)
  const keys = JSON.stringify(rows.map((r) => ({ p: r.idProgetto, s: r.idSede, e: r.idEnte })))
  const facs = rows.length === 0 ? [] : await db.select({
    idProgetto: enteSedeProgettoFacilitatore.idProgetto, idSede: enteSedeProgettoFacilitatore.idSede, idEnte: enteSedeProgettoFacilitatore.idEnte,
    idUtente: utente.id, nome: utente.nome, cognome: utente.cognome, codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
  }).from(enteSedeProgettoFacilitatore)
    .innerJoin(sql`jsonb_to_recordset(${keys}::jsonb) as k(p int, s int, e int)`, and(
      sql`k.p = ${enteSedeProgettoFacilitatore.idProgetto}`, sql`k.s = ${enteSedeProgettoFacilitatore.idSede}`, sql`k.e = ${enteSedeProgettoFacilitatore.idEnte}`))
    .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .orderBy(utente.cognome, utente.nome, utente.id)
  const byKey = new Map<string, SediProgramma['sedi'][number]['facilitatori']>()
  for (const f of facs) {
    const k = keyOf(f)
    let list = byKey.get(k)
    if (!list) byKey.set(k, list = [])
    list.push({ idUtente: f.idUtente, nome: f.nome, cognome: f.cognome, codiceRuolo: f.codiceRuolo, stato: f.stato })
  }
  return { sedi: rows.map((s) => ({ ...s, facilitatori: byKey.get(keyOf(s)) ?? [] })), totale: Number(total?.n ?? 0) }
}

/** `POST /programma/{id}/sedi`. */
export async function sediProgramma(db: Executor, caller: Caller, id: number, max = SCHEDA_ELENCO_MAX): Promise<SediProgramma> {
  await checkProgramma(db, caller, id)
  return sediConFacilitatori(db, eq(progetto.idProgramma, id), max)
}
