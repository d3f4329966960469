/**
 * Usage events (spec 000 §3 "Action tracking event", §7 analytics; issue 13): downloads, likes and chat
 * opens, recorded without personal data — only the role and the programme of the profile it happened in.
 * - {@link registraEvento}: `role_code` must be the request's role (403 A10) and `program_id`, when given,
 *   a programme of one of the caller's profiles of that role (403 A10). An event older than
 *   {@link MAX_EVENT_AGE_MS} (7 days, the client queue's limit) is dropped; a future time is taken as now.
 * - {@link riepilogoUtilizzo}: counts by period (day, month, whole period), event, type, role and programme.
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { EventoUtilizzo, RiepilogoFiltro, RiepilogoUtilizzo } from '../../src/api/contract/profilo'
import type { Executor } from '../db/types'
import { eventoUtilizzo, programma } from '../db/schema'
import { forbidden } from '../errors'
import type { Caller } from './profile'

/** Events older than this (ms) are not recorded: 7 days. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Records one event; returns false when it was dropped for its age. */
export async function registraEvento(db: Executor, caller: Pick<Caller, 'principal' | 'codiceRuolo'>, body: EventoUtilizzo, now = new Date()): Promise<boolean> {
  if (body.role_code !== caller.codiceRuolo) throw forbidden('A10', 'Il ruolo dell\'evento non corrisponde al ruolo con cui operi.')
  const programId = body.program_id ?? null
  if (programId !== null) {
    const held = caller.principal.profili.some((p) => p.codiceRuolo === caller.codiceRuolo && p.idProgramma === programId)
    if (!held) throw forbidden('A10', 'Il programma dell\'evento non è uno dei programmi del tuo ruolo.')
  }
  const at = body.timestamp ? new Date(body.timestamp) : now
  if (Number.isNaN(at.getTime()) || now.getTime() - at.getTime() > MAX_EVENT_AGE_MS) return false
  await db.insert(eventoUtilizzo).values({
    dataOra: at > now ? now : at, event: body.event, eventType: body.event_type, eventValue: body.event_value ?? null,
    roleCode: body.role_code, category: body.category ?? null, programId,
  })
  return true
}

/** Most rows one `POST /utilizzo/riepilogo` answers (issue 25 point 3): more say `troncato`. */
export const RIEPILOGO_UTILIZZO_MAX = 2000

/**
 * Counts of the events in the period, most recent period first, then by count: at most `max` rows
 * ({@link RIEPILOGO_UTILIZZO_MAX}), `troncato` when the period holds more (days × events × roles × programmes).
 */
export async function riepilogoUtilizzo(db: Executor, filtro: RiepilogoFiltro, max = RIEPILOGO_UTILIZZO_MAX): Promise<RiepilogoUtilizzo> {
  const where: SQL[] = []
  if (filtro.dal) where.push(gte(eventoUtilizzo.dataOra, new Date(`${filtro.dal}T00:00:00Z`)))
  if (filtro.al) where.push(lt(eventoUtilizzo.dataOra, new Date(new Date(`${filtro.al}T00:00:00Z`).getTime() + 86_400_000)))
  // constant SQL text (no bound parameters), so that GROUP BY and ORDER BY repeat the very same expression
  const format = filtro.periodo === 'giorno' ? 'YYYY-MM-DD' : 'YYYY-MM'
  const periodo = filtro.periodo === 'totale'
    ? sql<string>`${sql.raw("'totale'")}`
    : sql<string>`to_char(${eventoUtilizzo.dataOra} at time zone ${sql.raw("'Europe/Rome'")}, ${sql.raw(`'${format}'`)})`
  const totale = count()
  const rows = await db.select({
    periodo, event: eventoUtilizzo.event, event_type: eventoUtilizzo.eventType, role_code: eventoUtilizzo.roleCode,
    program_id: eventoUtilizzo.programId, nomeProgramma: programma.nome, totale,
  }).from(eventoUtilizzo)
    .leftJoin(programma, eq(programma.id, eventoUtilizzo.programId))
    .where(where.length ? and(...where) : undefined)
    .groupBy(...(filtro.periodo === 'totale' ? [] : [periodo]), eventoUtilizzo.event, eventoUtilizzo.eventType, eventoUtilizzo.roleCode, eventoUtilizzo.programId, programma.nome)
    .orderBy(...(filtro.periodo === 'totale' ? [] : [desc(periodo)]), desc(totale), asc(eventoUtilizzo.event), asc(eventoUtilizzo.eventType), asc(eventoUtilizzo.roleCode),
      asc(eventoUtilizzo.programId))
    .limit(max + 1)
  const righe = rows.slice(0, max).map((r) => ({ ...r, totale: Number(r.totale) }))
  return rows.length > max ? { righe, troncato: true } : { righe }
}
