/** Shared helpers of the server-domain tests: an in-memory PGlite database, migrated and seeded. */
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../../../server/db/index'
import { programma, progetto, ente } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'

/** Opens a fresh in-memory database with the seed (about 5 s on 2 cores). */
export function openTestDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: 'memory://' })
}

/** Id of a programme by its codice. */
export async function programmeId(db: Database, codice: string): Promise<number> {
  const [row] = await db.select({ id: programma.id }).from(programma).where(eq(programma.codice, codice))
  if (!row) throw new Error(`no programme ${codice}`)
  return row.id
}

/** Id of a project by its nomeBreve. */
export async function projectId(db: Database, nomeBreve: string): Promise<number> {
  const [row] = await db.select({ id: progetto.id }).from(progetto).where(eq(progetto.nomeBreve, nomeBreve))
  if (!row) throw new Error(`no project ${nomeBreve}`)
  return row.id
}

/** Id of a body by its name. */
export async function bodyId(db: Database, nome: string): Promise<number> {
  const [row] = await db.select({ id: ente.id }).from(ente).where(eq(ente.nome, nome))
  if (!row) throw new Error(`no body ${nome}`)
  return row.id
}
