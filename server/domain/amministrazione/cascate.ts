/**
 * Database side of the cascades of platform-backend §2.1–2.7, each inside the caller's transaction:
 * ending referent links, body-sites with their facilitators, partner bodies, whole projects, and the
 * removal of roles left without any link (§2.3 "Users left with no other link of that kind lose the role").
 * The decisions (what becomes TERMINATO, what is deleted) come from the pure modules (macchina.ts,
 * *-stati.ts).
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import {
  entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, progetto, referenteDelegatiGestoreProgetto,
  referenteDelegatiGestoreProgramma, referenteDelegatiPartner, registroAttivita, servizio, STATO, storicoEnteGestoreProgetto,
  storicoEnteGestoreProgramma, storicoEntePartner, utenteXRuolo,
} from '../../db/schema'
import type { Transaction as Tx } from '../../db/types'
import { RUOLI_CAMPO, RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA } from '../../../src/lib/ruoli'
import { versioneSuccessiva } from '../versioni'

type RefTable = typeof referenteDelegatiGestoreProgramma | typeof referenteDelegatiGestoreProgetto | typeof referenteDelegatiPartner

/**
 * Ends the referent/delegate links matching `where`: ATTIVO → TERMINATO (with the time), NON ATTIVO →
 * deleted. Returns the users touched (for {@link revocaRuoliOrfani}).
 */
export async function chiudiReferenti(tx: Tx, table: RefTable, where: SQL | undefined, now: Date): Promise<number[]> {
  const rows = await tx.select({ idUtente: table.idUtente }).from(table).where(where)
  await tx.update(table).set({ statoUtente: STATO.TERMINATO, dataOraTerminazione: now, dataOraAggiornamento: now })
    .where(and(where, eq(table.statoUtente, STATO.ATTIVO)))
  await tx.delete(table).where(and(where, eq(table.statoUtente, STATO.NON_ATTIVO)))
  return rows.map((r) => r.idUtente)
}

/** Deletes every referent/delegate link matching `where` (cancel of a NON ATTIVO body). */
export async function eliminaReferenti(tx: Tx, table: RefTable, where: SQL | undefined): Promise<number[]> {
  const rows = await tx.delete(table).where(where).returning({ idUtente: table.idUtente })
  return rows.map((r) => r.idUtente)
}

const espKey = (idEnte: number, idSede: number, idProgetto: number) => and(
  eq(enteSedeProgetto.idEnte, idEnte), eq(enteSedeProgetto.idSede, idSede), eq(enteSedeProgetto.idProgetto, idProgetto))
const facKey = (idEnte: number, idSede: number, idProgetto: number) => and(
  eq(enteSedeProgettoFacilitatore.idEnte, idEnte), eq(enteSedeProgettoFacilitatore.idSede, idSede), eq(enteSedeProgettoFacilitatore.idProgetto, idProgetto))

/**
 * Ends the body-sites matching `where` (on ente_sede_progetto): an ATTIVO one becomes TERMINATO and its
 * facilitators ATTIVO → TERMINATO, NON ATTIVO → deleted (§2.2); a NON ATTIVO one is deleted with its
 * facilitator rows. With `tuttiTerminati` (a site terminated on its own, §2.5) every facilitator link
 * becomes TERMINATO. Returns the facilitators touched.
 */
export async function chiudiSedi(tx: Tx, where: SQL | undefined, now: Date, tuttiTerminati = false): Promise<number[]> {
  const sedi = await tx.select().from(enteSedeProgetto).where(where)
  const users: number[] = []
  for (const s of sedi) {
    const fk = facKey(s.idEnte, s.idSede, s.idProgetto)
    const facs = await tx.select({ id: enteSedeProgettoFacilitatore.idFacilitatore }).from(enteSedeProgettoFacilitatore).where(fk)
    users.push(...facs.map((f) => f.id))
    if (s.statoSede === STATO.ATTIVO) {
      await tx.update(enteSedeProgettoFacilitatore).set({ statoUtente: STATO.TERMINATO, dataOraTerminazione: now, dataOraAggiornamento: now })
        .where(and(fk, tuttiTerminati ? ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO) : eq(enteSedeProgettoFacilitatore.statoUtente, STATO.ATTIVO)))
      if (!tuttiTerminati) await tx.delete(enteSedeProgettoFacilitatore).where(and(fk, eq(enteSedeProgettoFacilitatore.statoUtente, STATO.NON_ATTIVO)))
      await tx.update(enteSedeProgetto).set({ statoSede: STATO.TERMINATO, dataTerminazioneSede: now, dataOraAggiornamento: now })
        .where(espKey(s.idEnte, s.idSede, s.idProgetto))
    } else if (s.statoSede === STATO.NON_ATTIVO) {
      await tx.delete(enteSedeProgettoFacilitatore).where(fk)
      await tx.delete(enteSedeProgetto).where(espKey(s.idEnte, s.idSede, s.idProgetto))
    }
  }
  return users
}

/** Deletes the body-sites matching `where` and their facilitator rows (cancel of a NON ATTIVO body). */
export async function eliminaSedi(tx: Tx, where: SQL | undefined): Promise<number[]> {
  const sedi = await tx.select().from(enteSedeProgetto).where(where)
  const users: number[] = []
  for (const s of sedi) {
    const rows = await tx.delete(enteSedeProgettoFacilitatore).where(facKey(s.idEnte, s.idSede, s.idProgetto)).returning({ id: enteSedeProgettoFacilitatore.idFacilitatore })
    users.push(...rows.map((r) => r.id))
    await tx.delete(enteSedeProgetto).where(espKey(s.idEnte, s.idSede, s.idProgetto))
  }
  return users
}

/** Closes the open history row of a managing/partner body (TERMINATO with the time). */
async function chiudiStorico(tx: Tx, table: typeof storicoEnteGestoreProgetto | typeof storicoEntePartner, idProgetto: number, idEnte: number, now: Date) {
  await tx.update(table).set({ stato: STATO.TERMINATO, dataOraTerminazione: now })
    .where(and(eq(table.idProgetto, idProgetto), eq(table.idEnte, idEnte), eq(table.stato, STATO.ATTIVO)))
}

/** Closes the open history row of a programme's managing body. */
export async function chiudiStoricoProgramma(tx: Tx, idProgramma: number, idEnte: number, now: Date) {
  await tx.update(storicoEnteGestoreProgramma).set({ stato: STATO.TERMINATO, dataOraTerminazione: now })
    .where(and(eq(storicoEnteGestoreProgramma.idProgramma, idProgramma), eq(storicoEnteGestoreProgramma.idEnte, idEnte), eq(storicoEnteGestoreProgramma.stato, STATO.ATTIVO)))
}
export const chiudiStoricoGestoreProgetto = (tx: Tx, idProgetto: number, idEnte: number, now: Date) => chiudiStorico(tx, storicoEnteGestoreProgetto, idProgetto, idEnte, now)
export const chiudiStoricoPartner = (tx: Tx, idProgetto: number, idEnte: number, now: Date) => chiudiStorico(tx, storicoEntePartner, idProgetto, idEnte, now)

/**
 * Terminates a project with the cascade of §2.2: referents/delegates, managing body (history row and
 * TERMINATO if ATTIVO, unlinked if NON ATTIVO), every partner (TERMINATO, not individually) and its
 * referents, every body-site with its facilitators. `quando` is the termination time.
 */
export async function terminaProgettoCascata(tx: Tx, prj: typeof progetto.$inferSelect, termine: Date): Promise<number[]> {
  // never before the project's own activation (issue 24 point 18)
  const quando = prj.dataOraAttivazione && prj.dataOraAttivazione.getTime() > termine.getTime() ? prj.dataOraAttivazione : termine
  const users: number[] = []
  users.push(...await chiudiReferenti(tx, referenteDelegatiGestoreProgetto, eq(referenteDelegatiGestoreProgetto.idProgetto, prj.id), quando))
  let gestore: { idEnteGestoreProgetto: number | null; statoGestoreProgetto: 'NON ATTIVO' | 'ATTIVO' | 'ATTIVABILE' | 'TERMINATO' | null } = {
    idEnteGestoreProgetto: prj.idEnteGestoreProgetto, statoGestoreProgetto: prj.statoGestoreProgetto,
  }
  if (prj.idEnteGestoreProgetto !== null && prj.statoGestoreProgetto === STATO.ATTIVO) {
    await chiudiStoricoGestoreProgetto(tx, prj.id, prj.idEnteGestoreProgetto, quando)
    gestore = { idEnteGestoreProgetto: prj.idEnteGestoreProgetto, statoGestoreProgetto: STATO.TERMINATO }
  } else if (prj.statoGestoreProgetto === STATO.NON_ATTIVO) {
    gestore = { idEnteGestoreProgetto: null, statoGestoreProgetto: null }
  }
  const partners = await tx.select().from(entePartner).where(eq(entePartner.idProgetto, prj.id))
  for (const p of partners) {
    if (p.statoEntePartner === STATO.ATTIVO) await chiudiStoricoPartner(tx, prj.id, p.idEnte, quando)
  }
  await tx.update(entePartner).set({ statoEntePartner: STATO.TERMINATO, dataOraAggiornamento: quando })
    .where(and(eq(entePartner.idProgetto, prj.id), ne(entePartner.statoEntePartner, STATO.TERMINATO)))
  users.push(...await chiudiReferenti(tx, referenteDelegatiPartner, eq(referenteDelegatiPartner.idProgetto, prj.id), quando))
  users.push(...await chiudiSedi(tx, eq(enteSedeProgetto.idProgetto, prj.id), quando))
  // the state change edits the record: its version moves on (issue 27)
  await tx.update(progetto).set({ ...gestore, stato: STATO.TERMINATO, dataOraTerminazione: quando, dataOraAggiornamento: new Date(), versione: versioneSuccessiva(progetto) })
    .where(eq(progetto.id, prj.id))
  return users
}

/** True when the project has a facilitator link or a service (such a project is never deleted). */
export async function progettoConLavoro(tx: Tx, idProgetto: number): Promise<boolean> {
  const [row] = await tx.select({
    n: sql<boolean>`exists (select 1 from ${enteSedeProgettoFacilitatore} where ${enteSedeProgettoFacilitatore.idProgetto} = ${idProgetto})
      or exists (select 1 from ${servizio} where ${servizio.idProgetto} = ${idProgetto})`,
  }).from(progetto).where(eq(progetto.id, idProgetto))
  return row?.n === true
}

/** Deletes a project and everything hanging from it (§2.2 delete): referents, partners, body-sites, history. */
export async function eliminaProgettoCascata(tx: Tx, idProgetto: number): Promise<number[]> {
  const users: number[] = []
  users.push(...await eliminaReferenti(tx, referenteDelegatiGestoreProgetto, eq(referenteDelegatiGestoreProgetto.idProgetto, idProgetto)))
  users.push(...await eliminaReferenti(tx, referenteDelegatiPartner, eq(referenteDelegatiPartner.idProgetto, idProgetto)))
  users.push(...await eliminaSedi(tx, eq(enteSedeProgetto.idProgetto, idProgetto)))
  await tx.delete(entePartner).where(eq(entePartner.idProgetto, idProgetto))
  await tx.delete(storicoEnteGestoreProgetto).where(eq(storicoEnteGestoreProgetto.idProgetto, idProgetto))
  await tx.delete(storicoEntePartner).where(eq(storicoEntePartner.idProgetto, idProgetto))
  await tx.update(registroAttivita).set({ idProgetto: null }).where(eq(registroAttivita.idProgetto, idProgetto))
  await tx.delete(progetto).where(eq(progetto.id, idProgetto))
  return users
}

const LINK_ROLES: { roles: readonly string[]; has: (tx: Tx, idUtente: number, role: string) => Promise<boolean> }[] = [
  { roles: RUOLI_PROGRAMMA, has: async (tx, u, r) => (await tx.select({ x: referenteDelegatiGestoreProgramma.idUtente }).from(referenteDelegatiGestoreProgramma)
    .where(and(eq(referenteDelegatiGestoreProgramma.idUtente, u), eq(referenteDelegatiGestoreProgramma.codiceRuolo, r))).limit(1)).length > 0 },
  { roles: RUOLI_PROGETTO, has: async (tx, u, r) => (await tx.select({ x: referenteDelegatiGestoreProgetto.idUtente }).from(referenteDelegatiGestoreProgetto)
    .where(and(eq(referenteDelegatiGestoreProgetto.idUtente, u), eq(referenteDelegatiGestoreProgetto.codiceRuolo, r))).limit(1)).length > 0 },
  { roles: RUOLI_PARTNER, has: async (tx, u, r) => (await tx.select({ x: referenteDelegatiPartner.idUtente }).from(referenteDelegatiPartner)
    .where(and(eq(referenteDelegatiPartner.idUtente, u), eq(referenteDelegatiPartner.codiceRuolo, r))).limit(1)).length > 0 },
  { roles: RUOLI_CAMPO, has: async (tx, u, r) => (await tx.select({ x: enteSedeProgettoFacilitatore.idFacilitatore }).from(enteSedeProgettoFacilitatore)
    .where(and(eq(enteSedeProgettoFacilitatore.idFacilitatore, u), eq(enteSedeProgettoFacilitatore.ruoloUtente, r as (typeof RUOLI_CAMPO)[number]))).limit(1)).length > 0 },
]

/** Removes from each user the link-bound roles (REG…VOL) no link row of theirs carries any more. */
export async function revocaRuoliOrfani(tx: Tx, idUtenti: number[]): Promise<void> {
  const unique = [...new Set(idUtenti)]
  if (unique.length === 0) return
  const held = await tx.select().from(utenteXRuolo).where(and(inArray(utenteXRuolo.idUtente, unique),
    inArray(utenteXRuolo.codiceRuolo, LINK_ROLES.flatMap((l) => l.roles))))
  for (const h of held) {
    const kind = LINK_ROLES.find((l) => l.roles.includes(h.codiceRuolo))
    if (kind && !(await kind.has(tx, h.idUtente, h.codiceRuolo))) {
      await tx.delete(utenteXRuolo).where(and(eq(utenteXRuolo.idUtente, h.idUtente), eq(utenteXRuolo.codiceRuolo, h.codiceRuolo)))
    }
  }
}

