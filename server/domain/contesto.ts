/**
 * Login context (platform-backend §4.3, spec 000 §7): the user context (`Contesto`), the first-access
 * data completion (`confermaIntegrazione`, §2.10) and the profile choice (`sceltaProfilo`) with the
 * activations of §2.1–2.7 it performs, all in one transaction.
 * Errors are ApiError with catalogue codes: U20 (404) unknown user, C07 (400) consent missing,
 * U21 (409) e-mail in use, U06/A10/C03/C04/C05/C06 (403) for a profile the user does not hold.
 */
import { and, eq, exists, ne } from 'drizzle-orm'
import type { Principal } from '../auth/types'
import type { ConfermaIntegrazione, Contesto, Profilo, SceltaProfilo } from '../../src/api/contract/contesto'
import type { Database, Executor, Transaction as Tx } from '../db/types'
import {
  entePartner, enteSedeProgettoFacilitatore, programma, progetto, referenteDelegatiGestoreProgetto,
  referenteDelegatiGestoreProgramma, referenteDelegatiPartner, STATO, storicoEnteGestoreProgetto,
  storicoEnteGestoreProgramma, storicoEntePartner, utente,
} from '../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../errors'
import { DEFAULT_PREFIX, phoneError } from '../../src/lib/phone'
import { RUOLI_CAMPO, RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA } from '../../src/lib/ruoli'
import { findUserByFiscalCode, principalOfUser, type UtenteRow } from './principal'
import { versioneSuccessiva } from './versioni'

export function toContesto(user: UtenteRow, principal: Principal): Contesto & { versione: number } {
  return {
    id: user.id, nome: user.nome, cognome: user.cognome, codiceFiscale: user.codiceFiscale,
    email: user.email, telefono: user.telefono, stato: user.stato, integrazione: user.integrazione,
    immagineProfilo: user.immagineProfilo, prefissoTelefono: user.prefissoTelefono ?? DEFAULT_PREFIX, ruoli: principal.ruoli, profiliUtente: principal.profili,
    // the version of the user's own data, sent back by the profile update (issue 27)
    versione: user.versione,
  }
}

/** `POST contesto`: the user context of a fiscal code. Throws 404 U20 for an unknown user. */
export async function buildContesto(db: Executor, codiceFiscale: string): Promise<Contesto> {
  const user = await findUserByFiscalCode(db, codiceFiscale)
  if (!user) throw notFound('U20')
  return toContesto(user, await principalOfUser(db, user))
}

/**
 * `POST contesto/confermaIntegrazione`: completes the first access. Requires the privacy consent (C07),
 * an e-mail not used by another user (U21); stores e-mail, phone and consent, sets stato ATTIVO and
 * integrazione true. Name and fiscal code stay those of the identity provider. Returns the new context.
 */
export async function confermaIntegrazione(
  db: Database, codiceFiscale: string, body: Pick<ConfermaIntegrazione, 'email' | 'telefono'> & { prefissoTelefono?: string } & { abilitazioneConsensoTrattamentoDatiPersonali?: unknown },
): Promise<Contesto> {
  if (body.abilitazioneConsensoTrattamentoDatiPersonali !== true) throw badRequest('C07')
  return db.transaction(async (tx) => {
    const user = await findUserByFiscalCode(tx, codiceFiscale)
    if (!user) throw notFound('U20')
    const email = body.email.trim()
    const prefisso = body.prefissoTelefono ?? DEFAULT_PREFIX
    const phoneMessage = phoneError(prefisso, body.telefono)
    if (phoneMessage) throw badRequest('G02', phoneMessage)
    const [other] = await tx.select({ id: utente.id }).from(utente).where(and(eq(utente.email, email), ne(utente.id, user.id)))
    if (other) throw conflict('U21')
    const now = new Date()
    const [updated] = await tx.update(utente).set({
      email, telefono: body.telefono.trim(), prefissoTelefono: prefisso, consensoDati: true, dataOraConsensoDati: now,
      stato: STATO.ATTIVO, integrazione: true, dataOraAggiornamento: now, versione: versioneSuccessiva(utente),
    }).where(eq(utente.id, user.id)).returning()
    return toContesto(updated!, await principalOfUser(tx, updated!))
  })
}

const PROGRAMME_ROLES = new Set<string>(RUOLI_PROGRAMMA)
const PROJECT_MANAGER_ROLES = new Set<string>(RUOLI_PROGETTO)
const PARTNER_ROLES = new Set<string>(RUOLI_PARTNER)
const FACILITATOR_ROLES = new Set<string>(RUOLI_CAMPO)

const sameProfile = (p: Profilo, s: SceltaProfilo) => p.codiceRuolo === s.codiceRuolo
  && p.idProgramma === (s.idProgramma ?? null) && p.idProgetto === (s.idProgetto ?? null) && p.idEnte === (s.idEnte ?? null)

/** The error for a chosen profile the user does not hold (C06 before the role-specific code). */
async function profileError(db: Executor, principal: Principal, s: SceltaProfilo) {
  if (!principal.ruoli.some((r) => r.codiceRuolo === s.codiceRuolo)) return forbidden('U06')
  if (PROGRAMME_ROLES.has(s.codiceRuolo)) return forbidden('C04')
  const projectLevel = PROJECT_MANAGER_ROLES.has(s.codiceRuolo) || PARTNER_ROLES.has(s.codiceRuolo) || FACILITATOR_ROLES.has(s.codiceRuolo)
  if (!projectLevel) return forbidden('A10')
  if (s.idProgetto != null && s.idProgramma != null) {
    const [p] = await db.select({ idProgramma: progetto.idProgramma }).from(progetto).where(eq(progetto.id, s.idProgetto))
    if (!p || p.idProgramma !== s.idProgramma) return forbidden('C06')
  }
  return forbidden(PARTNER_ROLES.has(s.codiceRuolo) ? 'C05' : 'C03')
}

/**
 * `POST contesto/sceltaProfilo`: validates that the chosen profile is one of the principal's profiles
 * and performs, in one transaction, the activations of platform-backend §2:
 * - REG/DEG: programme NON ATTIVO → ATTIVO; its managing body NON ATTIVO → ATTIVO (+ history row); the
 *   caller's referent row → ATTIVO; NON ATTIVO projects of the programme with a facilitator → ATTIVABILE.
 *   Nothing when the programme is TERMINATO.
 * - REGP/DEGP: project managing body → ATTIVO (+ history), referent row → ATTIVO (project not TERMINATO).
 * - REPP/DEPP: partner → ATTIVO (+ history), referent row → ATTIVO (project and partner not TERMINATO).
 * - FAC/VOL: every NON ATTIVO facilitator row of (user, project, body, role) → ATTIVO.
 */
export async function sceltaProfilo(db: Database, principal: Principal, scelta: SceltaProfilo): Promise<{ profilo: Profilo }> {
  const profilo = principal.profili.find((p) => sameProfile(p, scelta))
  if (!profilo) throw await profileError(db, principal, scelta)
  const now = new Date()
  await db.transaction(async (tx) => {
    const role = profilo.codiceRuolo
    if (PROGRAMME_ROLES.has(role)) await activateProgramme(tx, principal.userId, profilo, now)
    else if (PROJECT_MANAGER_ROLES.has(role)) await activateProjectManager(tx, principal.userId, profilo, now)
    else if (PARTNER_ROLES.has(role)) await activatePartner(tx, principal.userId, profilo, now)
    else if (FACILITATOR_ROLES.has(role)) {
      await tx.update(enteSedeProgettoFacilitatore)
        .set({ statoUtente: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now })
        .where(and(
          eq(enteSedeProgettoFacilitatore.idFacilitatore, principal.userId),
          eq(enteSedeProgettoFacilitatore.idProgetto, profilo.idProgetto!),
          eq(enteSedeProgettoFacilitatore.idEnte, profilo.idEnte!),
          eq(enteSedeProgettoFacilitatore.ruoloUtente, role as 'FAC' | 'VOL'),
          eq(enteSedeProgettoFacilitatore.statoUtente, STATO.NON_ATTIVO)))
    }
  })
  return { profilo }
}

async function activateProgramme(tx: Tx, userId: number, p: Profilo, now: Date): Promise<void> {
  const idProgramma = p.idProgramma!
  const idEnte = p.idEnte!
  const [prg] = await tx.select().from(programma).where(eq(programma.id, idProgramma))
  if (!prg || prg.stato === STATO.TERMINATO) return
  if (prg.stato === STATO.NON_ATTIVO) {
    await tx.update(programma).set({ stato: STATO.ATTIVO, dataOraAttivazioneProgramma: now, dataOraAggiornamento: now, versione: versioneSuccessiva(programma) })
      .where(eq(programma.id, idProgramma))
  }
  if (prg.idEnteGestoreProgramma === idEnte && prg.statoGestoreProgramma === STATO.NON_ATTIVO) {
    await tx.update(programma).set({ statoGestoreProgramma: STATO.ATTIVO, dataOraAggiornamento: now }).where(eq(programma.id, idProgramma))
    await tx.insert(storicoEnteGestoreProgramma).values({ idProgramma, idEnte, stato: STATO.ATTIVO, dataAttivazioneEnte: now })
  }
  await tx.update(referenteDelegatiGestoreProgramma)
    .set({ statoUtente: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now })
    .where(and(
      eq(referenteDelegatiGestoreProgramma.idProgramma, idProgramma), eq(referenteDelegatiGestoreProgramma.idUtente, userId),
      eq(referenteDelegatiGestoreProgramma.idEnte, idEnte), eq(referenteDelegatiGestoreProgramma.statoUtente, STATO.NON_ATTIVO)))
  await tx.update(progetto).set({ stato: STATO.ATTIVABILE, dataOraProgettoAttivabile: now, dataOraAggiornamento: now, versione: versioneSuccessiva(progetto) })
    .where(and(
      eq(progetto.idProgramma, idProgramma), eq(progetto.stato, STATO.NON_ATTIVO),
      exists(tx.select({ one: enteSedeProgettoFacilitatore.idProgetto }).from(enteSedeProgettoFacilitatore)
        .where(eq(enteSedeProgettoFacilitatore.idProgetto, progetto.id)))))
}

async function activateProjectManager(tx: Tx, userId: number, p: Profilo, now: Date): Promise<void> {
  const idProgetto = p.idProgetto!
  const idEnte = p.idEnte!
  const [prj] = await tx.select().from(progetto).where(eq(progetto.id, idProgetto))
  if (!prj || prj.stato === STATO.TERMINATO) return
  if (prj.idEnteGestoreProgetto === idEnte && prj.statoGestoreProgetto === STATO.NON_ATTIVO) {
    await tx.update(progetto).set({ statoGestoreProgetto: STATO.ATTIVO, dataOraAggiornamento: now }).where(eq(progetto.id, idProgetto))
    await tx.insert(storicoEnteGestoreProgetto).values({
      idEnte, idProgramma: prj.idProgramma, idProgetto, stato: STATO.ATTIVO, dataAttivazioneEnte: now,
    })
  }
  await tx.update(referenteDelegatiGestoreProgetto)
    .set({ statoUtente: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now })
    .where(and(
      eq(referenteDelegatiGestoreProgetto.idProgetto, idProgetto), eq(referenteDelegatiGestoreProgetto.idUtente, userId),
      eq(referenteDelegatiGestoreProgetto.idEnte, idEnte), eq(referenteDelegatiGestoreProgetto.statoUtente, STATO.NON_ATTIVO)))
}

async function activatePartner(tx: Tx, userId: number, p: Profilo, now: Date): Promise<void> {
  const idProgetto = p.idProgetto!
  const idEnte = p.idEnte!
  const [prj] = await tx.select().from(progetto).where(eq(progetto.id, idProgetto))
  const [partner] = await tx.select().from(entePartner)
    .where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
  if (!prj || !partner || prj.stato === STATO.TERMINATO || partner.statoEntePartner === STATO.TERMINATO) return
  if (partner.statoEntePartner === STATO.NON_ATTIVO) {
    await tx.update(entePartner).set({ statoEntePartner: STATO.ATTIVO, dataOraAggiornamento: now })
      .where(and(eq(entePartner.idProgetto, idProgetto), eq(entePartner.idEnte, idEnte)))
    await tx.insert(storicoEntePartner).values({
      idEnte, idProgramma: prj.idProgramma, idProgetto, stato: STATO.ATTIVO, dataAttivazioneEnte: now,
    })
  }
  await tx.update(referenteDelegatiPartner)
    .set({ statoUtente: STATO.ATTIVO, dataOraAttivazione: now, dataOraAggiornamento: now })
    .where(and(
      eq(referenteDelegatiPartner.idProgetto, idProgetto), eq(referenteDelegatiPartner.idUtente, userId),
      eq(referenteDelegatiPartner.idEnte, idEnte), eq(referenteDelegatiPartner.statoUtente, STATO.NON_ATTIVO)))
}
