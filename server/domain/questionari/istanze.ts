/**
 * Questionnaire instances: read, facilitator compile, online link, anonymous read and submit
 * (platform-backend §5.4–5.6 with defect §16.2 fixed; issue #3 points 3–4).
 * - read / compile / invia: only the facilitator who created the service (read A02, compile A03);
 * - compile: Q4 required (400 A04 missing, A05 without answers), 409 Q02 once COMPILATA; Q1–Q3 sent by
 *   the client are ignored; `…DaAggiornare` fields update the instance's citizen — a citizen of the
 *   caller's own service — and the Q1 of its instances not yet compiled (platform-backend §5.4–5.5,
 *   §6.2; security issue 6): the enumerations are checked by the contract, the province here (400 G02);
 *   gender and age band of a citizen with a fiscal code come from the code and such a citizen gets no
 *   document (400 U28); a document needs type and number; the age rule of §9 (U25/U26); a fiscal code or
 *   document of another citizen: 409 U07. Everything is checked before anything is written; the consent
 *   (`consensoTrattamentoDatiRequest`, consenso.ts) is stored on the citizen the first time only and
 *   written into the Q1 of its open instances (400 G02 for a date that is not real or is in the future);
 * - invia: a new random token (256 bits, base64url) whose SHA-256 only is stored, valid 3 days from its
 *   creation; replaces the previous one; state INVIATO; 409 Q02 once compiled; `inviaATutti` does it for
 *   every survey of a service not yet compiled, in one transaction;
 * - anonymous: 404 T01 unknown id/token, 409 Q02 compiled, 410 T02 expired; the read returns the
 *   template's Q4 section and the sections it adds after Q4, the consent flag and the service's name and
 *   date only; the submission records an ONLINE consent when the citizen has none (consenso.ts);
 * - sections a template adds after Q4 (src/lib/survey-extra-sections.ts; issue 24 point 4): both compile
 *   calls take their answers in `sezioniAggiuntiveQuestionario`, checked against the instance's template
 *   (400 G02 with the reason) and stored after Q4 in template order; the read gives them back. A body
 *   without the field (a compilation queued by an older app, a mass-upload row: its CSV has no column for
 *   them) is taken with Q4 only — those sections were not asked, so nothing is stored for them.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type {
  CompilaAnonimoBody, CompilaQuestionarioBody, CompilaQuestionarioRisposta, InviaATuttiRisposta, InviaQuestionarioRisposta, QuestionarioAnonimo,
  QuestionarioCompilato, SezioneTemplateWire,
} from '../../../src/api/contract/questionario'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { ID_SEZIONI_FISSE } from '../../../src/lib/questionario-editor'
import { controllaSezioniAggiuntive, sezioniAggiuntive } from '../../../src/lib/survey-extra-sections'
import { derivaDaCodiceFiscale } from '../codice-fiscale'
import { maskDocumentNumber, maskFiscalCode } from '../../../src/lib/masked-identity'
import { hashDocumentNumber, hashFiscalCode } from '../../db/citizen-hash'
import {
  cittadino, questionarioCompilato, questionarioInviatoOnline, questionarioTemplate, servizio, type SezioneCompilata,
} from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../../errors'
import { sha256Hex } from '../../idempotency'
import { checkAge, isProvincia } from '../cittadini-servizio'
import { consentInstant, consentIntoOpenInstances, recordConsent, withConsent } from '../consenso'
import { isUuid } from '../db-errors'
import { fieldProfile, isFieldRole, type Caller } from '../profile'
import { buildQ1, dropEmpty, sectionOf } from './istanza'
import { serviceVisible } from '../ambito'
import {
  decodeSection, encodeSection, encodeStored, InvalidQuestionIdError, SectionFormatError, toStored, type DecodedSection,
} from '../survey-codec'
import { versioneSuccessiva } from '../versioni'
import { vietaSeAnonimizzato } from '../conservazione/guardia'

type IstanzaRow = typeof questionarioCompilato.$inferSelect

/** Validity of an online link (platform-backend §5.6). */
export const TOKEN_TTL_MS = 3 * 24 * 3600 * 1000
/** Path of the anonymous page for an instance and a token. */
export const onlineLink = (id: string, token: string) => `/servizi/questionario/${id}/online/${token}`

const { Q1, Q2, Q3, Q4 } = SEZIONI_QUESTIONARIO

async function instance(db: Executor, id: string): Promise<IstanzaRow> {
  const [row] = isUuid(id) ? await db.select().from(questionarioCompilato).where(eq(questionarioCompilato.id, id)) : []
  if (!row) throw notFound('QC01')
  return row
}

/** The instance when the caller is its facilitator (in the instance's project and body), else `code`. */
async function ownInstance(db: Executor, caller: Caller, id: string, code: string): Promise<IstanzaRow> {
  const row = await instance(db, id)
  const p = caller.profilo
  const own = isFieldRole(caller.codiceRuolo) && row.idFacilitatore === caller.principal.userId
    && row.idProgetto === p.idProgetto && row.idEnte === p.idEnte
  if (!own) throw forbidden(code)
  return row
}

/** An instance on the wire; `scadenzaLink`: the expiry of its online link, when the caller looked it up. */
function encodeInstance(row: IstanzaRow, scadenzaLink?: Date | null): QuestionarioCompilato {
  const q4 = row.sezioni.find((s) => s.id === Q4.id)
  return {
    idQuestionarioCompilato: row.id, idServizio: row.idServizio, idCittadino: row.idCittadino,
    idQuestionarioTemplate: row.idQuestionarioTemplate, statoQuestionario: row.stato,
    dataOraAggiornamento: row.dataOraAggiornamento.toISOString(),
    dataOraCreazione: row.dataOraCreazione.toISOString(),
    ...(scadenzaLink !== undefined ? { scadenzaLink: scadenzaLink?.toISOString() ?? null } : {}),
    sezioneQ1Questionario: encodeSection(sectionOf(row.sezioni, Q1.id, Q1.titolo)),
    sezioneQ2Questionario: encodeSection(sectionOf(row.sezioni, Q2.id, Q2.titolo)),
    sezioneQ3Questionario: encodeSection(sectionOf(row.sezioni, Q3.id, Q3.titolo)),
    sezioneQ4Questionario: q4 ? encodeSection(sectionOf(row.sezioni, Q4.id, Q4.titolo)) : null,
    sezioniAggiuntiveQuestionario: row.sezioni.filter((s) => s.id !== '' && !ID_SEZIONI_FISSE.includes(s.id)).map(encodeStored),
  }
}

/** Encodes instances for the wire (the field bootstrap), with the expiry of each one's link (by instance id) when given. */
export const encodeInstances = (rows: IstanzaRow[], scadenze?: ReadonlyMap<string, Date>) =>
  rows.map((r) => encodeInstance(r, scadenze ? (scadenze.get(r.id) ?? null) : undefined))

/**
 * Reads an instance: its facilitator (in the profile it was made in), or a manager who sees the service
 * (platform-backend §4.4 scope). Q1 never carries a clear identifier, so the read-only view discloses
 * nothing the citizens tab does not. Other facilitators: 403 A02.
 */
export async function readQuestionario(db: Executor, caller: Caller, id: string): Promise<QuestionarioCompilato> {
  if (isFieldRole(caller.codiceRuolo)) return encodeInstance(await ownInstance(db, caller, id, 'A02'))
  const row = await instance(db, id)
  if (!(await serviceVisible(db, caller, row.idServizio))) throw forbidden('A02')
  return encodeInstance(row)
}

/** Decodes and checks a Q4 section string: 400 A04 missing / not Q4, A05 without answers, G02 reserved question id. */
export function parseQ4(text: string | null | undefined): DecodedSection {
  if (!text || text.trim() === '' || text.trim() === '{}') throw badRequest('A04')
  let q4: DecodedSection
  try {
    q4 = decodeSection(text)
  } catch (err) {
    if (err instanceof InvalidQuestionIdError) throw badRequest('G02', err.message)
    if (err instanceof SectionFormatError) throw badRequest('A04')
    throw err
  }
  if (q4.id !== Q4.id) throw badRequest('A04')
  if (Object.keys(q4.properties).length === 0) throw badRequest('A05')
  return { ...q4, title: q4.title || Q4.titolo }
}

/**
 * The answers to the template's sections after Q4 (module comment): null when the body has no such field,
 * else every added section of the instance's template checked (400 G02 with the reason; 404 QT04 when the
 * template is gone).
 */
async function parseAggiuntive(db: Executor, idTemplate: string, sent: readonly string[] | null | undefined): Promise<DecodedSection[] | null> {
  if (sent === undefined || sent === null) return null
  const [t] = await db.select({ sezioni: questionarioTemplate.sezioni }).from(questionarioTemplate).where(eq(questionarioTemplate.id, idTemplate))
  if (!t) throw notFound('QT04')
  const esito = controllaSezioniAggiuntive(t.sezioni as SezioneTemplateWire[], sent)
  if (!esito.ok) throw badRequest('G02', esito.errore)
  return esito.sezioni.map((x) => ({ id: x.id, title: x.title, properties: x.answers }))
}

/** The sections once Q4 is in: the stored Q1–Q3 (Q1 possibly rewritten), the new Q4, then the added sections' answers. */
function withQ4(sezioni: SezioneCompilata[], q4: DecodedSection, q1?: SezioneCompilata, aggiuntive: DecodedSection[] = []): SezioneCompilata[] {
  const replaced = new Set([Q4.id, ...aggiuntive.map((x) => x.id)])
  const keep = sezioni.filter((s) => !replaced.has(s.id)).map((s) => (q1 && s.id === Q1.id ? q1 : s))
  return [...keep, toStored(q4), ...aggiuntive.map(toStored)]
}

/** 400 U28 for a change of what the fiscal code says (module comment). */
const derivedFromCode = () => badRequest('U28')

/**
 * Applies the `…DaAggiornare` fields to the instance's citizen (module comment; platform-backend §5.4,
 * §6.2); returns the updated row, or undefined when nothing changes. Throws before writing anything.
 */
async function updateCitizen(tx: Transaction, caller: Caller, idCittadino: number, body: CompilaQuestionarioBody, secret: string) {
  const { idProgramma } = fieldProfile(caller, 'A03')
  const [current] = await tx.select().from(cittadino).where(eq(cittadino.id, idCittadino))
  if (!current) throw notFound('CIT02')
  const changes: Partial<typeof cittadino.$inferInsert> = {}
  let derived: Awaited<ReturnType<typeof derivaDaCodiceFiscale>> = null
  if (body.codiceFiscaleDaAggiornare) {
    derived = await derivaDaCodiceFiscale(body.codiceFiscaleDaAggiornare)
    if (!derived) throw badRequest('G02', 'Codice fiscale non valido.')
    await checkAge(tx, idProgramma, derived.age, null)
    const hash = hashFiscalCode(derived.codiceFiscale, secret)
    const [other] = await tx.select({ id: cittadino.id }).from(cittadino).where(and(eq(cittadino.codiceFiscaleHash, hash), ne(cittadino.id, idCittadino)))
    if (other) throw new ApiError(409, 'U07')
    Object.assign(changes, {
      codiceFiscaleHash: hash, tipoDocumento: null, numeroDocumentoHash: null, genere: derived.gender, fasciaDiEtaId: derived.fasciaDiEtaId,
      identificativoMascherato: maskFiscalCode(derived.codiceFiscale),
    })
  }
  const withCode = derived !== null || current.codiceFiscaleHash !== null
  if (body.tipoDocumentoDaAggiornare || body.numeroDocumentoDaAggiornare) {
    if (withCode) throw badRequest('U28', 'Il cittadino ha un codice fiscale: il documento non si può aggiungere né modificare.')
    if (!body.tipoDocumentoDaAggiornare || !body.numeroDocumentoDaAggiornare) throw badRequest('G02', 'Dati non validi: indica insieme tipo e numero del documento.')
    const hash = hashDocumentNumber(body.tipoDocumentoDaAggiornare, body.numeroDocumentoDaAggiornare, secret)
    const [other] = await tx.select({ id: cittadino.id }).from(cittadino)
      .where(and(eq(cittadino.tipoDocumento, body.tipoDocumentoDaAggiornare), eq(cittadino.numeroDocumentoHash, hash), ne(cittadino.id, idCittadino)))
    if (other) throw new ApiError(409, 'U07')
    Object.assign(changes, { tipoDocumento: body.tipoDocumentoDaAggiornare, numeroDocumentoHash: hash, identificativoMascherato: maskDocumentNumber(body.numeroDocumentoDaAggiornare) })
  }
  if (body.genereDaAggiornare) {
    if (!withCode) changes.genere = body.genereDaAggiornare
    else if (body.genereDaAggiornare !== (derived?.gender ?? current.genere)) throw derivedFromCode()
  }
  if (body.fasciaDiEtaIdDaAggiornare) {
    if (!withCode) {
      await checkAge(tx, idProgramma, null, body.fasciaDiEtaIdDaAggiornare)
      changes.fasciaDiEtaId = body.fasciaDiEtaIdDaAggiornare
    } else if (body.fasciaDiEtaIdDaAggiornare !== (derived?.fasciaDiEtaId ?? current.fasciaDiEtaId)) throw derivedFromCode()
  }
  if (body.provinciaDiDomicilioDaAggiornare) {
    if (!isProvincia(body.provinciaDiDomicilioDaAggiornare)) throw badRequest('G02', 'Dati non validi: controlla provincia di domicilio.')
    changes.provinciaDiDomicilio = body.provinciaDiDomicilioDaAggiornare
  }
  if (body.titoloDiStudioDaAggiornare) changes.titoloDiStudio = body.titoloDiStudioDaAggiornare
  if (body.occupazioneDaAggiornare) changes.occupazione = body.occupazioneDaAggiornare
  if (body.cittadinanzaDaAggiornare) changes.cittadinanza = body.cittadinanzaDaAggiornare
  if (Object.keys(changes).length === 0) return undefined
  // the citizen's data change: its version moves on (issue 27)
  const [row] = await tx.update(cittadino).set({ ...changes, dataOraAggiornamento: new Date(), versione: versioneSuccessiva(cittadino) }).where(eq(cittadino.id, idCittadino)).returning()
  return row
}

/** Facilitator compile (see the module comment). */
export async function compilaQuestionario(tx: Transaction, caller: Caller, id: string, body: CompilaQuestionarioBody, secret: string): Promise<CompilaQuestionarioRisposta> {
  const row = await ownInstance(tx, caller, id, 'A03')
  await vietaSeAnonimizzato(tx, row.idCittadino)
  if (row.stato === 'COMPILATA') throw new ApiError(409, 'Q02')
  const q4 = parseQ4(body.sezioneQ4Questionario)
  const aggiuntive = await parseAggiuntive(tx, row.idQuestionarioTemplate, body.sezioniAggiuntiveQuestionario)
  const consenso = body.consensoTrattamentoDatiRequest
  const consentAt = consenso ? consentInstant(consenso) : null
  const updated = await updateCitizen(tx, caller, row.idCittadino, body, secret)
  let citizen = updated
  let consentNew = false
  if (consenso && consentAt) {
    const r = await recordConsent(tx, row.idCittadino, consenso.tipoConferimentoConsenso, consentAt)
    citizen = r.citizen ?? citizen
    consentNew = r.recorded
  }
  let q1: SezioneCompilata | undefined
  if (updated && citizen) {
    const rebuilt = toStored(dropEmpty(buildQ1(citizen)))
    q1 = rebuilt
    const open = await tx.select({ id: questionarioCompilato.id, sezioni: questionarioCompilato.sezioni }).from(questionarioCompilato)
      .where(and(eq(questionarioCompilato.idCittadino, row.idCittadino), ne(questionarioCompilato.stato, 'COMPILATA'), ne(questionarioCompilato.id, row.id)))
    for (const other of open) {
      await tx.update(questionarioCompilato).set({ sezioni: other.sezioni.map((s) => (s.id === Q1.id ? rebuilt : s)), dataOraAggiornamento: new Date() })
        .where(eq(questionarioCompilato.id, other.id))
    }
  } else if (citizen) {
    // the consent (recorded now, or earlier) goes into this Q1, and into the other open ones when new
    if (consentNew) await consentIntoOpenInstances(tx, citizen, row.id)
    const current = row.sezioni.find((s) => s.id === Q1.id)
    if (current) q1 = withConsent(current, citizen)
  }
  await tx.update(questionarioCompilato).set({ stato: 'COMPILATA', sezioni: withQ4(row.sezioni, q4, q1, aggiuntive ?? []), dataOraAggiornamento: new Date() })
    .where(eq(questionarioCompilato.id, row.id))
  return { idQuestionarioCompilato: row.id, statoQuestionario: 'COMPILATA' }
}

/** A new link for an instance not compiled (replacing its previous one); the state becomes INVIATO. */
async function newLink(tx: Transaction, row: Pick<IstanzaRow, 'id' | 'stato'>, now: Date): Promise<InviaQuestionarioRisposta> {
  const token = randomBytes(32).toString('base64url')
  const scadenza = new Date(now.getTime() + TOKEN_TTL_MS)
  const values = { tokenHash: sha256Hex(token), dataOraCreazione: now, dataOraScadenza: scadenza, dataOraUtilizzo: null }
  await tx.insert(questionarioInviatoOnline).values({ idQuestionarioCompilato: row.id, ...values })
    .onConflictDoUpdate({ target: questionarioInviatoOnline.idQuestionarioCompilato, set: values })
  if (row.stato === 'NON_COMPILATA') {
    await tx.update(questionarioCompilato).set({ stato: 'INVIATO', dataOraAggiornamento: now }).where(eq(questionarioCompilato.id, row.id))
  }
  return { link: onlineLink(row.id, token), token, scadenza: scadenza.toISOString() }
}

/** Creates (or replaces) the online link of an instance. */
export async function inviaQuestionario(tx: Transaction, caller: Caller, id: string): Promise<InviaQuestionarioRisposta> {
  const row = await ownInstance(tx, caller, id, 'A02')
  await vietaSeAnonimizzato(tx, row.idCittadino)
  if (row.stato === 'COMPILATA') throw new ApiError(409, 'Q02')
  return newLink(tx, row, new Date())
}

/** Most surveys one 'Invia questionario a tutti' sends (issue 25 point 3). */
export const INVIA_A_TUTTI_MAX = 500

/**
 * 'Invia questionario a tutti' (platform-frontend §3.6; issue 8 point 3): a new link for every instance
 * of the service not COMPILATA, in one transaction, oldest addition first. Only the facilitator who
 * created the service, in its profile: 404 S09 unknown service, 403 A02 otherwise. A service with every
 * survey compiled (or no citizen) answers an empty list. More than `max` ({@link INVIA_A_TUTTI_MAX}) surveys to
 * send answer 400 G02 before any link is made (issue 25 point 3: one request's work stays bounded).
 */
export async function inviaATutti(tx: Transaction, caller: Caller, idServizio: number, max = INVIA_A_TUTTI_MAX): Promise<InviaATuttiRisposta> {
  const [s] = Number.isNaN(idServizio) ? [] : await tx.select().from(servizio).where(eq(servizio.id, idServizio))
  if (!s) throw notFound('S09')
  const p = caller.profilo
  const own = isFieldRole(caller.codiceRuolo) && s.idFacilitatore === caller.principal.userId && s.idProgetto === p.idProgetto && s.idEnte === p.idEnte
  if (!own) throw forbidden('A02')
  const rows = await tx.select({ id: questionarioCompilato.id, stato: questionarioCompilato.stato, idCittadino: cittadino.id, mask: cittadino.identificativoMascherato })
    .from(questionarioCompilato)
    .innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino))
    .where(and(eq(questionarioCompilato.idServizio, s.id), ne(questionarioCompilato.stato, 'COMPILATA'), isNull(cittadino.anonimizzatoIl)))
    .orderBy(questionarioCompilato.dataOraCreazione, questionarioCompilato.id)
    .limit(max + 1)
  if (rows.length > max) throw badRequest('G02', `Il servizio ha più di ${max} questionari da inviare: invia i link dalla scheda di ogni cittadino.`)
  const now = new Date()
  const questionari: InviaATuttiRisposta['questionari'] = []
  for (const r of rows) {
    questionari.push({ idQuestionario: r.id, idCittadino: r.idCittadino, identificativoMascherato: r.mask, ...(await newLink(tx, r, now)) })
  }
  return { questionari }
}

/** The instance behind an anonymous link: 404 T01 (410 DP04 when its citizen's data are gone), 409 Q02, 410 T02 (in this order). */
async function anonymousInstance(db: Executor, id: string, token: unknown): Promise<IstanzaRow> {
  if (!isUuid(id) || typeof token !== 'string' || token === '' || token.length > 200) throw notFound('T01')
  const [link] = await db.select().from(questionarioInviatoOnline)
    .where(and(eq(questionarioInviatoOnline.idQuestionarioCompilato, id), eq(questionarioInviatoOnline.tokenHash, sha256Hex(token))))
  if (!link) {
    // a link that died with its citizen's data (issue 28: erased on request or anonymised): 410 DP04 'not available'
    const [gone] = await db.select({ x: sql`1` }).from(questionarioCompilato).innerJoin(cittadino, eq(cittadino.id, questionarioCompilato.idCittadino))
      .where(and(eq(questionarioCompilato.id, id), isNotNull(cittadino.anonimizzatoIl)))
    throw gone ? new ApiError(410, 'DP04') : notFound('T01')
  }
  const row = await instance(db, id).catch(() => { throw notFound('T01') })
  if (row.stato === 'COMPILATA') throw new ApiError(409, 'Q02')
  if (Date.now() > link.dataOraCreazione.getTime() + TOKEN_TTL_MS) throw new ApiError(410, 'T02')
  return row
}

/** The anonymous page's data (no citizen data). */
export async function readAnonimo(db: Executor, id: string, token: unknown): Promise<QuestionarioAnonimo> {
  const row = await anonymousInstance(db, id, token)
  const [ctx] = await db.select({
    nomeServizio: servizio.nome, dataServizio: servizio.dataServizio, sezioni: questionarioTemplate.sezioni,
    consenso: cittadino.dataConferimentoConsenso,
  }).from(servizio)
    .innerJoin(questionarioTemplate, eq(questionarioTemplate.id, row.idQuestionarioTemplate))
    .innerJoin(cittadino, eq(cittadino.id, row.idCittadino))
    .where(eq(servizio.id, row.idServizio))
  const q4 = ctx?.sezioni.find((s) => s.id === Q4.id)
  if (!ctx || !q4) throw notFound('QT04')
  return {
    idQuestionarioCompilato: row.id, abilitatoConsensoTrattamentoDatiCittadino: ctx.consenso !== null,
    nomeServizio: ctx.nomeServizio, dataServizio: ctx.dataServizio, idQuestionarioTemplate: row.idQuestionarioTemplate, sezioneQ4: q4,
    sezioniAggiuntive: sezioniAggiuntive(ctx.sezioni as SezioneTemplateWire[]),
  }
}

/** The citizen's anonymous submission of Q4: COMPILATA; records ONLINE consent when given. */
export async function compilaAnonimo(tx: Transaction, id: string, token: unknown, body: CompilaAnonimoBody): Promise<CompilaQuestionarioRisposta> {
  const row = await anonymousInstance(tx, id, token)
  const q4 = parseQ4(body.sezioneQ4Questionario)
  const aggiuntive = await parseAggiuntive(tx, row.idQuestionarioTemplate, body.sezioniAggiuntiveQuestionario)
  const now = new Date()
  let q1: SezioneCompilata | undefined
  if (body.consensoTrattamentoDati) {
    const { citizen, recorded } = await recordConsent(tx, row.idCittadino, 'ONLINE', now)
    if (citizen && recorded) {
      await consentIntoOpenInstances(tx, citizen, row.id)
      const current = row.sezioni.find((s) => s.id === Q1.id)
      if (current) q1 = withConsent(current, citizen)
    }
  }
  await tx.update(questionarioCompilato).set({ stato: 'COMPILATA', sezioni: withQ4(row.sezioni, q4, q1, aggiuntive ?? []), dataOraAggiornamento: now })
    .where(eq(questionarioCompilato.id, row.id))
  await tx.update(questionarioInviatoOnline).set({ dataOraUtilizzo: now }).where(eq(questionarioInviatoOnline.idQuestionarioCompilato, row.id))
  return { idQuestionarioCompilato: row.id, statoQuestionario: 'COMPILATA' }
}
