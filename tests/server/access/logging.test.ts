// @vitest-environment node
/**
 * Log redaction (server/logging.ts): the lines the server writes never carry a survey-link token (API
 * query `?t=`, page path `/online/{token}`), an ID token, an authorization code, a fiscal code (omocodic
 * included) nor the parameters of a failed query (names, answers); what helps diagnosis stays.
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { redactSensitive, withoutQueryParams } from '../../../server/logging'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'

const TOKEN = 'Zx9_segretissimo-Q1w2E3r4T5y6U7i8O9p0AsDfGhJkL'
const CF = 'RSSMRA85M01H501Q'
const CF_OMOCODIC = 'RSSMRA85M01H50MQ'
const ID = '0b6c4a52-3f0e-4c1f-9d7e-2f5a8e1c7b90'

class Capture {
  lines: string[] = []
  write(line: string) {
    this.lines.push(line)
  }
  get text() {
    return this.lines.join('')
  }
}

describe('redactSensitive', () => {
  it.each([
    [`/api/servizio/cittadino/questionarioCompilato/${ID}/anonimo?t=${TOKEN}`, `/api/servizio/cittadino/questionarioCompilato/${ID}/anonimo?t=[redatto]`],
    [`/api/x/compila/anonimo?a=1&t=${TOKEN}&b=2`, '/api/x/compila/anonimo?a=1&t=[redatto]&b=2'],
    [`/servizi/questionario/${ID}/online/${TOKEN}`, `/servizi/questionario/${ID}/online/[redatto]`],
    [`/servizi/questionario/${ID}/online/${TOKEN}?x=1`, `/servizi/questionario/${ID}/online/[redatto]?x=1`],
    ['/auth?code=abc123DEF&state=s1', '/auth?code=[redatto]&state=s1'],
    ['/oidc/session/end?id_token_hint=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln&post_logout_redirect_uri=x', '/oidc/session/end?id_token_hint=[redatto]&post_logout_redirect_uri=x'],
    ['Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl end', 'Bearer [redatto] end'],
    [`cf=${CF}`, 'cf=[redatto]'],
    [`TINIT-${CF}`, 'TINIT-[redatto]'],
    [`utente ${CF.toLowerCase()} trovato`, 'utente [redatto] trovato'],
    [`omocodico ${CF_OMOCODIC}.`, 'omocodico [redatto].'],
    [`{"msg":"riga\\n${CF} fine"}`, '{"msg":"riga\\n[redatto] fine"}'],
  ])('%s', (input, expected) => expect(redactSensitive(input)).toBe(expected))

  it('leaves what is not a secret alone', () => {
    for (const text of [
      `/api/servizio/cittadino/questionarioCompilato/${ID}/anonimo`,
      '/oidc/auth?client_id=punto-digitale&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&state=abc',
      '/api/servizio/all?currPage=0&pageSize=10',
      'PUNTODIGITALE2025 req-1a incoming request',
    ]) expect(redactSensitive(text)).toBe(text)
  })
})

describe('server log lines', () => {
  let server: TestServer
  let failing: FastifyInstance
  const log = new Capture()
  const failingLog = new Capture()
  let queryError: unknown

  beforeAll(async () => {
    server = await createTestServer({ env: { LOG_LEVEL: 'info' }, logStream: log })
    // the same configuration and database, plus a route whose query fails with names and answers as parameters
    failing = await buildApp({ config: server.config, database: server.database, logStream: failingLog })
    failing.post('/api/prova/query-fallita', { config: { access: { kind: 'public' } } }, async () => {
      try {
        await server.database.db.execute(sql`select ${'Mario Rossi'}::integer as nome, ${'Passaparola'} as risposta, ${CF} as cf`)
      } catch (err) {
        queryError = err
        throw err
      }
      return {}
    })
    await failing.ready()
  })
  afterAll(async () => {
    await failing?.close()
    await server?.close()
  })

  it('redact the survey token of the anonymous API and of the page URL', async () => {
    await server.app.inject({ url: `/api/servizio/cittadino/questionarioCompilato/${ID}/anonimo?t=${TOKEN}`, headers: { host: TEST_HOST } })
    await server.app.inject({ method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${ID}/compila/anonimo?t=${TOKEN}`, headers: { host: TEST_HOST }, payload: {} })
    await server.app.inject({ url: `/servizi/questionario/${ID}/online/${TOKEN}`, headers: { host: TEST_HOST, accept: 'text/html' } })
    expect(log.text).toContain('incoming request')
    expect(log.text).toContain(`/anonimo?t=[redatto]`)
    expect(log.text).toContain(`/online/[redatto]`)
    expect(log.text).not.toContain(TOKEN)
    expect(log.text).not.toContain(TOKEN.slice(0, 12))
  })

  it('redact fiscal codes and ID tokens anywhere in a request URL', async () => {
    const idToken = await server.signIdToken('RMNSRA92E51A944H')
    await server.app.inject({ url: `/api/non-esiste?cf=${CF}&altro=${CF_OMOCODIC.toLowerCase()}`, headers: { host: TEST_HOST } })
    await server.app.inject({ url: `/oidc/session/end?id_token_hint=${idToken}`, headers: { host: TEST_HOST } })
    expect(log.text).not.toContain(CF)
    expect(log.text.toLowerCase()).not.toContain(CF_OMOCODIC.toLowerCase())
    expect(log.text).not.toContain(idToken.split('.')[1]!)
    expect(log.text).not.toContain('RMNSRA92E51A944H')
    expect(log.text).toContain('cf=[redatto]')
  })

  it('drop the parameters of a failed query (names, answers) and keep the query', async () => {
    const res = await failing.inject({ method: 'POST', url: '/api/prova/query-fallita', headers: { host: TEST_HOST }, payload: {} })
    // an unreadable value is the caller's mistake: 400 G02 (server/app.ts), logged as a warning
    expect(res.statusCode).toBe(400)
    // the error itself carries them (this is what used to be logged)
    expect(queryError).toMatchObject({ params: ['Mario Rossi', 'Passaparola', CF] })
    expect(String((queryError as Error).message)).toContain('Mario Rossi')

    const line = failingLog.lines.find((l) => l.includes('input refused by the database'))
    expect(line).toBeDefined()
    const entry = JSON.parse(line!) as { err: { message: string; stack: string; params?: unknown; type: string } }
    expect(entry.err.message).toContain('Failed query: select $1::integer as nome')
    expect(entry.err.message).toContain('params: [redatto]')
    expect(entry.err.params).toBe('[redatto]')
    // the database error quotes the value it could not read: redacted too
    expect(entry.err.message).toContain('invalid input syntax for type integer: "[redatto]"')
    for (const secret of ['Mario Rossi', 'Passaparola', CF]) expect(failingLog.text).not.toContain(secret)
  })

  it('leave the logged error itself untouched', () => {
    const cause = Object.assign(new Error('null value in column "nome" violates not-null constraint'), { code: '23502', severity: 'ERROR', detail: 'Failing row contains (1, Mario, null).', table: 'cittadino' })
    const err = Object.assign(new Error('Failed query: insert into "cittadino"\nparams: Mario'), { params: ['Mario'], cause })
    const copy = withoutQueryParams(err) as Error & { params: unknown; cause: Error & { detail: string; table: string } }
    expect(copy).toBeInstanceOf(Error)
    expect(copy.message).toBe('Failed query: insert into "cittadino"\nparams: [redatto]')
    expect(copy.params).toBe('[redatto]')
    expect(copy.cause.message).toBe('null value in column "[redatto]" violates not-null constraint')
    expect(copy.cause.detail).toBe('[redatto]')
    expect(copy.cause.table).toBe('cittadino')
    expect(err.params).toEqual(['Mario'])
    expect(err.message).toContain('Mario')
    expect(cause.detail).toContain('Mario')
  })
})
