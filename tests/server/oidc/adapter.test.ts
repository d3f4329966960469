// @vitest-environment node
/**
 * The oidc-provider adapter over `oidc_payload` (server/oidc/adapter.ts): rows by model type, expiry,
 * consumption, and a grant's revocation limited to the model it is called on (an Interaction carrying the
 * grantId of the session it started from survives: another person logging in over an open session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../../server/db/index'
import { PayloadAdapter } from '../../../server/oidc/adapter'
import { openTestDatabase } from '../helpers'

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle.close()
})

describe('oidc payload adapter', () => {
  it('revoking a grant deletes the tokens of that model only, never the interaction that carries the grant', async () => {
    const tokens = new PayloadAdapter(handle.db, 'RefreshToken')
    const codes = new PayloadAdapter(handle.db, 'AuthorizationCode')
    const interactions = new PayloadAdapter(handle.db, 'Interaction')
    await tokens.upsert('rt-1', { grantId: 'g-1', accountId: 'A' }, 600)
    await codes.upsert('code-1', { grantId: 'g-1', accountId: 'A' }, 600)
    await tokens.upsert('rt-2', { grantId: 'g-2', accountId: 'B' }, 600)
    await interactions.upsert('int-1', { uid: 'int-1', grantId: 'g-1' }, 600)

    await tokens.revokeByGrantId('g-1')
    await codes.revokeByGrantId('g-1')
    expect(await tokens.find('rt-1')).toBeUndefined()
    expect(await codes.find('code-1')).toBeUndefined()
    expect(await tokens.find('rt-2')).toMatchObject({ grantId: 'g-2' })
    expect(await interactions.find('int-1')).toMatchObject({ uid: 'int-1', grantId: 'g-1' })
  })

  it('reads by type, hides expired rows and marks consumed ones', async () => {
    const codes = new PayloadAdapter(handle.db, 'AuthorizationCode')
    const other = new PayloadAdapter(handle.db, 'Session')
    await codes.upsert('c-2', { accountId: 'A' }, 600)
    expect(await other.find('c-2')).toBeUndefined()
    await codes.consume('c-2')
    expect((await codes.find('c-2'))?.consumed).toEqual(expect.any(Number))
    await codes.upsert('c-3', { accountId: 'A' }, -1)
    expect(await codes.find('c-3')).toBeUndefined()
  })
})
