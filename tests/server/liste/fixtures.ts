/**
 * Fixtures of the list tests (server/domain/liste): rows added beside the seed, named with the run
 * suffix so that the suites also pass on a shared PostgreSQL database. `addListFixtures` inserts:
 * - three bodies without relations, with text a CSV must quote or neutralise (quotes and `;`, a leading
 *   `=`) and one with accents;
 * - a programme with an accented name managed by the accented body, with no project;
 * - the accented body as partner of 'Lazio Digitale Latina' (seen by the Lazio programme's managers, not by
 *   the Roma project's);
 * - a user with an accented name, FAC at no site (only DTD sees him).
 */
import { eq } from 'drizzle-orm'
import { ente, entePartner, programma, progetto, utente, utenteXRuolo } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'
import { RUN } from '../field/fixtures'

export interface ListFixtures {
  quoted: { id: number; nome: string }
  formula: { id: number; nome: string }
  accented: { id: number; nome: string }
  programme: { id: number; nome: string }
  user: { id: number; cf: string }
}

const vat = (n: number) => `${RUN}${String(n).padStart(5, '0')}`

/** Ids of seeded rows by name. */
export async function idOf(db: Database, table: 'ente' | 'progetto' | 'programma', name: string): Promise<number> {
  const rows = table === 'ente' ? await db.select({ id: ente.id }).from(ente).where(eq(ente.nome, name))
    : table === 'progetto' ? await db.select({ id: progetto.id }).from(progetto).where(eq(progetto.nomeBreve, name))
      : await db.select({ id: programma.id }).from(programma).where(eq(programma.codice, name))
  if (!rows[0]) throw new Error(`no ${table} ${name}`)
  return rows[0].id
}

export async function addListFixtures(db: Database): Promise<ListFixtures> {
  const body = async (n: number, nome: string) => {
    const [row] = await db.insert(ente).values({ nome, nomeBreve: nome.slice(0, 30), partitaIva: vat(n), tipologia: 'Associazione' }).returning({ id: ente.id })
    return { id: row!.id, nome }
  }
  const quoted = await body(90001, `Ente "Alfa"; Beta ${RUN}`)
  const formula = await body(90002, `=HYPERLINK("http://x") ${RUN}`)
  const accented = await body(90003, `Società Perché Sì ${RUN}`)
  const nome = `Città Digitale Più ${RUN}`
  const [prg] = await db.insert(programma).values({
    nome, nomeBreve: 'Città Più', codice: `TST-${RUN}`, policy: 'RFD', idEnteGestoreProgramma: accented.id,
    dataInizioProgramma: '2025-01-01', dataFineProgramma: '2027-12-31',
  }).returning({ id: programma.id })
  await db.insert(entePartner).values({ idProgetto: await idOf(db, 'progetto', 'Lazio Digitale Latina'), idEnte: accented.id })
  const cf = `TSTNCL${RUN}00A00`.slice(0, 16)
  const [u] = await db.insert(utente).values({ codiceFiscale: cf, nome: 'Nicolò', cognome: `Pérez ${RUN}` }).returning({ id: utente.id })
  await db.insert(utenteXRuolo).values({ idUtente: u!.id, codiceRuolo: 'FAC' })
  return { quoted, formula, accented, programme: { id: prg!.id, nome }, user: { id: u!.id, cf } }
}

/** Inserts `n` bodies without relations named `Ente massivo {RUN} 0001…`, for the streaming test. */
export async function addManyBodies(db: Database, n: number): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({
    nome: `Ente massivo ${RUN} ${String(i + 1).padStart(4, '0')}`, nomeBreve: 'Massivo', partitaIva: vat(i + 1), tipologia: i % 2 === 0 ? 'Comune' : null,
  }))
  for (let i = 0; i < rows.length; i += 500) await db.insert(ente).values(rows.slice(i, i + 500))
}
