/**
 * Loads the caller (Principal, server/auth/types.ts) from the database by fiscal code: the user, each
 * role with its permission codes (role → groups → permissions) and every selectable profile, built as
 * in platform-backend §4.3 point 2. Permissions and profiles are empty while `integrazione` is false
 * (first access not completed).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Principal, PrincipalLoader } from '../auth/types'
import type { Profilo, Ruolo } from '../../src/api/contract/contesto'
import { ROLE_CODES } from '../../src/api/contract/common'
import { nomeBreveRuolo, RUOLI_CAMPO, RUOLI_CON_PROFILO, RUOLI_DIPARTIMENTO, RUOLI_PARTNER, RUOLI_PROGETTO, RUOLI_PROGRAMMA } from '../../src/lib/ruoli'
import type { Database, Executor } from '../db/types'
import {
  ente, entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, gruppoXPermesso, permesso, programma, progetto,
  referenteDelegatiGestoreProgetto, referenteDelegatiGestoreProgramma, referenteDelegatiPartner, ruolo, ruoloXGruppo,
  STATO, utente, utenteXRuolo,
} from '../db/schema'

/**
 * Short role description of a profile (`descrizioneRuolo`): 'AMMINISTRATORE' (DTD), 'DSCU', 'MODERATORE' (MOD),
 * 'REFERENTE' / 'DELEGATO' for a body's pair of roles, 'FACILITATORE' / 'VOLONTARIO'; undefined for a custom
 * role (it uses its name).
 */
export function descrizioneRuolo(codiceRuolo: string): string | undefined {
  if (codiceRuolo === RUOLI_DIPARTIMENTO[0]) return 'AMMINISTRATORE'
  if (codiceRuolo === RUOLI_DIPARTIMENTO[1]) return 'DSCU'
  if (codiceRuolo === 'MOD') return 'MODERATORE'
  return nomeBreveRuolo(codiceRuolo)?.toUpperCase()
}

/** `descrizioneEstesaEnte`: the body's role in the profile's programme or project. */
export const ENTE_GESTORE_PROGRAMMA = 'ENTE GESTORE DI PROGRAMMA'
export const ENTE_GESTORE_PROGETTO = 'ENTE GESTORE DI PROGETTO'
export const ENTE_PARTNER = 'ENTE PARTNER'

export type UtenteRow = typeof utente.$inferSelect

/** Normalises a fiscal code for lookup: trimmed, upper case. */
export function normaliseFiscalCode(cf: string): string {
  return cf.trim().toUpperCase()
}

/** The user row by fiscal code, or undefined. */
export async function findUserByFiscalCode(db: Executor, codiceFiscale: string): Promise<UtenteRow | undefined> {
  const [row] = await db.select().from(utente).where(eq(utente.codiceFiscale, normaliseFiscalCode(codiceFiscale)))
  return row
}

const roleRank = (code: string) => {
  const i = (ROLE_CODES as readonly string[]).indexOf(code)
  return i < 0 ? ROLE_CODES.length : i
}

/** Roles held by the user, in the canonical order (custom roles last), with their permission codes. */
async function loadRoles(db: Executor, user: UtenteRow): Promise<Ruolo[]> {
  const roles = await db.select({ codice: ruolo.codice, nome: ruolo.nome })
    .from(utenteXRuolo).innerJoin(ruolo, eq(ruolo.codice, utenteXRuolo.codiceRuolo))
    .where(eq(utenteXRuolo.idUtente, user.id))
  roles.sort((a, b) => roleRank(a.codice) - roleRank(b.codice) || a.codice.localeCompare(b.codice))
  const perms = new Map<string, Set<string>>(roles.map((r) => [r.codice, new Set()]))
  if (user.integrazione && roles.length > 0) {
    const rows = await db.select({ codiceRuolo: ruoloXGruppo.codiceRuolo, codice: permesso.codice })
      .from(ruoloXGruppo)
      .innerJoin(gruppoXPermesso, eq(gruppoXPermesso.codiceGruppo, ruoloXGruppo.codiceGruppo))
      .innerJoin(permesso, eq(permesso.id, gruppoXPermesso.idPermesso))
      .where(inArray(ruoloXGruppo.codiceRuolo, roles.map((r) => r.codice)))
    for (const r of rows) perms.get(r.codiceRuolo)?.add(r.codice)
  }
  return roles.map((r) => ({ codiceRuolo: r.codice, nomeRuolo: r.nome, permessi: [...(perms.get(r.codice) ?? [])].sort() }))
}

function profile(role: Ruolo, p: Partial<Profilo>): Profilo {
  return {
    codiceRuolo: role.codiceRuolo,
    descrizioneRuolo: descrizioneRuolo(role.codiceRuolo) ?? role.nomeRuolo,
    descrizioneRuoloCompleta: role.nomeRuolo,
    idProgramma: null, nomeProgramma: null, idProgetto: null, nomeProgettoBreve: null,
    idEnte: null, nomeEnte: null, descrizioneEstesaEnte: null, policy: null,
    ...p,
  }
}

/**
 * Every selectable profile of the user's roles (platform-backend §4.3 point 2). The links of a kind are read only
 * when the user holds one of its roles (their rows would all be skipped otherwise): a facilitator's principal
 * takes four queries instead of seven, which a process that has just started pays for every user it meets.
 */
async function loadProfiles(db: Executor, userId: number, roles: Ruolo[]): Promise<Profilo[]> {
  const held = new Map(roles.map((r) => [r.codiceRuolo, r]))
  const holds = (...codes: string[]) => codes.some((c) => held.has(c))
  const out: Profilo[] = []

  // REG/DEG: one per programme; a TERMINATO link of a still ATTIVO programme is hidden.
  const prgmLinks = !holds(...RUOLI_PROGRAMMA) ? [] : await db.select({
    codiceRuolo: referenteDelegatiGestoreProgramma.codiceRuolo, stato: referenteDelegatiGestoreProgramma.statoUtente,
    idProgramma: programma.id, nomeProgramma: programma.nome, policy: programma.policy, statoProgramma: programma.stato,
    idEnte: ente.id, nomeEnte: ente.nome,
  }).from(referenteDelegatiGestoreProgramma)
    .innerJoin(programma, eq(programma.id, referenteDelegatiGestoreProgramma.idProgramma))
    .innerJoin(ente, eq(ente.id, referenteDelegatiGestoreProgramma.idEnte))
    .where(eq(referenteDelegatiGestoreProgramma.idUtente, userId))
  for (const l of prgmLinks) {
    const role = held.get(l.codiceRuolo)
    if (!role || (l.stato === STATO.TERMINATO && l.statoProgramma === STATO.ATTIVO)) continue
    out.push(profile(role, {
      idProgramma: l.idProgramma, nomeProgramma: l.nomeProgramma, policy: l.policy,
      idEnte: l.idEnte, nomeEnte: l.nomeEnte, descrizioneEstesaEnte: ENTE_GESTORE_PROGRAMMA,
    }))
  }

  // REGP/DEGP: one per project; a TERMINATO link of a still ATTIVO programme or project is hidden.
  const prgtLinks = !holds(...RUOLI_PROGETTO) ? [] : await db.select({
    codiceRuolo: referenteDelegatiGestoreProgetto.codiceRuolo, stato: referenteDelegatiGestoreProgetto.statoUtente,
    idProgramma: programma.id, nomeProgramma: programma.nome, policy: programma.policy, statoProgramma: programma.stato,
    idProgetto: progetto.id, nomeProgettoBreve: progetto.nomeBreve, statoProgetto: progetto.stato,
    idEnte: ente.id, nomeEnte: ente.nome,
  }).from(referenteDelegatiGestoreProgetto)
    .innerJoin(progetto, eq(progetto.id, referenteDelegatiGestoreProgetto.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .innerJoin(ente, eq(ente.id, referenteDelegatiGestoreProgetto.idEnte))
    .where(eq(referenteDelegatiGestoreProgetto.idUtente, userId))
  for (const l of prgtLinks) {
    const role = held.get(l.codiceRuolo)
    const hidden = l.stato === STATO.TERMINATO && (l.statoProgramma === STATO.ATTIVO || l.statoProgetto === STATO.ATTIVO)
    if (!role || hidden) continue
    out.push(profile(role, {
      idProgramma: l.idProgramma, nomeProgramma: l.nomeProgramma, policy: l.policy,
      idProgetto: l.idProgetto, nomeProgettoBreve: l.nomeProgettoBreve,
      idEnte: l.idEnte, nomeEnte: l.nomeEnte, descrizioneEstesaEnte: ENTE_GESTORE_PROGETTO,
    }))
  }

  // REPP/DEPP: one per (project, partner), excluding partners terminated individually.
  const partnerLinks = !holds(...RUOLI_PARTNER) ? [] : await db.select({
    codiceRuolo: referenteDelegatiPartner.codiceRuolo,
    idProgramma: programma.id, nomeProgramma: programma.nome, policy: programma.policy,
    idProgetto: progetto.id, nomeProgettoBreve: progetto.nomeBreve,
    idEnte: ente.id, nomeEnte: ente.nome, terminatoSingolarmente: entePartner.terminatoSingolarmente,
  }).from(referenteDelegatiPartner)
    .innerJoin(progetto, eq(progetto.id, referenteDelegatiPartner.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .innerJoin(ente, eq(ente.id, referenteDelegatiPartner.idEnte))
    .innerJoin(entePartner, and(eq(entePartner.idProgetto, referenteDelegatiPartner.idProgetto), eq(entePartner.idEnte, referenteDelegatiPartner.idEnte)))
    .where(eq(referenteDelegatiPartner.idUtente, userId))
  for (const l of partnerLinks) {
    const role = held.get(l.codiceRuolo)
    if (!role || l.terminatoSingolarmente) continue
    out.push(profile(role, {
      idProgramma: l.idProgramma, nomeProgramma: l.nomeProgramma, policy: l.policy,
      idProgetto: l.idProgetto, nomeProgettoBreve: l.nomeProgettoBreve,
      idEnte: l.idEnte, nomeEnte: l.nomeEnte, descrizioneEstesaEnte: ENTE_PARTNER,
    }))
  }

  // FAC/VOL: one per (project, body), counting only links that are not TERMINATO.
  const facLinks = !holds(...RUOLI_CAMPO) ? [] : await db.select({
    codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
    idProgramma: programma.id, nomeProgramma: programma.nome, policy: programma.policy,
    idProgetto: progetto.id, nomeProgettoBreve: progetto.nomeBreve,
    idEnte: ente.id, nomeEnte: ente.nome, ruoloEnte: enteSedeProgetto.ruoloEnte,
  }).from(enteSedeProgettoFacilitatore)
    .innerJoin(enteSedeProgetto, and(
      eq(enteSedeProgetto.idEnte, enteSedeProgettoFacilitatore.idEnte),
      eq(enteSedeProgetto.idSede, enteSedeProgettoFacilitatore.idSede),
      eq(enteSedeProgetto.idProgetto, enteSedeProgettoFacilitatore.idProgetto)))
    .innerJoin(progetto, eq(progetto.id, enteSedeProgettoFacilitatore.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .innerJoin(ente, eq(ente.id, enteSedeProgettoFacilitatore.idEnte))
    .where(eq(enteSedeProgettoFacilitatore.idFacilitatore, userId))
  const seen = new Set<string>()
  for (const l of facLinks) {
    const role = held.get(l.codiceRuolo)
    const key = `${l.codiceRuolo}|${l.idProgetto}|${l.idEnte}`
    if (!role || l.stato === STATO.TERMINATO || seen.has(key)) continue
    seen.add(key)
    out.push(profile(role, {
      idProgramma: l.idProgramma, nomeProgramma: l.nomeProgramma, policy: l.policy,
      idProgetto: l.idProgetto, nomeProgettoBreve: l.nomeProgettoBreve, idEnte: l.idEnte, nomeEnte: l.nomeEnte,
      descrizioneEstesaEnte: l.ruoloEnte === 'gestore' ? ENTE_GESTORE_PROGETTO : ENTE_PARTNER,
    }))
  }

  // Global roles: DSCU (all SCD programmes), DTD, MOD and custom roles: one entry without scope.
  const scoped = new Set<string>(RUOLI_CON_PROFILO)
  for (const role of roles) {
    if (scoped.has(role.codiceRuolo)) continue
    out.push(profile(role, role.codiceRuolo === 'DSCU' ? { policy: 'SCD' } : {}))
  }

  out.sort((a, b) => roleRank(a.codiceRuolo) - roleRank(b.codiceRuolo)
    || (a.nomeProgramma ?? '').localeCompare(b.nomeProgramma ?? '')
    || (a.nomeProgettoBreve ?? '').localeCompare(b.nomeProgettoBreve ?? '')
    || (a.nomeEnte ?? '').localeCompare(b.nomeEnte ?? ''))
  return out
}

/** Builds the principal of a user row (roles, permissions, profiles). */
export async function principalOfUser(db: Executor, user: UtenteRow): Promise<Principal> {
  const ruoli = await loadRoles(db, user)
  const profili = user.integrazione ? await loadProfiles(db, user.id, ruoli) : []
  return {
    userId: user.id, codiceFiscale: user.codiceFiscale, nome: user.nome, cognome: user.cognome,
    integrazione: user.integrazione, ruoli, profili,
  }
}

/** The principal of a fiscal code (any case), or null when no user has it. */
export async function loadPrincipal(db: Executor, codiceFiscale: string): Promise<Principal | null> {
  const user = await findUserByFiscalCode(db, codiceFiscale)
  return user ? principalOfUser(db, user) : null
}

/** The PrincipalLoader the access-control layer uses on every `/api` request. */
export function createPrincipalLoader(db: Database): PrincipalLoader {
  return (codiceFiscale) => loadPrincipal(db, codiceFiscale)
}
