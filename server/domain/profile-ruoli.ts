/**
 * Role cards of the personal area with their `fullInfo` (spec 000 §3 "Role card"; issue 13), one per
 * profile of the caller, following the display rules: programme-level roles (REG, DEG) show the programme,
 * the other scoped roles the project (and its programme), FAC and VOL no body, DTD/DSCU/MOD/custom roles
 * none of them. Extra facts per role:
 * - REG/DEG: active facilitators of the programme, referents and delegates of the programme;
 * - REGP/DEGP: active facilitators of the project, referents and delegates of the project's managing body;
 * - REPP/DEPP: active facilitators of the partner in the project, referents and delegates of the partner;
 * - FAC/VOL: services the user delivered in that project and body, referents of that body in the project.
 */
import { and, count, eq, sql } from 'drizzle-orm'
import type { Profilo } from '../../src/api/contract/contesto'
import { nomeBreveRuolo, RUOLI_CAMPO, RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA } from '../../src/lib/ruoli'
import type { FullInfo, RuoliDettaglio } from '../../src/api/contract/profilo'
import type { Principal } from '../auth/types'
import type { Executor } from '../db/types'
import {
  ente, enteSedeProgettoFacilitatore, progetto, programma, referenteDelegatiGestoreProgetto,
  referenteDelegatiGestoreProgramma, referenteDelegatiPartner, servizio, STATO, utente,
} from '../db/schema'

const PROGRAMME = new Set<string>(RUOLI_PROGRAMMA)
const PROJECT = new Set<string>(RUOLI_PROGETTO)
const PARTNER = new Set<string>(RUOLI_PARTNER)
const FIELD = new Set<string>(RUOLI_CAMPO)

type Persona = { nome: string; cognome: string; ruolo: string }

async function people(db: Executor, table: typeof referenteDelegatiGestoreProgramma | typeof referenteDelegatiGestoreProgetto | typeof referenteDelegatiPartner,
  where: ReturnType<typeof and>): Promise<Persona[]> {
  const rows = await db.select({ nome: utente.nome, cognome: utente.cognome, codiceRuolo: table.codiceRuolo })
    .from(table).innerJoin(utente, eq(utente.id, table.idUtente))
    .where(and(where, eq(table.statoUtente, STATO.ATTIVO)))
    .orderBy(table.codiceRuolo, utente.cognome, utente.nome)
  return rows.map((r) => ({ nome: r.nome, cognome: r.cognome, ruolo: nomeBreveRuolo(r.codiceRuolo) ?? r.codiceRuolo }))
}

async function activeFacilitators(db: Executor, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct ${enteSedeProgettoFacilitatore.idFacilitatore})` })
    .from(enteSedeProgettoFacilitatore).innerJoin(progetto, eq(progetto.id, enteSedeProgettoFacilitatore.idProgetto))
    .where(and(where, eq(enteSedeProgettoFacilitatore.statoUtente, STATO.ATTIVO)))
  return Number(row?.n ?? 0)
}

async function fullInfo(db: Executor, userId: number, p: Profilo): Promise<FullInfo> {
  const info: FullInfo = { programma: null, progetto: null, ente: null, serviziErogati: null, nFacilitatori: null, referenti: null }
  const r = p.codiceRuolo
  if (p.idProgramma !== null && (PROGRAMME.has(r) || PROJECT.has(r) || PARTNER.has(r) || FIELD.has(r))) {
    const [pr] = await db.select({ id: programma.id, nome: programma.nome }).from(programma).where(eq(programma.id, p.idProgramma))
    info.programma = pr ?? null
  }
  if (p.idProgetto !== null && !PROGRAMME.has(r)) {
    const [pt] = await db.select({ id: progetto.id, nome: progetto.nomeBreve }).from(progetto).where(eq(progetto.id, p.idProgetto))
    info.progetto = pt ?? null
  }
  if (p.idEnte !== null && !FIELD.has(r) && info.programma) {
    const [en] = await db.select({ id: ente.id, nome: ente.nome }).from(ente).where(eq(ente.id, p.idEnte))
    info.ente = en ?? null
  }
  if (PROGRAMME.has(r) && p.idProgramma !== null) {
    info.nFacilitatori = await activeFacilitators(db, and(eq(progetto.idProgramma, p.idProgramma)))
    info.referenti = await people(db, referenteDelegatiGestoreProgramma, and(eq(referenteDelegatiGestoreProgramma.idProgramma, p.idProgramma)))
  } else if (PROJECT.has(r) && p.idProgetto !== null) {
    info.nFacilitatori = await activeFacilitators(db, and(eq(enteSedeProgettoFacilitatore.idProgetto, p.idProgetto)))
    info.referenti = await people(db, referenteDelegatiGestoreProgetto, and(eq(referenteDelegatiGestoreProgetto.idProgetto, p.idProgetto)))
  } else if (PARTNER.has(r) && p.idProgetto !== null && p.idEnte !== null) {
    info.nFacilitatori = await activeFacilitators(db, and(eq(enteSedeProgettoFacilitatore.idProgetto, p.idProgetto), eq(enteSedeProgettoFacilitatore.idEnte, p.idEnte)))
    info.referenti = await people(db, referenteDelegatiPartner, and(eq(referenteDelegatiPartner.idProgetto, p.idProgetto), eq(referenteDelegatiPartner.idEnte, p.idEnte)))
  } else if (FIELD.has(r) && p.idProgetto !== null && p.idEnte !== null) {
    const [row] = await db.select({ n: count() }).from(servizio)
      .where(and(eq(servizio.idFacilitatore, userId), eq(servizio.idProgetto, p.idProgetto), eq(servizio.idEnte, p.idEnte)))
    info.serviziErogati = Number(row?.n ?? 0)
    const gestore = await people(db, referenteDelegatiGestoreProgetto,
      and(eq(referenteDelegatiGestoreProgetto.idProgetto, p.idProgetto), eq(referenteDelegatiGestoreProgetto.idEnte, p.idEnte)))
    const partner = await people(db, referenteDelegatiPartner,
      and(eq(referenteDelegatiPartner.idProgetto, p.idProgetto), eq(referenteDelegatiPartner.idEnte, p.idEnte)))
    info.referenti = [...gestore, ...partner]
  }
  return info
}

/**
 * The 'Stato Ruolo' of a profile (spec 000 §3 "Role card", "Status chip"): the state of the user's link
 * that gives the role (ATTIVO, NON ATTIVO, TERMINATO; for FAC/VOL the best of the site links: ATTIVO
 * when any is); roles without a link (DTD, DSCU, MOD, custom) follow the user's own state.
 */
async function roleState(db: Executor, userId: number, p: Profilo): Promise<string> {
  const r = p.codiceRuolo
  const pick = (rows: { stato: string | null }[]) => {
    const states = rows.map((x) => x.stato).filter((x): x is string => Boolean(x))
    return states.includes(STATO.ATTIVO) ? STATO.ATTIVO : states[0] ?? null
  }
  let found: string | null = null
  if (PROGRAMME.has(r) && p.idProgramma !== null) {
    found = pick(await db.select({ stato: referenteDelegatiGestoreProgramma.statoUtente }).from(referenteDelegatiGestoreProgramma)
      .where(and(eq(referenteDelegatiGestoreProgramma.idUtente, userId), eq(referenteDelegatiGestoreProgramma.idProgramma, p.idProgramma), eq(referenteDelegatiGestoreProgramma.codiceRuolo, r))))
  } else if (PROJECT.has(r) && p.idProgetto !== null) {
    found = pick(await db.select({ stato: referenteDelegatiGestoreProgetto.statoUtente }).from(referenteDelegatiGestoreProgetto)
      .where(and(eq(referenteDelegatiGestoreProgetto.idUtente, userId), eq(referenteDelegatiGestoreProgetto.idProgetto, p.idProgetto), eq(referenteDelegatiGestoreProgetto.codiceRuolo, r))))
  } else if (PARTNER.has(r) && p.idProgetto !== null && p.idEnte !== null) {
    found = pick(await db.select({ stato: referenteDelegatiPartner.statoUtente }).from(referenteDelegatiPartner)
      .where(and(eq(referenteDelegatiPartner.idUtente, userId), eq(referenteDelegatiPartner.idProgetto, p.idProgetto), eq(referenteDelegatiPartner.idEnte, p.idEnte), eq(referenteDelegatiPartner.codiceRuolo, r))))
  } else if (FIELD.has(r) && p.idProgetto !== null && p.idEnte !== null) {
    found = pick(await db.select({ stato: enteSedeProgettoFacilitatore.statoUtente }).from(enteSedeProgettoFacilitatore)
      .where(and(eq(enteSedeProgettoFacilitatore.idFacilitatore, userId), eq(enteSedeProgettoFacilitatore.idProgetto, p.idProgetto), eq(enteSedeProgettoFacilitatore.idEnte, p.idEnte))))
  }
  if (found) return found
  const [u] = await db.select({ stato: utente.stato }).from(utente).where(eq(utente.id, userId))
  return u?.stato ?? STATO.ATTIVO
}

/** Every profile of the caller with its `fullInfo`, in the order of the user context. */
export async function ruoliDettaglio(db: Executor, principal: Principal): Promise<RuoliDettaglio> {
  const ruoli = []
  for (const profilo of principal.profili) {
    ruoli.push({ profilo, fullInfo: { ...await fullInfo(db, principal.userId, profilo), stato: await roleState(db, principal.userId, profilo) } })
  }
  return { ruoli }
}
