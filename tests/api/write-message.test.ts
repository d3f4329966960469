/**
 * Administrative writes (src/api/write.ts, `toast: 'server'`) toast the server's message, written for the action:
 * U20 in a manager's form ('Nessun utente ha questo codice fiscale…') must not read as the catalogue's
 * login wording ('Il tuo codice fiscale non risulta associato…'); the catalogue's title and code stay.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

vi.mock('../../src/auth/logout', () => ({ logout: vi.fn(async () => undefined), onLogout: vi.fn() }))
vi.mock('../../src/auth/navigation', () => ({ navigateTo: vi.fn(), redirectBrowser: vi.fn(), registerNavigator: vi.fn() }))

import { ApiCallError } from '../../src/api/client'
import { resetErrorCatalogueForTests } from '../../src/api/errors-catalogue'
import { write } from '../../src/api/write'
import { dismissToast, getToasts } from '../../src/ui/stores/toasts'
import { installFetch, json } from '../auth/helpers'

const CATALOGUE = { errors: { U20: { titolo: 'UTENTE NON REGISTRATO', descrizione: 'Il tuo codice fiscale non risulta associato ad alcun utente della piattaforma.' } } }
const SERVER = 'Nessun utente ha questo codice fiscale: crealo prima dalla sezione Utenti.'
const Id = v.object({ id: v.number() })

beforeEach(() => {
  localStorage.clear()
  for (const t of getToasts()) dismissToast(t.id)
  resetErrorCatalogueForTests()
})
afterEach(() => vi.unstubAllGlobals())

describe('write error toast', () => {
  it("shows the server's message for the action, with the catalogue's title and code", async () => {
    installFetch({
      'GET /data/errors.json': () => json(200, CATALOGUE),
      'POST /api/sede/associa/facilitatore': () => json(404, { errorCode: 'U20', message: SERVER }),
    })
    const err = await write({ method: 'post', path: 'sede/associa/facilitatore', body: { codiceFiscaleUtente: 'X' }, schema: Id, invalidate: [] }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiCallError)
    expect(err).toMatchObject({ status: 404, errorCode: 'U20', fromServer: true })
    const toasts = getToasts()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ title: 'UTENTE NON REGISTRATO', message: `${SERVER} (errore U20)` })
    expect(toasts[0]?.message).not.toMatch(/Il tuo codice fiscale/)
  })

  it("falls back to the catalogue's description when the answer has no message", async () => {
    installFetch({
      'GET /data/errors.json': () => json(200, CATALOGUE),
      'POST /api/sede/associa/facilitatore': () => json(404, { errorCode: 'U20' }),
    })
    await write({ method: 'post', path: 'sede/associa/facilitatore', schema: Id, invalidate: [] }).catch(() => undefined)
    expect(getToasts()[0]?.message).toBe('Il tuo codice fiscale non risulta associato ad alcun utente della piattaforma. (errore U20)')
  })
})
