/**
 * Row versions of the editable records (issue 27 points 1 and 4): the one place of the compare-and-set rule.
 *
 * Convention (README "Versioni dei record"; OpenAPI description): every editable record carries an integer
 * `versione` (1 at creation, + 1 at every change of its editable data). Every read that feeds an edit returns it;
 * every update and delete sends, as the JSON body field `versione`, the version it was based on:
 * - missing → 428 `V02`, not a positive integer → 400 `G02`, nothing changed ({@link requireVersione}, checked right
 *   before the write: the request's other errors come first);
 * - the row moved on meanwhile → 409 `V01` with `corrente`, the current record in the shape of the read that feeds
 *   the edit, and `modificatoIl`, when it last changed (ISO), nothing changed ({@link conflitto});
 * - current → the write happens and the answer carries the new `versione`.
 *
 * The check is one statement ({@link casUpdate}): `UPDATE t SET …, versione = versione + 1 WHERE <id> AND
 * versione = <base> RETURNING versione`. Concurrent writers with the same base serialise on the row lock: on
 * PostgreSQL (READ COMMITTED) the losers re-check the WHERE against the committed row and find a newer version;
 * PGlite runs one statement at a time. Multi-table edits (a site and its opening hours, a service and its Q3
 * answers, a role and its groups) run the CAS on the parent row first, inside their transaction, then write the
 * children; deletes and state changes run it with no other column (it bumps the version and locks the row) before
 * their cascade.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/types'
import { ApiError, badRequest } from '../errors'

/** The body field that carries a record's version. */
export const CAMPO_VERSIONE = 'versione'

/** Largest version accepted from a body (a PostgreSQL integer). */
const VERSIONE_MAX = 2_147_483_647

/** The raw `versione` of a request body as a domain write receives it (checked by {@link casUpdate}). */
export type VersioneRichiesta = unknown

/**
 * The raw `versione` field of a request body (any JSON value, `undefined` when absent), handed by the route to the
 * domain write, which checks it with {@link requireVersione} right before its compare-and-set: the caller's other
 * mistakes (scope 403, unknown 404, state rules 409, invalid data 400) answer first, as before issue 27.
 */
export function versioneDelCorpo(body: unknown): VersioneRichiesta {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[CAMPO_VERSIONE] : undefined
}

/** The version an update or delete was based on: 428 V02 when missing, 400 G02 when not a positive integer. */
export function requireVersione(raw: unknown): number {
  if (raw === undefined || raw === null) throw new ApiError(428, 'V02')
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > VERSIONE_MAX) {
    throw badRequest('G02', 'La versione del record deve essere un numero intero positivo.')
  }
  return raw
}

/**
 * The 409 V01 answer: the record changed since the caller read it; `corrente` is the record as it is now and
 * `modificatoIl` (ISO, when known) the time its version last moved — the conflict view's 'Modificato da altri il …'.
 * It travels beside `corrente`, not in it, so that `corrente` stays the exact shape of the read that feeds the edit.
 */
export function conflitto(corrente: unknown, modificatoIl?: Date | string | null): ApiError {
  const quando = modificatoIl instanceof Date ? modificatoIl.toISOString() : modificatoIl
  return new ApiError(409, 'V01', undefined, quando ? { corrente, modificatoIl: quando } : { corrente })
}

/** A table whose rows carry the `versione` column and its `modificato_il` (drizzle/0020, 0021). */
export type TabellaVersionata = PgTable & { versione: PgColumn; modificatoIl: PgColumn }

/** What {@link casUpdate} does when no row matched. */
export interface EsitoCas {
  /** reads the current record (the shape of the read that feeds the edit) for the 409 V01 answer */
  corrente: () => Promise<unknown>
  /** the error when the row no longer exists (the entity's own 404) */
  assente: () => ApiError
}

/**
 * Compare-and-set of one row: checks `base` (the body's raw `versione`: 428 V02 / 400 G02, {@link requireVersione}),
 * then sets `set` and `versione = versione + 1` where `id` matches and the row still holds `base`; resolves to the
 * new version. No row → reads the row: gone → `esito.assente()`, present → 409 V01 with
 * `esito.corrente()`. Run inside the write's transaction (its rollback undoes what came before).
 */
export async function casUpdate<T extends TabellaVersionata>(tx: Executor, table: T, id: SQL | undefined, base: VersioneRichiesta,
  set: PgUpdateSetSource<T>, esito: EsitoCas): Promise<number> {
  const expected = requireVersione(base)
  const values = { ...set, versione: sql`${table.versione} + 1` } as PgUpdateSetSource<T>
  const rows = await tx.update(table).set(values).where(and(id, eq(table.versione, expected)))
    .returning({ versione: table.versione }) as { versione: number }[]
  const row = rows[0]
  if (row) return row.versione
  const [present] = await tx.select({ versione: table.versione, modificatoIl: table.modificatoIl }).from(table as PgTable).where(id)
    .limit(1) as { versione: number; modificatoIl: Date | string }[]
  if (!present) throw esito.assente()
  throw conflitto(await esito.corrente(), present.modificatoIl)
}

/** `versione = versione + 1` for the `set` of a write that changes a record outside the edit routes (mass upload, consent…). */
export function versioneSuccessiva(table: TabellaVersionata): SQL {
  return sql`${table.versione} + 1`
}
