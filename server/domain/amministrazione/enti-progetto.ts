/**
 * Bodies inside programmes and projects, database side (platform-backend §2.3 managing bodies, §2.4
 * partner bodies; state machines in ./enti-stati.ts):
 * - cancel (NON ATTIVO, EN17/EN18) or terminate (ATTIVO, EN19/EN20) the managing body of a programme or
 *   project: referents deleted or terminated, history closed, body unlinked; for a project its
 *   facilitator links and body-sites go too; roles left without links are removed;
 * - associate (EN26/EN27), cancel (EN16) or terminate (EN21) a partner body of a project.
 */
import { and, eq } from 'drizzle-orm'
import {
  ente, entePartner, enteSedeProgetto, programma, progetto, referenteDelegatiGestoreProgetto, referenteDelegatiGestoreProgramma,
  referenteDelegatiPartner, STATO,
} from '../../db/schema'
import type { Transaction as Tx } from '../../db/types'
import { notFound } from '../../errors'
import type { Caller } from '../profile'
import { checkEnte, checkProgetto, checkProgramma } from './accesso'
import {
  chiudiReferenti, chiudiSedi, chiudiStoricoGestoreProgetto, chiudiStoricoPartner, chiudiStoricoProgramma, eliminaReferenti, eliminaSedi, revocaRuoliOrfani,
} from './cascate'
import { GESTORE_PROGETTO, GESTORE_PROGRAMMA, guardAssociaPartner, PARTNER } from './enti-stati'
import { checkGuard, checkTransition } from './macchina'

async function mustEnte(tx: Tx, caller: Caller, idEnte: number): Promise<void> {
  const [row] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, idEnte))
  if (!row) throw notFound('C01')
  await checkEnte(tx, caller, idEnte)
}

/** `DELETE /ente/{idEnte}/cancellagestoreprogramma/{idProgramma}` (EN17). */
export async function cancellaGestoreProgramma(tx: Tx, caller: Caller, idEnte: number, idProgramma: number): Promise<{ id: number }> {
  const prg = await checkProgramma(tx, caller, idProgramma)
  await mustEnte(tx, caller, idEnte)
  if (prg.idEnteGestoreProgramma !== idEnte) throw notFound('C01', 'L\'ente indicato non è il gestore di questo programma.')
  checkTransition(GESTORE_PROGRAMMA, 'cancella', prg.statoGestoreProgramma)
  const users = await eliminaReferenti(tx, referenteDelegatiGestoreProgramma, and(
    eq(referenteDelegatiGestoreProgramma.idProgramma, idProgramma), eq(referenteDelegatiGestoreProgramma.idEnte, idEnte)))
  await tx.update(programma).set({ idEnteGestoreProgramma: null, statoGestoreProgramma: null, dataOraAggiornamento: new Date() }).where(eq(programma.id, idProgramma))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}

/** `PUT /ente/{idEnte}/terminagestoreprogramma/{idProgramma}` (EN19): referents ended, history closed, body unlinked. */
export async function terminaGestoreProgramma(tx: Tx, caller: Caller, idEnte: number, idProgramma: number): Promise<{ id: number }> {
  const prg = await checkProgramma(tx, caller, idProgramma)
  await mustEnte(tx, caller, idEnte)
  if (prg.idEnteGestoreProgramma !== idEnte) throw notFound('C01', 'L\'ente indicato non è il gestore di questo programma.')
  checkTransition(GESTORE_PROGRAMMA, 'termina', prg.statoGestoreProgramma)
  const now = new Date()
  const users = await chiudiReferenti(tx, referenteDelegatiGestoreProgramma, and(
    eq(referenteDelegatiGestoreProgramma.idProgramma, idProgramma), eq(referenteDelegatiGestoreProgramma.idEnte, idEnte)), now)
  await chiudiStoricoProgramma(tx, idProgramma, idEnte, now)
  await tx.update(programma).set({ idEnteGestoreProgramma: null, statoGestoreProgramma: null, dataOraAggiornamento: now }).where(eq(programma.id, idProgramma))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}

const espOf = (idProgetto: number, idEnte: number) => and(eq(enteSedeProgetto.idProgetto, idProgetto), eq(enteSedeProgetto.idEnte, idEnte))

/** `DELETE /ente/{idEnte}/cancellagestoreprogetto/{idProgetto}` (EN18): also its body-sites and facilitator links. */
export async function cancellaGestoreProgetto(tx: Tx, caller: Caller, idEnte: number, idProgetto: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, idProgetto)
  await mustEnte(tx, caller, idEnte)
  if (prj.idEnteGestoreProgetto !== idEnte) throw notFound('C01', 'L\'ente indicato non è il gestore di questo progetto.')
  checkTransition(GESTORE_PROGETTO, 'cancella', prj.statoGestoreProgetto)
  const users = await eliminaReferenti(tx, referenteDelegatiGestoreProgetto, and(
    eq(referenteDelegatiGestoreProgetto.idProgetto, idProgetto), eq(referenteDelegatiGestoreProgetto.idEnte, idEnte)))
  users.push(...await eliminaSedi(tx, espOf(idProgetto, idEnte)))
  await tx.update(progetto).set({ idEnteGestoreProgetto: null, statoGestoreProgetto: null, dataOraAggiornamento: new Date() }).where(eq(progetto.id, idProgetto))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}

/** `PUT /ente/{idEnte}/terminagestoreprogetto/{idProgetto}` (EN20): referents ended, body-sites terminated or deleted, unlinked. */
export async function terminaGestoreProgetto(tx: Tx, caller: Caller, idEnte: number, idProgetto: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, idProgetto)
  await mustEnte(tx, caller, idEnte)
  if (prj.idEnteGestoreProgetto !== idEnte) throw notFound('C01', 'L\'ente indicato non è il gestore di questo progetto.')
  checkTransition(GESTORE_PROGETTO, 'termina', prj.statoGestoreProgetto)
  const now = new Date()
  const users = await chiudiReferenti(tx, referenteDelegatiGestoreProgetto, and(
    eq(referenteDelegatiGestoreProgetto.idProgetto, idProgetto), eq(referenteDelegatiGestoreProgetto.idEnte, idEnte)), now)
  users.push(...await chiudiSedi(tx, espOf(idProgetto, idEnte), now))
  await chiudiStoricoGestoreProgetto(tx, idProgetto, idEnte, now)
  await tx.update(progetto).set({ idEnteGestoreProgetto: null, statoGestoreProgetto: null, dataOraAggiornamento: now }).where(eq(progetto.id, idProgetto))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}

/** `PUT /ente/partner/associa/{idEnte}/progetto/{idProgetto}`: a NON ATTIVO partner (EN26 managing body, EN27 already partner). */
export async function associaPartner(tx: Tx, caller: Caller, idEnte: number, idProgetto: number): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, idProgetto)
  const [row] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, idEnte))
  if (!row) throw notFound('C01')
  const [partner] = await tx.select().from(entePartner).where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
  checkGuard(guardAssociaPartner({ eGestore: prj.idEnteGestoreProgetto === idEnte, giaPartner: partner !== undefined, statoProgetto: prj.stato }))
  checkTransition(PARTNER, 'associa', null)
  await tx.insert(entePartner).values({ idProgetto, idEnte, statoEntePartner: STATO.NON_ATTIVO })
  return { id: idEnte }
}

async function partnerRow(tx: Tx, caller: Caller, idEnte: number, idProgetto: number) {
  await checkProgetto(tx, caller, idProgetto)
  await mustEnte(tx, caller, idEnte)
  const [partner] = await tx.select().from(entePartner).where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
  if (!partner) throw notFound('EN24')
  return partner
}

/** `DELETE /ente/{idEnte}/cancellaentepartner/{idProgetto}` (EN16): referents, facilitator links and body-sites deleted. */
export async function cancellaPartner(tx: Tx, caller: Caller, idEnte: number, idProgetto: number): Promise<{ id: number }> {
  const partner = await partnerRow(tx, caller, idEnte, idProgetto)
  checkTransition(PARTNER, 'cancella', partner.statoEntePartner)
  const users = await eliminaReferenti(tx, referenteDelegatiPartner, and(eq(referenteDelegatiPartner.idProgetto, idProgetto), eq(referenteDelegatiPartner.idEnte, idEnte)))
  users.push(...await eliminaSedi(tx, espOf(idProgetto, idEnte)))
  await tx.delete(entePartner).where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}

/** `PUT /ente/{idEnte}/terminaentepartner/{idProgetto}` (EN21): body-sites and referents ended, history closed, TERMINATO on its own. */
export async function terminaPartner(tx: Tx, caller: Caller, idEnte: number, idProgetto: number): Promise<{ id: number }> {
  const partner = await partnerRow(tx, caller, idEnte, idProgetto)
  checkTransition(PARTNER, 'termina', partner.statoEntePartner)
  const now = new Date()
  const users = await chiudiSedi(tx, espOf(idProgetto, idEnte), now)
  users.push(...await chiudiReferenti(tx, referenteDelegatiPartner, and(eq(referenteDelegatiPartner.idProgetto, idProgetto), eq(referenteDelegatiPartner.idEnte, idEnte)), now))
  await chiudiStoricoPartner(tx, idProgetto, idEnte, now)
  await tx.update(entePartner).set({ statoEntePartner: STATO.TERMINATO, terminatoSingolarmente: true, dataOraAggiornamento: now })
    .where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
  await revocaRuoliOrfani(tx, users)
  return { id: idEnte }
}
