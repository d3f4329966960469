/**
 * Users created and managed by managers (platform-backend §1.2, §2.10; issue 9 point 5), database side:
 * - create: fiscal code valid (checksum, 400 G02) and unique (U01), e-mail unique (U21), optional first
 *   role among those directly assignable (R13; unknown R14); state NON ATTIVO until the person's first
 *   access (`confermaIntegrazione`), where the same fiscal code finds the account and its profiles;
 * - detail with roles and every profile (programme/project/body links with their state);
 * - add (U03 already held) or remove (U05 not held) a directly assignable role. Link-bound roles (REG…VOL)
 *   come and go with their links (referents, facilitators), never by hand (R13).
 * Scoped callers see only users linked to their programme or project (platform-backend §4.4 `utente/all`).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { SchedaUtente, UtenteBody } from '../../../src/api/contract/gestione'
import { isValidFiscalCode } from '../../../src/lib/fiscal-code'
import { inGruppo, RUOLI_CON_PROFILO } from '../../../src/lib/ruoli'
import {
  ente, enteSedeProgettoFacilitatore, integrazioniUtente, programma, progetto, referenteDelegatiGestoreProgetto, referenteDelegatiGestoreProgramma,
  referenteDelegatiPartner, ruolo, STATO, utente, utenteXRuolo,
} from '../../db/schema'
import type { Executor, Transaction as Tx } from '../../db/types'
import { ApiError, badRequest, notFound } from '../../errors'
import { scopeOf } from '../ambito'
import type { Caller } from '../profile'
import { denied } from './accesso'

/** Roles bound to a programme/project link: never assigned or removed by hand. */
export const RUOLI_DI_COLLEGAMENTO = RUOLI_CON_PROFILO
const linkBound = (code: string) => inGruppo(RUOLI_DI_COLLEGAMENTO, code)

async function assignableRole(tx: Executor, code: string): Promise<void> {
  const [r] = await tx.select({ codice: ruolo.codice }).from(ruolo).where(eq(ruolo.codice, code))
  if (!r) throw notFound('R14')
  if (linkBound(code)) throw new ApiError(400, 'R13')
}

async function giveRole(tx: Tx, idUtente: number, code: string): Promise<void> {
  await tx.insert(utenteXRuolo).values({ idUtente, codiceRuolo: code })
  await tx.update(ruolo).set({ stato: STATO.ATTIVO }).where(and(eq(ruolo.codice, code), eq(ruolo.stato, STATO.NON_ATTIVO)))
}

/** `POST /utente`: a NON ATTIVO user (201 {id}). */
export async function creaUtente(tx: Tx, body: UtenteBody): Promise<{ id: number }> {
  if (!(await isValidFiscalCode(body.codiceFiscale))) throw badRequest('G02', 'Il codice fiscale non è valido.')
  const [cf] = await tx.select({ id: utente.id }).from(utente).where(eq(utente.codiceFiscale, body.codiceFiscale))
  if (cf) throw new ApiError(409, 'U01')
  const [mail] = await tx.select({ id: utente.id }).from(utente).where(sql`lower(${utente.email}) = lower(${body.email})`)
  if (mail) throw new ApiError(409, 'U21')
  if (body.codiceRuolo) await assignableRole(tx, body.codiceRuolo)
  const [row] = await tx.insert(utente).values({
    codiceFiscale: body.codiceFiscale, nome: body.nome, cognome: body.cognome, email: body.email, telefono: body.telefono || null,
    mansione: body.mansione || null, tipoContratto: body.tipoContratto ?? null, stato: STATO.NON_ATTIVO,
  }).returning({ id: utente.id })
  const id = row!.id
  await tx.insert(integrazioniUtente).values({ idUtente: id })
  if (body.codiceRuolo) await giveRole(tx, id, body.codiceRuolo)
  return { id }
}

/** True when the user has a link inside the caller's scope (`scopeOf`; DTD and custom roles: always; field roles and MOD: themselves). */
async function inScope(db: Executor, caller: Caller, idUtente: number): Promise<boolean> {
  const s = scopeOf(caller)
  let prg: ReturnType<typeof sql> | undefined
  let prj: ReturnType<typeof sql> | undefined
  if (s.kind === 'scd') prg = sql`pg.policy = 'SCD'`
  else if (s.kind === 'programma') prg = sql`pg.id = ${s.idProgramma}`
  else if (s.kind === 'progetto' || s.kind === 'partner') prj = sql`pr.id = ${s.idProgetto}`
  else if (s.kind === 'campo' || s.kind === 'none') return idUtente === caller.principal.userId
  else return true
  const cond = prg ?? prj!
  const [row] = await db.select({ ok: sql<boolean>`(
    exists (select 1 from referente_delegati_gestore_programma l join programma pg on pg.id = l.id_programma where l.id_utente = ${idUtente} and ${prg ?? sql`false`})
    or exists (select 1 from referente_delegati_gestore_progetto l join progetto pr on pr.id = l.id_progetto join programma pg on pg.id = pr.id_programma where l.id_utente = ${idUtente} and ${cond})
    or exists (select 1 from referente_delegati_partner l join progetto pr on pr.id = l.id_progetto join programma pg on pg.id = pr.id_programma where l.id_utente = ${idUtente} and ${cond})
    or exists (select 1 from ente_sede_progetto_facilitatore l join progetto pr on pr.id = l.id_progetto join programma pg on pg.id = pr.id_programma where l.id_facilitatore = ${idUtente} and ${cond}))` })
    .from(utente).where(eq(utente.id, idUtente))
  return row?.ok === true
}

async function mustUtente(db: Executor, caller: Caller, id: number) {
  const [u] = await db.select().from(utente).where(eq(utente.id, id))
  if (!u) throw notFound('U11')
  if (!(await inScope(db, caller, id))) throw denied()
  return u
}

/** `POST /utente/{id}`: the user with roles and profiles (links with their state). */
export async function schedaUtente(db: Executor, caller: Caller, id: number): Promise<SchedaUtente> {
  const u = await mustUtente(db, caller, id)
  const ruoli = await db.select({ codiceRuolo: ruolo.codice, nomeRuolo: ruolo.nome }).from(utenteXRuolo)
    .innerJoin(ruolo, eq(ruolo.codice, utenteXRuolo.codiceRuolo)).where(eq(utenteXRuolo.idUtente, id)).orderBy(ruolo.codice)
  const profili: SchedaUtente['profili'] = []
  for (const l of await db.select({ codiceRuolo: referenteDelegatiGestoreProgramma.codiceRuolo, stato: referenteDelegatiGestoreProgramma.statoUtente,
    idProgramma: programma.id, nomeProgramma: programma.nome, idEnte: ente.id, nomeEnte: ente.nome })
    .from(referenteDelegatiGestoreProgramma).innerJoin(programma, eq(programma.id, referenteDelegatiGestoreProgramma.idProgramma))
    .innerJoin(ente, eq(ente.id, referenteDelegatiGestoreProgramma.idEnte)).where(eq(referenteDelegatiGestoreProgramma.idUtente, id))) {
    profili.push({ ...l, idProgetto: null, nomeProgetto: null })
  }
  for (const t of [referenteDelegatiGestoreProgetto, referenteDelegatiPartner]) {
    const tt = t as typeof referenteDelegatiGestoreProgetto
    for (const l of await db.select({ codiceRuolo: tt.codiceRuolo, stato: tt.statoUtente, idProgramma: programma.id, nomeProgramma: programma.nome,
      idProgetto: progetto.id, nomeProgetto: progetto.nome, idEnte: ente.id, nomeEnte: ente.nome })
      .from(tt).innerJoin(progetto, eq(progetto.id, tt.idProgetto)).innerJoin(programma, eq(programma.id, progetto.idProgramma))
      .innerJoin(ente, eq(ente.id, tt.idEnte)).where(eq(tt.idUtente, id))) profili.push(l)
  }
  const facs = await db.selectDistinct({ codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
    idProgramma: programma.id, nomeProgramma: programma.nome, idProgetto: progetto.id, nomeProgetto: progetto.nome, idEnte: ente.id, nomeEnte: ente.nome })
    .from(enteSedeProgettoFacilitatore).innerJoin(progetto, eq(progetto.id, enteSedeProgettoFacilitatore.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma)).innerJoin(ente, eq(ente.id, enteSedeProgettoFacilitatore.idEnte))
    .where(eq(enteSedeProgettoFacilitatore.idFacilitatore, id))
  profili.push(...facs)
  return {
    dettaglioUtente: {
      id: u.id, codiceFiscale: u.codiceFiscale, nome: u.nome, cognome: u.cognome, email: u.email, telefono: u.telefono,
      mansione: u.mansione, tipoContratto: u.tipoContratto, stato: u.stato,
    },
    ruoli,
    profili,
  }
}

/** `PUT /utente/{id}/ruolo`: adds a directly assignable role (R13, R14, U03). */
export async function aggiungiRuolo(tx: Tx, caller: Caller, id: number, codiceRuolo: string): Promise<{ id: number }> {
  await mustUtente(tx, caller, id)
  await assignableRole(tx, codiceRuolo)
  const [held] = await tx.select().from(utenteXRuolo).where(and(eq(utenteXRuolo.idUtente, id), eq(utenteXRuolo.codiceRuolo, codiceRuolo)))
  if (held) throw new ApiError(409, 'U03')
  await giveRole(tx, id, codiceRuolo)
  return { id }
}

/** `DELETE /utente/{id}/ruolo/{codiceRuolo}`: removes a directly assignable role (U05 not held, R13 link-bound). */
export async function rimuoviRuolo(tx: Tx, caller: Caller, id: number, codiceRuolo: string): Promise<{ id: number }> {
  await mustUtente(tx, caller, id)
  const [held] = await tx.select().from(utenteXRuolo).where(and(eq(utenteXRuolo.idUtente, id), eq(utenteXRuolo.codiceRuolo, codiceRuolo)))
  if (!held) throw new ApiError(409, 'U05')
  if (linkBound(codiceRuolo)) throw new ApiError(400, 'R13')
  await tx.delete(utenteXRuolo).where(and(eq(utenteXRuolo.idUtente, id), eq(utenteXRuolo.codiceRuolo, codiceRuolo)))
  return { id }
}

