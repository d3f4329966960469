/** Shared helpers of the server-domain tests: an in-memory PGlite database, migrated and seeded. */
import { eq } from 'drizzle-orm'
import { openTestDatabase } from '../test-database'
import { programma, progetto, ente } from '../../../server/db/schema'
import type { Database } from '../../../server/db/types'

/** A fresh migrated, seeded database (tests/server/test-database.ts). */
export { openTestDatabase }

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
