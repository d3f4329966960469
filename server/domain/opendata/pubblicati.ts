/**
 * The published open-data files (table `open_data_file`; issue 11 point 3) as the public routes read them: every
 * month's file newest first with the years they cover, one month's file, its download counter.
 */
import { desc, eq, sql } from 'drizzle-orm'
import { openDataFile } from '../../db/schema'
import type { Database } from '../../db/types'

/** One published file's row. */
export type FilePubblicato = typeof openDataFile.$inferSelect

/** Every published file, newest month first. */
export function filePubblicati(db: Database): Promise<FilePubblicato[]> {
  return db.select().from(openDataFile).orderBy(desc(openDataFile.mese))
}

/** The first and last year the files cover (null when none). */
export function anniDeiFile(rows: readonly FilePubblicato[]): { min: number | null; max: number | null } {
  const min = rows.reduce<number | null>((m, r) => (r.annoMin !== null && (m === null || r.annoMin < m) ? r.annoMin : m), null)
  const max = rows.reduce<number | null>((m, r) => (r.annoMax !== null && (m === null || r.annoMax > m) ? r.annoMax : m), null)
  return { min, max }
}

/** The file of month `mese` ('YYYY-MM'), or undefined. */
export async function fileDelMese(db: Database, mese: string): Promise<FilePubblicato | undefined> {
  const [row] = await db.select().from(openDataFile).where(eq(openDataFile.mese, mese))
  return row
}

/** Counts one download of file `id`. */
export async function contaDownload(db: Database, id: number): Promise<void> {
  await db.update(openDataFile).set({ conteggioDownload: sql`${openDataFile.conteggioDownload} + 1` }).where(eq(openDataFile.id, id))
}
