/**
 * Citizens of a service (platform-backend §5.2, §6, §9; spec 002 §5, §8; issue #3 point 2):
 * - search (FAC/VOL, U06) by fiscal code (its HMAC) or by document number (any document type);
 * - addition (only the facilitator who created the service, A02): fiscal code validated with
 *   codice-fiscale-js (omocodic codes accepted), gender and age band derived from it; document path with
 *   gender 'Preferisco non rispondere' by default and a required age band; the age rule of §9 (14–17
 *   only where the programme's minors configuration is effective: 400 U25 'deve essere maggiorenne',
 *   U26 'deve avere almeno 14 anni'); U07 when `nuovoCittadino` and the citizen exists; U23 when already on
 *   the service; NON ATTIVO → ATTIVO; one questionnaire instance with Q1–Q3 (questionario-istanza.ts);
 * - list of the service's citizens (whoever may see the service) and the survey-state dropdown.
 * No clear fiscal code is stored or returned anywhere.
 */
import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import provinces from '../../public/data/province.json'
import type {
  AggiungiCittadinoBody, AggiungiCittadinoRisposta, CittadiniServizioBody, CittadiniServizioRisposta, CittadinoTrovato, RicercaCittadinoBody,
} from '../../src/api/contract/cittadino'
import { TIPO_DOCUMENTO } from '../../src/api/contract/enums'
import type { PaginazioneQuery } from '../../src/api/contract/servizio'
import { deriveFromFiscalCode } from '../../src/lib/fiscal-code'
import { hashDocumentNumber, hashFiscalCode } from '../db/citizen-hash'
import {
  cittadino, configurazioneMinorenni, fasciaDiEta, questionarioCompilato, servizio, servizioXCittadino, STATO,
} from '../db/schema'
import type { Executor, Transaction } from '../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../errors'
import { fieldProfile, type Caller } from './profile'
import { initialSections } from './questionario-istanza'
import { activateServizio } from './servizi'
import { serviceVisible } from './servizio-scope'

type CittadinoRow = typeof cittadino.$inferSelect
const PROVINCE_NAMES = new Set((provinces as { nome: string }[]).map((p) => p.nome))
export const GENERE_PREDEFINITO = 'Preferisco non rispondere'

/** Today's calendar date 'YYYY-MM-DD' (UTC). */
const today = () => new Date().toISOString().slice(0, 10)

/** True when the programme's minors configuration exists and its dataDecorrenza is today or earlier. */
export async function minorsEnabled(db: Executor, idProgramma: number): Promise<boolean> {
  const [row] = await db.select({ id: configurazioneMinorenni.id }).from(configurazioneMinorenni)
    .where(and(eq(configurazioneMinorenni.idProgramma, idProgramma), lte(configurazioneMinorenni.dataDecorrenza, today())))
  return row !== undefined
}

/** The age rule of platform-backend §9: throws 400 U25 / U26. `age` null = unknown (band only). */
export async function checkAge(db: Executor, idProgramma: number, age: number | null, fasciaDiEtaId: number | null): Promise<void> {
  const minor = age !== null ? age < 18 : fasciaDiEtaId === 5
  if (!minor) return
  if (!(await minorsEnabled(db, idProgramma))) throw badRequest('U25')
  if (age !== null && age < 14) throw badRequest('U26')
}

function toTrovato(c: CittadinoRow, onService?: Set<number>): CittadinoTrovato {
  return {
    idCittadino: c.id, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, titoloDiStudio: c.titoloDiStudio, occupazione: c.occupazione,
    provinciaDiDomicilio: c.provinciaDiDomicilio, cittadinanza: c.cittadinanza, tipoDocumento: c.tipoDocumento,
    ...(onService ? { giaAssociatoAlServizio: onService.has(c.id) } : {}),
  }
}

/** Search by fiscal code or document number (FAC/VOL). */
export async function searchCittadini(db: Executor, caller: Caller, body: RicercaCittadinoBody, secret: string): Promise<CittadinoTrovato[]> {
  fieldProfile(caller, 'U06')
  const where = body.tipoDocumento === 'CF'
    ? eq(cittadino.codiceFiscaleHash, hashFiscalCode(body.criterioRicerca, secret))
    : inArray(cittadino.numeroDocumentoHash, TIPO_DOCUMENTO.map((t) => hashDocumentNumber(t, body.criterioRicerca, secret)))
  const rows = await db.select().from(cittadino).where(where).orderBy(cittadino.id).limit(50)
  let onService: Set<number> | undefined
  if (body.idServizio && rows.length > 0) {
    const links = await db.select({ id: servizioXCittadino.idCittadino }).from(servizioXCittadino)
      .where(and(eq(servizioXCittadino.idServizio, body.idServizio), inArray(servizioXCittadino.idCittadino, rows.map((r) => r.id))))
    onService = new Set(links.map((l) => l.id))
  }
  return rows.map((r) => toTrovato(r, onService))
}

interface Identity {
  existing: CittadinoRow | undefined
  /** what a new citizen gets from the identifier */
  create: { codiceFiscaleHash: string | null; tipoDocumento: string | null; numeroDocumentoHash: string | null; genere: string | null; fasciaDiEtaId: number | null }
  /** age from the fiscal code (null on the other paths) */
  age: number | null
}

/** How the body identifies the citizen: the lookup condition and what a new citizen gets, or the error to answer. */
type Identifier =
  | { where: SQL; create: Identity['create']; age: number | null; notFoundIsError: boolean }
  | { error: ApiError }

const NO_CREATE: Identity['create'] = { codiceFiscaleHash: null, tipoDocumento: null, numeroDocumentoHash: null, genere: null, fasciaDiEtaId: null }

/** Reads the identifier of an addition (no query); errors are returned, to be thrown after the service checks. */
async function identifier(body: AggiungiCittadinoBody, secret: string): Promise<Identifier> {
  if (body.idCittadino) return { where: eq(cittadino.id, body.idCittadino), create: NO_CREATE, age: null, notFoundIsError: true }
  if (body.codiceFiscale && !body.codiceFiscaleNonDisponibile) {
    const derived = await deriveFromFiscalCode(body.codiceFiscale)
    if (!derived) return { error: badRequest('G02', 'Codice fiscale non valido.') }
    const hash = hashFiscalCode(derived.codiceFiscale, secret)
    return {
      where: eq(cittadino.codiceFiscaleHash, hash),
      create: { codiceFiscaleHash: hash, tipoDocumento: null, numeroDocumentoHash: null, genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId },
      age: derived.age,
      notFoundIsError: false,
    }
  }
  if (body.tipoDocumento && body.numeroDocumento) {
    const hash = hashDocumentNumber(body.tipoDocumento, body.numeroDocumento, secret)
    return {
      where: and(eq(cittadino.tipoDocumento, body.tipoDocumento), eq(cittadino.numeroDocumentoHash, hash))!,
      create: { codiceFiscaleHash: null, tipoDocumento: body.tipoDocumento, numeroDocumentoHash: hash, genere: body.genere ?? GENERE_PREDEFINITO, fasciaDiEtaId: body.fasciaDiEtaId ?? null },
      age: null,
      notFoundIsError: false,
    }
  }
  return { error: badRequest('U08') }
}

function requireField<T>(value: T | null | undefined, label: string): T {
  if (value === null || value === undefined || value === '') throw badRequest('G02', `Dati non validi: controlla ${label}.`)
  return value
}

/**
 * Adds a citizen to a service (201 `{id, idQuestionario}`), see the module comment. The service, the
 * citizen the body identifies and whether it is already on the service come from ONE query; a new citizen
 * has no other service (Q2 without a query) and an ATTIVO service is not activated again.
 */
export async function addCittadino(tx: Transaction, caller: Caller, idServizio: number, body: AggiungiCittadinoBody, secret: string): Promise<AggiungiCittadinoRisposta> {
  const field = fieldProfile(caller, 'U06')
  const ident = await identifier(body, secret)
  const [found] = Number.isNaN(idServizio) ? [] : await tx.select({
    s: servizio,
    c: cittadino,
    linked: 'error' in ident ? sql<boolean>`false` : sql<boolean>`exists (select 1 from ${servizioXCittadino} where ${servizioXCittadino.idServizio} = ${servizio.id} and ${servizioXCittadino.idCittadino} = ${cittadino.id})`,
  }).from(servizio)
    .leftJoin(cittadino, 'error' in ident ? sql`false` : ident.where)
    .where(eq(servizio.id, idServizio))
    .limit(1)
  const s = found?.s
  if (!s) throw notFound('S09')
  if (s.idFacilitatore !== field.userId || s.idProgetto !== field.idProgetto || s.idEnte !== field.idEnte) throw forbidden('A02')
  if (!s.idQuestionarioTemplateSnapshot) throw notFound('QT05')
  if ('error' in ident) throw ident.error
  const existing = found.c ?? undefined
  if (!existing && ident.notFoundIsError) throw notFound('C01', 'Il cittadino indicato non esiste.')
  const who: Identity = { existing, create: ident.create, age: ident.age }

  if (who.existing && body.nuovoCittadino) throw new ApiError(409, 'U07')
  await checkAge(tx, field.idProgramma, who.age, who.age !== null ? null : who.existing?.fasciaDiEtaId ?? who.create.fasciaDiEtaId)

  let citizen = who.existing
  if (citizen) {
    if (found.linked === true) throw new ApiError(409, 'U23')
  } else {
    const provincia = requireField(body.provinciaDiDomicilio, 'provincia di domicilio')
    if (!PROVINCE_NAMES.has(provincia)) throw badRequest('G02', 'Dati non validi: controlla provincia di domicilio.')
    const [created] = await tx.insert(cittadino).values({
      ...who.create,
      fasciaDiEtaId: requireField(who.create.fasciaDiEtaId, 'fascia di età'),
      titoloDiStudio: requireField(body.titoloDiStudio, 'titolo di studio'),
      occupazione: requireField(body.occupazione, 'stato occupazionale'),
      cittadinanza: requireField(body.cittadinanza, 'cittadinanza'),
      provinciaDiDomicilio: provincia,
      codInserimento: body.codInserimento ?? null,
    }).returning()
    citizen = created!
  }
  await tx.insert(servizioXCittadino).values({ idCittadino: citizen.id, idServizio: s.id, codInserimento: body.codInserimento ?? null })
  if (s.stato === STATO.NON_ATTIVO) await activateServizio(tx, s.id)
  const [instance] = await tx.insert(questionarioCompilato).values({
    idQuestionarioTemplate: s.idQuestionarioTemplateSnapshot, idCittadino: citizen.id, idFacilitatore: s.idFacilitatore,
    idSede: s.idSede, idEnte: s.idEnte, idProgetto: s.idProgetto, idServizio: s.id, codInserimento: body.codInserimento ?? null,
    stato: 'NON_COMPILATA', sezioni: await initialSections(tx, citizen, s.id, s.sezioneQ3Compilato, { newCitizen: !who.existing }),
  }).returning({ id: questionarioCompilato.id })
  return { id: citizen.id, idQuestionario: instance!.id }
}

/** 404 S09 / 403 A02 unless the caller may see the service. */
export async function requireVisibleService(db: Executor, caller: Caller, idServizio: number): Promise<void> {
  if (Number.isNaN(idServizio)) throw notFound('S09')
  const [s] = await db.select({ id: servizio.id }).from(servizio).where(eq(servizio.id, idServizio))
  if (!s) throw notFound('S09')
  if (!(await serviceVisible(db, caller, idServizio))) throw forbidden('A02')
}

/** The citizens of a service with their survey state, paged. */
export async function listCittadiniServizio(db: Executor, caller: Caller, idServizio: number, body: CittadiniServizioBody,
  page: PaginazioneQuery, secret: string): Promise<CittadiniServizioRisposta> {
  await requireVisibleService(db, caller, idServizio)
  const parts: (SQL | undefined)[] = [eq(questionarioCompilato.idServizio, idServizio)]
  const criterio = body.filtroRequest?.criterioRicerca?.trim()
  if (criterio) {
    parts.push(/^\d{1,9}$/.test(criterio)
      ? eq(cittadino.id, Number(criterio))
      : eq(cittadino.codiceFiscaleHash, hashFiscalCode(criterio, secret)))
  }
  const stati = body.filtroRequest?.statiQuestionario ?? []
  if (stati.length > 0) parts.push(inArray(questionarioCompilato.stato, stati))
  const where = and(...parts)

  const [filtered] = await db.select({ n: count() }).from(questionarioCompilato)
    .innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino)).where(where)
  const numeroTotaleElementi = Number(filtered?.n ?? 0)
  const numeroPagine = Math.ceil(numeroTotaleElementi / page.pageSize)
  if (page.currPage > 0 && page.currPage >= numeroPagine) throw badRequest('G03')
  const [counters] = await db.select({
    cittadini: count(),
    compilati: sql<number>`count(*) filter (where ${questionarioCompilato.stato} = 'COMPILATA')`,
  }).from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, idServizio))

  const rows = await db.select({
    idCittadino: cittadino.id, idQuestionario: questionarioCompilato.id, stato: questionarioCompilato.stato,
    aggiornato: questionarioCompilato.dataOraAggiornamento, genere: cittadino.genere, fascia: fasciaDiEta.fascia,
  }).from(questionarioCompilato)
    .innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino))
    .leftJoin(fasciaDiEta, eq(fasciaDiEta.id, cittadino.fasciaDiEtaId))
    .where(where)
    .orderBy(desc(questionarioCompilato.dataOraAggiornamento), desc(cittadino.id))
    .limit(page.pageSize).offset(page.currPage * page.pageSize)
  return {
    cittadini: rows.map((r) => ({
      idCittadino: r.idCittadino, idQuestionario: r.idQuestionario, statoQuestionario: r.stato,
      dataUltimoAggiornamento: r.aggiornato.toISOString(), genere: r.genere, fasciaDiEta: r.fascia,
    })),
    numeroPagine, numeroTotaleElementi,
    numeroCittadini: Number(counters?.cittadini ?? 0),
    numeroQuestionariCompilati: Number(counters?.compilati ?? 0),
  }
}

/** Survey states present among the service's instances. */
export async function statiQuestionariServizio(db: Executor, caller: Caller, idServizio: number): Promise<string[]> {
  await requireVisibleService(db, caller, idServizio)
  const rows = await db.selectDistinct({ stato: questionarioCompilato.stato }).from(questionarioCompilato)
    .where(eq(questionarioCompilato.idServizio, idServizio)).orderBy(questionarioCompilato.stato)
  return rows.map((r) => r.stato)
}
