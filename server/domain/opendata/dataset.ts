/**
 * The rows of the open dataset (platform-backend §10): one per (citizen, service) pair, citizen ⋈
 * servizio_x_cittadino ⋈ servizio ⋈ sede ⋈ progetto ⋈ programma, with the citizen's age band, gender,
 * employment and education, the service's Q3 answers 27 (public digital services) and 25 (competences),
 * the site's geography and the programme's policy and code. No fiscal code, name or citizen id leaves
 * this module except `idCittadino`, used by the small-cell rule to count and never written.
 *
 * `leggiRighe(db, {finoA})`: services dated up to `finoA` ('YYYY-MM-DD', inclusive), ordered by date,
 * service, citizen. Holds the rows in memory (one object per pair).
 */
import { and, asc, eq, lte } from 'drizzle-orm'
import { cittadino, fasciaDiEta, programma, progetto, sede, servizio, servizioXCittadino, type SezioneCompilata } from '../../db/schema'
import type { Database } from '../../db/types'
import type { RigaDataset } from './anonimizza'

/** The answers of Q3 question `id`, joined with ', ' (null when absent). */
export function rispostaQ3(sezione: SezioneCompilata | null | undefined, id: string): string | null {
  const values = sezione?.properties?.flatMap((p) => p[id] ?? []) ?? []
  return values.length ? values.join(', ') : null
}

/** Every dataset row of services up to `finoA`. */
export async function leggiRighe(db: Database, opts: { finoA: string }): Promise<RigaDataset[]> {
  const rows = await db.select({
    idCittadino: cittadino.id,
    fasciaDiEta: fasciaDiEta.fascia,
    genere: cittadino.genere,
    occupazione: cittadino.occupazione,
    titoloDiStudio: cittadino.titoloDiStudio,
    servizioId: servizio.id,
    nomeServizio: servizio.nome,
    dataFruizione: servizio.dataServizio,
    q3: servizio.sezioneQ3Compilato,
    tipologiaServizio: servizio.tipologiaServizio,
    sedeId: sede.id,
    nomeSede: sede.nome,
    regione: sede.regione,
    provincia: sede.provincia,
    comune: sede.comune,
    cap: sede.cap,
    intervento: programma.policy,
    idProgramma: programma.codice,
    idProgetto: progetto.id,
  }).from(servizioXCittadino)
    .innerJoin(cittadino, eq(cittadino.id, servizioXCittadino.idCittadino))
    .innerJoin(servizio, eq(servizio.id, servizioXCittadino.idServizio))
    .innerJoin(sede, eq(sede.id, servizio.idSede))
    .innerJoin(progetto, eq(progetto.id, servizio.idProgetto))
    .innerJoin(programma, eq(programma.id, progetto.idProgramma))
    .leftJoin(fasciaDiEta, eq(fasciaDiEta.id, cittadino.fasciaDiEtaId))
    .where(and(lte(servizio.dataServizio, opts.finoA)))
    .orderBy(asc(servizio.dataServizio), asc(servizio.id), asc(cittadino.id))
  return rows.map(({ q3, ...r }) => ({ ...r, ambito: rispostaQ3(q3, '27'), competenze: rispostaQ3(q3, '25') }))
}
