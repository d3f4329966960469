/**
 * Field work of a facilitator or volunteer (src/api/contract/campo.ts): the records as the device stores them,
 * the profile's reference data (`riferimenti`), one service read online and the archive of the services older
 * than the window. The paged, incremental sync that carries them is server/domain/campo-sync.ts.
 */
import { and, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { CampoArchivio, CampoRiferimentiWire, CampoServizio, ServizioCampo } from '../../src/api/contract/campo'
import type { CittadinoTrovato } from '../../src/api/contract/cittadino'
import type { Opzione } from '../../src/api/contract/servizio'
import {
  cittadino, configurazioneMinorenni, enteSedeProgettoFacilitatore, progetto, questionarioCompilato, questionarioInviatoOnline, sede, servizio, STATO,
} from '../db/schema'
import type { Executor } from '../db/types'
import { badRequest, forbidden, notFound } from '../errors'
import { ownServices } from './ambito'
import { fieldProfile, type Caller } from './profile'
import { encodeInstances } from './questionari/istanze'
import { encodeStored } from './survey-codec'
import { activeTemplate, templatesById, templateToWire } from './template'

/** The profile a field caller works in (FAC/VOL, else 403 U06). */
export type ProfiloCampo = ReturnType<typeof fieldProfile>

/** The facilitator's sites in the profile project and body (not TERMINATO), by name. */
export async function sediFacilitatore(db: Executor, caller: Caller): Promise<Opzione[]> {
  const f = fieldProfile(caller, 'U06')
  return db.selectDistinct({ id: sede.id, nome: sede.nome }).from(enteSedeProgettoFacilitatore)
    .innerJoin(sede, eq(sede.id, enteSedeProgettoFacilitatore.idSede))
    .where(and(eq(enteSedeProgettoFacilitatore.idFacilitatore, f.userId), eq(enteSedeProgettoFacilitatore.idProgetto, f.idProgetto),
      eq(enteSedeProgettoFacilitatore.idEnte, f.idEnte), ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO)))
    .orderBy(sede.nome)
}

type ServizioRow = typeof servizio.$inferSelect
type CittadinoRow = typeof cittadino.$inferSelect

/** A service row (with its site's name) as the device stores it, with its `versione` (issue 27 point 5). */
export function encodeServizioCampo(s: ServizioRow, nomeSede: string): ServizioCampo & { versione: number } {
  return {
    id: s.id, idLocale: s.idLocale, nome: s.nome, data: s.dataServizio, durataServizio: s.durataServizio,
    tipologiaServizio: s.tipologiaServizio.split(', ').filter((t) => t !== ''), idEnte: s.idEnte, idSede: s.idSede, nomeSede,
    stato: s.stato === STATO.ATTIVO ? 'ATTIVO' : 'NON ATTIVO',
    sezioneQ3Questionario: s.sezioneQ3Compilato ? encodeStored(s.sezioneQ3Compilato) : '{}',
    idQuestionarioTemplateSnapshot: s.idQuestionarioTemplateSnapshot ?? '',
    dataOraAggiornamento: s.dataOraAggiornamento.toISOString(), versione: s.versione,
  }
}

/** A citizen's demographics and masked identity (no identifier but the server id), with its `versione` (issue 27 point 5). */
export function encodeCittadinoCampo(c: CittadinoRow): CittadinoTrovato & { versione: number } {
  return {
    idCittadino: c.id, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, titoloDiStudio: c.titoloDiStudio, occupazione: c.occupazione,
    provinciaDiDomicilio: c.provinciaDiDomicilio, cittadinanza: c.cittadinanza, tipoDocumento: c.tipoDocumento,
    identificativoMascherato: c.identificativoMascherato, versione: c.versione,
  }
}

/** The services of the profile (facilitator, project, body): the field scope of server/domain/ambito/. */
export const inScope = (f: ProfiloCampo): SQL => ownServices(f)

/**
 * A service in the field window: dated on or after `dal`, or with a survey instance not yet compiled
 * (partial index of migration 0019).
 */
export const inFinestra = (dal: string): SQL => sql`(${servizio.dataServizio} >= ${dal} or exists (select 1 from ${questionarioCompilato} qa
  where qa.id_servizio = ${servizio.id} and qa.stato <> 'COMPILATA'))`

/**
 * The instances (ids) of a page with their citizens and link expiries, encoded: the citizens and the links are
 * read with one array parameter each (never a long IN list). The instances of anonymised citizens are left out
 * (issue 28 point 2).
 */
export async function encodePagina(db: Executor, istanze: (typeof questionarioCompilato.$inferSelect)[]): Promise<{ cittadini: CittadinoTrovato[]; questionari: CampoServizio['questionari'] }> {
  if (istanze.length === 0) return { cittadini: [], questionari: [] }
  const idCittadini = [...new Set(istanze.map((q) => q.idCittadino))]
  const tutti = await db.select().from(cittadino).where(sql`${cittadino.id} = any(${sql.param(idCittadini)}::bigint[])`).orderBy(cittadino.id)
  // issue 28: an anonymised citizen and its surveys never reach a device (a tombstone removes the copies it holds)
  const cittadini = tutti.filter((c) => c.anonimizzatoIl === null)
  const attivi = new Set(cittadini.map((c) => c.id))
  const visibili = istanze.filter((q) => attivi.has(q.idCittadino))
  if (visibili.length === 0) return { cittadini: [], questionari: [] }
  const idIstanze = visibili.map((q) => q.id)
  const links = await db.select({ id: questionarioInviatoOnline.idQuestionarioCompilato, scadenza: questionarioInviatoOnline.dataOraScadenza })
    .from(questionarioInviatoOnline).where(sql`${questionarioInviatoOnline.idQuestionarioCompilato} = any(${sql.param(idIstanze)}::uuid[])`)
  return { cittadini: cittadini.map(encodeCittadinoCampo), questionari: encodeInstances(visibili, new Map(links.map((l) => [l.id, l.scadenza]))) }
}

/**
 * The reference data of the profile: its ids, the project's dates (A06 bounds a service date), the programme's
 * ATTIVO template and every template the profile's services refer to, the facilitator's sites and the programme's
 * minors configuration. Bounded by the number of templates and sites, not by the services.
 */
export async function riferimentiCampo(db: Executor, caller: Caller): Promise<CampoRiferimentiWire> {
  const f = fieldProfile(caller, 'U06')
  const active = await activeTemplate(db, f.idProgramma)
  const usati = await db.selectDistinct({ id: servizio.idQuestionarioTemplateSnapshot }).from(servizio).where(inScope(f))
  const snapshotIds = usati.map((r) => r.id).filter((x): x is string => x !== null)
  const snapshots = await templatesById(db, active ? [active.id, ...snapshotIds] : snapshotIds)
  snapshots.sort((a, b) => a.id.localeCompare(b.id))
  const [minori] = await db.select({ dataAbilitazione: configurazioneMinorenni.dataAbilitazione, dataDecorrenza: configurazioneMinorenni.dataDecorrenza })
    .from(configurazioneMinorenni).where(eq(configurazioneMinorenni.idProgramma, f.idProgramma))
  const [prj] = await db.select({ dataInizio: progetto.dataInizioProgetto, dataFine: progetto.dataFineProgetto })
    .from(progetto).where(eq(progetto.id, f.idProgetto))
  return {
    profilo: { codiceRuolo: caller.codiceRuolo, idProgramma: f.idProgramma, idProgetto: f.idProgetto, idEnte: f.idEnte },
    progetto: { dataInizio: prj?.dataInizio ?? null, dataFine: prj?.dataFine ?? null },
    template: active ? templateToWire(active) : null,
    templateSnapshot: snapshots.map(templateToWire),
    sedi: await sediFacilitatore(db, caller),
    configurazioneMinorenni: minori ?? null,
  }
}

/**
 * One service of the profile with its instances and citizens (`GET /campo/servizio/{id}`), window or not, by its
 * server id or by the device id (UUID) it was created with (a page opened on a service the field sync has since
 * dropped from the device as out of the window): 404 S09 when it does not exist, 403 A02 when it belongs to another
 * facilitator, project or body.
 */
export async function servizioCampo(db: Executor, caller: Caller, idServizio: number | string): Promise<CampoServizio> {
  const f = fieldProfile(caller, 'U06')
  // a device id (UUID) names a service of this facilitator (unique per facilitator: servizio_facilitatore_id_locale_uq)
  const where = typeof idServizio === 'number' ? eq(servizio.id, idServizio) : and(eq(servizio.idFacilitatore, f.userId), eq(servizio.idLocale, idServizio))
  const [row] = await db.select({ s: servizio, nomeSede: sede.nome }).from(servizio).innerJoin(sede, eq(sede.id, servizio.idSede)).where(where)
  if (!row) throw notFound('S09')
  if (row.s.idFacilitatore !== f.userId || row.s.idProgetto !== f.idProgetto || row.s.idEnte !== f.idEnte) throw forbidden('A02')
  const istanze = await db.select().from(questionarioCompilato).where(eq(questionarioCompilato.idServizio, row.s.id))
    .orderBy(questionarioCompilato.id)
  return { servizio: encodeServizioCampo(row.s, row.nomeSede), ...(await encodePagina(db, istanze)) }
}

/** Services per page of the archive. */
export const ARCHIVIO_PAGINA = 50

const encodeArchivioCursore = (data: string, id: number) => Buffer.from(JSON.stringify([data, id])).toString('base64url')

/** The archive cursor's (date, id), or 400 G02 when unreadable. */
function decodeArchivioCursore(text: string): [string, number] {
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v[0]) && Number.isSafeInteger(v[1])) {
      return [v[0], v[1] as number]
    }
  } catch { /* unreadable: refused below */ }
  throw badRequest('G02', 'Il cursore dell\'archivio non è valido: ricarica l\'archivio dall\'inizio.')
}

/**
 * The profile's services dated before `prima`, newest first (date, then id), `ARCHIVIO_PAGINA` a page, keyset
 * paged by an opaque cursor (index servizio_campo_data_idx of migration 0019).
 */
export async function archivioCampo(db: Executor, caller: Caller, prima: string, cursore: string | undefined): Promise<CampoArchivio> {
  const f = fieldProfile(caller, 'U06')
  const after = cursore ? decodeArchivioCursore(cursore) : null
  const rows = await db.select({ s: servizio, nomeSede: sede.nome }).from(servizio).innerJoin(sede, eq(sede.id, servizio.idSede))
    .where(and(inScope(f), lt(servizio.dataServizio, prima),
      after ? or(lt(servizio.dataServizio, after[0]), and(eq(servizio.dataServizio, after[0]), lt(servizio.id, after[1]))) : undefined))
    .orderBy(desc(servizio.dataServizio), desc(servizio.id)).limit(ARCHIVIO_PAGINA + 1)
  const page = rows.slice(0, ARCHIVIO_PAGINA)
  const last = page.at(-1)
  return {
    servizi: page.map((r) => encodeServizioCampo(r.s, r.nomeSede)),
    cursore: rows.length > ARCHIVIO_PAGINA && last ? encodeArchivioCursore(last.s.dataServizio, last.s.id) : null,
  }
}
