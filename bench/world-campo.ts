/**
 * The field-sync world of issue 25 point 2, shared by `npm run bench` (bench/campo-sync.ts, full size) and the
 * server test (tests/server/field/campo-sync.test.ts, scaled down): one new facilitator, at a seeded facilitator's
 * site, project and body, gets a mass upload of `righe` rows (default 18,676: the issue's 20,000-row upload less
 * its discarded rows) through the real job (server/jobs/caricamenti.ts: validation, the citizens' fiscal codes
 * hashed with the server secret, the services, citizens and surveys written by the domain's batch path).
 *
 * Shape at scale 1: 181 services (one per date and name), 15,806 citizens, 18,676 survey instances: the rows after
 * the first 15,806 meet a citizen again on another service. Services are dated over the last 80 days (inside the
 * field window) but one in six, dated 100–400 days ago; one row in ten has no experience answers (its survey stays
 * open, which keeps half of those old services in the window) but on services 5, 17, 29…, whose surveys are all
 * compiled: those are outside the window.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { enteSedeProgettoFacilitatore, questionarioCompilato, registroAttivita, servizio, utente, utenteXRuolo } from '../server/db/schema'
import type { Database } from '../server/db/types'
import { verificaFile } from '../server/domain/caricamenti/lettore'
import type { Riga } from '../server/domain/caricamenti/tracciato'
import { createJobRunner, PGLITE_BATCH_ROWS } from '../server/jobs/caricamenti'
import { codiceValido, csvText, riga } from '../tests/server/caricamenti/fixtures'

/** The seeded facilitator whose site, project and body the world's facilitator shares (server/seed/identities.ts). */
const SEEDED_FAC = 'RMNSRA92E51A944H'

export const WORLD_FULL = { servizi: 181, cittadini: 15_806, righe: 18_676 } as const

export interface WorldCampoOptions {
  /** 1 = the full world; 0.1 = a tenth of every count (at least 6 services) */
  scale?: number
  /** folder for the upload file */
  dir: string
  citizenHashSecret: string
  /** 'postgres' runs the job with several lanes, as the server does there */
  kind: string
}

export interface WorldCampo {
  /** the facilitator's fiscal code (sign a token with it) and user id */
  cf: string
  userId: number
  ids: { idProgramma: number; idProgetto: number; idEnte: number }
  idSede: number
  /** rows uploaded, and what the database holds for the facilitator afterwards */
  righe: number
  servizi: number
  istanze: number
  cittadini: number
  /** the job's time (s) */
  secondi: number
}

const ISO = (d: Date) => d.toISOString().slice(0, 10)
const daysAgo = (n: number) => ISO(new Date(Date.now() - n * 86_400_000))

/** The date of service `s` (module comment). */
export function dataServizio(s: number): string {
  return s % 6 === 5 ? daysAgo(100 + ((s * 37) % 300)) : daysAgo(s % 80)
}

/** The world's rows: row `i` puts citizen `i` (the first `cittadini`), then citizen `i − cittadini`, on service `i % servizi`. */
function* righe(n: { servizi: number; cittadini: number; righe: number }, cf: string, idSede: number, base: number, nome: string): Generator<Riga> {
  for (let i = 0; i < n.righe; i++) {
    const s = i % n.servizi
    const c = i < n.cittadini ? i : i - n.cittadini
    const r = riga(cf, idSede, codiceValido(base + c, nome), s, { SE1: dataServizio(s), SE7: `Servizio sul campo ${s + 1}` })
    if (i % 10 === 9 && s % 12 !== 5) for (const k of ['ES1', 'ES2', 'ES3', 'ES4', 'ES5', 'ES6'] as const) r[k] = ''
    yield r
  }
}

const CONS = 'BCDFGHLMNPRSTVZ'
const randomName = () => Array.from({ length: 3 }, () => CONS[Math.floor(Math.random() * CONS.length)]).join('')

/** Builds the world (module comment) in `db`, which must hold the seed; checks the job's outcome. */
export async function buildWorldCampo(db: Database, opts: WorldCampoOptions): Promise<WorldCampo> {
  const scale = opts.scale ?? 1
  const n = {
    servizi: Math.max(6, Math.round(WORLD_FULL.servizi * scale)),
    cittadini: Math.max(10, Math.round(WORLD_FULL.cittadini * scale)),
    righe: Math.max(12, Math.round(WORLD_FULL.righe * scale)),
  }
  const [found] = await db.select({ link: enteSedeProgettoFacilitatore }).from(enteSedeProgettoFacilitatore)
    .innerJoin(utente, eq(utente.id, enteSedeProgettoFacilitatore.idFacilitatore))
    .where(and(eq(utente.codiceFiscale, SEEDED_FAC), eq(enteSedeProgettoFacilitatore.ruoloUtente, 'FAC'))).limit(1)
  const link = found?.link
  if (!link) throw new Error('seed senza la facilitatrice di riferimento')
  const [prg] = await db.execute(sql`select id_programma from progetto where id = ${link.idProgetto}`)
    .then((r) => (r as unknown as { rows: { id_programma: number }[] }).rows)
  // a fresh facilitator (and fresh citizens) each time: the world can be built again in a persistent database
  const nome = randomName()
  const base = Math.floor(Math.random() * 1900) * 20_000
  const cf = codiceValido(Math.floor(Math.random() * 3_000_000), 'FCL')
  const [u] = await db.insert(utente).values({ codiceFiscale: cf, nome: 'Facilitatrice', cognome: `Campo ${nome}`, email: `campo.${nome.toLowerCase()}@example.it`, integrazione: true }).returning({ id: utente.id })
  await db.insert(utenteXRuolo).values({ idUtente: u!.id, codiceRuolo: 'FAC' })
  await db.insert(enteSedeProgettoFacilitatore).values({ ...link, idFacilitatore: u!.id, ruoloUtente: 'FAC', statoUtente: 'ATTIVO' })

  const path = join(opts.dir, `mondo-campo-${nome}.csv`)
  writeFileSync(path, csvText([...righe(n, cf, link.idSede, base, nome)]))
  const totale = await verificaFile(path, 'csv')
  const jobUuid = `mondocampo${nome}${Date.now()}`.padEnd(32, '0').slice(0, 32)
  const [job] = await db.insert(registroAttivita).values({
    idProgetto: link.idProgetto, idEnte: link.idEnte, operatore: 'Mondo campo', jobUuid, jobStatus: 'IN_PROGRESS', estensioneInput: 'csv',
    percorsoFile: path, totaleRigheFile: totale,
  }).returning({ id: registroAttivita.id })
  const pg = opts.kind === 'postgres'
  const runner = createJobRunner({ db, citizenHashSecret: opts.citizenHashSecret, lanes: pg ? 4 : 1, ...(pg ? {} : { batchRows: PGLITE_BATCH_ROWS }) })
  const t = performance.now()
  runner.enqueue(job!.id)
  await runner.idle()
  const secondi = (performance.now() - t) / 1000
  const [done] = await db.select().from(registroAttivita).where(eq(registroAttivita.id, job!.id))
  if (done?.jobStatus !== 'SUCCESS' || done.righeScartate !== 0) {
    throw new Error(`mondo campo: esito inatteso ${JSON.stringify({ ...done, risultato: undefined })}`)
  }
  const count = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0)
  const c = sql<number>`count(*)`.mapWith(Number)
  const mine = eq(servizio.idFacilitatore, u!.id)
  return {
    cf, userId: u!.id, ids: { idProgramma: prg!.id_programma, idProgetto: link.idProgetto, idEnte: link.idEnte }, idSede: link.idSede,
    righe: n.righe,
    servizi: await count(db.select({ n: c }).from(servizio).where(mine)),
    istanze: await count(db.select({ n: c }).from(questionarioCompilato).innerJoin(servizio, eq(servizio.id, questionarioCompilato.idServizio)).where(mine)),
    cittadini: await count(db.select({ n: sql<number>`count(distinct ${questionarioCompilato.idCittadino})`.mapWith(Number) }).from(questionarioCompilato)
      .innerJoin(servizio, eq(servizio.id, questionarioCompilato.idServizio)).where(mine)),
    secondi,
  }
}
