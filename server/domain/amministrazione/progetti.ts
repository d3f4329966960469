/**
 * Projects, database side (platform-backend §2.2; the state machine is ./progetto-stati.ts): create in a
 * programme (PR01 dates, CUP rules with suffix `-{idProgetto}`), detail with managing body, partners,
 * body-sites with facilitators and counts, update (PR04), activate (PR07), terminate (PR03, cascade of
 * §2.2), delete (PR02, cascade), assign the managing body (PR05, EN27). Per-id checks: ./accesso.ts.
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Avviso, ProgettoBody, ProgettoCreato, SchedaProgetto, TerminaBody } from '../../../src/api/contract/gestione'
import {
  ente, entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, programma, progetto, referenteDelegatiGestoreProgetto,
  referenteDelegatiPartner, sede, STATO, utente, type Obiettivi,
} from '../../db/schema'
import type { Executor, Transaction as Tx } from '../../db/types'
import { badRequest, notFound } from '../../errors'
import type { Caller } from '../profile'
import { checkProgetto, checkProgramma } from './accesso'
import { eliminaProgettoCascata, progettoConLavoro, revocaRuoliOrfani, terminaProgettoCascata } from './cascate'
import { GESTORE_PROGETTO, guardAssegnaGestoreProgetto } from './enti-stati'
import { checkGuard, checkTransition, daGiornoMeseAnno, istanteTerminazione, oggi } from './macchina'
import { avvisoCup, obiettiviValidi, regolaCup } from './programma-stati'
import { guardDatiProgetto, guardEliminaProgetto, guardTerminaProgetto, PROGETTO } from './progetto-stati'
import { conteggi, referentiDi } from './programmi'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

async function cupUsato(tx: Executor, cup: string | null | undefined, exceptId?: number): Promise<boolean> {
  const c = cup?.trim()
  if (!c) return false
  const [row] = await tx.select({ id: progetto.id }).from(progetto)
    .where(and(eq(progetto.cup, c), exceptId === undefined ? undefined : ne(progetto.id, exceptId))).limit(1)
  return row !== undefined
}

function checkObiettivi(o: ProgettoBody['obiettivi']): void {
  if (!obiettiviValidi(o)) throw badRequest('G02', 'Obiettivi non validi: per ogni passo indica valore e data insieme, con date in ordine crescente.')
}

/** `POST /progetto?idProgramma=`: a NON ATTIVO project of the programme (checked against the caller, A02). */
export async function creaProgetto(tx: Tx, caller: Caller, idProgramma: number, body: ProgettoBody): Promise<ProgettoCreato> {
  const prg = await checkProgramma(tx, caller, idProgramma)
  checkObiettivi(body.obiettivi)
  checkGuard(guardDatiProgetto({
    dataInizio: body.dataInizio, dataFine: body.dataFine, inizioProgramma: prg.dataInizioProgramma, fineProgramma: prg.dataFineProgramma, statoProgramma: prg.stato,
  }))
  checkTransition(PROGETTO, 'crea', null)
  const used = await cupUsato(tx, body.cup)
  const [row] = await tx.insert(progetto).values({
    nome: body.nome, nomeBreve: body.nomeBreve, idProgramma, stato: STATO.NON_ATTIVO, cup: body.cup?.trim() || null,
    dataInizioProgetto: body.dataInizio, dataFineProgetto: body.dataFine, obiettivi: (body.obiettivi ?? null) as Obiettivi | null,
  }).returning({ id: progetto.id })
  const id = row!.id
  const cup = regolaCup(body.cup, String(id), used)
  await tx.update(progetto).set({ cup: cup.cup, cupManipolato: cup.manipolato }).where(eq(progetto.id, id))
  return { idProgettoCreato: id, ...avvisoCup(cup.manipolato, cup.cup) }
}

/** `PUT /progetto/{id}`: updates a project not TERMINATO (PR04); dates within the programme's. */
export async function aggiornaProgetto(tx: Tx, caller: Caller, id: number, body: ProgettoBody): Promise<Avviso> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'modifica', prj.stato)
  checkObiettivi(body.obiettivi)
  const [prg] = await tx.select().from(programma).where(eq(programma.id, prj.idProgramma))
  checkGuard(guardDatiProgetto({
    dataInizio: body.dataInizio, dataFine: body.dataFine, inizioProgramma: prg!.dataInizioProgramma, fineProgramma: prg!.dataFineProgramma, statoProgramma: prg!.stato,
  }, 'PR04'))
  const newCup = (body.cup?.trim() ?? '') !== (prj.cup ?? '')
  const cup = newCup ? regolaCup(body.cup, String(id), await cupUsato(tx, body.cup, id)) : { cup: prj.cup ?? '', manipolato: prj.cupManipolato }
  await tx.update(progetto).set({
    nome: body.nome, nomeBreve: body.nomeBreve, cup: cup.cup, cupManipolato: cup.manipolato, dataInizioProgetto: body.dataInizio,
    dataFineProgetto: body.dataFine, obiettivi: (body.obiettivi ?? null) as Obiettivi | null, dataOraAggiornamento: new Date(),
  }).where(eq(progetto.id, id))
  return avvisoCup(newCup && cup.manipolato, cup.cup)
}

/** `PUT /progetto/attiva/{id}`: ATTIVABILE → ATTIVO (PR07). The welcome e-mails of the reference are not sent (no mail service). */
export async function attivaProgetto(tx: Tx, caller: Caller, id: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'attiva', prj.stato)
  const now = new Date()
  await tx.update(progetto).set({ stato: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now }).where(eq(progetto.id, id))
  return { id }
}

/** `PUT /progetto/termina/{id}`: ATTIVABILE/ATTIVO → TERMINATO at a date not in the future (PR03), cascade of §2.2. */
export async function terminaProgetto(tx: Tx, caller: Caller, id: number, body: TerminaBody, now = new Date()): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'termina', prj.stato)
  const day = daGiornoMeseAnno(body.dataTerminazione)
  checkGuard(guardTerminaProgetto({ dataTerminazione: day, oggi: oggi(now) }))
  const [row] = await tx.select().from(progetto).where(eq(progetto.id, id))
  const users = await terminaProgettoCascata(tx, row!, istanteTerminazione(day, now))
  await revocaRuoliOrfani(tx, users)
  return { id }
}

/** `DELETE /progetto/{id}`: only NON ATTIVO without facilitators or services (PR02); cascade of §2.2. */
export async function eliminaProgetto(tx: Tx, caller: Caller, id: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'elimina', prj.stato)
  checkGuard(guardEliminaProgetto({ conFacilitatoriOServizi: await progettoConLavoro(tx, id) }))
  await revocaRuoliOrfani(tx, await eliminaProgettoCascata(tx, id))
  return { id }
}

/** `PUT /progetto/{id}/assegna/enteGestore/{idEnte}`: links a managing body NON ATTIVO (PR05 one linked / project ended, EN27 a partner). */
export async function assegnaGestoreProgetto(tx: Tx, caller: Caller, id: number, idEnte: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, id)
  const [body] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, idEnte))
  if (!body) throw notFound('C01')
  const [partner] = await tx.select({ s: entePartner.statoEntePartner }).from(entePartner).where(and(eq(entePartner.idProgetto, id), eq(entePartner.idEnte, idEnte)))
  checkGuard(guardAssegnaGestoreProgetto({ giaPartner: partner !== undefined, statoProgetto: prj.stato }))
  checkTransition(GESTORE_PROGETTO, 'assegna', prj.idEnteGestoreProgetto === null ? null : prj.statoGestoreProgetto ?? STATO.NON_ATTIVO)
  await tx.update(progetto).set({ idEnteGestoreProgetto: idEnte, statoGestoreProgetto: STATO.NON_ATTIVO, dataOraAggiornamento: new Date() })
    .where(eq(progetto.id, id))
  return { id }
}

/** `POST /progetto/{id}`: the detail card. */
export async function schedaProgetto(db: Executor, caller: Caller, id: number): Promise<SchedaProgetto> {
  const prj = await checkProgetto(db, caller, id)
  const [prg] = await db.select({ nome: programma.nome }).from(programma).where(eq(programma.id, prj.idProgramma))
  let enteGestore: SchedaProgetto['enteGestore'] = null
  if (prj.idEnteGestoreProgetto !== null) {
    const [e] = await db.select({ id: ente.id, nome: ente.nome }).from(ente).where(eq(ente.id, prj.idEnteGestoreProgetto))
    const referenti = await referentiDi(db, referenteDelegatiGestoreProgetto, and(
      eq(referenteDelegatiGestoreProgetto.idProgetto, id), eq(referenteDelegatiGestoreProgetto.idEnte, prj.idEnteGestoreProgetto)))
    if (e) enteGestore = { ...e, stato: prj.statoGestoreProgetto, referenti }
  }
  const partners = await db.select({ id: ente.id, nome: ente.nome, stato: entePartner.statoEntePartner }).from(entePartner)
    .innerJoin(ente, eq(ente.id, entePartner.idEnte)).where(eq(entePartner.idProgetto, id)).orderBy(ente.nome)
  const entiPartner = []
  for (const p of partners) {
    entiPartner.push({ ...p, referenti: await referentiDi(db, referenteDelegatiPartner, and(eq(referenteDelegatiPartner.idProgetto, id), eq(referenteDelegatiPartner.idEnte, p.id))) })
  }
  const sediRows = await db.select({
    idSede: sede.id, nome: sede.nome, idEnte: ente.id, nomeEnte: ente.nome, ruoloEnte: enteSedeProgetto.ruoloEnte, stato: enteSedeProgetto.statoSede,
  }).from(enteSedeProgetto).innerJoin(sede, eq(sede.id, enteSedeProgetto.idSede)).innerJoin(ente, eq(ente.id, enteSedeProgetto.idEnte))
    .where(eq(enteSedeProgetto.idProgetto, id)).orderBy(sede.nome)
  const facs = await db.select({
    idSede: enteSedeProgettoFacilitatore.idSede, idEnte: enteSedeProgettoFacilitatore.idEnte, idUtente: utente.id, nome: utente.nome,
    cognome: utente.cognome, codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
  }).from(enteSedeProgettoFacilitatore).innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .where(eq(enteSedeProgettoFacilitatore.idProgetto, id)).orderBy(utente.cognome, utente.nome)
  const sedi = sediRows.map((s) => ({
    ...s, facilitatori: facs.filter((f) => f.idSede === s.idSede && f.idEnte === s.idEnte)
      .map(({ idUtente, nome, cognome, codiceRuolo, stato }) => ({ idUtente, nome, cognome, codiceRuolo, stato })),
  }))
  return {
    dettaglioProgetto: {
      id: prj.id, nome: prj.nome, nomeBreve: prj.nomeBreve, idProgramma: prj.idProgramma, nomeProgramma: prg?.nome ?? '', policy: prj.policy,
      cup: prj.cup, cupManipolato: prj.cupManipolato, stato: prj.stato, dataInizio: prj.dataInizioProgetto, dataFine: prj.dataFineProgetto,
      dataOraProgettoAttivabile: iso(prj.dataOraProgettoAttivabile), dataOraAttivazione: iso(prj.dataOraAttivazione),
      dataOraTerminazione: iso(prj.dataOraTerminazione), obiettivi: prj.obiettivi ?? null,
    },
    enteGestore,
    entiPartner,
    sedi,
    conteggi: await conteggi(db, { idProgetto: id }),
  }
}
