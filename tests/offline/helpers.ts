/** Shared helpers of the offline tests: demo facilitators, fresh per-user databases, a scripted transport, test handlers. */
import { vi } from 'vitest'
import { enqueue, getEntry } from '../../src/offline/outbox'
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

/** Queues a service creation with its local record. */
export const enqueueServizio = (idLocale: string, nome = `Servizio ${idLocale}`) =>
  enqueue<ServizioPayload>({
    kind: 'servizio.crea',
    payload: { idLocale, nomeServizio: nome, data: '2025-03-12' },
    roleContext: role(),
    record: { tipo: 'servizio', idLocale, data: { nome } },
  })

/** Queues a citizen added to the service `idServizioLocale`, depending on the entry `parentId`. */
export const enqueueCittadino = (idServizioLocale: string, parentId: string, cf: string) =>
  enqueue<CittadinoPayload>({
    kind: 'cittadino.aggiungi',
    payload: { idServizioLocale, codiceFiscale: cf },
    roleContext: role(),
    dependsOn: [parentId],
    record: { tipo: 'cittadino-servizio', idLocale: `${idServizioLocale}:${cf}`, data: { cf } },
  })

/** A fake server: services get ids from 500, citizens from 900; `fail(req, n)` may return an error instead. */
export function fakeServer(fail: (req: OutboxRequest, n: number) => Error | null = () => null) {
  let nextServizio = 500
  let nextCittadino = 900
  const applied = new Map<string, unknown>()
  return scriptedTransport((req, n) => {
    const err = fail(req, n)
    if (err) return err
    // idempotency as the server does it: a known key answers the stored result
    if (applied.has(req.idempotencyKey)) return applied.get(req.idempotencyKey)
    const answer = req.path === 'servizio' ? { idServizio: nextServizio++ } : { id: nextCittadino++, idQuestionario: `q-${nextCittadino}` }
    applied.set(req.idempotencyKey, answer)
    return answer
  })
}

/** The status of the outbox entry `id`. */
export const statusOf = async (id: string) => (await getEntry(id))?.status
