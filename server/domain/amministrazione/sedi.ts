/**
 * Sites and their people, database side (platform-backend §1.1 `sede`, `indirizzo_sede*`, §2.5, §2.6;
 * spec 002 §3 "Site", §5 "Sites"; state machines and validation in ./sede-stati.ts):
 * - create/update a site with its addresses and two opening windows per day (400 G02 with the first
 *   problem; the comune must belong to the province of the ISTAT list; SD01/SD02 duplicate name);
 * - associate a site to a body in a project (EN09), cancel (NON ATTIVO: deleted with its people) or
 *   terminate it (ATTIVO: EN09 unless another ATTIVO site keeps a facilitator; every link TERMINATO);
 * - associate a facilitator/volunteer by fiscal code (U20, EN07; role from the policy, RFD → FAC,
 *   SCD → VOL; site → ATTIVO, project NON ATTIVO → ATTIVABILE) and terminate one (EN08).
 */
import { and, count, eq, ne, sql } from 'drizzle-orm'
import provinces from '../../../public/data/province.json'
import type { AssociaFacilitatoreBody, FasciaGiorno, SchedaSede, SedeBody, TerminaFacilitatoreBody } from '../../../src/api/contract/gestione'
import { GIORNI } from '../../../src/api/contract/gestione'
import {
  ente, entePartner, enteSedeProgetto, enteSedeProgettoFacilitatore, indirizzoSede, indirizzoSedeFasciaOraria, progetto, sede, STATO, utente, utenteXRuolo,
} from '../../db/schema'
import type { Executor, Transaction as Tx } from '../../db/types'
import { ApiError, badRequest, forbidden, notFound } from '../../errors'
import type { Caller } from '../profile'
import { checkEnte, checkProgetto, checkSede, denied } from './accesso'
import { chiudiSedi, revocaRuoliOrfani } from './cascate'
import { casUpdate, versioneSuccessiva, type VersioneRichiesta } from '../versioni'
import { comuniDiProvincia } from './comuni'
import { primoErroreIndirizzi } from '../../../src/lib/sede-indirizzo'
import { checkGuard, checkTransition } from './macchina'
import {
  FACILITATORE, guardAssociaFacilitatore, guardAssociaSede, guardTerminaFacilitatore, guardTerminaSede, ruoloPerPolicy, SEDE_PROGETTO,
} from './sede-stati'

const REGIONE = new Map((provinces as { sigla: string; regione: string }[]).map((p) => [p.sigla, p.regione]))

type FasciaCols = Record<string, string | null>
const clean = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null)

function fasceToColumns(fasce: Partial<Record<(typeof GIORNI)[number], FasciaGiorno>>): FasciaCols {
  const cols: FasciaCols = {}
  for (const g of GIORNI) {
    const f = fasce[g]
    cols[`${g}OrarioApertura1`] = clean(f?.apertura1)
    cols[`${g}OrarioChiusura1`] = clean(f?.chiusura1)
    cols[`${g}OrarioApertura2`] = clean(f?.apertura2)
    cols[`${g}OrarioChiusura2`] = clean(f?.chiusura2)
  }
  return cols
}

function columnsToFasce(row: Record<string, unknown>): Record<string, FasciaGiorno> {
  const out: Record<string, FasciaGiorno> = {}
  for (const g of GIORNI) {
    const f = {
      apertura1: (row[`${g}OrarioApertura1`] as string | null) ?? null, chiusura1: (row[`${g}OrarioChiusura1`] as string | null) ?? null,
      apertura2: (row[`${g}OrarioApertura2`] as string | null) ?? null, chiusura2: (row[`${g}OrarioChiusura2`] as string | null) ?? null,
    }
    if (f.apertura1 || f.apertura2) out[g] = f
  }
  return out
}

function validate(body: SedeBody): void {
  const e = primoErroreIndirizzi(body.indirizzi, comuniDiProvincia)
  if (e) throw badRequest('G02', e)
}

async function writeAddresses(tx: Tx, idSede: number, body: SedeBody): Promise<void> {
  await tx.delete(indirizzoSede).where(eq(indirizzoSede.idSede, idSede))
  for (const i of body.indirizzi.filter((x) => !x.cancellato)) {
    const [addr] = await tx.insert(indirizzoSede).values({
      idSede, regione: REGIONE.get(i.provincia) ?? '', provincia: i.provincia, comune: i.comune, via: i.via, civico: i.civico, cap: i.cap,
    }).returning({ id: indirizzoSede.id })
    await tx.insert(indirizzoSedeFasciaOraria).values({ idIndirizzoSede: addr!.id, ...fasceToColumns(i.fasceOrarie) })
  }
}

function sedeValues(body: SedeBody) {
  const first = body.indirizzi.find((i) => !i.cancellato)!
  return {
    nome: body.nome, descrizione: body.descrizione || null, serviziErogati: body.serviziErogati || null, itinere: body.itinere,
    regione: REGIONE.get(first.provincia) ?? null, provincia: first.provincia, comune: first.comune, via: first.via, civico: first.civico, cap: first.cap,
  }
}

/** `POST /sede`: a new site with its addresses and opening hours (201 {id, versione: 1}); SD01 on a duplicate name. */
export async function creaSede(tx: Tx, body: SedeBody): Promise<{ id: number; versione: number }> {
  validate(body)
  const [dup] = await tx.select({ id: sede.id }).from(sede).where(eq(sede.nome, body.nome))
  if (dup) throw new ApiError(409, 'SD01')
  const [row] = await tx.insert(sede).values(sedeValues(body)).returning({ id: sede.id, versione: sede.versione })
  await writeAddresses(tx, row!.id, body)
  return { id: row!.id, versione: row!.versione }
}

async function mustSede(db: Executor, caller: Caller, id: number) {
  const [row] = await db.select().from(sede).where(eq(sede.id, id))
  if (!row) throw notFound('C01')
  await checkSede(db, caller, id)
  return row
}

/**
 * `PUT /sede/{id}`: rewrites data and addresses with their opening hours (deleted ones dropped); SD02 on a duplicate
 * name. The site row's compare-and-set on version `base` runs first (409 V01 with the card, issue 27), then the
 * addresses are written; answers the new `versione`.
 */
export async function aggiornaSede(tx: Tx, caller: Caller, id: number, body: SedeBody, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  await mustSede(tx, caller, id)
  validate(body)
  const [dup] = await tx.select({ id: sede.id }).from(sede).where(and(eq(sede.nome, body.nome), ne(sede.id, id)))
  if (dup) throw new ApiError(409, 'SD02')
  const versione = await casUpdate(tx, sede, eq(sede.id, id), base, { ...sedeValues(body), dataOraAggiornamento: new Date() },
    { corrente: () => schedaSede(tx, caller, id), assente: () => notFound('C01') })
  await writeAddresses(tx, id, body)
  return { id, versione }
}

/** `POST /sede/{id}`: the site (with its `versione`, issue 27) with addresses, opening hours and the bodies/projects using it. */
export async function schedaSede(db: Executor, caller: Caller, id: number): Promise<SchedaSede & { versione: number }> {
  const s = await mustSede(db, caller, id)
  const addrs = await db.select({ a: indirizzoSede, f: indirizzoSedeFasciaOraria }).from(indirizzoSede)
    .leftJoin(indirizzoSedeFasciaOraria, eq(indirizzoSedeFasciaOraria.idIndirizzoSede, indirizzoSede.id))
    .where(eq(indirizzoSede.idSede, id)).orderBy(indirizzoSede.id)
  const progetti = await db.select({
    idProgetto: progetto.id, nomeProgetto: progetto.nome, idEnte: ente.id, nomeEnte: ente.nome, ruoloEnte: enteSedeProgetto.ruoloEnte, stato: enteSedeProgetto.statoSede,
  }).from(enteSedeProgetto).innerJoin(progetto, eq(progetto.id, enteSedeProgetto.idProgetto)).innerJoin(ente, eq(ente.id, enteSedeProgetto.idEnte))
    .where(eq(enteSedeProgetto.idSede, id)).orderBy(progetto.nome)
  const persone = await db.select({
    idProgetto: enteSedeProgettoFacilitatore.idProgetto, idEnte: enteSedeProgettoFacilitatore.idEnte, idUtente: utente.id, nome: utente.nome,
    cognome: utente.cognome, codiceRuolo: enteSedeProgettoFacilitatore.ruoloUtente, stato: enteSedeProgettoFacilitatore.statoUtente,
  }).from(enteSedeProgettoFacilitatore).innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .where(eq(enteSedeProgettoFacilitatore.idSede, id)).orderBy(utente.cognome, utente.nome)
  return {
    id: s.id, nome: s.nome, descrizione: s.descrizione, serviziErogati: s.serviziErogati, itinere: s.itinere, versione: s.versione,
    indirizzi: addrs.map(({ a, f }) => ({
      id: a.id, via: a.via, civico: a.civico, comune: a.comune, provincia: a.provincia, cap: a.cap, regione: a.regione,
      fasceOrarie: f ? columnsToFasce(f as unknown as Record<string, unknown>) : {},
    })),
    progetti: progetti.map((p) => ({
      ...p,
      facilitatori: persone.filter((f) => f.idProgetto === p.idProgetto && f.idEnte === p.idEnte)
        .map((f) => ({ idUtente: f.idUtente, nome: f.nome ?? '', cognome: f.cognome ?? '', codiceRuolo: f.codiceRuolo, stato: f.stato })),
    })),
  }
}

/** The permission a site or facilitator operation needs for the body's role in the project. */
export function permessoPerRuolo(ruoloEnte: 'gestore' | 'partner', op: 'sede.add' | 'sede.del' | 'fac'): string {
  if (op === 'fac') return ruoloEnte === 'gestore' ? 'add.fac' : 'add.fac.partner'
  if (op === 'sede.add') return ruoloEnte === 'gestore' ? 'add.sede.gest.prgt' : 'add.sede.partner'
  return ruoloEnte === 'gestore' ? 'del.sede.gest.prgt' : 'del.sede.partner'
}

function requirePermission(permessi: string[], code: string): void {
  if (!permessi.includes(code)) throw forbidden('A02')
}

const espKey = (idEnte: number, idSede: number, idProgetto: number) => and(
  eq(enteSedeProgetto.idEnte, idEnte), eq(enteSedeProgetto.idSede, idSede), eq(enteSedeProgetto.idProgetto, idProgetto))

/** `POST /sede/associa/ente/{e}/sede/{s}/progetto/{p}/ruoloEnte/{gestore|partner}`: a NON ATTIVO body-site (EN09). */
export async function associaSede(tx: Tx, caller: Caller, permessi: string[], k: { idEnte: number; idSede: number; idProgetto: number; ruoloEnte: 'gestore' | 'partner' }) {
  requirePermission(permessi, permessoPerRuolo(k.ruoloEnte, 'sede.add'))
  const prj = await checkProgetto(tx, caller, k.idProgetto)
  const [e] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, k.idEnte))
  const [s] = await tx.select({ id: sede.id }).from(sede).where(eq(sede.id, k.idSede))
  if (!e || !s) throw notFound('C01')
  await checkEnte(tx, caller, k.idEnte)
  let ruoloValido = prj.idEnteGestoreProgetto === k.idEnte && prj.statoGestoreProgetto !== STATO.TERMINATO
  if (k.ruoloEnte === 'partner') {
    const [p] = await tx.select().from(entePartner).where(and(eq(entePartner.idProgetto, k.idProgetto), eq(entePartner.idEnte, k.idEnte)))
    ruoloValido = p !== undefined && p.statoEntePartner !== STATO.TERMINATO
  }
  const [existing] = await tx.select().from(enteSedeProgetto).where(espKey(k.idEnte, k.idSede, k.idProgetto))
  checkGuard(guardAssociaSede({ ruoloValido, statoProgetto: prj.stato, giaAssociata: existing !== undefined }))
  checkTransition(SEDE_PROGETTO, 'associa', null)
  await tx.insert(enteSedeProgetto).values({ ...k, statoSede: STATO.NON_ATTIVO })
  return { id: k.idSede }
}

/** `DELETE /sede/cancellaOTerminaAssociazione/ente/{e}/sede/{s}/progetto/{p}`: cancel (NON ATTIVO) or terminate (EN09). */
export async function cancellaOTerminaSede(tx: Tx, caller: Caller, permessi: string[], k: { idEnte: number; idSede: number; idProgetto: number }) {
  const prj = await checkProgetto(tx, caller, k.idProgetto)
  const [row] = await tx.select().from(enteSedeProgetto).where(espKey(k.idEnte, k.idSede, k.idProgetto))
  if (!row) throw notFound('C01')
  await checkEnte(tx, caller, k.idEnte)
  requirePermission(permessi, permessoPerRuolo(row.ruoloEnte, 'sede.del'))
  const now = new Date()
  if (row.statoSede === STATO.NON_ATTIVO) {
    checkTransition(SEDE_PROGETTO, 'cancella', row.statoSede)
    const facs = await tx.delete(enteSedeProgettoFacilitatore).where(and(
      eq(enteSedeProgettoFacilitatore.idEnte, k.idEnte), eq(enteSedeProgettoFacilitatore.idSede, k.idSede), eq(enteSedeProgettoFacilitatore.idProgetto, k.idProgetto)))
      .returning({ id: enteSedeProgettoFacilitatore.idFacilitatore })
    await tx.delete(enteSedeProgetto).where(espKey(k.idEnte, k.idSede, k.idProgetto))
    await revocaRuoliOrfani(tx, facs.map((f) => f.id))
    return { id: k.idSede }
  }
  checkTransition(SEDE_PROGETTO, 'termina', row.statoSede)
  const [other] = await tx.select({ n: count() }).from(enteSedeProgetto).where(and(
    eq(enteSedeProgetto.idProgetto, k.idProgetto), eq(enteSedeProgetto.statoSede, STATO.ATTIVO),
    sql`not (${enteSedeProgetto.idEnte} = ${k.idEnte} and ${enteSedeProgetto.idSede} = ${k.idSede})`,
    sql`exists (select 1 from ente_sede_progetto_facilitatore f where f.id_ente = ${enteSedeProgetto.idEnte} and f.id_sede = ${enteSedeProgetto.idSede}
      and f.id_progetto = ${enteSedeProgetto.idProgetto} and f.stato_utente = 'ATTIVO')`))
  checkGuard(guardTerminaSede({ statoProgetto: prj.stato, altraSedeAttivaConFacilitatore: (other?.n ?? 0) > 0 }))
  await chiudiSedi(tx, espKey(k.idEnte, k.idSede, k.idProgetto), now, true)
  return { id: k.idSede }
}

/** `POST /sede/associa/facilitatore`: a NON ATTIVO facilitator/volunteer link with its promotions (§2.6). */
export async function associaFacilitatore(tx: Tx, caller: Caller, permessi: string[], b: AssociaFacilitatoreBody): Promise<{ id: number }> {
  const [user] = await tx.select().from(utente).where(eq(utente.codiceFiscale, b.codiceFiscaleFacVol))
  if (!user) throw notFound('U20', 'Nessun utente ha questo codice fiscale: crealo prima dalla sezione Utenti.')
  const prj = await checkProgetto(tx, caller, b.idProgettoFacVol)
  const [e] = await tx.select({ id: ente.id }).from(ente).where(eq(ente.id, b.idEnteFacVol))
  if (!e) throw new ApiError(409, 'EN07')
  await checkEnte(tx, caller, b.idEnteFacVol)
  const [esp] = await tx.select().from(enteSedeProgetto).where(espKey(b.idEnteFacVol, b.idSedeFacVol, b.idProgettoFacVol))
  if (esp) requirePermission(permessi, permessoPerRuolo(esp.ruoloEnte, 'fac'))
  const ruolo = ruoloPerPolicy(prj.policy)
  const altro = ruolo === 'FAC' ? 'VOL' : 'FAC'
  const [other] = await tx.select({ n: count() }).from(enteSedeProgettoFacilitatore).where(and(
    eq(enteSedeProgettoFacilitatore.idFacilitatore, user.id), eq(enteSedeProgettoFacilitatore.ruoloUtente, altro), ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO)))
  const [same] = await tx.select({ n: count() }).from(enteSedeProgettoFacilitatore).where(and(
    eq(enteSedeProgettoFacilitatore.idFacilitatore, user.id), eq(enteSedeProgettoFacilitatore.idEnte, b.idEnteFacVol),
    eq(enteSedeProgettoFacilitatore.idSede, b.idSedeFacVol), eq(enteSedeProgettoFacilitatore.idProgetto, b.idProgettoFacVol)))
  checkGuard(guardAssociaFacilitatore({
    sedeEsiste: esp !== undefined, statoSede: esp?.statoSede ?? null, statoProgetto: prj.stato, ruoloChiamante: caller.codiceRuolo,
    ruoloEnte: esp?.ruoloEnte ?? null, altroRuoloValido: (other?.n ?? 0) > 0, giaAssociato: (same?.n ?? 0) > 0,
  }))
  checkTransition(FACILITATORE, 'associa', null)
  const now = new Date()
  await tx.insert(enteSedeProgettoFacilitatore).values({
    idEnte: b.idEnteFacVol, idSede: b.idSedeFacVol, idProgetto: b.idProgettoFacVol, idFacilitatore: user.id, ruoloUtente: ruolo, statoUtente: STATO.NON_ATTIVO,
  })
  // promotions: the site becomes ATTIVO with its first person, the project ATTIVABILE
  if (esp!.statoSede === STATO.NON_ATTIVO) {
    await tx.update(enteSedeProgetto).set({ statoSede: STATO.ATTIVO, dataAttivazioneSede: now, dataOraAggiornamento: now })
      .where(espKey(b.idEnteFacVol, b.idSedeFacVol, b.idProgettoFacVol))
  }
  if (prj.stato === STATO.NON_ATTIVO) {
    await tx.update(progetto).set({ stato: STATO.ATTIVABILE, dataOraProgettoAttivabile: now, dataOraAggiornamento: now, versione: versioneSuccessiva(progetto) }).where(eq(progetto.id, prj.id))
  }
  if (!user.tipoContratto) await tx.update(utente).set({ tipoContratto: b.tipoContratto, dataOraAggiornamento: now }).where(eq(utente.id, user.id))
  await tx.insert(utenteXRuolo).values({ idUtente: user.id, codiceRuolo: ruolo }).onConflictDoNothing()
  return { id: user.id }
}

/** `POST /sede/cancellaOTerminaAssociazione/facilitatore`: the link becomes TERMINATO (EN08 for the project's last active one). */
export async function terminaFacilitatore(tx: Tx, caller: Caller, permessi: string[], b: TerminaFacilitatoreBody): Promise<{ id: number }> {
  const prj = await checkProgetto(tx, caller, b.idProgettoFacVol)
  const key = and(eq(enteSedeProgettoFacilitatore.idEnte, b.idEnteFacVol), eq(enteSedeProgettoFacilitatore.idSede, b.idSedeFacVol),
    eq(enteSedeProgettoFacilitatore.idProgetto, b.idProgettoFacVol), eq(enteSedeProgettoFacilitatore.idFacilitatore, b.idFacilitatore))
  const [row] = await tx.select().from(enteSedeProgettoFacilitatore).where(key)
  if (!row) throw notFound('C01', 'Il facilitatore non è associato a questa sede.')
  await checkEnte(tx, caller, b.idEnteFacVol)
  const [esp] = await tx.select().from(enteSedeProgetto).where(espKey(b.idEnteFacVol, b.idSedeFacVol, b.idProgettoFacVol))
  if (!esp) throw denied()
  requirePermission(permessi, permessoPerRuolo(esp.ruoloEnte, 'fac'))
  const [others] = await tx.select({ n: count() }).from(enteSedeProgettoFacilitatore).where(and(
    eq(enteSedeProgettoFacilitatore.idProgetto, b.idProgettoFacVol), eq(enteSedeProgettoFacilitatore.statoUtente, STATO.ATTIVO),
    ne(enteSedeProgettoFacilitatore.idFacilitatore, b.idFacilitatore)))
  checkGuard(guardTerminaFacilitatore({ stato: row.statoUtente, altriAttiviNelProgetto: others?.n ?? 0, statoProgetto: prj.stato }))
  checkTransition(FACILITATORE, 'termina', row.statoUtente)
  const now = new Date()
  await tx.update(enteSedeProgettoFacilitatore).set({ statoUtente: STATO.TERMINATO, dataOraTerminazione: now, dataOraAggiornamento: now }).where(key)
  return { id: b.idFacilitatore }
}
