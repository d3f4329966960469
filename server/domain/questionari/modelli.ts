/**
 * Survey templates in the administrative area (spec 002 §2–§3, §7; platform-backend §2.9, §7; issue 10
 * point 1), the database side of ./stati.ts:
 * - scope (platform-backend §4.4): DTD and custom roles every template; DSCU those of SCD programmes and
 *   the SCD default; REG/DEG their programme's active one; the other roles none (403 A02 on a detail);
 * - read: 404 QT05 for an unknown id; the detail carries every version of the template, the programmes
 *   whose active template it is and whether it is in use;
 * - create / clone: sections checked against the default RFD template (`controllaSezioni`, 400 G02 with
 *   the Italian reason), name unique among current versions (409 QT02), NON ATTIVO, no default;
 * - update: only the current version (409 QT02 otherwise), sections checked against it; when the template
 *   is ATTIVO or in use (stati.ts `nuovaVersione`) a NEW row is written (versione + 1) that takes the
 *   place of the old one in the defaults and in every programme link (old link TERMINATO, new ATTIVO), and
 *   the old row gets its successor; services and surveys keep the version they were made with; a draft edited in
 *   place bumps `versione` too (issue 27). The edit names the `versione` it was based on: a row that moved on
 *   answers 409 V01 with its current detail (server/domain/versioni.ts);
 * - default: moves the RFD or SCD flag to this version (the partial unique index keeps one);
 * - delete: NON ATTIVO, not default, no version in use (409 QT03), still at the `versione` it was based on (409
 *   V01); every version of it goes;
 * - link to a programme (`PUT /programma/{id}/aggiungi/{idQuestionario}`): per-id check of the programme
 *   (404 Q01 unknown, 403 A02), TERMINATO programme 409 P07; the previous ATTIVO link becomes TERMINATO
 *   and the template ATTIVO.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  sezioneFromWire, sezioneToWire, type QuestionarioTemplateBody, type QuestionarioTemplateDettaglio, type QuestionarioTemplateSalvato,
  type TipoDefault,
} from '../../../src/api/contract/questionario-template'
import type { SezioneTemplateWire } from '../../../src/api/contract/questionario'
import { controllaSezioni } from '../../../src/lib/questionario-editor'
import {
  programma, programmaXQuestionarioTemplate, questionarioCompilato, questionarioTemplate, servizio, STATO, type SezioneTemplate,
} from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../../errors'
import { checkProgramma } from '../amministrazione/accesso'
import { checkGuard, checkTransition } from '../amministrazione/macchina'
import { DROPDOWN_MAX } from '../liste/engine'
import { isUuid } from '../db-errors'
import { NOTHING } from '../liste/engine'
import { programmiAmministrati, scopeOf } from '../ambito'
import type { Caller } from '../profile'
import { guardElimina, guardNome, guardVersioneCorrente, nuovaVersione, QUESTIONARIO_TEMPLATE } from './stati'
import { conflitto, requireVersione, type VersioneRichiesta } from '../versioni'

type Row = typeof questionarioTemplate.$inferSelect

/** Templates the caller sees: a condition on `questionario_template` (module comment). */
export function templateScope(caller: Caller): SQL | undefined {
  const s = scopeOf(caller)
  const linked = (cond: SQL) => sql`${questionarioTemplate.id} in (select ${programmaXQuestionarioTemplate.idQuestionarioTemplate}
    from ${programmaXQuestionarioTemplate} join ${programma} on ${programma.id} = ${programmaXQuestionarioTemplate.idProgramma} where ${cond})`
  switch (s.kind) {
    case 'all': return undefined
    case 'scd': return sql`(${questionarioTemplate.defaultScd} or ${linked(sql`${programma.policy} = 'SCD'`)})`
    case 'programma': return linked(sql`${programma.id} = ${s.idProgramma} and ${programmaXQuestionarioTemplate.stato} = 'ATTIVO'`)
    default: return NOTHING
  }
}

/** The row by id: 404 QT05 when unknown. */
async function rowOf(db: Executor, id: string): Promise<Row> {
  const [row] = isUuid(id) ? await db.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, id)) : []
  if (!row) throw notFound('QT05')
  return row
}

/** The row when the caller sees it: 404 QT05, 403 A02. */
async function visibleRow(db: Executor, caller: Caller, id: string): Promise<Row> {
  const row = await rowOf(db, id)
  const scope = templateScope(caller)
  if (scope) {
    const [ok] = await db.select({ id: questionarioTemplate.id }).from(questionarioTemplate).where(and(eq(questionarioTemplate.id, id), scope))
    if (!ok) throw forbidden('A02')
  }
  return row
}

/** Ids of every version of the template of `row` (its lineage). */
async function lineage(db: Executor, row: Row): Promise<Row[]> {
  const origine = row.idOrigine ?? row.id
  return db.select().from(questionarioTemplate)
    .where(or(eq(questionarioTemplate.id, origine), eq(questionarioTemplate.idOrigine, origine))).orderBy(asc(questionarioTemplate.versione))
}

/** True when a service or a compiled survey points at one of `ids`. */
async function inUso(db: Executor, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return false
  const [s] = await db.select({ id: servizio.id }).from(servizio).where(inArray(servizio.idQuestionarioTemplateSnapshot, ids)).limit(1)
  if (s) return true
  const [q] = await db.select({ id: questionarioCompilato.id }).from(questionarioCompilato).where(inArray(questionarioCompilato.idQuestionarioTemplate, ids)).limit(1)
  return q !== undefined
}

/** True when another current template (outside `except`) has the name. */
async function nomeUsato(db: Executor, nome: string, except: string[] = []): Promise<boolean> {
  const [row] = await db.select({ id: questionarioTemplate.id }).from(questionarioTemplate).where(and(
    sql`lower(${questionarioTemplate.nome}) = lower(${nome})`, isNull(questionarioTemplate.idVersioneSuccessiva),
    except.length > 0 ? sql`${questionarioTemplate.id} not in (${sql.join(except.map((x) => sql`${x}`), sql`, `)})` : undefined))
  return row !== undefined
}

const facts = (row: Row, used: boolean) => ({
  stato: row.stato, defaultRfd: row.defaultRfd, defaultScd: row.defaultScd, inUso: used, sostituito: row.idVersioneSuccessiva !== null,
})

/** The wire detail of a version. */
async function dettaglio(db: Executor, row: Row): Promise<QuestionarioTemplateDettaglio> {
  const versions = await lineage(db, row)
  const programmi = await db.select({ id: programma.id, nome: programma.nome }).from(programmaXQuestionarioTemplate)
    .innerJoin(programma, eq(programma.id, programmaXQuestionarioTemplate.idProgramma))
    .where(and(eq(programmaXQuestionarioTemplate.idQuestionarioTemplate, row.id), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO)))
    .orderBy(programma.nome)
  return {
    'survey-id': row.id, 'survey-name': row.nome, 'survey-description': row.descrizione ?? '', 'survey-status': row.stato,
    'default-RFD': row.defaultRfd, 'default-SCD': row.defaultScd, 'last-update': row.dataOraAggiornamento.toISOString(),
    'survey-sections': (row.sezioni as SezioneTemplateWire[]).map(sezioneToWire),
    versione: row.versione, idVersioneSuccessiva: row.idVersioneSuccessiva,
    versioni: versions.map((x) => ({ id: x.id, versione: x.versione, dataOra: x.dataOraCreazione.toISOString(), corrente: x.idVersioneSuccessiva === null })),
    programmi, inUso: await inUso(db, [row.id]),
  }
}

/** `POST /questionarioTemplate/{id}`: the detail of a version the caller sees. */
export async function leggiTemplate(db: Executor, caller: Caller, id: string): Promise<QuestionarioTemplateDettaglio> {
  return dettaglio(db, await visibleRow(db, caller, id))
}

/** The current default RFD template (base of a new template): 404 QT05 when none. */
async function baseDefault(db: Executor): Promise<Row> {
  const [row] = await db.select().from(questionarioTemplate).where(eq(questionarioTemplate.defaultRfd, true))
  if (row) return row
  const [any] = await db.select().from(questionarioTemplate).where(isNull(questionarioTemplate.idVersioneSuccessiva)).orderBy(asc(questionarioTemplate.dataOraCreazione)).limit(1)
  if (!any) throw notFound('QT05')
  return any
}

/** `POST /questionarioTemplate/nuovo`: the skeleton of a new template (the default RFD sections, no name). */
export async function nuovoTemplate(db: Executor): Promise<QuestionarioTemplateDettaglio> {
  const base = await baseDefault(db)
  return {
    'survey-id': null, 'survey-name': '', 'survey-description': '', 'survey-status': null, 'default-RFD': false, 'default-SCD': false,
    'last-update': null, 'survey-sections': (base.sezioni as SezioneTemplateWire[]).map(sezioneToWire), versione: 1, idVersioneSuccessiva: null,
    versioni: [], programmi: [], inUso: false,
  }
}

/** The body's sections, parsed and checked against `base` (400 G02 with the reason). */
function sezioniDelBody(body: QuestionarioTemplateBody, base: Row): SezioneTemplate[] {
  const parsed = body['survey-sections'].map(sezioneFromWire)
  if (parsed.some((s) => s === null)) throw badRequest('G02', 'Dati del questionario non validi: sezioni non leggibili.')
  const sections = parsed as SezioneTemplateWire[]
  const reason = controllaSezioni(base.sezioni as SezioneTemplateWire[], sections)
  if (reason) throw badRequest('G02', reason)
  return sections as SezioneTemplate[]
}

/** Create or clone (module comment): 201 with the new id. */
export async function creaTemplate(tx: Transaction, body: QuestionarioTemplateBody): Promise<QuestionarioTemplateSalvato> {
  const stato = checkTransition(QUESTIONARIO_TEMPLATE, 'crea', null)
  const sezioni = sezioniDelBody(body, await baseDefault(tx))
  checkGuard(guardNome(await nomeUsato(tx, body['survey-name'])), 409, 'Esiste già un questionario con questo nome.')
  const [row] = await tx.insert(questionarioTemplate).values({
    nome: body['survey-name'], descrizione: body['survey-description'], stato: stato as 'NON ATTIVO', defaultRfd: false, defaultScd: false, sezioni,
  }).returning()
  return { 'survey-id': row!.id, versione: 1, nuovaVersione: false }
}

/**
 * The row locked for a write (one writer at a time on a template: two concurrent edits cannot both make version
 * n + 1): a version replaced meanwhile answers 409 `replacedCode` (read-only, as before issue 27), then the row is
 * compared with the `base` version the edit was made on: 409 V01 with its detail when it moved on (the
 * compare-and-set of issue 27, as a lock plus a comparison: a new version is an insert, not an update).
 */
async function lockedAt(tx: Transaction, row: Row, base: VersioneRichiesta, replacedCode: 'QT02' | 'QT03'): Promise<Row> {
  await tx.execute(sql`select 1 from ${questionarioTemplate} where ${questionarioTemplate.id} = ${row.id} for update`)
  const [fresh] = await tx.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, row.id))
  if (!fresh) throw notFound('QT05')
  checkGuard(guardVersioneCorrente(facts(fresh, false), replacedCode), 409, replacedCode === 'QT02'
    ? 'Questa versione è stata sostituita da una più recente: modifica l’ultima versione.'
    : 'Questa versione è stata sostituita da una più recente.')
  if (fresh.versione !== requireVersione(base)) throw conflitto(await dettaglio(tx, fresh), fresh.modificatoIl)
  return fresh
}

/** Update (module comment): in place, or a new version when the template is ATTIVO or in use. */
export async function aggiornaTemplate(tx: Transaction, caller: Caller, id: string, body: QuestionarioTemplateBody, base: VersioneRichiesta): Promise<QuestionarioTemplateSalvato> {
  const row = await visibleRow(tx, caller, id)
  const current = await lockedAt(tx, row, base, 'QT02')
  checkTransition(QUESTIONARIO_TEMPLATE, 'modifica', current.stato)
  const sezioni = sezioniDelBody(body, current)
  const versions = await lineage(tx, current)
  checkGuard(guardNome(await nomeUsato(tx, body['survey-name'], versions.map((x) => x.id))), 409, 'Esiste già un questionario con questo nome.')
  const now = new Date()
  const used = await inUso(tx, [current.id])
  if (!nuovaVersione({ stato: current.stato, inUso: used })) {
    // a draft edited in place: same row, its version moves on (issue 27)
    await tx.update(questionarioTemplate).set({ nome: body['survey-name'], descrizione: body['survey-description'], sezioni, dataOraAggiornamento: now, versione: current.versione + 1 })
      .where(eq(questionarioTemplate.id, current.id))
    return { 'survey-id': current.id, versione: current.versione + 1, nuovaVersione: false }
  }
  const newId = randomUUID()
  // the old version gives up its defaults and its place before the new one takes them (unique indexes)
  await tx.update(questionarioTemplate).set({ defaultRfd: false, defaultScd: false, idVersioneSuccessiva: newId })
    .where(eq(questionarioTemplate.id, current.id))
  await tx.insert(questionarioTemplate).values({
    id: newId, nome: body['survey-name'], descrizione: body['survey-description'], stato: current.stato, defaultRfd: current.defaultRfd,
    defaultScd: current.defaultScd, sezioni, versione: current.versione + 1, idOrigine: current.idOrigine ?? current.id,
    dataOraCreazione: now, dataOraAggiornamento: now,
  })
  const links = await tx.update(programmaXQuestionarioTemplate).set({ stato: STATO.TERMINATO, dataOraAggiornamento: now })
    .where(and(eq(programmaXQuestionarioTemplate.idQuestionarioTemplate, current.id), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO)))
    .returning({ idProgramma: programmaXQuestionarioTemplate.idProgramma })
  if (links.length > 0) {
    await tx.insert(programmaXQuestionarioTemplate).values(links.map((l) => ({ idProgramma: l.idProgramma, idQuestionarioTemplate: newId, stato: STATO.ATTIVO })))
  }
  return { 'survey-id': newId, versione: current.versione + 1, nuovaVersione: true }
}

/** Moves the RFD or SCD default flag to this (current) version. */
export async function impostaDefault(tx: Transaction, caller: Caller, id: string, tipo: TipoDefault): Promise<QuestionarioTemplateSalvato> {
  const row = await visibleRow(tx, caller, id)
  checkGuard(guardVersioneCorrente(facts(row, false), 'QT02'), 409, 'Questa versione è stata sostituita da una più recente.')
  checkTransition(QUESTIONARIO_TEMPLATE, 'impostaDefault', row.stato)
  const column = tipo === 'RFD' ? questionarioTemplate.defaultRfd : questionarioTemplate.defaultScd
  const key = tipo === 'RFD' ? 'defaultRfd' : 'defaultScd'
  await tx.update(questionarioTemplate).set({ [key]: false }).where(and(eq(column, true), ne(questionarioTemplate.id, row.id)))
  await tx.update(questionarioTemplate).set({ [key]: true, dataOraAggiornamento: new Date() }).where(eq(questionarioTemplate.id, row.id))
  return { 'survey-id': row.id, versione: row.versione, nuovaVersione: false }
}

/** Deletes a template with every version of it, when `id` is still at version `base` (module comment). */
export async function eliminaTemplate(tx: Transaction, caller: Caller, id: string, base: VersioneRichiesta): Promise<{ id: string }> {
  const row = await visibleRow(tx, caller, id)
  checkGuard(guardVersioneCorrente(facts(row, false), 'QT03'), 409, 'Questa versione è stata sostituita da una più recente.')
  checkTransition(QUESTIONARIO_TEMPLATE, 'elimina', row.stato, 'Il questionario è attivo e non può essere eliminato.')
  const ids = (await lineage(tx, row)).map((x) => x.id)
  const used = await inUso(tx, ids)
  checkGuard(guardElimina(facts(row, used)), 409, row.defaultRfd || row.defaultScd
    ? 'Il questionario è predefinito per un intervento e non può essere eliminato.'
    : 'Il questionario è stato usato per dei servizi e non può essere eliminato.')
  await lockedAt(tx, row, base, 'QT03')
  await tx.delete(programmaXQuestionarioTemplate).where(inArray(programmaXQuestionarioTemplate.idQuestionarioTemplate, ids))
  await tx.delete(questionarioTemplate).where(inArray(questionarioTemplate.id, ids))
  return { id: row.id }
}

/** Links a template (current version) to a programme as its active one (module comment). */
export async function associaProgramma(tx: Transaction, caller: Caller, idProgramma: number, idTemplate: string): Promise<{ id: string }> {
  const prg = await checkProgramma(tx, caller, idProgramma, 'Q01')
  const [row] = isUuid(idTemplate) ? await tx.select().from(questionarioTemplate).where(eq(questionarioTemplate.id, idTemplate)) : []
  if (!row) throw notFound('Q01')
  checkGuard(guardVersioneCorrente(facts(row, false), 'P07'), 409, 'Questa versione del questionario è stata sostituita da una più recente.')
  checkTransition(QUESTIONARIO_TEMPLATE, 'associa', row.stato)
  if (prg.stato === STATO.TERMINATO) throw new ApiError(409, 'P07', 'Il programma è terminato: non si può cambiare il suo questionario.')
  const now = new Date()
  const [active] = await tx.select().from(programmaXQuestionarioTemplate)
    .where(and(eq(programmaXQuestionarioTemplate.idProgramma, prg.id), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO)))
  if (active?.idQuestionarioTemplate === row.id) return { id: row.id }
  if (active) {
    await tx.update(programmaXQuestionarioTemplate).set({ stato: STATO.TERMINATO, dataOraAggiornamento: now })
      .where(and(eq(programmaXQuestionarioTemplate.idProgramma, prg.id), eq(programmaXQuestionarioTemplate.idQuestionarioTemplate, active.idQuestionarioTemplate)))
  }
  await tx.insert(programmaXQuestionarioTemplate).values({ idProgramma: prg.id, idQuestionarioTemplate: row.id, stato: STATO.ATTIVO })
    .onConflictDoUpdate({ target: [programmaXQuestionarioTemplate.idProgramma, programmaXQuestionarioTemplate.idQuestionarioTemplate], set: { stato: STATO.ATTIVO, dataOraAggiornamento: now } })
  if (row.stato !== STATO.ATTIVO) {
    await tx.update(questionarioTemplate).set({ stato: STATO.ATTIVO, dataOraAggiornamento: now }).where(eq(questionarioTemplate.id, row.id))
  }
  return { id: row.id }
}

/** Programmes the caller may link a template to (not TERMINATO), as options `{id, nome}` (at most `limit`). */
export async function programmiAssociabili(db: Executor, caller: Caller, limit = DROPDOWN_MAX): Promise<{ id: number; nome: string }[]> {
  const cond = programmiAmministrati(caller)
  return db.select({ id: programma.id, nome: programma.nome }).from(programma)
    .where(and(ne(programma.stato, STATO.TERMINATO), cond)).orderBy(programma.nome, desc(programma.id)).limit(limit)
}
