/**
 * Re-keying of citizens' hashes (issue 25 point 4; server/db/citizen-hash.ts explains the chain): every stored
 * `codice_fiscale_hash` and `numero_documento_hash` becomes `HMAC(newKey, stored)`, in one transaction, a page
 * of rows at a time (memory bounded whatever the number of citizens). Run with every server stopped: a server
 * still running with the old chain would no longer find the re-keyed citizens and register them again.
 */
import { sql } from 'drizzle-orm'
import { rekeyHash } from './citizen-hash'
import type { Database } from './types'

/** Rows read and written per statement. */
const PAGE = 1000

interface Row { id: string; cf: string | null; doc: string | null }

/**
 * Replaces every stored citizen hash by its re-keying with `newKey`, all or nothing; resolves to the number of
 * citizens re-keyed.
 */
export async function rekeyCitizenHashes(db: Database, newKey: string): Promise<number> {
  if (!newKey) throw new Error('rekeyCitizenHashes: empty key')
  return db.transaction(async (tx) => {
    let after = '-1'
    let total = 0
    for (;;) {
      const page = (await tx.execute(sql`select id::text as id, codice_fiscale_hash as cf, numero_documento_hash as doc
        from cittadino where id > ${after}::bigint and (codice_fiscale_hash is not null or numero_documento_hash is not null)
        order by id limit ${PAGE}`) as unknown as { rows: Row[] }).rows
      if (page.length === 0) return total
      const rekeyed = page.map((r) => ({ id: r.id, cf: r.cf === null ? null : rekeyHash(r.cf, newKey), doc: r.doc === null ? null : rekeyHash(r.doc, newKey) }))
      // one JSON parameter joined as a table (no long value lists: PGlite's stack)
      await tx.execute(sql`update cittadino c set codice_fiscale_hash = n.cf, numero_documento_hash = n.doc
        from jsonb_to_recordset(${JSON.stringify(rekeyed)}::jsonb) as n(id bigint, cf text, doc text) where c.id = n.id`)
      total += page.length
      after = page[page.length - 1]!.id
    }
  })
}
