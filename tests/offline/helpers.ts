/** Shared helpers of the offline tests: demo facilitators, fresh per-user databases, a scripted transport, test handlers. */
import { vi } from 'vitest'
import { ApiCallError } from '../../src/api/client'
import { closeUserDb, openUserDb, type OfflineDb } from '../../src/offline/db'
import { registerHandler, resultOf, type OutboxRequest } from '../../src/offline/handlers'
import { configureReplay, resetReplayForTests } from '../../src/offline/replay'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import type { EntryRoleContext, RoleContext } from '../../src/offline/types'

/** Demo facilitators of the seed (server/seed/identities.ts). */
export const CF_SARA = 'RMNSRA92E51A944H'
export const CF_LUCA = 'SPSLCU00B24F839F'

export function role(cf: string = CF_SARA, codiceRuolo = 'FAC', extra: Partial<RoleContext> = {}): RoleContext {
  return { codiceRuolo, idProgramma: 1, idProgetto: 10, idEnte: 100, cfUtente: cf, ...extra }
}

/** A role context as stored with an entry (owner hash instead of the fiscal code). */
export function storedRole(codiceRuolo = 'FAC', extra: Partial<EntryRoleContext> = {}): EntryRoleContext {
  return { codiceRuolo, idProgramma: 1, idProgetto: 10, idEnte: 100, utente: 'a'.repeat(64), ...extra }
}

/** Opens the user's database and empties every table (fake-indexeddb keeps state within a worker). */
export async function freshDb(cf: string = CF_SARA): Promise<OfflineDb> {
  const db = await openUserDb(cf)
  await Promise.all(db.tables.map((t) => t.clear()))
  return db
}

/** Empties both demo users' databases and closes them. */
export async function resetDbs(): Promise<void> {
  await freshDb(CF_LUCA)
  await freshDb(CF_SARA)
  closeUserDb()
}

export const networkError = () => new ApiCallError(0, null, 'Network error', 'network')
export const timeoutError = () => new ApiCallError(0, null, 'Timeout', 'timeout')
export const httpError = (status: number, errorCode: string | null, message: string) => new ApiCallError(status, errorCode, message, 'http')


/**
 * A scripted transport: `reply(req)` decides each answer (value → resolved; Error → thrown). Records
 * every request. `next` lets a test queue answers per path ('POST servizio').
 */
export function scriptedTransport(reply: (req: OutboxRequest, n: number) => unknown | Promise<unknown>) {
  const calls: OutboxRequest[] = []
  const transport = vi.fn(async (req: OutboxRequest) => {
    calls.push(req)
    const out = await reply(req, calls.length)
    if (out instanceof Error) throw out
    return out
  })
  return { transport, calls }
}

/** Engine set up for tests: given transport and refresh, fixed clock and random (0.5). */
export function setupReplay(opts: { transport: (req: OutboxRequest) => Promise<unknown>; refreshTokens?: () => Promise<boolean>; now?: () => number; currentToken?: () => string | null }) {
  resetReplayForTests()
  configureConnectivityForTests({ state: 'online' })
  const refreshTokens = vi.fn(opts.refreshTokens ?? (async () => false))
  configureReplay({
    transport: opts.transport,
    refreshTokens,
    now: opts.now ?? (() => Date.now()),
    random: () => 0.5,
    currentToken: opts.currentToken ?? (() => 'token-1'),
  })
  return { refreshTokens }
}

export interface ServizioPayload {
  idLocale: string
  nomeServizio: string
  data: string
}
export interface CittadinoPayload {
  idServizioLocale: string
  idServizio?: number
  codiceFiscale: string
}

/** Test handlers: 'servizio.crea' → POST servizio; 'cittadino.aggiungi' → POST servizio/{idServizio}/cittadino (needs the service's server id). */
export function registerTestHandlers(): () => void {
  const offs = [
    registerHandler<ServizioPayload, { idServizio: number }>('servizio.crea', {
      send: (e, ctx) => ctx.post('servizio', { ...e.payload, idProgramma: e.roleContext.idProgramma, idProgetto: e.roleContext.idProgetto, idEnte: e.roleContext.idEnte }),
      applyResult: async (db, e, result) => {
        const rec = await db.records.get(['servizio', e.payload.idLocale])
        if (rec) await db.records.put({ ...rec, idServer: result.idServizio })
      },
    }),
    registerHandler<CittadinoPayload, { id: number; idQuestionario: string }>('cittadino.aggiungi', {
      dependsOnKinds: ['servizio.crea'],
      resolve: (payload, parents) => {
        const parent = resultOf<{ idServizio: number }>(parents, 'servizio.crea')
        return parent ? { ...payload, idServizio: parent.idServizio } : payload
      },
      send: (e, ctx) => {
        if (e.payload.idServizio === undefined) throw new Error('idServizio mancante')
        return ctx.post(`servizio/${e.payload.idServizio}/cittadino`, { codiceFiscale: e.payload.codiceFiscale })
      },
    }),
  ]
  return () => offs.forEach((off) => off())
}
