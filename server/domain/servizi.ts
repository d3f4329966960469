/**
 * Service writes and card (platform-backend §5.1, §2.8, §3.4 with defects §16.5 fixed; issue #3 point 1):
 * - create (FAC/VOL only, S05): facilitator row on (ente, sede, progetto) else 404 C01; date within the
 *   project's dates else 400 A06; Q3 readable; no identical service (S10: same facilitator key, date,
 *   duration, types and name, and the same answers to Q3 questions 26, 27, 28); the programme's ATTIVO
 *   template (S04) stored as the snapshot; state NON ATTIVO; `idLocale` reuses an existing service;
 * - update (S06 for other roles; only the creating facilitator, A02): same checks; name, date, DURATION
 *   (omitted by the reference), types, site and Q3 are rewritten, and Q3 of the instances not yet
 *   compiled follows;
 * - delete: FAC/VOL (else 403 U06), creator only (A02), only NON ATTIVO (409 S07);
 * - card: whoever may list the service (ambito/servizi.ts), A02 otherwise; 404 S09 when it does not exist.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import type { IdServizio, SchedaServizio, ServizioBody } from '../../src/api/contract/servizio'
import { SEZIONI_QUESTIONARIO } from '../../src/api/contract/enums'
import {
  ente, enteSedeProgettoFacilitatore, programmaXQuestionarioTemplate, progetto, questionarioCompilato, sede, servizio, STATO, tipologiaServizio, utente,
} from '../db/schema'
import type { Executor, Transaction } from '../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../errors'
import { fieldProfile, isFieldRole, type Caller } from './profile'
import { serviceVisible } from './ambito'
import { answers, decodeSection, encodeStored, InvalidQuestionIdError, SectionFormatError, toStored, type DecodedSection } from './survey-codec'
import { templatesById, templateToWire } from './template'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from './versioni'

/** Q3 questions compared by the duplicate check (detailed competences, public-service area, details). */
export const DUPLICATE_Q3_QUESTIONS = ['26', '27', '28'] as const

type ServizioRow = typeof servizio.$inferSelect

/** "COGNOME Nome" as the lists show the facilitator. */
export function nominativo(nome: string, cognome: string): string {
  return `${cognome.toUpperCase()} ${nome}`
}

/** Decodes the Q3 section string of a create/update body; 400 G02 when unreadable or not Q3. */
export function decodeQ3(text: string): DecodedSection {
  let q3: DecodedSection
  try {
    q3 = decodeSection(text)
  } catch (err) {
    if (err instanceof InvalidQuestionIdError) throw badRequest('G02', err.message)
    if (err instanceof SectionFormatError) throw badRequest('G02', 'La sezione "Informazioni sul servizio" non è leggibile.')
    throw err
  }
  if (q3.id !== SEZIONI_QUESTIONARIO.Q3.id) throw badRequest('G02', 'La sezione inviata non è "Informazioni sul servizio".')
  return q3
}

const sameAnswers = (a: string[], b: string[]) => [...a].sort().join('\u0000') === [...b].sort().join('\u0000')

type FieldProfile = ReturnType<typeof fieldProfile>

interface CheckedInput {
  field: FieldProfile
  q3: DecodedSection
  tipologia: string
}

/** What one query tells about a create/update: the project's dates, the facilitator's link, the template, an earlier create. */
interface WriteContext {
  /** false when the profile's project does not exist */
  found: boolean
  inizio: string
  fine: string
  /** the caller is an active (not TERMINATO) facilitator of (body, site, project) */
  linked: boolean
  /** the programme's ATTIVO template (create only) */
  templateId: string | null
  /** the service already created with the body's `idLocale` (create only) */
  existing: number | null
}

/**
 * Reads the {@link WriteContext} in ONE query (the write path of the outbox replay runs it for every
 * service): project dates plus scalar subqueries for the facilitator link, the ATTIVO template and the
 * service of `idLocale`.
 */
async function writeContext(tx: Executor, field: FieldProfile, body: ServizioBody,
  create?: { idLocale: string | null | undefined }): Promise<WriteContext> {
  const linked = sql<boolean>`exists (select 1 from ${enteSedeProgettoFacilitatore} where ${and(
    eq(enteSedeProgettoFacilitatore.idEnte, field.idEnte), eq(enteSedeProgettoFacilitatore.idSede, body.idSedeServizio),
    eq(enteSedeProgettoFacilitatore.idProgetto, field.idProgetto), eq(enteSedeProgettoFacilitatore.idFacilitatore, field.userId),
    ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO))})`
  const templateId = create
    ? sql<string | null>`(select ${programmaXQuestionarioTemplate.idQuestionarioTemplate} from ${programmaXQuestionarioTemplate} where ${and(
      eq(programmaXQuestionarioTemplate.idProgramma, field.idProgramma), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO))} limit 1)`
    : sql<null>`null`
  const existing = create?.idLocale
    ? sql<number | null>`(select ${servizio.id} from ${servizio} where ${and(eq(servizio.idFacilitatore, field.userId), eq(servizio.idLocale, create.idLocale))})`
    : sql<null>`null`
  const [row] = await tx.select({
    inizio: progetto.dataInizioProgetto, fine: progetto.dataFineProgetto, linked, templateId,
    existing: existing.mapWith((v: unknown) => (v === null ? null : Number(v))),
  }).from(progetto).where(eq(progetto.id, field.idProgetto))
  if (!row) return { found: false, inizio: '', fine: '', linked: false, templateId: null, existing: null }
  return { found: true, ...row, linked: row.linked === true, templateId: row.templateId ?? null }
}

/** The checks shared by create and update (see the module comment); `excludeId` = the service updated. */
async function checkInput(tx: Executor, field: FieldProfile, body: ServizioBody, ctx: WriteContext, excludeId?: number): Promise<CheckedInput> {
  if (body.idEnteServizio !== field.idEnte) throw badRequest('G02', 'L\'ente del servizio deve essere quello del tuo profilo.')
  if (!ctx.linked) throw notFound('C01', 'Non risulti facilitatore della sede indicata per questo progetto.')
  if (!ctx.found) throw notFound('C01')
  if (body.data < ctx.inizio || body.data > ctx.fine) throw badRequest('A06')
  const q3 = decodeQ3(body.sezioneQuestionarioCompilatoQ3)
  const tipologia = body.tipoDiServizioPrenotato.join(', ')

  const candidates = await tx.select({ id: servizio.id, q3: servizio.sezioneQ3Compilato }).from(servizio).where(and(
    eq(servizio.idFacilitatore, field.userId), eq(servizio.idEnte, field.idEnte), eq(servizio.idSede, body.idSedeServizio),
    eq(servizio.idProgetto, field.idProgetto), eq(servizio.dataServizio, body.data), eq(servizio.durataServizio, body.durataServizio),
    eq(servizio.tipologiaServizio, tipologia), eq(servizio.nome, body.nomeServizio),
    excludeId === undefined ? undefined : ne(servizio.id, excludeId)))
  for (const c of candidates) {
    const stored = c.q3 ? decodeSection(encodeStored(c.q3)) : { id: '', title: '', properties: {} }
    if (DUPLICATE_Q3_QUESTIONS.every((q) => sameAnswers(answers(stored, q), answers(q3, q)))) throw new ApiError(409, 'S10')
  }
  return { field, q3, tipologia }
}

/**
 * Creates a service (201 `{idServizio, versione: 1}`); with a known `idLocale` answers the existing service (with its
 * current `versione`, issue 27).
 */
export async function createServizio(tx: Transaction, caller: Caller, body: ServizioBody): Promise<IdServizio & { versione: number }> {
  const field = fieldProfile(caller, 'S05')
  const ctx = await writeContext(tx, field, body, { idLocale: body.idLocale })
  if (ctx.existing !== null) return { idServizio: ctx.existing, versione: await versioneServizio(tx, ctx.existing) }
  const { q3, tipologia } = await checkInput(tx, field, body, ctx)
  if (!ctx.templateId) throw new ApiError(409, 'S04')
  const [row] = await tx.insert(servizio).values({
    nome: body.nomeServizio, dataServizio: body.data, durataServizio: body.durataServizio, tipologiaServizio: tipologia,
    stato: STATO.NON_ATTIVO, idEnte: field.idEnte, idSede: body.idSedeServizio, idProgetto: field.idProgetto, idFacilitatore: field.userId,
    sezioneQ3Compilato: toStored(q3), idQuestionarioTemplateSnapshot: ctx.templateId, codInserimento: body.codInserimento ?? null,
    idLocale: body.idLocale ?? null,
  }).returning({ id: servizio.id })
  const idServizio = row!.id
  await tx.insert(tipologiaServizio).values(body.tipoDiServizioPrenotato.map((titolo) => ({ titolo, idServizio })))
  return { idServizio, versione: 1 }
}

/** The current `versione` of service `id` (1 when it is gone: the caller answers it as just created). */
export async function versioneServizio(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ versione: servizio.versione }).from(servizio).where(eq(servizio.id, id))
  return row?.versione ?? 1
}

/** The id of the service the caller created with `idLocale` (a concurrent create that won the unique index), or undefined. */
export async function servizioDaIdLocale(db: Executor, caller: Caller, idLocale: string): Promise<number | undefined> {
  const [existing] = await db.select({ id: servizio.id }).from(servizio)
    .where(and(eq(servizio.idFacilitatore, caller.principal.userId), eq(servizio.idLocale, idLocale)))
  return existing?.id
}

/** The service row for a write by its creator: 404 S09, 403 A02 (not the creator, or another profile). */
async function ownService(tx: Executor, caller: Caller, idServizio: number, roleCode: string): Promise<ServizioRow> {
  const field = fieldProfile(caller, roleCode)
  const [row] = Number.isNaN(idServizio) ? [] : await tx.select().from(servizio).where(eq(servizio.id, idServizio))
  if (!row) throw notFound('S09')
  if (row.idFacilitatore !== field.userId || row.idProgetto !== field.idProgetto || row.idEnte !== field.idEnte) throw forbidden('A02')
  return row
}

/** What a compare-and-set on service `id` answers when it fails (issue 27): 409 V01 with the card, 404 S09. */
const esitoServizio = (tx: Executor, caller: Caller, id: number): EsitoCas => ({
  corrente: () => schedaServizio(tx, caller, id), assente: () => notFound('S09'),
})

/**
 * Updates a service still at version `base` (200 `{idServizio, versione}`; 409 V01 with the card when it moved on,
 * issue 27): the service row's compare-and-set runs first, then its types and the Q3 of its open instances.
 */
export async function updateServizio(tx: Transaction, caller: Caller, idServizio: number, body: ServizioBody, base: VersioneRichiesta): Promise<IdServizio & { versione: number }> {
  const row = await ownService(tx, caller, idServizio, 'S06')
  const field = fieldProfile(caller, 'S06')
  const { q3, tipologia } = await checkInput(tx, field, body, await writeContext(tx, field, body), row.id)
  const stored = toStored(q3)
  const versione = await casUpdate(tx, servizio, eq(servizio.id, row.id), base, {
    nome: body.nomeServizio, dataServizio: body.data, durataServizio: body.durataServizio, tipologiaServizio: tipologia,
    idSede: body.idSedeServizio, sezioneQ3Compilato: stored, dataOraAggiornamento: new Date(),
  }, esitoServizio(tx, caller, row.id))
  await tx.delete(tipologiaServizio).where(eq(tipologiaServizio.idServizio, row.id))
  await tx.insert(tipologiaServizio).values(body.tipoDiServizioPrenotato.map((titolo) => ({ titolo, idServizio: row.id })))
  // the instances not yet compiled carry the new Q3 (and the new site)
  const open = await tx.select({ id: questionarioCompilato.id, sezioni: questionarioCompilato.sezioni }).from(questionarioCompilato)
    .where(and(eq(questionarioCompilato.idServizio, row.id), ne(questionarioCompilato.stato, 'COMPILATA')))
  for (const q of open) {
    const sezioni = q.sezioni.map((s) => (s.id === SEZIONI_QUESTIONARIO.Q3.id ? stored : s))
    await tx.update(questionarioCompilato).set({ sezioni, idSede: body.idSedeServizio, dataOraAggiornamento: new Date() })
      .where(eq(questionarioCompilato.id, q.id))
  }
  return { idServizio: row.id, versione }
}

/**
 * Deletes a NON ATTIVO service of its creator still at version `base` (200 `{idServizio}`); 409 S07 once it has
 * citizens, 409 V01 with the card when it changed since `base` (issue 27).
 */
export async function deleteServizio(tx: Transaction, caller: Caller, idServizio: number, base: VersioneRichiesta): Promise<IdServizio> {
  const row = await ownService(tx, caller, idServizio, 'U06')
  if (row.stato !== STATO.NON_ATTIVO) throw new ApiError(409, 'S07')
  await casUpdate(tx, servizio, eq(servizio.id, row.id), base, {}, esitoServizio(tx, caller, row.id))
  await tx.delete(servizio).where(eq(servizio.id, row.id))
  return { idServizio: row.id }
}

/** The card with the service's `versione` in `dettaglioServizio` (issue 27). */
export type SchedaServizioVersionata = SchedaServizio & { dettaglioServizio: { versione: number } }

/** The service card (platform-backend §5.1 `schedaDettaglio`), with the service's `versione` (issue 27). */
export async function schedaServizio(db: Executor, caller: Caller, idServizio: number): Promise<SchedaServizioVersionata> {
  const [row] = Number.isNaN(idServizio) ? [] : await db.select({
    s: servizio, nomeEnte: ente.nome, nomeSede: sede.nome, nomeFac: utente.nome, cognomeFac: utente.cognome,
    nomeProgetto: progetto.nome,
  }).from(servizio)
    .innerJoin(ente, eq(ente.id, servizio.idEnte))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(utente, eq(utente.id, servizio.idFacilitatore))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .where(eq(servizio.id, idServizio))
  if (!row) throw notFound('S09')
  if (!(await serviceVisible(db, caller, idServizio))) throw forbidden('A02')
  const s = row.s
  if (!s.idQuestionarioTemplateSnapshot) throw notFound('QT05')
  const [template] = await templatesById(db, [s.idQuestionarioTemplateSnapshot])
  if (!template) throw notFound('QT05')
  const tipi = await db.select({ titolo: tipologiaServizio.titolo }).from(tipologiaServizio)
    .where(eq(tipologiaServizio.idServizio, s.id)).orderBy(tipologiaServizio.id)
  const p = caller.profilo
  const modificabile = isFieldRole(caller.codiceRuolo) && s.idFacilitatore === caller.principal.userId
    && s.idProgetto === p.idProgetto && s.idEnte === p.idEnte
  return {
    dettaglioServizio: {
      idServizio: s.id, idLocale: s.idLocale, nomeServizio: s.nome, idEnte: s.idEnte, nomeEnte: row.nomeEnte,
      idSede: s.idSede, nomeSede: row.nomeSede, idProgetto: s.idProgetto, statoServizio: s.stato === STATO.ATTIVO ? 'ATTIVO' : 'NON ATTIVO',
      nominativoFacilitatore: nominativo(row.nomeFac, row.cognomeFac), listaTipologiaServizio: tipi,
      dataServizio: s.dataServizio, durataServizio: s.durataServizio,
      sezioneQ3compilato: s.sezioneQ3Compilato ? encodeStored(s.sezioneQ3Compilato) : '{}',
      idQuestionarioTemplateSnapshot: s.idQuestionarioTemplateSnapshot,
      dataOraCreazione: s.dataOraCreazione.toISOString(), dataOraAggiornamento: s.dataOraAggiornamento.toISOString(),
      modificabile, eliminabile: modificabile && s.stato === STATO.NON_ATTIVO, versione: s.versione,
    },
    questionarioTemplateSnapshot: templateToWire(template),
    progettiAssociatiAlServizio: [{ id: s.idProgetto, nome: row.nomeProgetto }],
  }
}

/** Sets a NON ATTIVO service ATTIVO (first citizen, platform-backend §2.8). */
export async function activateServizio(tx: Transaction, idServizio: number): Promise<void> {
  await tx.update(servizio).set({ stato: STATO.ATTIVO, dataOraAggiornamento: new Date() })
    .where(and(eq(servizio.id, idServizio), eq(servizio.stato, STATO.NON_ATTIVO)))
}

