/**
 * Projects, database side (platform-backend §2.2; the state machine is ./progetto-stati.ts): create in a
 * programme (PR01 dates, CUP rules with suffix `-{idProgetto}`), detail with managing body, partners,
 * body-sites with facilitators and counts, update (PR04), activate (PR07), terminate (PR03, cascade of
 * §2.2), delete (PR02, cascade), assign the managing body (PR05, EN27). Per-id checks: ./accesso.ts.
 */
import { and, eq, ne } from 'drizzle-orm'
import type { Avviso, ProgettoBody, ProgettoCreato, SchedaProgetto, TerminaBody } from '../../../src/api/contract/gestione'
import {
  ente, entePartner, enteSedeProgetto, programma, progetto, referenteDelegatiGestoreProgetto,
  referenteDelegatiPartner, STATO, type Obiettivi,
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
import { SCHEDA_ELENCO_MAX, sediConFacilitatori } from './programma-sedi'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

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

/** `POST /progetto?idProgramma=`: a NON ATTIVO project of the programme (checked against the caller, A02); its `versione` is 1. */
export async function creaProgetto(tx: Tx, caller: Caller, idProgramma: number, body: ProgettoBody): Promise<ProgettoCreato & { versione: number }> {
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
  return { idProgettoCreato: id, ...avvisoCup(cup.manipolato, cup.cup), versione: 1 }
}

/** The card with the project's `versione` in `dettaglioProgetto` (issue 27). */
export type SchedaProgettoVersionata = SchedaProgetto & { dettaglioProgetto: { versione: number } }

/** What a compare-and-set on project `id` answers when it fails (issue 27): 409 V01 with the card, 404 C01. */
const esitoProgetto = (tx: Executor, caller: Caller, id: number): EsitoCas => ({
  corrente: () => schedaProgetto(tx, caller, id), assente: () => notFound('C01'),
})

/**
 * `PUT /progetto/{id}`: updates a project not TERMINATO (PR04) still at version `base` (409 V01 otherwise, issue 27);
 * dates within the programme's. Answers the warning and the new `versione`.
 */
export async function aggiornaProgetto(tx: Tx, caller: Caller, id: number, body: ProgettoBody, base: VersioneRichiesta): Promise<Avviso & { versione: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'modifica', prj.stato)
  checkObiettivi(body.obiettivi)
  const [prg] = await tx.select().from(programma).where(eq(programma.id, prj.idProgramma))
  checkGuard(guardDatiProgetto({
    dataInizio: body.dataInizio, dataFine: body.dataFine, inizioProgramma: prg!.dataInizioProgramma, fineProgramma: prg!.dataFineProgramma, statoProgramma: prg!.stato,
  }, 'PR04'))
  const newCup = (body.cup?.trim() ?? '') !== (prj.cup ?? '')
  const cup = newCup ? regolaCup(body.cup, String(id), await cupUsato(tx, body.cup, id)) : { cup: prj.cup ?? '', manipolato: prj.cupManipolato }
  const versione = await casUpdate(tx, progetto, eq(progetto.id, id), base, {
    nome: body.nome, nomeBreve: body.nomeBreve, cup: cup.cup, cupManipolato: cup.manipolato, dataInizioProgetto: body.dataInizio,
    dataFineProgetto: body.dataFine, obiettivi: (body.obiettivi ?? null) as Obiettivi | null, dataOraAggiornamento: new Date(),
  }, esitoProgetto(tx, caller, id))
  return { ...avvisoCup(newCup && cup.manipolato, cup.cup), versione }
}

/**
 * `PUT /progetto/attiva/{id}`: ATTIVABILE → ATTIVO (PR07), still at version `base` (409 V01, issue 27). The welcome
 * e-mails of the reference are not sent (no mail service).
 */
export async function attivaProgetto(tx: Tx, caller: Caller, id: number, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'attiva', prj.stato)
  const now = new Date()
  const versione = await casUpdate(tx, progetto, eq(progetto.id, id), base, { stato: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now },
    esitoProgetto(tx, caller, id))
  return { id, versione }
}

/**
 * `PUT /progetto/termina/{id}`: ATTIVABILE/ATTIVO → TERMINATO at a date not in the future (PR03), still at version
 * `base` (409 V01, issue 27: the compare-and-set runs first and locks the row), cascade of §2.2.
 */
export async function terminaProgetto(tx: Tx, caller: Caller, id: number, body: TerminaBody, base: VersioneRichiesta, now = new Date()): Promise<{ id: number; versione: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'termina', prj.stato)
  const day = daGiornoMeseAnno(body.dataTerminazione)
  checkGuard(guardTerminaProgetto({ dataTerminazione: day, oggi: oggi(now) }))
  await casUpdate(tx, progetto, eq(progetto.id, id), base, {}, esitoProgetto(tx, caller, id))
  const [row] = await tx.select().from(progetto).where(eq(progetto.id, id))
  const users = await terminaProgettoCascata(tx, row!, istanteTerminazione(day, now))
  await revocaRuoliOrfani(tx, users)
  const [after] = await tx.select({ versione: progetto.versione }).from(progetto).where(eq(progetto.id, id))
  return { id, versione: after!.versione }
}

/**
 * `DELETE /progetto/{id}`: only NON ATTIVO without facilitators or services (PR02), still at version `base` (409 V01,
 * issue 27); cascade of §2.2.
 */
export async function eliminaProgetto(tx: Tx, caller: Caller, id: number, base: VersioneRichiesta): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, id)
  checkTransition(PROGETTO, 'elimina', prj.stato)
  checkGuard(guardEliminaProgetto({ conFacilitatoriOServizi: await progettoConLavoro(tx, id) }))
  await casUpdate(tx, progetto, eq(progetto.id, id), base, {}, esitoProgetto(tx, caller, id))
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

/** `POST /progetto/{id}`: the detail card (at most `maxSedi` body-sites; `totaleSedi` counts them all). */
export async function schedaProgetto(db: Executor, caller: Caller, id: number, maxSedi = SCHEDA_ELENCO_MAX): Promise<SchedaProgettoVersionata> {
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
  // at most SCHEDA_ELENCO_MAX body-sites, with their facilitators (issue 25 point 3)
  const { sedi: sediRows, totale: totaleSedi } = await sediConFacilitatori(db, eq(enteSedeProgetto.idProgetto, id), maxSedi)
  const sedi = sediRows.map(({ idProgetto: _p, nomeProgetto: _n, ...s }) => s)
  return {
    dettaglioProgetto: {
      id: prj.id, nome: prj.nome, nomeBreve: prj.nomeBreve, idProgramma: prj.idProgramma, nomeProgramma: prg?.nome ?? '', policy: prj.policy,
      cup: prj.cup, cupManipolato: prj.cupManipolato, stato: prj.stato, dataInizio: prj.dataInizioProgetto, dataFine: prj.dataFineProgetto,
      dataOraProgettoAttivabile: iso(prj.dataOraProgettoAttivabile), dataOraAttivazione: iso(prj.dataOraAttivazione),
      dataOraTerminazione: iso(prj.dataOraTerminazione), obiettivi: prj.obiettivi ?? null, versione: prj.versione,
    },
    enteGestore,
    entiPartner,
    sedi,
    totaleSedi,
    conteggi: await conteggi(db, { idProgetto: id }),
  }
}
