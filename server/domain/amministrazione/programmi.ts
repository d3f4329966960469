/**
 * Programmes, database side (platform-backend §2.1; the state machine is ./programma-stati.ts):
 * create (P09 code already in use, P01 dates, P02 default template linked and made ATTIVO, CUP rules with a warning),
 * detail with the counts of the steps 1–4, update (P06), terminate (P03, cascade on projects, referents
 * and managing body), delete (P04, cascade), assign the managing body (P05). Each write runs in the
 * caller's transaction; per-id checks (A02) come from ./accesso.ts.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { Avviso, ProgrammaBody, ProgrammaCreato, SchedaProgramma, TerminaBody } from '../../../src/api/contract/gestione'
import {
  ente, programma, programmaXQuestionarioTemplate, progetto, questionarioTemplate,
  referenteDelegatiGestoreProgramma, referenteDelegatiGestoreProgetto, referenteDelegatiPartner, configurazioneMinorenni, STATO, storicoEnteGestoreProgramma, utente,
  type Obiettivi,
} from '../../db/schema'
import type { Executor, Transaction as Tx } from '../../db/types'
import { ApiError, notFound } from '../../errors'
import { isUniqueViolation } from '../db-errors'
import type { Caller } from '../profile'
import { checkProgramma } from './accesso'
import {
  cascataProgetto, CODICE_PROGRAMMA_IN_USO, guardDatiProgramma, guardEliminaProgramma, guardTemplateDefault, guardTerminaProgramma, obiettiviValidi,
  PROGRAMMA, regolaCup, avvisoCup,
} from './programma-stati'
import { GESTORE_PROGRAMMA, guardAssegnaGestoreProgramma } from './enti-stati'
import { checkGuard, checkTransition, daGiornoMeseAnno, istanteTerminazione, oggi } from './macchina'
import {
  chiudiReferenti, chiudiStoricoProgramma, eliminaProgettoCascata, eliminaReferenti, progettoConLavoro, revocaRuoliOrfani, terminaProgettoCascata,
} from './cascate'
import { badRequest } from '../../errors'
import { SCHEDA_ELENCO_MAX } from './programma-sedi'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

type RefTable = typeof referenteDelegatiGestoreProgramma | typeof referenteDelegatiGestoreProgetto | typeof referenteDelegatiPartner

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function checkObiettivi(o: ProgrammaBody['obiettivi']): void {
  if (!obiettiviValidi(o)) throw badRequest('G02', 'Obiettivi non validi: per ogni passo indica valore e data insieme, con date in ordine crescente.')
}

/** True when another programme (not `exceptId`) uses the CUP. */
async function cupUsato(tx: Executor, cup: string | null | undefined, exceptId?: number): Promise<boolean> {
  const c = cup?.trim()
  if (!c) return false
  const [row] = await tx.select({ id: programma.id }).from(programma)
    .where(and(eq(programma.cup, c), exceptId === undefined ? undefined : ne(programma.id, exceptId))).limit(1)
  return row !== undefined
}

/** `write`'s result; a concurrent write of the same code (unique violation) answers 409 P09 as the guard does. */
async function codiceUnico<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, CODICE_PROGRAMMA_IN_USO)
    throw err
  }
}

/** `POST /programma`: creates a NON ATTIVO programme linked to the policy's default template (its `versione` is 1). */
export async function creaProgramma(tx: Tx, body: ProgrammaBody): Promise<ProgrammaCreato & { versione: number }> {
  checkObiettivi(body.obiettivi)
  const [same] = await tx.select({ id: programma.id }).from(programma).where(eq(programma.codice, body.codice))
  checkGuard(guardDatiProgramma({ codiceUsato: same !== undefined, dataInizio: body.dataInizio, dataFine: body.dataFine }))
  const [template] = await tx.select({ id: questionarioTemplate.id }).from(questionarioTemplate)
    .where(body.policy === 'RFD' ? eq(questionarioTemplate.defaultRfd, true) : eq(questionarioTemplate.defaultScd, true))
  checkGuard(guardTemplateDefault(template !== undefined))
  checkTransition(PROGRAMMA, 'crea', null)
  const cup = regolaCup(body.cup, body.codice, await cupUsato(tx, body.cup))
  const [row] = await codiceUnico(tx.insert(programma).values({
    codice: body.codice, nome: body.nome, nomeBreve: body.nomeBreve, policy: body.policy, bando: body.bando ?? null,
    cup: cup.cup, cupManipolato: cup.manipolato, stato: STATO.NON_ATTIVO, dataInizioProgramma: body.dataInizio,
    dataFineProgramma: body.dataFine, obiettivi: (body.obiettivi ?? null) as Obiettivi | null,
  }).returning({ id: programma.id }))
  await tx.insert(programmaXQuestionarioTemplate).values({ idProgramma: row!.id, idQuestionarioTemplate: template!.id, stato: STATO.ATTIVO })
  await tx.update(questionarioTemplate).set({ stato: STATO.ATTIVO, dataOraAggiornamento: new Date() }).where(eq(questionarioTemplate.id, template!.id))
  return { idProgrammaCreato: row!.id, ...avvisoCup(cup.manipolato, cup.cup), versione: 1 }
}

/** The card with the programme's `versione` in `dettaglioProgramma` (issue 27). */
export type SchedaProgrammaVersionata = SchedaProgramma & { dettaglioProgramma: { versione: number } }

/** What a compare-and-set on programme `id` answers when it fails (issue 27): 409 V01 with the card, 404 C01. */
const esitoProgramma = (tx: Executor, caller: Caller, id: number): EsitoCas => ({
  corrente: () => schedaProgramma(tx, caller, id), assente: () => notFound('C01'),
})

/**
 * `PUT /programma/{id}`: updates a NON ATTIVO or ATTIVO programme (P06) still at version `base` (409 V01 otherwise,
 * issue 27); the CUP rules re-apply when it changed. Answers the warning and the new `versione`.
 */
export async function aggiornaProgramma(tx: Tx, caller: Caller, id: number, body: ProgrammaBody, base: VersioneRichiesta): Promise<Avviso & { versione: number }> {
  const prg = await checkProgramma(tx, caller, id)
  checkTransition(PROGRAMMA, 'modifica', prg.stato)
  checkObiettivi(body.obiettivi)
  const [same] = await tx.select({ id: programma.id }).from(programma).where(and(eq(programma.codice, body.codice), ne(programma.id, id)))
  checkGuard(guardDatiProgramma({ codiceUsato: same !== undefined, dataInizio: body.dataInizio, dataFine: body.dataFine }, 'P06'))
  if (body.policy !== prg.policy && prg.stato !== STATO.NON_ATTIVO) checkGuard('P06', 409, 'La policy di un programma attivo non può cambiare.')
  const newCup = (body.cup?.trim() ?? '') !== (prg.cup ?? '')
  const cup = newCup ? regolaCup(body.cup, body.codice, await cupUsato(tx, body.cup, id)) : { cup: prg.cup ?? '', manipolato: prg.cupManipolato }
  const versione = await codiceUnico(casUpdate(tx, programma, eq(programma.id, id), base, {
    codice: body.codice, nome: body.nome, nomeBreve: body.nomeBreve, policy: body.policy, bando: body.bando ?? null,
    cup: cup.cup, cupManipolato: cup.manipolato, dataInizioProgramma: body.dataInizio, dataFineProgramma: body.dataFine,
    obiettivi: (body.obiettivi ?? null) as Obiettivi | null, dataOraAggiornamento: new Date(),
  }, esitoProgramma(tx, caller, id)))
  return { ...avvisoCup(newCup && cup.manipolato, cup.cup), versione }
}

/**
 * `PUT /programma/termina/{id}`: ATTIVO → TERMINATO at `dataTerminazione` (not in the future, P03).
 * Cascade (§2.1): NON ATTIVO projects deleted (terminated instead when they hold services), ATTIVABILE
 * and ATTIVO ones terminated (§2.2); referents ATTIVO → TERMINATO, NON ATTIVO → deleted; managing body
 * ATTIVO → history closed and TERMINATO, NON ATTIVO → unlinked.
 */
export async function terminaProgramma(tx: Tx, caller: Caller, id: number, body: TerminaBody, base: VersioneRichiesta, now = new Date()): Promise<{ id: number; versione: number }> {
  const prg = await checkProgramma(tx, caller, id)
  checkTransition(PROGRAMMA, 'termina', prg.stato)
  const day = daGiornoMeseAnno(body.dataTerminazione)
  checkGuard(guardTerminaProgramma({ dataTerminazione: day, oggi: oggi(now) }))
  // the state change edits the record: compare-and-set first (issue 27), then the cascade
  const versione = await casUpdate(tx, programma, eq(programma.id, id), base, {}, esitoProgramma(tx, caller, id))
  const quando = istanteTerminazione(day, now, prg.dataOraAttivazioneProgramma)
  const users: number[] = []
  const projects = await tx.select().from(progetto).where(eq(progetto.idProgramma, id))
  for (const p of projects) {
    const action = cascataProgetto(p.stato)
    if (action === 'deleted' && !(await progettoConLavoro(tx, p.id))) users.push(...await eliminaProgettoCascata(tx, p.id))
    else if (action !== 'keep') users.push(...await terminaProgettoCascata(tx, p, quando))
  }
  users.push(...await chiudiReferenti(tx, referenteDelegatiGestoreProgramma, eq(referenteDelegatiGestoreProgramma.idProgramma, id), quando))
  let gestore: Partial<typeof programma.$inferInsert> = {}
  if (prg.idEnteGestoreProgramma !== null && prg.statoGestoreProgramma === STATO.ATTIVO) {
    await chiudiStoricoProgramma(tx, id, prg.idEnteGestoreProgramma, quando)
    gestore = { statoGestoreProgramma: STATO.TERMINATO }
  } else if (prg.statoGestoreProgramma === STATO.NON_ATTIVO) {
    gestore = { idEnteGestoreProgramma: null, statoGestoreProgramma: null }
  }
  await tx.update(programma).set({ ...gestore, stato: STATO.TERMINATO, dataOraTerminazioneProgramma: quando, dataOraAggiornamento: now })
    .where(eq(programma.id, id))
  await revocaRuoliOrfani(tx, users)
  return { id, versione }
}

/**
 * `DELETE /programma/{id}`: only NON ATTIVO (P04) with deletable projects, still at version `base` (409 V01, issue 27);
 * deletes projects, referents, template links.
 */
export async function eliminaProgramma(tx: Tx, caller: Caller, id: number, base: VersioneRichiesta): Promise<{ id: number }> {
  const prg = await checkProgramma(tx, caller, id)
  checkTransition(PROGRAMMA, 'elimina', prg.stato)
  const projects = await tx.select({ id: progetto.id, stato: progetto.stato }).from(progetto).where(eq(progetto.idProgramma, id))
  const facts = []
  for (const p of projects) facts.push({ stato: p.stato, conFacilitatoriOServizi: await progettoConLavoro(tx, p.id) })
  checkGuard(guardEliminaProgramma(facts))
  await casUpdate(tx, programma, eq(programma.id, id), base, {}, esitoProgramma(tx, caller, id))
  const users: number[] = []
  for (const p of projects) users.push(...await eliminaProgettoCascata(tx, p.id))
  users.push(...await eliminaReferenti(tx, referenteDelegatiGestoreProgramma, eq(referenteDelegatiGestoreProgramma.idProgramma, id)))
  await tx.delete(programmaXQuestionarioTemplate).where(eq(programmaXQuestionarioTemplate.idProgramma, id))
  await tx.delete(storicoEnteGestoreProgramma).where(eq(storicoEnteGestoreProgramma.idProgramma, id))
  await tx.delete(configurazioneMinorenni).where(eq(configurazioneMinorenni.idProgramma, id))
  await tx.delete(programma).where(eq(programma.id, id))
  await revocaRuoliOrfani(tx, users)
  return { id }
}

/** `PUT /programma/{id}/assegna/entegestore/{idEnte}`: links a managing body NON ATTIVO (P05 when one is linked or the programme ended). */
export async function assegnaGestoreProgramma(tx: Tx, caller: Caller, id: number, idEnte: number): Promise<{ id: number }> {
  const prg = await checkProgramma(tx, caller, id)
  const [body] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, idEnte))
  if (!body) throw notFound('C01')
  checkGuard(guardAssegnaGestoreProgramma({ statoProgramma: prg.stato }))
  checkTransition(GESTORE_PROGRAMMA, 'assegna', prg.idEnteGestoreProgramma === null ? null : prg.statoGestoreProgramma ?? STATO.NON_ATTIVO)
  await tx.update(programma).set({ idEnteGestoreProgramma: idEnte, statoGestoreProgramma: STATO.NON_ATTIVO, dataOraAggiornamento: new Date() })
    .where(eq(programma.id, id))
  return { id }
}

/**
 * Counts of the detail steps 1–4 over the projects of a programme (`{ idProgramma }`) or one project
 * (`{ idProgetto }`): facilitation points (distinct sites not TERMINATO), unique users (distinct citizens
 * of the services), services, facilitators (distinct people with a link not TERMINATO).
 */
export async function conteggi(db: Executor, scope: { idProgramma: number } | { idProgetto: number }) {
  const cond = 'idProgramma' in scope ? sql`p.id_programma = ${scope.idProgramma}` : sql`p.id = ${scope.idProgetto}`
  const [row] = await db.select({
    puntiFacilitazione: sql<number>`(select count(distinct esp.id_sede) from ente_sede_progetto esp join progetto p on p.id = esp.id_progetto where ${cond} and esp.stato_sede <> 'TERMINATO')`.mapWith(Number),
    utentiUnici: sql<number>`(select count(distinct sc.id_cittadino) from servizio_x_cittadino sc join servizio s on s.id = sc.id_servizio join progetto p on p.id = s.id_progetto where ${cond})`.mapWith(Number),
    servizi: sql<number>`(select count(*) from servizio s join progetto p on p.id = s.id_progetto where ${cond})`.mapWith(Number),
    facilitatori: sql<number>`(select count(distinct f.id_facilitatore) from ente_sede_progetto_facilitatore f join progetto p on p.id = f.id_progetto where ${cond} and f.stato_utente <> 'TERMINATO')`.mapWith(Number),
  }).from(sql`(select 1) as uno`)
  return row!
}

/** Referents and delegates of a managing/partner body from one of the three link tables. */
export async function referentiDi(db: Executor, anyTable: RefTable, where: SQL | undefined) {
  // the three link tables share the referent columns; one of them types the query
  const table = anyTable as typeof referenteDelegatiGestoreProgramma
  return db.select({
    idUtente: utente.id, nome: utente.nome, cognome: utente.cognome, codiceFiscale: utente.codiceFiscale,
    codiceRuolo: table.codiceRuolo, stato: table.statoUtente,
  }).from(table).innerJoin(utente, eq(utente.id, table.idUtente)).where(where).orderBy(utente.cognome, utente.nome)
}

/** `POST /programma/{id}`: the detail card (general info, managing body with referents, at most `maxProgetti` projects and their total, counts). */
export async function schedaProgramma(db: Executor, caller: Caller, id: number, maxProgetti = SCHEDA_ELENCO_MAX): Promise<SchedaProgrammaVersionata> {
  const prg = await checkProgramma(db, caller, id)
  let enteGestore: SchedaProgramma['enteGestore'] = null
  if (prg.idEnteGestoreProgramma !== null) {
    const [e] = await db.select({ id: ente.id, nome: ente.nome }).from(ente).where(eq(ente.id, prg.idEnteGestoreProgramma))
    const referenti = await referentiDi(db, referenteDelegatiGestoreProgramma, and(
      eq(referenteDelegatiGestoreProgramma.idProgramma, id), eq(referenteDelegatiGestoreProgramma.idEnte, prg.idEnteGestoreProgramma)))
    if (e) enteGestore = { ...e, stato: prg.statoGestoreProgramma, referenti }
  }
  // at most SCHEDA_ELENCO_MAX projects (issue 25 point 3); the window count is taken before the limit
  const progettiRows = await db.select({
    id: progetto.id, nome: progetto.nome, nomeBreve: progetto.nomeBreve, stato: progetto.stato, nomeEnteGestore: ente.nome,
    totale: sql<number>`count(*) over ()`.mapWith(Number),
  }).from(progetto).leftJoin(ente, eq(ente.id, progetto.idEnteGestoreProgetto)).where(eq(progetto.idProgramma, id))
    .orderBy(progetto.nome, progetto.id).limit(maxProgetti)
  const progetti = progettiRows.map(({ totale: _t, ...p }) => p)
  return {
    dettaglioProgramma: {
      id: prg.id, codice: prg.codice, nome: prg.nome, nomeBreve: prg.nomeBreve, policy: prg.policy, bando: prg.bando, cup: prg.cup,
      cupManipolato: prg.cupManipolato, stato: prg.stato, dataInizio: prg.dataInizioProgramma, dataFine: prg.dataFineProgramma,
      dataOraAttivazione: iso(prg.dataOraAttivazioneProgramma), dataOraTerminazione: iso(prg.dataOraTerminazioneProgramma),
      obiettivi: prg.obiettivi ?? null, versione: prg.versione,
    },
    enteGestore,
    progetti,
    totaleProgetti: progettiRows[0]?.totale ?? 0,
    conteggi: await conteggi(db, { idProgramma: id }),
  }
}
