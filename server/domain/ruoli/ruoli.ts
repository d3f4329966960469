/**
 * Role management (issue 10 point 3; platform-backend §1.2, §3.1; spec 002 §1, §6): roles are rows of
 * `ruolo` with their permission groups (`ruolo_x_gruppo`); groups hold permissions (`gruppo_x_permesso`),
 * seeded from server/seed/permissions-matrix.ts and from then on data.
 * - create: a custom role (code = the name typed, PREDEFINITO false, MODIFICABILE true, NON ATTIVO until
 *   first assigned) from at least one existing group (400 G02 naming unknown groups); a name or code
 *   already used, case-insensitively, answers 409 R01;
 * - update: name and groups of a custom role; a predefined role answers 409 R09; unknown 404 R14;
 * - delete: DTD and DSCU 409 R10, other predefined roles R11, a role some user holds R12, unknown R14.
 * The detail carries the role's `versione`; update and delete send it (issue 27): the role row's compare-and-set
 * runs first (409 V01 with the current detail), then the groups are written.
 * Every write changes `ruolo`/`ruolo_x_gruppo`, whose triggers bump the principal generation (migration
 * 0002): the principal cache (server/auth/principal-cache.ts) rebuilds every holder's permissions at their
 * next request.
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { AggiornaRuoloBody, CreaRuoloBody, DettaglioRuolo, Gruppo } from '../../../src/api/contract/ruoli'
import { gruppo, gruppoXPermesso, permesso, ruolo, ruoloXGruppo, STATO, utenteXRuolo } from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { ApiError, badRequest, notFound } from '../../errors'
import { inGruppo, RUOLI_DIPARTIMENTO } from '../../../src/lib/ruoli'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

/** Every permission group with its permissions (by group code, permissions by code). */
export async function gruppiConPermessi(db: Executor, codici?: string[]): Promise<Gruppo[]> {
  if (codici && codici.length === 0) return []
  const groups = await db.select().from(gruppo).where(codici ? inArray(gruppo.codice, codici) : undefined).orderBy(asc(gruppo.codice))
  const perms = await db.select({ g: gruppoXPermesso.codiceGruppo, codice: permesso.codice, descrizione: permesso.descrizione })
    .from(gruppoXPermesso).innerJoin(permesso, eq(permesso.id, gruppoXPermesso.idPermesso))
    .where(codici ? inArray(gruppoXPermesso.codiceGruppo, codici) : undefined).orderBy(asc(permesso.codice))
  return groups.map((g) => ({
    codice: g.codice, descrizione: g.descrizione,
    permessi: perms.filter((p) => p.g === g.codice).map((p) => ({ codice: p.codice, descrizione: p.descrizione })),
  }))
}

async function roleRow(db: Executor, codice: string) {
  const [r] = await db.select().from(ruolo).where(eq(ruolo.codice, codice))
  if (!r) throw notFound('R14')
  return r
}

async function holders(db: Executor, codice: string): Promise<number> {
  const [n] = await db.select({ n: count() }).from(utenteXRuolo).where(eq(utenteXRuolo.codiceRuolo, codice))
  return Number(n?.n ?? 0)
}

/** The role `codice` with its groups and their permissions; 404 R14 when unknown. */
export async function dettaglioRuolo(db: Executor, codice: string): Promise<DettaglioRuolo & { versione: number }> {
  const r = await roleRow(db, codice)
  const links = await db.select({ g: ruoloXGruppo.codiceGruppo }).from(ruoloXGruppo).where(eq(ruoloXGruppo.codiceRuolo, r.codice))
  return {
    codice: r.codice, nome: r.nome, tipologia: r.predefinito ? 'P' : 'NP', stato: r.stato, modificabile: !r.predefinito && r.modificabile,
    numeroUtenti: await holders(db, r.codice), gruppi: await gruppiConPermessi(db, links.map((l) => l.g)), versione: r.versione,
  }
}

/** 400 G02 unless every code names a group; the distinct codes. */
async function existingGroups(db: Executor, codici: string[]): Promise<string[]> {
  const wanted = [...new Set(codici)]
  const found = await db.select({ codice: gruppo.codice }).from(gruppo).where(inArray(gruppo.codice, wanted))
  const known = new Set(found.map((g) => g.codice))
  const unknown = wanted.filter((c) => !known.has(c))
  if (unknown.length > 0) throw badRequest('G02', `Gruppi di permessi inesistenti: ${unknown.slice(0, 5).join(', ')}.`)
  return wanted
}

/** 409 R01 when `nome` is already a role's name or code (case-insensitive), other than `except`. */
async function nameFree(db: Executor, nome: string, except?: string): Promise<void> {
  const [clash] = await db.select({ codice: ruolo.codice }).from(ruolo)
    .where(and(sql`(upper(${ruolo.nome}) = upper(${nome}) or upper(${ruolo.codice}) = upper(${nome}))`, except ? ne(ruolo.codice, except) : undefined))
  if (clash) throw new ApiError(409, 'R01')
}

/** Creates a custom role (module comment); answers `{codice, versione: 1}`. */
export async function creaRuolo(tx: Transaction, body: CreaRuoloBody): Promise<{ codice: string; versione: number }> {
  await nameFree(tx, body.nome)
  const gruppi = await existingGroups(tx, body.gruppi)
  await tx.insert(ruolo).values({ codice: body.nome, nome: body.nome, predefinito: false, modificabile: true, stato: STATO.NON_ATTIVO })
  await tx.insert(ruoloXGruppo).values(gruppi.map((codiceGruppo) => ({ codiceRuolo: body.nome, codiceGruppo })))
  return { codice: body.nome, versione: 1 }
}

/** What a compare-and-set on role `codice` answers when it fails (issue 27): 409 V01 with the detail, 404 R14. */
const esitoRuolo = (tx: Executor, codice: string): EsitoCas => ({ corrente: () => dettaglioRuolo(tx, codice), assente: () => notFound('R14') })

/** Changes the name and groups of a custom role still at version `base` (module comment); answers `{codice, versione}`. */
export async function aggiornaRuolo(tx: Transaction, codice: string, body: AggiornaRuoloBody, base: VersioneRichiesta): Promise<{ codice: string; versione: number }> {
  const r = await roleRow(tx, codice)
  if (r.predefinito || !r.modificabile) throw new ApiError(409, 'R09')
  await nameFree(tx, body.nome, r.codice)
  const gruppi = await existingGroups(tx, body.gruppi)
  const versione = await casUpdate(tx, ruolo, eq(ruolo.codice, r.codice), base, { nome: body.nome, dataOraAggiornamento: sql`now()` }, esitoRuolo(tx, r.codice))
  const current = await tx.select({ g: ruoloXGruppo.codiceGruppo }).from(ruoloXGruppo).where(eq(ruoloXGruppo.codiceRuolo, r.codice))
  const keep = new Set(gruppi)
  const had = new Set(current.map((c) => c.g))
  const removed = [...had].filter((g) => !keep.has(g))
  const added = gruppi.filter((g) => !had.has(g))
  if (removed.length > 0) await tx.delete(ruoloXGruppo).where(and(eq(ruoloXGruppo.codiceRuolo, r.codice), inArray(ruoloXGruppo.codiceGruppo, removed)))
  if (added.length > 0) await tx.insert(ruoloXGruppo).values(added.map((codiceGruppo) => ({ codiceRuolo: r.codice, codiceGruppo })))
  return { codice: r.codice, versione }
}

/** Deletes a custom role no user holds, still at version `base` (module comment); answers `{codice}`. */
export async function eliminaRuolo(tx: Transaction, codice: string, base: VersioneRichiesta): Promise<{ codice: string }> {
  const r = await roleRow(tx, codice)
  if (inGruppo(RUOLI_DIPARTIMENTO, r.codice)) throw new ApiError(409, 'R10')
  if (r.predefinito) throw new ApiError(409, 'R11')
  if ((await holders(tx, r.codice)) > 0) throw new ApiError(409, 'R12')
  await casUpdate(tx, ruolo, eq(ruolo.codice, r.codice), base, {}, esitoRuolo(tx, r.codice))
  await tx.delete(ruolo).where(eq(ruolo.codice, r.codice))
  return { codice: r.codice }
}
