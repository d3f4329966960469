/**
 * Citizens of a service (platform-backend §5.2, §6, §9; spec 002 §5, §8; issue #3 point 2; security
 * issue 6 items 1 and 4):
 * - search (FAC/VOL, U06) by fiscal code (its HMAC) or by document number (any document type); a
 *   citizen outside the caller's scope (ambito/servizi.ts `citizensInScope`) comes back with
 *   `datiRiservati` and only what the identifier typed says (gender and age band of the fiscal code, the
 *   document type); `giaAssociatoAlServizio` only for a service the caller sees;
 * - addition (only the facilitator who created the service, A02): the citizen is identified by the
 *   identity typed at the desk, matched through the keyed hash — a bare `idCittadino` (or one the
 *   identity does not match) is refused with 400 U27; fiscal code validated with codice-fiscale-js
 *   (omocodic codes accepted), gender and age band derived from it; document path with gender 'Preferisco
 *   non rispondere' by default and a required age band; the age rule of §9 (14–17 only where the
 *   programme's minors configuration is effective: 400 U25 'deve essere maggiorenne', U26 'deve avere
 *   almeno 14 anni'); U07 when `nuovoCittadino` and the citizen exists; U23 when already on the service;
 *   NON ATTIVO → ATTIVO; one questionnaire instance with Q1–Q3 (questionari/istanza.ts);
 * - a new citizen gets a random id (server/db/citizen-id.ts); an existing one within the caller's scope
 *   keeps its data; one outside it takes the data declared at the desk (required as for a new citizen),
 *   so that the new survey, and whatever the caller reads later, shows only what the caller was told
 *   (the surveys already made elsewhere keep their Q1);
 * - every citizen gets at creation its masked fiscal code or document number (src/lib/masked-identity.ts;
 *   a citizen registered before masks existed gets it when identified again);
 * - list of the service's citizens (whoever may see the service), each with its mask, the time it was
 *   added and its online link's expiry, and the survey-state dropdown.
 * No clear fiscal code is stored or returned anywhere.
 */
import { and, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import provinces from '../../public/data/province.json'
import type {
  AggiungiCittadinoBody, AggiungiCittadinoRisposta, CittadiniServizioBody, CittadiniServizioRisposta, CittadinoTrovato, RicercaCittadinoBody,
} from '../../src/api/contract/cittadino'
import { TIPO_DOCUMENTO } from '../../src/api/contract/enums'
import type { PaginazioneQuery } from '../../src/api/contract/servizio'
import { derivaDaCodiceFiscale } from './codice-fiscale'
import { maskDocumentNumber, maskFiscalCode } from '../../src/lib/masked-identity'
import { hashDocumentNumber, hashFiscalCode } from '../db/citizen-hash'
import { newCitizenId } from '../db/citizen-id'
import {
  cittadino, configurazioneMinorenni, fasciaDiEta, questionarioCompilato, questionarioInviatoOnline, servizio, servizioXCittadino, STATO,
} from '../db/schema'
import type { Executor, Transaction } from '../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../errors'
import { fieldProfile, type Caller } from './profile'
import { initialSections } from './questionari/istanza'
import { activateServizio } from './servizi'
import { citizensInScope, serviceVisible } from './ambito'
import { versioneSuccessiva } from './versioni'
import { vietaSeAnonimizzato } from './conservazione/guardia'

type CittadinoRow = typeof cittadino.$inferSelect
const PROVINCE_NAMES = new Set((provinces as { nome: string }[]).map((p) => p.nome))
/** True for a province name of `/data/province.json`. */
export const isProvincia = (nome: string) => PROVINCE_NAMES.has(nome)
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
    identificativoMascherato: c.identificativoMascherato,
    ...(onService ? { giaAssociatoAlServizio: onService.has(c.id) } : {}),
  }
}

/**
 * A citizen outside the caller's scope: that it exists and what the identifier typed says (`byCode`: the
 * gender and age band of the fiscal code searched; on the document path the document's type), nothing stored.
 */
function toRiservato(c: CittadinoRow, byCf: boolean, byCode: { gender: string; fasciaDiEtaId: number } | null, onService?: Set<number>): CittadinoTrovato {
  return {
    idCittadino: c.id, genere: byCode?.gender ?? null, fasciaDiEtaId: byCode?.fasciaDiEtaId ?? null,
    titoloDiStudio: null, occupazione: null, provinciaDiDomicilio: null, cittadinanza: null,
    tipoDocumento: byCf ? null : c.tipoDocumento,
    datiRiservati: true,
    ...(onService ? { giaAssociatoAlServizio: onService.has(c.id) } : {}),
  }
}

/**
 * Search by fiscal code or document number (FAC/VOL; platform-backend §5.2, security issue 6 item 4):
 * the whole data of a citizen within the caller's scope, the reserved answer otherwise (module comment).
 */
export async function searchCittadini(db: Executor, caller: Caller, body: RicercaCittadinoBody, secret: string): Promise<CittadinoTrovato[]> {
  fieldProfile(caller, 'U06')
  const byCf = body.tipoDocumento === 'CF'
  const derived = byCf ? await derivaDaCodiceFiscale(body.criterioRicerca) : null
  const where = byCf
    ? eq(cittadino.codiceFiscaleHash, hashFiscalCode(derived?.codiceFiscale ?? body.criterioRicerca, secret))
    : inArray(cittadino.numeroDocumentoHash, TIPO_DOCUMENTO.map((t) => hashDocumentNumber(t, body.criterioRicerca, secret)))
  const rows = await db.select().from(cittadino).where(where).orderBy(cittadino.id).limit(50)
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const inScope = await citizensInScope(db, caller, ids)
  let onService: Set<number> | undefined
  // (a service id is an int4: anything else names no service, and must not reach the query)
  if (body.idServizio && Number.isInteger(body.idServizio) && body.idServizio > 0 && body.idServizio <= 2 ** 31 - 1
    && (await serviceVisible(db, caller, body.idServizio))) {
    const links = await db.select({ id: servizioXCittadino.idCittadino }).from(servizioXCittadino)
      .where(and(eq(servizioXCittadino.idServizio, body.idServizio), inArray(servizioXCittadino.idCittadino, ids)))
    onService = new Set(links.map((l) => l.id))
  }
  const byCode = derived ? { gender: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId } : null
  return rows.map((r) => (inScope.has(r.id) ? toTrovato(r, onService) : toRiservato(r, byCf, byCode, onService)))
}

/** What a new citizen gets from the identity typed at the desk (the mask: src/lib/masked-identity.ts). */
type FromIdentity = {
  codiceFiscaleHash: string | null; tipoDocumento: string | null; numeroDocumentoHash: string | null; genere: string | null; fasciaDiEtaId: number | null
  identificativoMascherato: string | null
}

/** How the body identifies the citizen: the lookup condition and what a new citizen gets, or the error to answer. */
type Identifier =
  | { where: SQL; create: FromIdentity; age: number | null }
  | { error: ApiError }

/**
 * Reads the identity typed at the desk (no query); errors are returned, to be thrown after the service
 * checks. A bare `idCittadino` proves nothing: 400 U27 (security issue 6, item 1).
 */
async function identifier(body: AggiungiCittadinoBody, secret: string): Promise<Identifier> {
  if (body.codiceFiscale && !body.codiceFiscaleNonDisponibile) {
    const derived = await derivaDaCodiceFiscale(body.codiceFiscale)
    if (!derived) return { error: badRequest('G02', 'Codice fiscale non valido.') }
    const hash = hashFiscalCode(derived.codiceFiscale, secret)
    return {
      where: eq(cittadino.codiceFiscaleHash, hash),
      create: {
        codiceFiscaleHash: hash, tipoDocumento: null, numeroDocumentoHash: null, genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId,
        identificativoMascherato: maskFiscalCode(derived.codiceFiscale),
      },
      age: derived.age,
    }
  }
  if (body.tipoDocumento && body.numeroDocumento) {
    const hash = hashDocumentNumber(body.tipoDocumento, body.numeroDocumento, secret)
    return {
      where: and(eq(cittadino.tipoDocumento, body.tipoDocumento), eq(cittadino.numeroDocumentoHash, hash))!,
      create: {
        codiceFiscaleHash: null, tipoDocumento: body.tipoDocumento, numeroDocumentoHash: hash, genere: body.genere ?? GENERE_PREDEFINITO, fasciaDiEtaId: body.fasciaDiEtaId ?? null,
        identificativoMascherato: maskDocumentNumber(body.numeroDocumento),
      },
      age: null,
    }
  }
  if (body.idCittadino) return { error: badRequest('U27') }
  return { error: badRequest('U08') }
}

function requireField<T>(value: T | null | undefined, label: string): T {
  if (value === null || value === undefined || value === '') throw badRequest('G02', `Dati non validi: controlla ${label}.`)
  return value
}

/** The demographics declared at the desk (required, the province one of the list): 400 G02 naming the first missing. */
function declaredData(body: AggiungiCittadinoBody, fromIdentity: FromIdentity) {
  const provincia = requireField(body.provinciaDiDomicilio, 'provincia di domicilio')
  if (!isProvincia(provincia)) throw badRequest('G02', 'Dati non validi: controlla provincia di domicilio.')
  return {
    genere: fromIdentity.genere,
    fasciaDiEtaId: requireField(fromIdentity.fasciaDiEtaId, 'fascia di età'),
    titoloDiStudio: requireField(body.titoloDiStudio, 'titolo di studio'),
    occupazione: requireField(body.occupazione, 'stato occupazionale'),
    cittadinanza: requireField(body.cittadinanza, 'cittadinanza'),
    provinciaDiDomicilio: provincia,
  }
}

/** Inserts a citizen with a random id (server/db/citizen-id.ts), drawing again on the (unlikely) clash of ids. */
async function insertCitizen(tx: Transaction, values: Omit<typeof cittadino.$inferInsert, 'id'>): Promise<CittadinoRow> {
  for (let draw = 0; draw < 5; draw++) {
    const [row] = await tx.insert(cittadino).values({ ...values, id: newCitizenId() }).onConflictDoNothing({ target: cittadino.id }).returning()
    if (row) return row
  }
  throw new Error('insertCitizen: no free citizen id after 5 draws')
}

/**
 * Adds a citizen to a service (201 `{id, idQuestionario}`), see the module comment. The service, the
 * citizen the identity names and whether it is already on the service come from ONE query; a new citizen
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
  // issue 28: an addition naming an anonymised citizen by id (a device's queued entry) is refused, never re-linked
  if (body.idCittadino) await vietaSeAnonimizzato(tx, body.idCittadino)
  if (body.idCittadino && existing?.id !== body.idCittadino) {
    throw badRequest('U27', 'Il codice fiscale o il documento inserito non corrisponde al cittadino selezionato.')
  }

  if (existing && body.nuovoCittadino) throw new ApiError(409, 'U07')
  const inScope = existing !== undefined && (await citizensInScope(tx, caller, [existing.id])).has(existing.id)
  const band = ident.age !== null ? null : inScope ? existing.fasciaDiEtaId : ident.create.fasciaDiEtaId
  await checkAge(tx, field.idProgramma, ident.age, band)

  let citizen: CittadinoRow
  if (existing && found.linked === true) throw new ApiError(409, 'U23')
  // a citizen registered before masks existed gets the mask of the identity typed now
  const mask = existing && existing.identificativoMascherato === null && ident.create.identificativoMascherato
    ? { identificativoMascherato: ident.create.identificativoMascherato } : {}
  if (existing && inScope) {
    citizen = existing
    if ('identificativoMascherato' in mask) {
      const [updated] = await tx.update(cittadino).set(mask).where(eq(cittadino.id, existing.id)).returning()
      citizen = updated!
    }
  } else if (existing) {
    // outside the caller's scope: what was declared at the desk replaces what the caller may not see
    // the declared data change: the record's version moves on (issue 27)
    const [updated] = await tx.update(cittadino).set({ ...declaredData(body, ident.create), ...mask, dataOraAggiornamento: new Date(), versione: versioneSuccessiva(cittadino) })
      .where(eq(cittadino.id, existing.id)).returning()
    citizen = updated!
  } else {
    citizen = await insertCitizen(tx, { ...ident.create, ...declaredData(body, ident.create), codInserimento: body.codInserimento ?? null })
  }
  await tx.insert(servizioXCittadino).values({ idCittadino: citizen.id, idServizio: s.id, codInserimento: body.codInserimento ?? null })
  if (s.stato === STATO.NON_ATTIVO) await activateServizio(tx, s.id)
  const [instance] = await tx.insert(questionarioCompilato).values({
    idQuestionarioTemplate: s.idQuestionarioTemplateSnapshot, idCittadino: citizen.id, idFacilitatore: s.idFacilitatore,
    idSede: s.idSede, idEnte: s.idEnte, idProgetto: s.idProgetto, idServizio: s.id, codInserimento: body.codInserimento ?? null,
    stato: 'NON_COMPILATA', sezioni: await initialSections(tx, citizen, s.id, s.sezioneQ3Compilato, { newCitizen: !existing, caller }),
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
    parts.push(/^\d{1,16}$/.test(criterio) && Number.isSafeInteger(Number(criterio))
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
    mask: cittadino.identificativoMascherato, aggiunto: questionarioCompilato.dataOraCreazione, scadenza: questionarioInviatoOnline.dataOraScadenza,
  }).from(questionarioCompilato)
    .innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino))
    .leftJoin(fasciaDiEta, eq(fasciaDiEta.id, cittadino.fasciaDiEtaId))
    .leftJoin(questionarioInviatoOnline, eq(questionarioInviatoOnline.idQuestionarioCompilato, questionarioCompilato.id))
    .where(where)
    .orderBy(desc(questionarioCompilato.dataOraAggiornamento), desc(cittadino.id))
    .limit(page.pageSize).offset(page.currPage * page.pageSize)
  return {
    cittadini: rows.map((r) => ({
      idCittadino: r.idCittadino, idQuestionario: r.idQuestionario, statoQuestionario: r.stato,
      dataUltimoAggiornamento: r.aggiornato.toISOString(), genere: r.genere, fasciaDiEta: r.fascia,
      identificativoMascherato: r.mask, dataOraAggiunta: r.aggiunto.toISOString(), scadenzaLink: r.scadenza?.toISOString() ?? null,
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
