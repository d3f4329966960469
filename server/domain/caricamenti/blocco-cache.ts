/**
 * What a mass-upload job keeps between its chunks (blocco.ts: facilitators, their sites, the project, the
 * services met under their S10 key) and the set-based reads that fill it, once per chunk.
 */
import { createHash } from 'node:crypto'
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm'
import { configurazioneMinorenni, enteSedeProgettoFacilitatore, programmaXQuestionarioTemplate, progetto, servizio, STATO, utente, type SezioneCompilata } from '../../db/schema'
import type { Transaction } from '../../db/types'
import { DUPLICATE_Q3_QUESTIONS } from '../servizi'
import { rowsOf } from '../liste/engine'
import { answers, fromStored, type DecodedSection } from '../survey-codec'
import type { ContestoJob } from './applica'
import type { RigaValida } from './validazione'

/** A facilitator of the upload, by fiscal code. */
export type Facilitatore = { userId: number; nome: string; cognome: string; codiceFiscale: string }

/** Services kept in the per-job cache before it is emptied (about 100 bytes each). */
export const MAX_SERVIZI_IN_CACHE = 200_000

/** A valid row of the chunk: its number in the file, the bodies, the cells kept for the report. */
export interface VoceBlocco { numero: number; riga: RigaValida; valori: Record<string, string> }

/** What a job keeps between its chunks (see the module comment); create with {@link nuovoStatoBlocchi}. */
export interface StatoBlocchi {
  facilitatori: Map<string, Facilitatore | null>
  /** sites each facilitator serves for the upload's body and project (not TERMINATO) */
  sedi: Map<number, Set<number>>
  progetto: { found: boolean; inizio: string; fine: string; templateId: string | null; minori: boolean } | null
  /** service key → Q3 digest → service id; `conteggio` = digests held */
  servizi: Map<string, Map<string, number>>
  conteggio: number
}

/** An empty {@link StatoBlocchi}. */
export function nuovoStatoBlocchi(): StatoBlocchi {
  return { facilitatori: new Map(), sedi: new Map(), progetto: null, servizi: new Map(), conteggio: 0 }
}

const today = () => new Date().toISOString().slice(0, 10)

/** The key of the S10 match without Q3 (what the services index narrows). */
export const chiaveServizio = (idFac: number, idSede: number, data: string, durata: string, tipologia: string, nome: string) =>
  [idFac, idSede, data, durata, tipologia, nome].join('\u0001')

/** The Q3 answers the S10 match compares, as a short digest. */
export function improntaQ3(q3: DecodedSection): string {
  const h = createHash('sha1')
  for (const q of DUPLICATE_Q3_QUESTIONS) h.update([...answers(q3, q)].sort().join('\u0000')).update('\u0001')
  return h.digest('base64').slice(0, 16)
}

/** The project's dates, its programme's ATTIVO template and minors rule (read once per job). */
export async function caricaProgetto(tx: Transaction, ctx: ContestoJob, stato: StatoBlocchi) {
  if (stato.progetto) return stato.progetto
  const [p] = await tx.select({
    inizio: progetto.dataInizioProgetto, fine: progetto.dataFineProgetto,
    templateId: sql<string | null>`(select ${programmaXQuestionarioTemplate.idQuestionarioTemplate} from ${programmaXQuestionarioTemplate} where ${and(
      eq(programmaXQuestionarioTemplate.idProgramma, ctx.idProgramma), eq(programmaXQuestionarioTemplate.stato, STATO.ATTIVO))} limit 1)`,
    minori: sql<boolean>`exists (select 1 from ${configurazioneMinorenni} where ${and(
      eq(configurazioneMinorenni.idProgramma, ctx.idProgramma), lte(configurazioneMinorenni.dataDecorrenza, today()))})`,
  }).from(progetto).where(eq(progetto.id, ctx.idProgetto))
  stato.progetto = p
    ? { found: true, inizio: p.inizio, fine: p.fine, templateId: p.templateId ?? null, minori: p.minori === true }
    : { found: false, inizio: '', fine: '', templateId: null, minori: false }
  return stato.progetto
}

/** The chunk's facilitators not known yet, and the sites each serves for the upload's body and project. */
export async function caricaFacilitatori(tx: Transaction, ctx: ContestoJob, voci: VoceBlocco[], stato: StatoBlocchi) {
  const mancanti = [...new Set(voci.map((v) => v.riga.cfFacilitatore))].filter((cf) => !stato.facilitatori.has(cf))
  if (mancanti.length === 0) return
  const rows = await tx.select({ userId: utente.id, nome: utente.nome, cognome: utente.cognome, codiceFiscale: utente.codiceFiscale })
    .from(utente).where(inArray(utente.codiceFiscale, mancanti))
  for (const cf of mancanti) stato.facilitatori.set(cf, null)
  for (const r of rows) stato.facilitatori.set(r.codiceFiscale, r)
  const ids = rows.map((r) => r.userId)
  if (ids.length === 0) return
  const links = await tx.select({ idFacilitatore: enteSedeProgettoFacilitatore.idFacilitatore, idSede: enteSedeProgettoFacilitatore.idSede })
    .from(enteSedeProgettoFacilitatore).where(and(
      eq(enteSedeProgettoFacilitatore.idEnte, ctx.idEnte), eq(enteSedeProgettoFacilitatore.idProgetto, ctx.idProgetto),
      inArray(enteSedeProgettoFacilitatore.idFacilitatore, ids), ne(enteSedeProgettoFacilitatore.statoUtente, STATO.TERMINATO)))
  for (const id of ids) stato.sedi.set(id, new Set())
  for (const l of links) stato.sedi.get(l.idFacilitatore)?.add(l.idSede)
}

/** Loads into the cache the services registered under the keys the cache does not know yet. */
export async function caricaServizi(tx: Transaction, ctx: ContestoJob, chiavi: Map<string, [number, number, string, string, string, string]>, stato: StatoBlocchi) {
  // emptied first, so that every key of this chunk is read again when the cache is full
  if (stato.conteggio > MAX_SERVIZI_IN_CACHE) {
    stato.servizi.clear()
    stato.conteggio = 0
  }
  const nuove = [...chiavi].filter(([k]) => !stato.servizi.has(k))
  if (nuove.length === 0) return
  for (const [k] of nuove) stato.servizi.set(k, new Map())
  // the keys travel as ONE jsonb parameter joined as a table: a row-value IN list of hundreds of tuples
  // (`(a, b, …) in ((…), (…), …)`) is parsed into an OR tree as deep as the list is long, which overflows
  // PGlite's WebAssembly stack (silently wrong results, then `RuntimeError: Aborted()`: issue 24 point 2)
  const chiaviJson = JSON.stringify(nuove.map(([, [f, s, d, du, t, n]]) => ({ f, s, d, du, t, n })))
  const rows = (await rowsOf(tx, sql`select sv.id, sv.id_facilitatore as f, sv.id_sede as s, sv.data_servizio::text as d, sv.durata_servizio as du,
      sv.tipologia_servizio as t, sv.nome as n, sv.sezione_q3_compilato as q3
    from ${servizio} sv join jsonb_to_recordset(${chiaviJson}::jsonb) as k(f int, s int, d date, du text, t text, n text)
      on sv.id_facilitatore = k.f and sv.id_sede = k.s and sv.data_servizio = k.d and sv.durata_servizio = k.du and sv.tipologia_servizio = k.t and sv.nome = k.n
    where sv.id_ente = ${ctx.idEnte} and sv.id_progetto = ${ctx.idProgetto}`)).map((r) => ({
    id: Number(r.id), f: Number(r.f), s: Number(r.s), d: String(r.d), du: String(r.du), t: String(r.t), n: String(r.n), q3: r.q3 as SezioneCompilata | null,
  }))
  for (const r of rows) {
    const q3 = r.q3 ? fromStored(r.q3) : { id: '', title: '', properties: {} }
    const digests = stato.servizi.get(chiaveServizio(r.f, r.s, r.d, r.du, r.t, r.n))
    const digest = improntaQ3(q3)
    if (digests && !digests.has(digest)) {
      digests.set(digest, r.id)
      stato.conteggio++
    }
  }
}

/**
 * Drops from the cache the service keys of rows applied by the row path (they may have created services
 * the cache does not know): the next chunk reads them again.
 */
export function dimenticaServizi(stato: StatoBlocchi, voci: VoceBlocco[]): void {
  for (const { riga } of voci) {
    const fac = stato.facilitatori.get(riga.cfFacilitatore)
    if (!fac) continue
    const b = riga.servizio
    const chiave = chiaveServizio(fac.userId, b.idSedeServizio, b.data, b.durataServizio, b.tipoDiServizioPrenotato.join(', '), b.nomeServizio)
    stato.conteggio -= stato.servizi.get(chiave)?.size ?? 0
    stato.servizi.delete(chiave)
  }
}
