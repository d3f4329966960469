/**
 * Minors configuration (issue 10 point 4; platform-backend §9; spec 002 §2, §3, §5): a programme enabled
 * to register citizens aged 14–17 from `dataDecorrenza` on. The add-citizen rule
 * (cittadini-servizio.ts `checkAge`) and the field bootstrap (campo.ts `configurazioneMinorenni`) read the
 * table at every request, so a change here applies to the next addition and the next bootstrap.
 * - programmes that may be enabled: of the intervention asked, not TERMINATO, without a configuration,
 *   matched by exact code or by part of the name or short name; DSCU only SCD ones;
 * - save without `id`: create for a programme in the caller's reach (404 C01 otherwise) with
 *   `dataAbilitazione` = today; M04 when `intervento` differs from the programme's policy, M03 when the
 *   start date is outside the programme's dates, M05 when the programme already has one;
 * - save with `id`: only the start date changes, and only while it is still in the future (M02); M01
 *   unknown (or out of reach);
 * - revoke (`elimina`): at any time (a deliberate difference from the reference, which refused once the
 *   date was reached: revoking an enablement in force is what an administrator needs); M01 unknown.
 * Dates are calendar dates 'YYYY-MM-DD' compared with today's UTC date. The table rows and the detail carry the
 * configuration's `versione`; an edit (save with `id`) and a revoke send it (issue 27): 409 V01 with the current
 * detail when it moved on (server/domain/versioni.ts).
 */
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { ProgrammaAbilitabile, SalvaMinorenniBody } from '../../../src/api/contract/minorenni'
import type { Policy } from '../../../src/api/contract/common'
import { configurazioneMinorenni, programma, servizio, progetto, STATO } from '../../db/schema'
import type { Executor, Transaction } from '../../db/types'
import { ApiError, badRequest, notFound } from '../../errors'
import type { Caller } from '../profile'
import { foldTerm } from '../liste/engine'
import { minorenniScope } from './lista'
import { casUpdate, type EsitoCas, type VersioneRichiesta } from '../versioni'

const today = () => new Date().toISOString().slice(0, 10)

/** Programmes the caller may enable for `intervento` (module comment), by name; at most 50. */
export async function programmiAbilitabili(db: Executor, caller: Caller, intervento: Policy, criterio?: string | null): Promise<ProgrammaAbilitabile[]> {
  const t = criterio?.trim()
  const match = t ? sql`(${programma.codice} = ${t} or pd_fold(${programma.nome}) like ${`%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
    or pd_fold(${programma.nomeBreve}) like ${`%${foldTerm(t).replace(/[\\%_]/g, (c) => `\\${c}`)}%`})` : undefined
  const rows = await db.select({
    idProgramma: programma.id, nomeProgramma: programma.nome, codiceProgramma: programma.codice, intervento: programma.policy,
    dataInizio: programma.dataInizioProgramma, dataFine: programma.dataFineProgramma,
  }).from(programma)
    .leftJoin(configurazioneMinorenni, eq(configurazioneMinorenni.idProgramma, programma.id))
    .where(and(eq(programma.policy, intervento), ne(programma.stato, STATO.TERMINATO), isNull(configurazioneMinorenni.id), minorenniScope(caller), match))
    .orderBy(programma.nome, programma.id).limit(50)
  return rows
}

/** The programme row when in the caller's reach; 404 C01 otherwise. */
async function reachableProgramme(db: Executor, caller: Caller, idProgramma: number) {
  const [p] = await db.select().from(programma).where(and(eq(programma.id, idProgramma), minorenniScope(caller)))
  if (!p) throw notFound('C01', 'Il programma indicato non esiste.')
  return p
}

/** What a compare-and-set on configuration `id` answers when it fails (issue 27): 409 V01 with the detail, 404 M01. */
const esitoMinorenni = (tx: Executor, id: number): EsitoCas => ({
  corrente: () => dettaglioMinorenni(tx, { id }), assente: () => notFound('M01'),
})

/**
 * Creates or updates a configuration (module comment); answers `{id}` (and the new `versione` of an update, made on
 * version `base`, which the route requires with an `id`).
 */
export async function salvaMinorenni(tx: Transaction, caller: Caller, body: SalvaMinorenniBody, base: VersioneRichiesta): Promise<{ id: number; versione: number }> {
  if (body.id) {
    const [row] = await tx.select({ c: configurazioneMinorenni }).from(configurazioneMinorenni)
      .innerJoin(programma, eq(programma.id, configurazioneMinorenni.idProgramma))
      .where(and(eq(configurazioneMinorenni.id, body.id), minorenniScope(caller)))
    if (!row) throw notFound('M01')
    const p = await reachableProgramme(tx, caller, row.c.idProgramma)
    if (row.c.dataDecorrenza <= today()) throw new ApiError(409, 'M02')
    if (body.dataDecorrenza < p.dataInizioProgramma || body.dataDecorrenza > p.dataFineProgramma) throw badRequest('M03')
    const versione = await casUpdate(tx, configurazioneMinorenni, eq(configurazioneMinorenni.id, body.id), base,
      { dataDecorrenza: body.dataDecorrenza, updateTimestamp: new Date(), updateUser: caller.principal.userId }, esitoMinorenni(tx, body.id))
    return { id: body.id, versione }
  }
  const p = await reachableProgramme(tx, caller, body.idProgramma)
  if (body.intervento && body.intervento !== p.policy) throw badRequest('M04')
  if (body.dataDecorrenza < p.dataInizioProgramma || body.dataDecorrenza > p.dataFineProgramma) throw badRequest('M03')
  const [created] = await tx.insert(configurazioneMinorenni).values({
    idProgramma: p.id, intervento: p.policy, dataAbilitazione: today(), dataDecorrenza: body.dataDecorrenza, createUser: caller.principal.userId,
  }).onConflictDoNothing({ target: configurazioneMinorenni.idProgramma }).returning({ id: configurazioneMinorenni.id })
  if (!created) throw new ApiError(409, 'M05')
  return { id: created.id, versione: 1 }
}

/** Revokes a configuration still at version `base` (module comment; 409 V01 otherwise); answers `{id}`. */
export async function eliminaMinorenni(tx: Transaction, caller: Caller, id: number, base: VersioneRichiesta): Promise<{ id: number }> {
  const [row] = await tx.select({ id: configurazioneMinorenni.id }).from(configurazioneMinorenni)
    .innerJoin(programma, eq(programma.id, configurazioneMinorenni.idProgramma))
    .where(and(eq(configurazioneMinorenni.id, id), minorenniScope(caller)))
  if (!row) throw notFound('M01')
  await casUpdate(tx, configurazioneMinorenni, eq(configurazioneMinorenni.id, id), base, {}, esitoMinorenni(tx, id))
  await tx.delete(configurazioneMinorenni).where(eq(configurazioneMinorenni.id, id))
  return { id }
}

/**
 * The configuration of a programme (or of a service's programme, or by its `id`), with its `versione`, `{}` when none
 * (platform-backend §9 `dettaglio`).
 */
export async function dettaglioMinorenni(db: Executor, q: { idProgramma?: number; idServizio?: number; id?: number }) {
  const byServizio = q.idServizio !== undefined
    ? sql`${configurazioneMinorenni.idProgramma} = (select ${progetto.idProgramma} from ${servizio} join ${progetto} on ${progetto.id} = ${servizio.idProgetto} where ${servizio.id} = ${q.idServizio})`
    : undefined
  const byProgramma = q.idProgramma !== undefined ? eq(configurazioneMinorenni.idProgramma, q.idProgramma) : undefined
  const byId = q.id !== undefined ? eq(configurazioneMinorenni.id, q.id) : undefined
  const [row] = await db.select({
    id: configurazioneMinorenni.id, idProgramma: configurazioneMinorenni.idProgramma, intervento: configurazioneMinorenni.intervento,
    dataAbilitazione: configurazioneMinorenni.dataAbilitazione, dataDecorrenza: configurazioneMinorenni.dataDecorrenza,
    versione: configurazioneMinorenni.versione,
  }).from(configurazioneMinorenni).where(or(byProgramma, byServizio, byId))
  return row ?? {}
}
