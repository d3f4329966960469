/**
 * Applies one valid row of a mass upload in ONE transaction (issue 10 point 5; platform-backend §8.2):
 * the service, the citizen's addition and the compiled survey are written by the same domain functions
 * the facilitator's own requests use (`createServizio`, `addCittadino`, `compilaQuestionario`), acting
 * as the facilitator the row names (IDFacilitatore) in the upload's project and body — so every rule of
 * the forms applies: the facilitator must serve the site IDSede for that body and project (a row of
 * another project or body is refused), the date must lie within the project, the programme needs an
 * active template, the minors rule, a citizen already on the service is refused. A service identical to
 * one already registered (same facilitator, site, date, duration, types and Q3 answers: S10), for
 * instance one created by an earlier row of the same file, is reused — a group service is one service
 * with several citizens, as in the reference. The row's outcome (`registro_attivita_riga`) is written in
 * the same transaction: a row is applied entirely or not at all, and a restarted job skips it; a row whose
 * outcome is already recorded (a chunk that committed although its call failed) rolls its writes back and
 * answers 'GIA_REGISTRATA', so a retry never applies a row twice (issue 24 point 2).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Principal } from '../../auth/types'
import { registroAttivitaRiga, servizio, utente } from '../../db/schema'
import type { Database, Executor } from '../../db/types'
import { ApiError } from '../../errors'
import { addCittadino } from '../cittadini-servizio'
import type { Caller } from '../profile'
import { compilaQuestionario } from '../questionari/istanze'
import { createServizio, decodeQ3, DUPLICATE_Q3_QUESTIONS } from '../servizi'
import { answers, decodeSection, encodeStored } from '../survey-codec'
import type { ContestoCaricamento, RigaValida } from './validazione'

/** The job's context as the rows need it. */
export interface ContestoJob extends ContestoCaricamento {
  idRegistro: number
  policy: 'RFD' | 'SCD'
  codInserimento: string
  citizenHashSecret: string
  /** PostgreSQL: commit the rows without waiting for the disk (see applicaRiga) */
  asyncCommit?: boolean
}

/** Outcome of a row (also what the report says). */
export type EsitoRiga =
  | { esito: 'CARICATA'; idServizio: number; servizioNuovo: boolean; questionario: boolean }
  | { esito: 'SCARTATA'; note: string }
  /** the row's outcome was already recorded: nothing written again */
  | { esito: 'GIA_REGISTRATA' }

/** A facilitator known by fiscal code (cached per job by the caller). */
export type Facilitatori = Map<string, Pick<Principal, 'userId' | 'nome' | 'cognome' | 'codiceFiscale'> | null>

/** Italian reasons for the catalogue codes the writes answer, in the words of an upload. */
export function motivo(err: ApiError): string {
  switch (err.errorCode) {
    case 'C01': return 'il facilitatore (IDFacilitatore) non opera nella sede indicata (IDSede) per l\'ente e il progetto del caricamento'
    case 'A06': return 'la data del servizio (SE1) è fuori dal periodo del progetto'
    case 'U23': return 'il cittadino è già registrato in questo servizio'
    default: return err.message.replace(/\.$/, '')
  }
}

async function facilitatore(db: Executor, cache: Facilitatori, cf: string) {
  if (cache.has(cf)) return cache.get(cf) ?? null
  const [row] = await db.select({ userId: utente.id, nome: utente.nome, cognome: utente.cognome, codiceFiscale: utente.codiceFiscale })
    .from(utente).where(eq(utente.codiceFiscale, cf))
  cache.set(cf, row ?? null)
  return row ?? null
}

/** The facilitator as the domain functions expect the caller of a field write. */
export function callerOf(f: Pick<Principal, 'userId' | 'nome' | 'cognome' | 'codiceFiscale'>, ctx: ContestoJob): Caller {
  const codiceRuolo = ctx.policy === 'SCD' ? 'VOL' : 'FAC'
  return {
    principal: { ...f, integrazione: true, ruoli: [], profili: [] },
    codiceRuolo,
    profilo: {
      codiceRuolo, descrizioneRuolo: codiceRuolo, descrizioneRuoloCompleta: codiceRuolo, idProgramma: ctx.idProgramma, nomeProgramma: null,
      idProgetto: ctx.idProgetto, nomeProgettoBreve: null, idEnte: ctx.idEnte, nomeEnte: null, descrizioneEstesaEnte: null, policy: ctx.policy,
    },
  }
}

/** The service identical to `body` (the S10 match of createServizio), or null. */
async function servizioIdentico(tx: Executor, caller: Caller, body: RigaValida['servizio']): Promise<number | null> {
  const p = caller.profilo
  const q3 = decodeQ3(body.sezioneQuestionarioCompilatoQ3)
  const rows = await tx.select({ id: servizio.id, q3: servizio.sezioneQ3Compilato }).from(servizio).where(and(
    eq(servizio.idFacilitatore, caller.principal.userId), eq(servizio.idEnte, p.idEnte as number), eq(servizio.idSede, body.idSedeServizio),
    eq(servizio.idProgetto, p.idProgetto as number), eq(servizio.dataServizio, body.data), eq(servizio.durataServizio, body.durataServizio),
    eq(servizio.tipologiaServizio, body.tipoDiServizioPrenotato.join(', ')), eq(servizio.nome, body.nomeServizio)))
  const same = (a: string[], b: string[]) => [...a].sort().join('\u0000') === [...b].sort().join('\u0000')
  for (const c of rows) {
    const stored = c.q3 ? decodeSection(encodeStored(c.q3)) : { id: '', title: '', properties: {} }
    if (DUPLICATE_Q3_QUESTIONS.every((q) => same(answers(stored, q), answers(q3, q)))) return c.id
  }
  return null
}

class Scartata extends Error {}
class GiaRegistrata extends Error {}

/**
 * Applies a valid row (see the module comment) and records its outcome; a refused write rolls the
 * row back and records it as rejected with the reason. Unexpected errors (the database went away…)
 * are thrown: the job stops and is resumed or failed by the runner.
 */
export async function applicaRiga(db: Database, ctx: ContestoJob, numeroRiga: number, riga: RigaValida, cache: Facilitatori): Promise<EsitoRiga> {
  try {
    return await db.transaction(async (tx) => {
      // the row and its outcome commit together: a crash may lose the last rows' commits, never half a
      // row, and a resumed job applies them again — so the row's commit need not wait for the disk
      if (ctx.asyncCommit) await tx.execute(sql`set local synchronous_commit = off`)
      const f = await facilitatore(tx, cache, riga.cfFacilitatore)
      if (!f) throw new Scartata('il facilitatore (IDFacilitatore) non è registrato sulla piattaforma')
      const caller = callerOf(f, ctx)
      const body = { ...riga.servizio, codInserimento: ctx.codInserimento }
      let idServizio: number
      let servizioNuovo = true
      try {
        idServizio = (await createServizio(tx, caller, body)).idServizio
      } catch (err) {
        if (!(err instanceof ApiError) || err.errorCode !== 'S10') throw err
        const existing = await servizioIdentico(tx, caller, body)
        if (existing === null) throw err
        idServizio = existing
        servizioNuovo = false
      }
      const added = await addCittadino(tx, caller, idServizio, { ...riga.cittadino, codInserimento: ctx.codInserimento }, ctx.citizenHashSecret)
      if (riga.questionario) {
        await compilaQuestionario(tx, caller, added.idQuestionario, { ...riga.questionario, codInserimento: ctx.codInserimento }, ctx.citizenHashSecret)
      }
      const esito: EsitoRiga = { esito: 'CARICATA', idServizio, servizioNuovo, questionario: riga.questionario !== null }
      const recorded = await tx.insert(registroAttivitaRiga).values({
        idRegistroAttivita: ctx.idRegistro, numeroRiga, esito: 'CARICATA', idServizio, servizioNuovo, questionarioCompilato: esito.questionario,
      }).onConflictDoNothing().returning({ n: registroAttivitaRiga.numeroRiga })
      // already recorded: this transaction's writes are rolled back
      if (recorded.length === 0) throw new GiaRegistrata()
      return esito
    })
  } catch (err) {
    if (err instanceof Scartata) return { esito: 'SCARTATA', note: err.message }
    if (err instanceof GiaRegistrata) return { esito: 'GIA_REGISTRATA' }
    if (err instanceof ApiError && err.status < 500) return { esito: 'SCARTATA', note: motivo(err) }
    throw err
  }
}

/** Records a rejected row (its cells without the reserved columns) — idempotent on a resumed job. */
export async function registraScartata(db: Executor, idRegistro: number, numeroRiga: number, note: string, valori: Record<string, string>): Promise<void> {
  await db.insert(registroAttivitaRiga).values({ idRegistroAttivita: idRegistro, numeroRiga, esito: 'SCARTATA', note, valori })
    .onConflictDoNothing()
}

/** The row numbers among `numeri` whose outcome is recorded for the job. */
export async function righeRegistrate(db: Executor, idRegistro: number, numeri: number[]): Promise<Set<number>> {
  if (numeri.length === 0) return new Set()
  const rows = await db.select({ n: registroAttivitaRiga.numeroRiga }).from(registroAttivitaRiga)
    .where(and(eq(registroAttivitaRiga.idRegistroAttivita, idRegistro), inArray(registroAttivitaRiga.numeroRiga, numeri)))
  return new Set(rows.map((r) => r.n))
}
