/**
 * Server-side access control seen from outside (issue 2 "Done when"): `/api` without a token, with a
 * forged token, or with a role the user does not hold answers 401 JSON with an `errorCode`.
 */
import { expect, test, type APIResponse } from '@playwright/test'
import { USERS, jwtPayload, login, readIdToken } from './helpers'

async function expectError(res: APIResponse, status: number, code?: string): Promise<void> {
  expect(res.status()).toBe(status)
  expect(res.headers()['content-type'] ?? '').toMatch(/application\/json/)
  const body = (await res.json()) as { errorCode?: unknown; message?: unknown }
  expect(typeof body.errorCode).toBe('string')
  expect(typeof body.message).toBe('string')
  if (code) expect(body.errorCode).toBe(code)
}

/** Same header and signature, another payload: a token nobody signed. */
function forge(token: string, patch: Record<string, unknown>): string {
  const [header, , signature] = token.split('.')
  const payload = Buffer.from(JSON.stringify({ ...jwtPayload(token), ...patch })).toString('base64url')
  return `${header}.${payload}.${signature}`
}

test('POST /api/contesto without a token: 401 JSON', async ({ request }) => {
  await expectError(await request.post('/api/contesto', { data: {} }), 401, 'A07')
})

test('forged and malformed tokens: 401 JSON', async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  const token = await readIdToken(page)
  expect(String(jwtPayload(token).fiscalNumber ?? '')).toContain(USERS.fac.cf)

  // sanity: the genuine token is accepted
  const ok = await request.post('/api/contesto', { data: {}, headers: { authToken: token } })
  expect(ok.status()).toBe(200)
  expect(((await ok.json()) as { codiceFiscale: string }).codiceFiscale).toBe(USERS.fac.cf)

  const forged = forge(token, { fiscalNumber: `TINIT-${USERS.dtd.cf}` })
  await expectError(await request.post('/api/contesto', { data: {}, headers: { authToken: forged } }), 401, 'A08')
  await expectError(await request.post('/api/contesto', { data: {}, headers: { authToken: 'not-a-jwt' } }), 401, 'A08')
  const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`
  await expectError(await request.post('/api/contesto', { data: {}, headers: { authToken: unsigned } }), 401, 'A08')
})

test('a valid FAC token with a role the user does not hold: 401 A09', async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  const token = await readIdToken(page)
  const res = await request.post('/api/contesto/sceltaProfilo', {
    headers: { authToken: token, userRole: 'DTD' },
    data: { codiceRuolo: 'DTD', idProgramma: null, idProgetto: null, idEnte: null },
  })
  await expectError(res, 401, 'A09')
  // missing userRole on a role-scoped route is refused the same way
  await expectError(
    await request.post('/api/contesto/sceltaProfilo', {
      headers: { authToken: token },
      data: { codiceRuolo: 'FAC', idProgramma: null, idProgetto: null, idEnte: null },
    }),
    401,
    'A09',
  )
})
