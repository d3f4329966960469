/**
 * The retention report (issue 28 point 2): what the anonymisation would touch on day `oggi` — per programme the
 * citizens past their date (scaduti.ts), their services, survey instances and consent records, the volunteers past
 * theirs, the oldest service date, and the mass-upload files of those services. Counted by the database (a few
 * aggregate rows per programme; at most {@link FILE_MAX} files listed), written as one `conservazione_rapporto` row
 * 'DA_CONFERMARE'; the earlier reports still waiting become 'SUPERATO' (only the last one can be confirmed).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FileRapporto, ProgrammaRapporto, RapportoConservazione, TotaliRapporto } from '../../../src/api/contract/conservazione'
import { conservazioneRapporto, job } from '../../db/schema'
import type { Executor } from '../../db/types'
import { rowsOf } from '../liste/engine'
import { leggiPeriodi } from './periodi'
import { cittadinoScaduto, utenteScaduto } from './scaduti'

/** Most files listed in a report. */
export const FILE_MAX = 200

const num = (v: unknown) => Number(v ?? 0)

/** Today's date 'YYYY-MM-DD' in Italy. */
export function oggiInItalia(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)
}

/** The counts of what is past its date on `oggi` (module comment). */
export async function calcolaRapporto(db: Executor, oggi: string): Promise<{ totali: TotaliRapporto; programmi: ProgrammaRapporto[]; file: FileRapporto[] }> {
  const scaduti = sql`scaduti as materialized (select c.id, c.tipo_conferimento_consenso is not null as consenso from cittadino c where ${cittadinoScaduto(sql`c`, oggi)})`
  const perProgramma = await rowsOf(db, sql`with ${scaduti}
    select g.id, g.codice, g.nome, g.policy, count(distinct sc.id) as cittadini, count(distinct s.id) as servizi,
      count(distinct sc.id) filter (where sc.consenso) as consensi, min(s.data_servizio)::text as data
    from scaduti sc join servizio_x_cittadino x on x.id_cittadino = sc.id join servizio s on s.id = x.id_servizio
      join progetto p on p.id = s.id_progetto join programma g on g.id = p.id_programma
    group by g.id, g.codice, g.nome, g.policy`)
  const istanze = await rowsOf(db, sql`with ${scaduti}
    select p.id_programma as id, count(*) as n from scaduti sc join questionario_compilato q on q.id_cittadino = sc.id
      join progetto p on p.id = q.id_progetto group by p.id_programma`)
  const utenti = await rowsOf(db, sql`select g.id, g.codice, g.nome, g.policy, count(distinct u.id) as n
    from utente u join ente_sede_progetto_facilitatore f on f.id_facilitatore = u.id join progetto p on p.id = f.id_progetto
      join programma g on g.id = p.id_programma
    where ${utenteScaduto(sql`u`, oggi)} group by g.id, g.codice, g.nome, g.policy`)
  const [tot] = await rowsOf(db, sql`with ${scaduti} select
    (select count(*) from scaduti) as cittadini,
    (select count(*) from scaduti where consenso) as consensi,
    (select count(distinct x.id_servizio) from scaduti sc join servizio_x_cittadino x on x.id_cittadino = sc.id) as servizi,
    (select count(*) from scaduti sc join questionario_compilato q on q.id_cittadino = sc.id) as questionari,
    (select count(*) from utente u where ${utenteScaduto(sql`u`, oggi)}) as utenti`)
  const file = await rowsOf(db, sql`with ${scaduti}
    select ra.id, coalesce(ra.file_name, '') as nome, ra.id_programma, ra.data_inizio_inserimento as caricato, ra.percorso_file is not null as conservato
    from registro_attivita ra where exists (select 1 from registro_attivita_riga rr join servizio_x_cittadino x on x.id_servizio = rr.id_servizio
      join scaduti sc on sc.id = x.id_cittadino where rr.id_registro_attivita = ra.id)
    order by ra.id limit ${FILE_MAX}`)

  const byId = new Map<number, ProgrammaRapporto>()
  const programma = (r: Record<string, unknown>): ProgrammaRapporto => {
    const id = num(r.id)
    let p = byId.get(id)
    if (!p) {
      p = { idProgramma: id, codice: String(r.codice ?? ''), nome: String(r.nome ?? ''), policy: r.policy === 'SCD' ? 'SCD' : 'RFD', cittadini: 0, servizi: 0, questionari: 0, consensi: 0, utenti: 0, dataPiuVecchia: null }
      byId.set(id, p)
    }
    return p
  }
  for (const r of perProgramma) Object.assign(programma(r), { cittadini: num(r.cittadini), servizi: num(r.servizi), consensi: num(r.consensi), dataPiuVecchia: r.data ? String(r.data).slice(0, 10) : null })
  for (const r of utenti) programma(r).utenti = num(r.n)
  for (const r of istanze) { const p = byId.get(num(r.id)); if (p) p.questionari = num(r.n) }
  return {
    totali: { cittadini: num(tot?.cittadini), servizi: num(tot?.servizi), questionari: num(tot?.questionari), consensi: num(tot?.consensi), utenti: num(tot?.utenti) },
    programmi: [...byId.values()].sort((a, b) => a.policy.localeCompare(b.policy) || a.nome.localeCompare(b.nome)),
    file: file.map((r) => ({
      id: num(r.id), nome: String(r.nome), idProgramma: r.id_programma === null ? null : num(r.id_programma),
      caricatoIl: new Date(String(r.caricato)).toISOString(), conservato: r.conservato === true,
    })),
  }
}

/** Computes and writes a report for `oggi` (module comment); resolves to its id. */
export async function scriviRapporto(db: Executor, oggi: string = oggiInItalia()): Promise<number> {
  const periodi = (await leggiPeriodi(db)).map((p) => ({ policy: p.policy, conservazioneFino: p.conservazioneFino }))
  const r = await calcolaRapporto(db, oggi)
  await db.update(conservazioneRapporto).set({ stato: 'SUPERATO' }).where(eq(conservazioneRapporto.stato, 'DA_CONFERMARE'))
  const [row] = await db.insert(conservazioneRapporto).values({ dataRiferimento: oggi, periodi, ...r }).returning({ id: conservazioneRapporto.id })
  return row!.id
}

type Row = typeof conservazioneRapporto.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A report row on the wire. */
export function rapportoWire(r: Row): RapportoConservazione {
  return {
    id: r.id, stato: r.stato, dataRiferimento: r.dataRiferimento, creatoIl: r.creatoIl.toISOString(), periodi: r.periodi, totali: r.totali,
    programmi: r.programmi, file: r.file, confermatoIl: iso(r.confermatoIl), eseguitoIl: iso(r.eseguitoIl), esito: r.esito, nota: r.nota,
  }
}

/** The last report written, or null. */
export async function ultimoRapporto(db: Executor): Promise<Row | null> {
  const [r] = await db.select().from(conservazioneRapporto).orderBy(desc(conservazioneRapporto.creatoIl), desc(conservazioneRapporto.id)).limit(1)
  return r ?? null
}

/** The report `id`, or null. */
export async function rapporto(db: Executor, id: number): Promise<Row | null> {
  const [r] = await db.select().from(conservazioneRapporto).where(eq(conservazioneRapporto.id, id))
  return r ?? null
}

/** True while a job of one of `tipi` is waiting or running. */
export async function jobInCorso(db: Executor, tipi: string[]): Promise<Record<string, boolean>> {
  const rows = await db.selectDistinct({ tipo: job.tipo }).from(job)
    .where(and(inArray(job.tipo, tipi), sql`(${job.stato} = 'IN_CORSO' or (${job.stato} = 'IN_ATTESA' and ${job.prossimoTentativo} <= now()))`))
  return Object.fromEntries(tipi.map((t) => [t, rows.some((r) => r.tipo === t)]))
}
