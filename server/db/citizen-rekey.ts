/**
 * Re-keying of citizens' hashes (issue 25 point 4; server/db/citizen-hash.ts explains the chain): every stored
 * `codice_fiscale_hash` and `numero_documento_hash` becomes `HMAC(newKey, stored)`, in one transaction, a page
 * of rows at a time (memory bounded whatever the number of citizens), and the check value of the chain with
 * them ({@link verifyCitizenKey}: a server later started with the wrong chain refuses to start). Run with every
 * server stopped: a server still running with the old chain would no longer find the re-keyed citizens.
 */
import { eq, sql } from 'drizzle-orm'
import { hashFiscalCode, rekeyHash } from './citizen-hash'
import { segretoServer } from './schema'
import type { Database } from './types'

/** Name of the `segreto_server` row holding {@link citizenKeyCheck} of the chain the stored hashes were made with. */
export const CITIZEN_KEY_CHECK = 'citizen_hash_check'

/**
 * A check value of a key chain: the chained HMAC of a fixed text (not a secret: it reveals nothing of the keys),
 * re-keyed like every stored hash, so it always tells which chain the stored hashes were made with.
 */
export function citizenKeyCheck(chain: string): string {
  return hashFiscalCode('PUNTO-DIGITALE/CITIZEN-HASH-CHECK/V1', chain)
}

/** The started server's citizens' key chain is not the one the stored hashes were made with. */
export class CitizenKeyMismatchError extends Error {
  constructor() {
    super('CITIZEN_HASH_SECRET / CITIZEN_HASH_REKEYS (or SECRETS_FILE) are not the keys the stored citizens\' hashes were made with: '
      + 'started like this, the server would no longer find any citizen and would register them again. Give it the installation\'s keys '
      + '(after npm run rekey: the base key followed by every added key, in order).')
    this.name = 'CitizenKeyMismatchError'
  }
}

/**
 * Compares `chain` with the check value recorded in the database (issue 25 point 4): records it when absent,
 * replaces it when the database holds no citizen hash yet (nothing to orphan), and otherwise refuses a different
 * chain. Called once at start (server/main.ts), after the secrets are resolved.
 * @throws CitizenKeyMismatchError when stored hashes were made with another chain
 */
export async function verifyCitizenKey(db: Database, chain: string): Promise<'recorded' | 'matches' | 'replaced'> {
  const expected = { v: citizenKeyCheck(chain) }
  const read = async () => (await db.select({ valore: segretoServer.valore }).from(segretoServer).where(eq(segretoServer.nome, CITIZEN_KEY_CHECK)))[0]?.valore as { v?: string } | undefined
  let stored = await read()
  if (stored === undefined) {
    await db.insert(segretoServer).values({ nome: CITIZEN_KEY_CHECK, valore: expected }).onConflictDoNothing()
    stored = await read()
    if (stored?.v === expected.v) return 'recorded'
  }
  if (stored?.v === expected.v) return 'matches'
  const citizens = (await db.execute(sql`select 1 from cittadino where codice_fiscale_hash is not null or numero_documento_hash is not null limit 1`) as unknown as { rows: unknown[] }).rows
  if (citizens.length > 0) throw new CitizenKeyMismatchError()
  await db.update(segretoServer).set({ valore: expected }).where(eq(segretoServer.nome, CITIZEN_KEY_CHECK))
  return 'replaced'
}

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
      if (page.length === 0) {
        // the check value follows the hashes (verifyCitizenKey)
        const check = (await tx.select({ valore: segretoServer.valore }).from(segretoServer).where(eq(segretoServer.nome, CITIZEN_KEY_CHECK)))[0]?.valore as { v?: string } | undefined
        if (check?.v) await tx.update(segretoServer).set({ valore: { v: rekeyHash(check.v, newKey) } }).where(eq(segretoServer.nome, CITIZEN_KEY_CHECK))
        return total
      }
      const rekeyed = page.map((r) => ({ id: r.id, cf: r.cf === null ? null : rekeyHash(r.cf, newKey), doc: r.doc === null ? null : rekeyHash(r.doc, newKey) }))
      // one JSON parameter joined as a table (no long value lists: PGlite's stack)
      await tx.execute(sql`update cittadino c set codice_fiscale_hash = n.cf, numero_documento_hash = n.doc
        from jsonb_to_recordset(${JSON.stringify(rekeyed)}::jsonb) as n(id bigint, cf text, doc text) where c.id = n.id`)
      total += page.length
      after = page[page.length - 1]!.id
    }
  })
}
