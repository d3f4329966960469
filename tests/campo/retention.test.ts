/**
 * What stays on a shared tablet after a logout (security issue 6, item 11): only what is still unsent, and
 * never the user's fiscal code in clear. Uses the public session and field APIs and reads IndexedDB raw,
 * as anyone holding the tablet could.
 */
import { createHash } from 'node:crypto'
import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn(), reloadPage: vi.fn() }))

import { logout } from '../../src/auth/session'
import { aggiungiCittadino, compilaQuestionario, creaServizio } from '../../src/features/campo'
import { registerCampoHandlers } from '../../src/features/campo/handlers'
import { closeUserDb, currentDb, openUserDb } from '../../src/offline/db'
import { enqueue, listEntries } from '../../src/offline/outbox'
import { listRecords } from '../../src/offline/records'
import { runReplay } from '../../src/offline/replay'
import { configureConnectivityForTests } from '../../src/api/connectivity'
import { syncDbWithSession } from '../../src/offline/session-bridge'
import { encodeSection, sectionHeader } from '../../src/lib/survey-sections'
import { CF_LUCA, CF_SARA, networkError, resetDbs, role, setupReplay } from '../offline/helpers'
import { FAC, bootstrap, fakeApi, login, servizioInput, storeRiferimenti, storeSnapshot } from './helpers'

const CF_CITTADINO = 'BNCMRC69S02H501X'
const CONSENSO = { tipoConferimentoConsenso: 'CARTACEO', dataConferimentoConsenso: '2025-03-10' } as const
const CF_TERZO = 'VRDMRA58D43H501J'
const Q4 = encodeSection({ ...sectionHeader('Q4'), answers: { '29': ['Passaparola'], '31': ['Sì, per formazione'] } })
const cittadinoCf = { codiceFiscale: CF_CITTADINO, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', nuovoCittadino: true }

/** Name of a user's database in the previous version: `pd-` + sha256(fiscal code)[0..16]. */
const legacyName = (cf: string) => `pd-${createHash('sha256').update(cf).digest('hex').slice(0, 16)}`
const USER_DB = /^pd-[0-9a-f]{16}$/

type Tables = { outbox: unknown[]; records: unknown[]; cache: unknown[]; meta: unknown[] } & Record<string, unknown[]>
type Dump = Record<string, Tables>

/** Every IndexedDB database of the origin with every row, read raw (no schema), as someone holding the tablet would. */
async function dumpDevice(): Promise<Dump> {
  const out: Dump = {}
  for (const name of await Dexie.getDatabaseNames()) {
    const db = new Dexie(name)
    await db.open()
    out[name] = Object.fromEntries(await Promise.all(db.tables.map(async (t) => [t.name, await t.toArray()] as const))) as Tables
    db.close()
  }
  return out
}

const userDbs = (d: Dump) => Object.keys(d).filter((n) => USER_DB.test(n))

/** Creates a user database exactly as the previous version did (clear fiscal code in the name's hash, `meta.owner` and entries). */
async function legacyDb(cf: string, rows: { outbox?: object[]; records?: object[]; cache?: object[]; seq?: number }): Promise<void> {
  const db = new Dexie(legacyName(cf))
  db.version(1).stores({
    outbox: 'id, &seq, status, kind, *dependsOn, recordKey, createdAt, nextAttemptAt, [status+seq]',
    records: '[tipo+idLocale], tipo, idServer, syncState, updatedAt',
    cache: 'key, fetchedAt',
    meta: 'key',
  })
  await db.open()
  await db.table('meta').bulkPut([{ key: 'owner', value: cf }, { key: 'seq', value: rows.seq ?? 0 }, { key: 'lastSyncAt', value: 1 }])
  if (rows.outbox) await db.table('outbox').bulkPut(rows.outbox)
  if (rows.records) await db.table('records').bulkPut(rows.records)
  if (rows.cache) await db.table('cache').bulkPut(rows.cache)
  db.close()
}

function legacyEntry(cf: string, id: string, seq: number, status: string, extra: object = {}): object {
  return {
    id, seq, idempotencyKey: `k-${id}`, kind: 'servizio.crea', payload: { idLocale: `s-${id}`, servizio: { nomeServizio: `Servizio ${id}` } },
    roleContext: { codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100, cfUtente: cf }, dependsOn: [], status, attempts: 0,
    lastError: null, nextAttemptAt: 0, createdAt: 1, updatedAt: 1, record: { tipo: 'servizio', idLocale: `s-${id}` }, recordKey: `servizio|s-${id}`,
    label: `Servizio «Servizio ${id}»`, ...extra,
  }
}

const legacyRecord = (id: string, syncState: string) => ({ tipo: 'servizio', idLocale: `s-${id}`, data: { nome: `Servizio ${id}` }, syncState, updatedAt: 1 })

let unregister: () => void = () => undefined
beforeEach(async () => {
  localStorage.clear()
  await resetDbs()
  for (const name of userDbs(await dumpDevice())) await Dexie.delete(name)
  configureConnectivityForTests({ state: 'offline' })
  vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
  unregister = registerCampoHandlers()
})
afterEach(() => {
  unregister()
  closeUserDb()
  vi.unstubAllGlobals()
})

async function logoutAndSettle(): Promise<void> {
  await logout()
  await syncDbWithSession()
}

describe('what stays on the device after a logout', () => {
  it('nothing unsent: the user database is deleted, nothing of the day (fiscal codes, services, citizens, answers) stays readable', async () => {
    await login(FAC)
    await storeRiferimenti()
    const name = currentDb()!.name
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
    await compilaQuestionario(c.idLocale, Q4, CONSENSO)
    setupReplay({ transport: fakeApi().transport })
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 3, stopped: null })
    // the field bootstrap's confirmed copies too
    await storeSnapshot(bootstrap({
      servizi: [{ ...bootstrapServizio(501), nome: 'Corso PEC' }],
    }), Date.now())

    await logoutAndSettle()

    const device = await dumpDevice()
    expect(Object.keys(device)).not.toContain(name)
    const text = JSON.stringify(device)
    for (const secret of [CF_SARA, 'Corso SPID', 'Corso PEC', 'Imprenditore', 'Passaparola', 'Biblioteca civica']) expect(text).not.toContain(secret)
  })

  it('entries unsent: only they stay (with the records they write and their parents reduced to the server answer), owner as a salted hash; the same user finds and sends them', async () => {
    await login(FAC)
    await storeRiferimenti()
    const name = currentDb()!.name
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
    // the service reaches the server, the citizen does not (network lost)
    const flaky = fakeApi({ fail: (req) => (req.path.startsWith('servizio/cittadino/') ? networkError() : null) })
    setupReplay({ transport: flaky.transport })
    await runReplay(currentDb()!)
    const [crea, aggiungi] = await listEntries({ includeDone: true })
    expect([crea!.status, aggiungi!.status]).toEqual(['done', 'failed-retry'])

    await logoutAndSettle()

    const device = await dumpDevice()
    expect(userDbs(device)).toEqual([name])
    const kept = device[name]!
    expect(kept.outbox).toHaveLength(2)
    expect(kept.outbox).toContainEqual(expect.objectContaining({ id: aggiungi!.id, status: 'failed-retry', payload: aggiungi!.payload, label: aggiungi!.label }))
    // the acknowledged parent: only what the replay needs (its server id)
    const parent = kept.outbox.find((e) => (e as { id: string }).id === crea!.id) as Record<string, unknown>
    expect(parent).toMatchObject({ status: 'done', kind: 'servizio.crea', result: { idServizio: 500 }, payload: {}, record: null })
    expect(parent.label).toBeUndefined()
    // the record of the unsent addition only: no confirmed service, no reference data
    expect(kept.records.map((r) => `${(r as { tipo: string }).tipo}|${(r as { idLocale: string }).idLocale}`)).toEqual([`cittadino-servizio|${c.idLocale}`])
    expect(kept.cache).toEqual([])
    const owner = (kept.meta.find((m) => (m as { key: string }).key === 'owner') as { value: string }).value
    expect(owner).toMatch(/^[0-9a-f]{64}$/)
    expect(owner).not.toBe(createHash('sha256').update(CF_SARA).digest('hex'))
    for (const e of kept.outbox) expect((e as { roleContext: unknown }).roleContext).toEqual({ codiceRuolo: 'FAC', idProgramma: 1, idProgetto: 10, idEnte: 100, utente: owner })
    expect(JSON.stringify(device)).not.toContain(CF_SARA)
    expect(JSON.stringify(device)).not.toContain('Biblioteca civica')

    // Sara again: the addition is found and sent with the service's server id
    await login(FAC)
    expect(currentDb()!.name).toBe(name)
    expect((await listEntries()).map((e) => e.id)).toEqual([aggiungi!.id])
    const api = fakeApi()
    setupReplay({ transport: api.transport })
    expect(await runReplay(currentDb()!, { force: true })).toMatchObject({ sent: 1, stopped: null })
    expect(api.calls.map((x) => `${x.method} ${x.path}`)).toEqual(['POST servizio/cittadino/500'])
    expect(api.calls[0]!.idempotencyKey).toBe(aggiungi!.idempotencyKey)
  })

  it('a survey compiled on an acknowledged addition stays unsent; at the next login the bootstrap brings the addition back under it', async () => {
    await login(FAC)
    await storeRiferimenti()
    const s = await creaServizio(servizioInput())
    const c = await aggiungiCittadino(s.idLocale, cittadinoCf)
    setupReplay({ transport: fakeApi().transport })
    expect(await runReplay(currentDb()!)).toMatchObject({ sent: 2 })
    await compilaQuestionario(c.idLocale, Q4, CONSENSO)

    await logoutAndSettle()
    await login(FAC)
    // only the compiled survey is on the device
    expect((await listRecords('cittadino-servizio')).map((r) => r.idLocale)).toEqual([])
    expect((await listRecords('questionario')).map((r) => r.idLocale)).toEqual([c.idLocale])
    await storeSnapshot(bootstrap({
      servizi: [{ ...bootstrapServizio(500), idLocale: s.idLocale, nome: 'Corso SPID', stato: 'ATTIVO' as const }],
      cittadini: [{ idCittadino: 900, genere: 'M', fasciaDiEtaId: 3, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Imprenditore', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana', tipoDocumento: null }],
      questionari: [{
        idQuestionarioCompilato: 'q-900', idServizio: 500, idCittadino: 900, idQuestionarioTemplate: 'tpl-1', statoQuestionario: 'NON_COMPILATA',
        dataOraAggiornamento: '2025-03-12T10:05:00.000Z', sezioneQ1Questionario: '{}', sezioneQ2Questionario: '{}', sezioneQ3Questionario: '{}', sezioneQ4Questionario: null,
      }],
    }), Date.now())
    expect((await listRecords('servizio')).map((r) => r.idLocale)).toEqual([s.idLocale])
    expect((await listRecords('cittadino-servizio')).map((r) => r.idLocale)).toEqual([c.idLocale])
    expect((await listRecords('questionario')).map((r) => [r.idLocale, r.syncState])).toEqual([[c.idLocale, 'locale']])
  })

  it('the fiscal code is never stored in clear while working either (meta.owner, entries, database name)', async () => {
    await login(FAC)
    await storeRiferimenti()
    await creaServizio(servizioInput())
    const device = await dumpDevice()
    expect(JSON.stringify(device)).not.toContain(CF_SARA)
    expect(Object.keys(device)).not.toContain(legacyName(CF_SARA))
  })

  it("another user's database left full (the session ended without a logout) is reduced to its unsent entries at the next login", async () => {
    const luca = await openUserDb(CF_LUCA)
    const lucaName = luca.name
    await enqueue({ kind: 'servizio.crea', payload: { idLocale: 'l-1', servizio: { nomeServizio: 'Corso di Luca' } }, roleContext: role(CF_LUCA), record: { tipo: 'servizio', idLocale: 'l-1', data: { nome: 'Corso di Luca' } } })
    await luca.records.put({ tipo: 'servizio', idLocale: 'srv-9', idServer: 9, data: { nome: 'Confermato di Luca' }, syncState: 'confermato', updatedAt: 1 })
    await luca.cache.put({ key: 'campo:riferimenti:FAC:1:10:100', value: { sedi: [{ id: 7, nome: 'Sede di Luca' }] }, fetchedAt: 1 })
    closeUserDb()

    await login(FAC)

    const lucaRows = (await dumpDevice())[lucaName]!
    expect(lucaRows.outbox).toHaveLength(1)
    expect(lucaRows.records.map((r) => (r as { idLocale: string }).idLocale)).toEqual(['l-1'])
    expect(lucaRows.cache).toEqual([])
    expect(JSON.stringify(lucaRows)).not.toContain('Confermato di Luca')
  })
})

describe('databases of the previous version', () => {
  it('are migrated at the first start without losing unsent entries, and the clear fiscal codes go', async () => {
    await legacyDb(CF_SARA, {
      seq: 2,
      outbox: [legacyEntry(CF_SARA, 'a', 1, 'done', { result: { idServizio: 77 } }), legacyEntry(CF_SARA, 'b', 2, 'pending')],
      records: [legacyRecord('a', 'confermato'), legacyRecord('b', 'locale')],
      cache: [{ key: 'campo:riferimenti:FAC:1:10:100', value: { x: 1 }, fetchedAt: 1 }],
    })
    await legacyDb(CF_LUCA, {
      seq: 1,
      outbox: [legacyEntry(CF_LUCA, 'l', 1, 'attention')],
      records: [legacyRecord('l', 'attenzione'), legacyRecord('lc', 'confermato')],
      cache: [{ key: 'k', value: { nome: 'Sede di Luca' }, fetchedAt: 1 }],
    })
    await legacyDb(CF_TERZO, { seq: 1, outbox: [legacyEntry(CF_TERZO, 't', 1, 'done')], records: [legacyRecord('t', 'confermato')] })

    // Sara (still logged in when the tablet got the new version) starts the app
    await login(FAC)
    expect((await listEntries({ includeDone: true })).map((e) => [e.id, e.status])).toEqual([['a', 'done'], ['b', 'pending']])
    expect((await listRecords('servizio')).map((r) => r.idLocale).sort()).toEqual(['s-a', 's-b'])
    let device = await dumpDevice()
    for (const cf of [CF_SARA, CF_LUCA, CF_TERZO]) {
      expect(Object.keys(device)).not.toContain(legacyName(cf))
      expect(JSON.stringify(device)).not.toContain(cf)
    }
    expect(JSON.stringify(device)).not.toContain('Servizio t')
    // a new entry follows the migrated ones
    const next = await enqueue({ kind: 'servizio.crea', payload: {}, roleContext: role(CF_SARA) })
    expect(next.seq).toBe(3)

    // Luca's unsent entry waits for him under his new database, the rest of his data is gone
    await logoutAndSettle()
    device = await dumpDevice()
    expect(JSON.stringify(device)).not.toContain('Sede di Luca')
    expect(JSON.stringify(device)).not.toContain('Servizio lc')
    await login(FAC, CF_LUCA)
    expect((await listEntries()).map((e) => [e.id, e.status, e.roleContext.codiceRuolo])).toEqual([['l', 'attention', 'FAC']])
    expect((await listRecords('servizio')).map((r) => r.idLocale)).toEqual(['s-l'])
  })
})

function bootstrapServizio(id: number) {
  return {
    id, idLocale: null, nome: 'Servizio', data: '2025-03-12', durataServizio: '1:00', tipologiaServizio: ['Facilitazione individuale'], idEnte: 100,
    idSede: 7, nomeSede: 'Biblioteca civica', stato: 'NON ATTIVO' as const, sezioneQ3Questionario: '{}', idQuestionarioTemplateSnapshot: 'tpl-1',
    dataOraAggiornamento: '2025-03-12T10:00:00.000Z',
  }
}
