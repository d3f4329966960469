/**
 * Persistent oidc-provider adapter over the `oidc_payload` table (server/db/schema.ts): sessions,
 * grants, codes, refresh tokens… survive restarts and work the same on PGlite and PostgreSQL.
 * One row per (model type, id); expired rows are ignored on read and purged by {@link purgeExpiredPayloads}.
 */
import { and, eq, lt } from 'drizzle-orm'
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'
import type { Database } from '../db/index'
import { oidcPayload } from '../db/schema'

type Row = typeof oidcPayload.$inferSelect

function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined
  const payload = row.payload as AdapterPayload
  return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload
}

/** Adapter of one model type (`name` = Session, Grant, RefreshToken, …). */
export class PayloadAdapter implements Adapter {
  constructor(private readonly db: Database, private readonly type: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const values = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    }
    await this.db.insert(oidcPayload)
      .values({ id, type: this.type, ...values })
      .onConflictDoUpdate({ target: [oidcPayload.type, oidcPayload.id], set: values })
  }

  private async findBy(column: typeof oidcPayload.id | typeof oidcPayload.uid | typeof oidcPayload.userCode, value: string) {
    const [row] = await this.db.select().from(oidcPayload)
      .where(and(eq(oidcPayload.type, this.type), eq(column, value)))
      .limit(1)
    return toPayload(row)
  }

  find(id: string) { return this.findBy(oidcPayload.id, id) }
  findByUid(uid: string) { return this.findBy(oidcPayload.uid, uid) }
  findByUserCode(userCode: string) { return this.findBy(oidcPayload.userCode, userCode) }

  async consume(id: string): Promise<void> {
    await this.db.update(oidcPayload).set({ consumedAt: new Date() })
      .where(and(eq(oidcPayload.type, this.type), eq(oidcPayload.id, id)))
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayload).where(and(eq(oidcPayload.type, this.type), eq(oidcPayload.id, id)))
  }

  /**
   * Deletes this model's rows of the grant. oidc-provider calls it on each token model (access and refresh
   * tokens, codes…) when a grant is revoked; an Interaction also carries the grantId of the session it
   * started from, and must survive: when another person logs in over an open session, the provider ends the
   * old session (revoking its grants) and then resumes that very interaction.
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayload).where(and(eq(oidcPayload.type, this.type), eq(oidcPayload.grantId, grantId)))
  }
}

/** `configuration.adapter` for oidc-provider: one {@link PayloadAdapter} per model name. */
export function createPayloadAdapterFactory(db: Database): AdapterFactory {
  return (name: string) => new PayloadAdapter(db, name)
}

/** Deletes expired rows; returns nothing. Called at startup. */
export async function purgeExpiredPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayload).where(lt(oidcPayload.expiresAt, new Date()))
}
