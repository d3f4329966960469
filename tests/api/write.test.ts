/**
 * The one client write (src/api/write.ts) and the one error text (src/api/error-message.ts), issue 26
 * point 4: a successful write invalidates exactly the keys it names (targeted, not every query), a failed
 * one invalidates nothing, toasts as asked and rejects with ApiCallError; the page's text of a failure is
 * the catalogue's (programme pages) or the action's wording (template pages); a 409 V01 (issue 27) toasts nothing and
 * carries `corrente` and `modificatoIl` for the conflict view.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn() }))

import { ApiCallError } from '../../src/api/client'
import { messaggioErrore } from '../../src/api/error-message'
import { resetErrorCatalogueForTests } from '../../src/api/errors-catalogue'
import { queryClient } from '../../src/api/query'
import { rootKeys } from '../../src/api/query-keys'
import { write } from '../../src/api/write'
import { dismissToast, getToasts } from '../../src/ui/stores/toasts'
import { installFetch, json } from '../auth/helpers'

const CATALOGUE = { errors: { EN09: { titolo: 'OPERAZIONE NON CONSENTITA', descrizione: 'La sede non può essere modificata.' } } }
const Id = v.object({ id: v.number() })

/** Seeds one successful query under each key and returns a reader of which are invalidated. */
function seed(keys: readonly (readonly unknown[])[]) {
  for (const k of keys) queryClient.setQueryData(k, { seeded: true })
  return () => keys.filter((k) => queryClient.getQueryState(k)?.isInvalidated === true).map((k) => k.join('/'))
}

const KEYS = [['sedi', 'scheda', 7], ['enti', 'lista', { page: 1 }], ['community', 'comments', 3], ['notifiche', 'list', {}]] as const

beforeEach(() => {
  localStorage.clear()
  queryClient.clear()
  for (const t of getToasts()) dismissToast(t.id)
  resetErrorCatalogueForTests()
})
afterEach(() => vi.unstubAllGlobals())

describe('write', () => {
  it('sends the profile ids and the body, answers the parsed answer and invalidates only the given prefixes', async () => {
    const { calls } = installFetch({ 'PUT /api/sede/7': () => json(200, { id: 7 }) })
    const invalidated = seed(KEYS)
    const out = await write({ method: 'put', path: 'sede/7', body: { nome: 'Sede' }, schema: Id, invalidate: [rootKeys.sedi, rootKeys.enti] })
    expect(out).toEqual({ id: 7 })
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body)).toEqual({ idProgramma: null, idProgetto: null, idEnte: null, nome: 'Sede' })
    expect(invalidated()).toEqual(['sedi/scheda/7', 'enti/lista/[object Object]'])
  })

  it('invalidates nothing with an empty list, and sends no body when asked for none', async () => {
    const { calls } = installFetch({ 'DELETE /api/ruolo/X': () => json(200, { id: 1 }) })
    const invalidated = seed(KEYS)
    await write({ method: 'delete', path: 'ruolo/X', schema: Id, invalidate: [], withProfile: false, toast: 'catalogue' })
    expect(calls.find((c) => c.method === 'DELETE')!.body).toBe('')
    expect(invalidated()).toEqual([])
  })

  it('on failure invalidates nothing, rejects with ApiCallError and toasts the catalogue message', async () => {
    installFetch({
      'GET /data/errors.json': () => json(200, CATALOGUE),
      'POST /api/sede': () => json(400, { errorCode: 'EN09', message: 'Sede già associata' }),
    })
    const invalidated = seed(KEYS)
    const err = await write({ method: 'post', path: 'sede', body: {}, schema: Id, invalidate: [rootKeys.sedi], toast: 'catalogue' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiCallError)
    expect(err).toMatchObject({ status: 400, errorCode: 'EN09' })
    expect(invalidated()).toEqual([])
    expect(getToasts()).toHaveLength(1)
    expect(getToasts()[0]).toMatchObject({ title: 'OPERAZIONE NON CONSENTITA', message: 'La sede non può essere modificata. (errore EN09)' })
  })

  it("toast 'none' shows nothing: the page shows the text", async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE), 'POST /api/sede': () => json(400, { errorCode: 'EN09' }) })
    await write({ method: 'post', path: 'sede', schema: Id, invalidate: [], toast: 'none' }).catch(() => undefined)
    expect(getToasts()).toHaveLength(0)
  })
  it('a stale edit (409 V01, issue 27) makes no toast and keeps the current record and its time on the error', async () => {
    const corrente = { id: 7, nome: 'Sede di altri', versione: 4 }
    installFetch({
      'GET /data/errors.json': () => json(200, CATALOGUE),
      'PUT /api/sede/7': () => json(409, { errorCode: 'V01', message: 'Il record è stato modificato da altri', corrente, modificatoIl: '2026-11-28T09:05:00.000Z' }),
    })
    const err = await write({ method: 'put', path: 'sede/7', body: { versione: 3 }, schema: Id, invalidate: [], toast: 'catalogue' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 409, errorCode: 'V01', corrente, modificatoIl: '2026-11-28T09:05:00.000Z' })
    expect(getToasts()).toHaveLength(0)
  })
})

describe('messaggioErrore', () => {
  const http = (status: number, code: string | null, message: string) => new ApiCallError(status, code, message, 'http', { fromServer: true })
  const rete = new ApiCallError(0, null, 'Network error', 'network')

  it("without an action: the catalogue's title and description with the code", async () => {
    installFetch({ 'GET /data/errors.json': () => json(200, CATALOGUE) })
    expect(await messaggioErrore(http(400, 'EN09', 'x'))).toBe('OPERAZIONE NON CONSENTITA: La sede non può essere modificata. (errore EN09)')
    expect(await messaggioErrore(http(400, 'ZZ99', 'Motivo del server'))).toBe('Motivo del server (errore ZZ99)')
    expect(await messaggioErrore(rete)).toBe('Non è stato possibile raggiungere il server. Controlla la connessione e riprova.')
    expect(await messaggioErrore(new Error('boom'))).toBe('Si è verificato un errore. Ti invitiamo a riprovare più tardi.')
  })

  it("with an action: the server's reason, the profile's refusal, the action's wording", async () => {
    const azione = 'eliminare il questionario'
    expect(await messaggioErrore(http(400, 'QT01', 'Il questionario è in uso'), azione)).toBe('Il questionario è in uso')
    expect(await messaggioErrore(http(403, 'A01', 'vietato'), azione)).toBe('Il tuo profilo non consente di eliminare il questionario.')
    expect(await messaggioErrore(rete, azione)).toBe('Non è stato possibile eliminare il questionario: controlla la connessione e riprova.')
    expect(await messaggioErrore(http(500, null, 'Request failed with status code 500'), azione)).toBe('Non è stato possibile eliminare il questionario. Riprova.')
  })
})
