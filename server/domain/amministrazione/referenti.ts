/**
 * Referents and delegates of managing and partner bodies, database side (platform-backend §2.7; guards
 * in ./enti-stati.ts): associate by fiscal code (the user must exist, 404 U20; EN11/EN12/EN04 when the
 * body is not the managing body or partner, the role does not fit or the link exists) and remove
 * (ATTIVO → TERMINATO, NON ATTIVO → deleted; the last ATTIVO referent stays, EN22/EN23). The role is
 * added to the user on association and removed when no link of that kind is left.
 */
import { and, count, eq, ne } from 'drizzle-orm'
import type { ReferenteBody } from '../../../src/api/contract/gestione'
import {
  entePartner, ente, referenteDelegatiGestoreProgetto, referenteDelegatiGestoreProgramma, referenteDelegatiPartner, ruolo, STATO, utente, utenteXRuolo,
} from '../../db/schema'
import type { Transaction as Tx } from '../../db/types'
import { notFound } from '../../errors'
import type { Caller } from '../profile'
import { checkEnte, checkProgetto, checkProgramma } from './accesso'
import { revocaRuoliOrfani } from './cascate'
import { guardAssociaReferente, guardRimuoviReferente, RUOLI_REFERENTE, type TipoReferente } from './enti-stati'
import { checkGuard } from './macchina'

type RefTable = typeof referenteDelegatiGestoreProgramma

/** The link table of a kind and its entity column (programme or project), typed on one of the three. */
function tableOf(tipo: TipoReferente): { table: RefTable; entity: RefTable['idProgramma'] } {
  if (tipo === 'gestoreProgramma') return { table: referenteDelegatiGestoreProgramma, entity: referenteDelegatiGestoreProgramma.idProgramma }
  const t = (tipo === 'gestoreProgetto' ? referenteDelegatiGestoreProgetto : referenteDelegatiPartner) as unknown as RefTable & { idProgetto: RefTable['idProgramma'] }
  return { table: t, entity: t.idProgetto }
}

/** The body's state in the entity (managing body or partner), or undefined when it is neither. */
async function statoEnte(tx: Tx, caller: Caller, tipo: TipoReferente, idEntita: number, idEnte: number): Promise<{ linked: boolean; stato: string | null; statoEntita: string }> {
  if (tipo === 'gestoreProgramma') {
    const prg = await checkProgramma(tx, caller, idEntita)
    return { linked: prg.idEnteGestoreProgramma === idEnte, stato: prg.statoGestoreProgramma, statoEntita: prg.stato }
  }
  const prj = await checkProgetto(tx, caller, idEntita)
  if (tipo === 'gestoreProgetto') return { linked: prj.idEnteGestoreProgetto === idEnte, stato: prj.statoGestoreProgetto, statoEntita: prj.stato }
  const [p] = await tx.select().from(entePartner).where(and(eq(entePartner.idProgetto, idEntita), eq(entePartner.idEnte, idEnte)))
  return { linked: p !== undefined, stato: p?.statoEntePartner ?? null, statoEntita: prj.stato }
}

async function mustEnte(tx: Tx, caller: Caller, idEnte: number) {
  const [row] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, idEnte))
  if (!row) throw notFound('C01')
  await checkEnte(tx, caller, idEnte)
}

/** `POST /ente/associa/referenteDelegato/{tipo}`: a NON ATTIVO link; the role is given to the user. */
export async function associaReferente(tx: Tx, caller: Caller, tipo: TipoReferente, body: ReferenteBody): Promise<{ id: number }> {
  const state = await statoEnte(tx, caller, tipo, body.idEntita, body.idEnteRef)
  await mustEnte(tx, caller, body.idEnteRef)
  const [user] = await tx.select({ id: utente.id }).from(utente).where(eq(utente.codiceFiscale, body.codiceFiscaleUtente))
  if (!user) throw notFound('U20', 'Nessun utente ha questo codice fiscale: crealo prima dalla sezione Utenti.')
  const { table, entity } = tableOf(tipo)
  const [existing] = await tx.select({ id: table.idUtente }).from(table)
    .where(and(eq(entity, body.idEntita), eq(table.idEnte, body.idEnteRef), eq(table.idUtente, user.id)))
  checkGuard(guardAssociaReferente(tipo, {
    codiceRuolo: body.codiceRuolo, enteCollegato: state.linked, statoEnte: state.stato, giaAssociato: existing !== undefined, statoEntita: state.statoEntita,
  }))
  const values = { idUtente: user.id, idEnte: body.idEnteRef, codiceRuolo: body.codiceRuolo, statoUtente: STATO.NON_ATTIVO }
  if (tipo === 'gestoreProgramma') await tx.insert(referenteDelegatiGestoreProgramma).values({ ...values, idProgramma: body.idEntita })
  else if (tipo === 'gestoreProgetto') await tx.insert(referenteDelegatiGestoreProgetto).values({ ...values, idProgetto: body.idEntita })
  else await tx.insert(referenteDelegatiPartner).values({ ...values, idProgetto: body.idEntita })
  await tx.insert(utenteXRuolo).values({ idUtente: user.id, codiceRuolo: body.codiceRuolo }).onConflictDoNothing()
  await tx.update(ruolo).set({ stato: STATO.ATTIVO }).where(and(eq(ruolo.codice, body.codiceRuolo), eq(ruolo.stato, STATO.NON_ATTIVO)))
  return { id: user.id }
}

/** `DELETE /ente/referenteDelegato/{tipo}/{idEntita}/ente/{idEnte}/utente/{idUtente}`: terminate or delete the link. */
export async function rimuoviReferente(tx: Tx, caller: Caller, tipo: TipoReferente, idEntita: number, idEnte: number, idUtente: number): Promise<{ id: number }> {
  await statoEnte(tx, caller, tipo, idEntita, idEnte)
  await mustEnte(tx, caller, idEnte)
  const { table, entity } = tableOf(tipo)
  const key = and(eq(entity, idEntita), eq(table.idEnte, idEnte), eq(table.idUtente, idUtente))
  const [row] = await tx.select().from(table).where(key)
  if (!row) throw notFound('C01', 'L\'utente non è referente né delegato di questo ente.')
  const [others] = await tx.select({ n: count() }).from(table).where(and(eq(entity, idEntita), eq(table.idEnte, idEnte), ne(table.idUtente, idUtente),
    eq(table.codiceRuolo, RUOLI_REFERENTE[tipo].referente), eq(table.statoUtente, STATO.ATTIVO)))
  checkGuard(guardRimuoviReferente(tipo, { codiceRuolo: row.codiceRuolo, stato: row.statoUtente, altriReferentiAttivi: others?.n ?? 0 }))
  const now = new Date()
  if (row.statoUtente === STATO.ATTIVO) {
    await tx.update(table).set({ statoUtente: STATO.TERMINATO, dataOraTerminazione: now, dataOraAggiornamento: now }).where(key)
  } else {
    await tx.delete(table).where(key)
  }
  await revocaRuoliOrfani(tx, [idUtente])
  return { id: idUtente }
}
