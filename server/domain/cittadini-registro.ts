/**
 * The citizen's card and the update of its editable fields in the citizens registry (spec 002 §5, §7
 * 'Citizens'; platform-backend §6.5, §3.4 'Citizen card, citizen update'; issue 10 point 2):
 * - card (`POST /cittadino/{id}`): the citizen within the caller's scope (on a service the caller sees,
 *   ambito/servizi.ts) with those services only, each with its survey; a citizen outside the scope or
 *   unknown answers 404 C01 alike (existence is not disclosed);
 * - update (`PUT /cittadino/{id}`): FAC/VOL only (403 U06), and only for a citizen on one of their own
 *   services in the profile project and body (404 C01 otherwise); education, employment, citizenship and
 *   province (one of /data/province.json, 400 G02); gender and age band only without a fiscal code
 *   (they derive from it: a change answers 400 U28); the minors band needs the programme's minors
 *   configuration in force (400 U25, cittadini-servizio.ts `checkAge`).
 * Nothing here reads or writes a clear identifier. The card carries the citizen's `versione` and the update is a
 * compare-and-set on it (issue 27: 409 V01 with the current card; server/domain/versioni.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AggiornaCittadinoBody, SchedaCittadino } from '../../src/api/contract/registro-cittadini'
import { cittadino, programma, progetto, questionarioCompilato, sede, servizio, servizioXCittadino, utente } from '../db/schema'
import type { Executor, Transaction } from '../db/types'
import { badRequest, notFound } from '../errors'
import { checkAge, isProvincia } from './cittadini-servizio'
import { fieldProfile, isFieldRole, type Caller } from './profile'
import { nominativo } from './servizi'
import { citizensInScope, serviceScope } from './ambito'
import { casUpdate, type VersioneRichiesta } from './versioni'
import { cittadinoAnonimizzato } from './conservazione/guardia'

/** The citizen row when it exists and is in the caller's scope; 404 C01 otherwise. */
async function visibleCitizen(db: Executor, caller: Caller, id: number) {
  const [row] = await db.select().from(cittadino).where(eq(cittadino.id, id))
  if (!row || !(await citizensInScope(db, caller, [id])).has(id)) throw notFound('C01', 'Il cittadino richiesto non esiste o non è tra i tuoi cittadini.')
  return row
}

/** Most services one citizen's card lists, the most recent (issue 25 point 3). */
export const SERVIZI_CITTADINO_MAX = 500

/** The card of citizen `id` for the caller (module comment): at most `max` services, the most recent, and their total. */
export async function schedaCittadino(db: Executor, caller: Caller, id: number, max = SERVIZI_CITTADINO_MAX): Promise<SchedaCittadino & { dettaglioCittadino: { versione: number } }> {
  const c = await visibleCitizen(db, caller, id)
  const rows = await db.select({
    totale: sql<number>`count(*) over ()`.mapWith(Number),
    idServizio: servizio.id, nomeServizio: servizio.nome, dataServizio: servizio.dataServizio, nomeSede: sede.nome,
    nomeFac: utente.nome, cognomeFac: utente.cognome, idFacilitatore: servizio.idFacilitatore,
    idQuestionario: questionarioCompilato.id, stato: questionarioCompilato.stato,
  }).from(servizioXCittadino)
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(utente, eq(utente.id, servizio.idFacilitatore))
    .leftJoin(questionarioCompilato, and(eq(questionarioCompilato.idServizio, servizio.id), eq(questionarioCompilato.idCittadino, c.id)))
    .where(and(eq(servizioXCittadino.idCittadino, c.id), serviceScope(caller)))
    .orderBy(desc(servizio.dataServizio), desc(servizio.id))
    .limit(max)
  const mine = (idFac: number) => isFieldRole(caller.codiceRuolo) && idFac === caller.principal.userId
    && caller.profilo.idProgetto !== null && caller.profilo.idEnte !== null
  const totale = rows[0]?.totale ?? 0
  // whether one of the caller's services has the citizen, also among those beyond the listed ones
  // an anonymised citizen (issue 28) is never offered for editing: its writes answer 410 CS01
  const modificabile = c.anonimizzatoIl === null && (rows.some((r) => mine(r.idFacilitatore)) || (totale > rows.length && mine(caller.principal.userId) && (await db.select({ x: sql`1` })
    .from(servizioXCittadino).innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .where(and(eq(servizioXCittadino.idCittadino, c.id), eq(servizio.idFacilitatore, caller.principal.userId), serviceScope(caller))).limit(1)).length > 0))
  return {
    dettaglioCittadino: {
      id: c.id, identificativoMascherato: c.identificativoMascherato, conCodiceFiscale: c.codiceFiscaleHash !== null,
      tipoDocumento: c.tipoDocumento, genere: c.genere, fasciaDiEtaId: c.fasciaDiEtaId, titoloDiStudio: c.titoloDiStudio,
      occupazione: c.occupazione, provinciaDiDomicilio: c.provinciaDiDomicilio, cittadinanza: c.cittadinanza,
      dataUltimoAggiornamento: c.dataOraAggiornamento.toISOString(), versione: c.versione,
      anonimizzato: c.anonimizzatoIl ? (c.motivoAnonimizzazione === 'cancellazione' ? 'cancellazione' : 'conservazione') : null,
    },
    serviziCittadino: rows.map((r) => ({
      idServizio: r.idServizio, nomeServizio: r.nomeServizio, dataServizio: r.dataServizio, nomeSede: r.nomeSede,
      nomeCompletoFacilitatore: nominativo(r.nomeFac, r.cognomeFac), idQuestionarioCompilato: r.idQuestionario, statoQuestionario: r.stato,
      associatoAUtente: mine(r.idFacilitatore),
    })),
    totaleServizi: totale,
    modificabile,
  }
}

/** Updates the editable fields of citizen `id` still at version `base` (module comment); answers `{id, versione}`. */
export async function aggiornaCittadino(tx: Transaction, caller: Caller, id: number, body: AggiornaCittadinoBody, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  const field = fieldProfile(caller, 'U06')
  const c = await visibleCitizen(tx, caller, id)
  if (c.anonimizzatoIl) throw cittadinoAnonimizzato(c.motivoAnonimizzazione)
  if (!isProvincia(body.provinciaDiDomicilio)) throw badRequest('G02', 'Dati non validi: controlla provincia di domicilio.')
  const withCode = c.codiceFiscaleHash !== null
  let genere = c.genere
  let fasciaDiEtaId = c.fasciaDiEtaId
  if (withCode) {
    const changes = (body.genere != null && body.genere !== c.genere) || (body.fasciaDiEtaId != null && body.fasciaDiEtaId !== c.fasciaDiEtaId)
    if (changes) throw badRequest('U28')
  } else {
    genere = body.genere ?? c.genere
    fasciaDiEtaId = body.fasciaDiEtaId ?? c.fasciaDiEtaId
    if (fasciaDiEtaId === 5 && c.fasciaDiEtaId !== 5) await checkAge(tx, field.idProgramma, null, 5)
  }
  const versione = await casUpdate(tx, cittadino, eq(cittadino.id, c.id), base, {
    titoloDiStudio: body.titoloDiStudio, occupazione: body.occupazione, cittadinanza: body.cittadinanza,
    provinciaDiDomicilio: body.provinciaDiDomicilio, genere, fasciaDiEtaId, dataOraAggiornamento: sql`now()`,
  }, { corrente: () => schedaCittadino(tx, caller, c.id), assente: () => notFound('C01') })
  return { id: c.id, versione }
}
