/**
 * Categories of the three sections (spec 001 §3 "Category", §7; platform-frontend §9.3): listed by
 * taxonomy (`board_categories`, `community_categories`, `document_categories`) with how many live
 * items use each; created and renamed (name ≤ 30, unique per section case-insensitively: 409 CO09);
 * deleted only while no live item uses them (409 CO02).
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Category, CategoryType } from '../../../src/api/contract/community'
import type { Database, Executor } from '../../db/types'
import { communityCategory, communityItem } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { isUniqueViolation } from '../db-errors'

const inUse = sql<number>`(select count(*)::int from ${communityItem} i where i.id_categoria = ${communityCategory.id} and i.deleted_at is null)`

/** `GET /category/retrieve`: paged (30 by default), filtered by taxonomy (`term_type`, or comma-joined `term_types`) and by a name fragment (`keys`). */
export async function listCategories(db: Database, q: { term_type?: CategoryType; term_types?: string; keys?: string; page?: number; items_per_page?: number }) {
  const size = Math.min(Math.max(q.items_per_page ?? 30, 1), 100)
  const page = q.page ?? 0
  const conds: SQL[] = []
  if (q.term_type) conds.push(eq(communityCategory.type, q.term_type))
  if (q.term_types) conds.push(inArray(communityCategory.type, q.term_types.split(',') as CategoryType[]))
  const keys = q.keys?.trim()
  if (keys) conds.push(sql`pd_fold(${communityCategory.name}) like '%' || pd_fold(${keys}) || '%'`)
  const where = conds.length > 0 ? and(...conds) : undefined
  const [rows, [total]] = await Promise.all([
    db.select({ id: communityCategory.id, name: communityCategory.name, type: communityCategory.type, in_use: inUse })
      .from(communityCategory).where(where).orderBy(asc(communityCategory.type), asc(communityCategory.name)).limit(size).offset(page * size),
    db.select({ n: count() }).from(communityCategory).where(where),
  ])
  const n = Number(total?.n ?? 0)
  const items: Category[] = rows.map((r) => ({ ...r, in_use: Number(r.in_use) }))
  return { pager: { current_page: page, total_items: n, total_pages: Math.ceil(n / size), items_per_page: size }, items }
}

const duplicate = () => conflict('CO09', 'Esiste già una categoria con questo nome nella stessa sezione.')

/** `POST /category/create`. */
export async function createCategory(tx: Executor, name: string, type: CategoryType | undefined): Promise<{ id: number }> {
  if (!type) throw badRequest('G02', 'Indica la sezione della categoria.')
  try {
    const [row] = await tx.insert(communityCategory).values({ name, type }).returning({ id: communityCategory.id })
    return { id: (row as { id: number }).id }
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate()
    throw err
  }
}

/** `POST /category/{id}/update`: renames. */
export async function renameCategory(tx: Executor, id: number, name: string): Promise<{ id: number }> {
  try {
    const updated = await tx.update(communityCategory).set({ name }).where(eq(communityCategory.id, id)).returning({ id: communityCategory.id })
    if (updated.length === 0) throw notFound('C01')
    return { id }
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate()
    throw err
  }
}

/** `POST /category/{id}/delete`: refused (409 CO02) while a live item uses it; deleted items lose it. */
export async function deleteCategory(tx: Executor, id: number): Promise<{ id: number }> {
  const [cat] = await tx.select({ id: communityCategory.id }).from(communityCategory).where(eq(communityCategory.id, id))
  if (!cat) throw notFound('C01')
  const [used] = await tx.select({ n: count() }).from(communityItem).where(and(eq(communityItem.idCategoria, id), isNull(communityItem.deletedAt)))
  if (Number(used?.n ?? 0) > 0) throw conflict('CO02')
  await tx.update(communityItem).set({ idCategoria: null }).where(eq(communityItem.idCategoria, id))
  await tx.delete(communityCategory).where(eq(communityCategory.id, id))
  return { id }
}
