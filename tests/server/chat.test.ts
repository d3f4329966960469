// @vitest-environment node
/**
 * Chat token route (spec 001 §2 "Chat", §7; issue 12 point 8): with CHAT_URL the server asks a
 * Rocket.Chat (here a tiny fake HTTP server) for the caller's login token with the administrator's
 * credentials; another user's id is refused; a refusing or absent chat answers 502; without CHAT_URL
 * the route answers 404 C01 and the runtime config tells the app there is no chat.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrincipalLoader } from '../../server/domain/principal'
import { apiCall, createTestServer, TEST_HOST, type TestServer } from './helpers'

const LAURA_REG_LOM = 'CNTLRA75H61F205P'
let fake: Server
let fakeUrl: string
const seen: { headers: IncomingMessage['headers']; body: unknown; url?: string }[] = []
let refuse = false

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => { raw += String(c) })
    req.on('end', () => {
      seen.push({ headers: req.headers, body: JSON.parse(raw || '{}'), url: req.url })
      res.setHeader('content-type', 'application/json')
      if (refuse) { res.statusCode = 400; res.end(JSON.stringify({ success: false, error: 'User not found' })); return }
      res.end(JSON.stringify({ data: { userId: 'u1', authToken: 'tok-123' }, success: true }))
    })
  })
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()))
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => fake.close(() => r())))

async function laura(server: TestServer) {
  const principal = (await createPrincipalLoader(server.database.db)(LAURA_REG_LOM))!
  const p = principal.profili.find((x) => x.codiceRuolo === 'REG')!
  return { token: await server.signIdToken(LAURA_REG_LOM), id: principal.userId, body: { idProgramma: p.idProgramma } }
}

describe('chat configured', () => {
  let server: TestServer
  beforeAll(async () => { server = await createTestServer({ env: { CHAT_URL: fakeUrl, CHAT_ADMIN_USER: 'admin-id', CHAT_ADMIN_TOKEN: 'admin-secret' } }) })
  afterAll(() => server?.close())

  it('returns the login token asked of Rocket.Chat with the admin credentials, for the caller only', async () => {
    const me = await laura(server)
    const res = await apiCall(server.app, { url: `/api/rocket-chat/auth/iframe/utente/${me.id}`, token: me.token, role: 'REG', body: me.body })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ data: { authToken: 'tok-123' } })
    const call = seen.at(-1)!
    expect(call.url).toBe('/api/v1/users.createToken')
    expect(call.headers['x-user-id']).toBe('admin-id')
    expect(call.headers['x-auth-token']).toBe('admin-secret')
    expect(call.body).toEqual({ username: LAURA_REG_LOM.toLowerCase() })
    const other = await apiCall(server.app, { url: `/api/rocket-chat/auth/iframe/utente/${me.id + 1}`, token: me.token, role: 'REG', body: me.body })
    expect(other.statusCode).toBe(403)
    const cfg = (await server.app.inject({ method: 'GET', url: '/app-config.json', headers: { host: TEST_HOST } })).json() as { chatUrl: string | null }
    expect(cfg.chatUrl).toBe(fakeUrl)
  })

  it('a refusal of the chat answers 502 RC02', async () => {
    const me = await laura(server)
    refuse = true
    try {
      const res = await apiCall(server.app, { url: `/api/rocket-chat/auth/iframe/utente/${me.id}`, token: me.token, role: 'REG', body: me.body })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({ errorCode: 'RC02' })
    } finally {
      refuse = false
    }
  })
})

describe('chat not configured', () => {
  let server: TestServer
  beforeAll(async () => { server = await createTestServer() })
  afterAll(() => server?.close())

  it('answers 404 C01 and the runtime config has no chat', async () => {
    const me = await laura(server)
    const res = await apiCall(server.app, { url: `/api/rocket-chat/auth/iframe/utente/${me.id}`, token: me.token, role: 'REG', body: me.body })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ errorCode: 'C01' })
    const cfg = (await server.app.inject({ method: 'GET', url: '/app-config.json', headers: { host: TEST_HOST } })).json() as { chatUrl: string | null }
    expect(cfg.chatUrl).toBeNull()
  })
})
