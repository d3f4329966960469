// @vitest-environment node
/**
 * Regression cases of security issue 6, item 9 ("5xx from bad input"): each listed defect answered 500
 * before the fix and must now answer 4xx `{errorCode, message}` with a catalogue code:
 * - NUL bytes (`\u0000`) in any string of a body, a query or a path parameter (PostgreSQL refuses them);
 * - integers beyond 32 bits (or beyond 2^53, or not integers) in ids of bodies and paths;
 * - question ids named `__proto__`, `constructor`, `toString` in a survey section (Q3 and Q4);
 * - a 5,000-deep JSON body with an `Idempotency-Key` (canonical hashing overflowed the stack), both on an
 *   authenticated write and on the public anonymous survey endpoint (no authentication needed);
 * - found by the fuzz test (tests/server/fuzz/routes.test.ts): a survey section string nesting its answers
 *   5,000 levels deep (serialising the answers overflowed the stack).
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { encodeSection } from '../../../server/domain/survey-codec'
import { SEZIONI_QUESTIONARIO } from '../../../src/api/contract/enums'
import { createTestServer, TEST_HOST, type TestServer } from '../helpers'
import { actor, call, CF, createService, DEMOGRAFICA, firstSite, fiscalCodeAged, named, q3Section, servizioBody, type Actor } from '../field/fixtures'

const NUL = '\u0000'
const Q4 = (props: Record<string, string[]>) => encodeSection({ id: SEZIONI_QUESTIONARIO.Q4.id, title: SEZIONI_QUESTIONARIO.Q4.titolo, properties: props })
/** A Q4 (or Q3) section whose question id is `name`, written by hand (encodeSection would build it the same way). */
const sectionWithQuestion = (sectionId: string, name: string) =>
  `{"id":${JSON.stringify(sectionId)},"title":"x","properties":[{'${name}':['Passaparola']},{'29':['Passaparola']}]}`
/** JSON nested `depth` levels: `{"a":{"a":…{}…}}`. */
const deepJson = (depth: number) => '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth)

/** 4xx with a catalogue-shaped body. */
function expectClientError(res: LightMyRequestResponse, status?: number, code = 'G02') {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status)
  expect(res.json()).toMatchObject({ errorCode: code, message: expect.any(String) })
}

describe('issue 6 item 9: bad input answers 4xx, never 5xx', () => {
  let server: TestServer
  let sara: Actor
  let dtd: Actor
  let site: number
  let idServizio: number
  let idQuestionario: string
  let anonQuestionario: string
  let anonToken: string

  beforeAll(async () => {
    server = await createTestServer()
    sara = await actor(server, CF.SARA, 'FAC')
    dtd = await actor(server, CF.DTD, 'DTD')
    site = await firstSite(server, sara)
    idServizio = await createService(server, sara, { nomeServizio: named('Fuzz regressioni'), data: '2025-03-12' })
    const add = async () => {
      const res = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, {
        body: { codiceFiscale: fiscalCodeAged(35), nuovoCittadino: true, ...DEMOGRAFICA },
      })
      if (res.statusCode !== 201) throw new Error(`add citizen: ${res.statusCode} ${res.body}`)
      return (res.json() as { idQuestionario: string }).idQuestionario
    }
    idQuestionario = await add()
    anonQuestionario = await add()
    const link = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/invia`)
    anonToken = (link.json() as { token: string }).token
  })
  afterAll(() => server?.close())

  describe('NUL bytes', () => {
    it('in a body string of a write (service name, types, Q3 answers)', async () => {
      const create = (over: Record<string, unknown>) => call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { data: '2025-03-13', ...over }) })
      expectClientError(await create({ nomeServizio: `Sportello${NUL}IO` }), 400)
      expectClientError(await create({ tipoDiServizioPrenotato: [`Facilitazione${NUL}`] }), 400)
      expectClientError(await create({ sezioneQuestionarioCompilatoQ3: q3Section({ descrizione: `a${NUL}b` }) }), 400)
    })

    it('in a filter of a list, in a search and in a key of the body', async () => {
      expectClientError(await call(server, sara, 'POST', '/api/servizio/all', { body: { filtroRequest: { criterioRicerca: `x${NUL}` } } }), 400)
      expectClientError(await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: `AB${NUL}CD`, tipoDocumento: 'NUM_DOC' } }), 400)
      expectClientError(await call(server, sara, 'POST', '/api/servizio/all', { body: { [`k${NUL}`]: 1 } }), 400)
    })

    it('in a survey answer (jsonb refuses \\u0000), facilitator and anonymous', async () => {
      const q4 = Q4({ '29': [`Passaparola${NUL}`] })
      expectClientError(await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: q4 } }), 400)
      const anon = await server.app.inject({
        method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/compila/anonimo?t=${anonToken}`,
        headers: { host: TEST_HOST }, payload: { sezioneQ4Questionario: q4 },
      })
      expectClientError(anon, 400)
    })

    it('in the query and in a path parameter', async () => {
      expectClientError(await call(server, sara, 'POST', '/api/servizio/all', { query: 'currPage=0' }).then(() =>
        server.app.inject({ method: 'POST', url: '/api/servizio/all?currPage=%00', headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' }, payload: sara.ids })), 400)
      const anon = await server.app.inject({ method: 'GET', url: `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/anonimo?t=a%00b`, headers: { host: TEST_HOST } })
      expectClientError(anon, 400)
      const path = await server.app.inject({ method: 'POST', url: '/api/servizio/1%00/schedaDettaglio', headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC' }, payload: sara.ids })
      expectClientError(path, 400)
    })

    it('in the login-context registration body (a token route)', async () => {
      const res = await call(server, { ...dtd, role: '' }, 'POST', '/api/contesto/confermaIntegrazione', {
        body: { nome: `Giu${NUL}lia`, cognome: 'Ferrari', email: 'giulia@example.it', telefono: '3331234567', abilitazioneConsensoTrattamentoDatiPersonali: true },
      })
      expectClientError(res, 400)
    })
  })

  describe('ids out of range', () => {
    const HUGE = [2 ** 31, 2 ** 32, 2 ** 40, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e300]

    it('a site id beyond 32 bits in a service body', async () => {
      for (const id of HUGE) {
        expectClientError(await call(server, sara, 'POST', '/api/servizio', { body: servizioBody(sara, site, { idSedeServizio: id, data: '2025-03-14' }) }))
        expectClientError(await call(server, sara, 'PUT', `/api/servizio/${idServizio}`, { body: servizioBody(sara, site, { idSedeServizio: id, data: '2025-03-14' }) }))
      }
    })

    it('a citizen id beyond 32 bits, a float or a negative in an addition and in a search', async () => {
      for (const id of [...HUGE, 1.5, -3]) {
        const add = await call(server, sara, 'POST', `/api/servizio/cittadino/${idServizio}`, { body: { idCittadino: id, nuovoCittadino: false } })
        // a bare id attaches nobody (U27, security item 1) — out of range, it is refused by the contract (G02)
        expectClientError(add, 400, (add.json() as { errorCode: string }).errorCode === 'U27' ? 'U27' : 'G02')
        const search = await call(server, sara, 'POST', '/api/servizio/cittadino', { body: { criterioRicerca: 'ZZZZZ', tipoDocumento: 'CF', idServizio: id } })
        expectClientError(search, 400)
      }
    })

    it('profile ids beyond 32 bits or not integers for an unscoped role', async () => {
      for (const id of [...HUGE, 1.5, -1]) {
        const res = await call(server, dtd, 'POST', `/api/questionarioTemplate/programma/1`, { body: { idProgramma: id } })
        // a float can match no profile: access control refuses it first (403 A10, fail closed)
        expectClientError(res, Number.isInteger(id) ? 400 : 403, Number.isInteger(id) ? 'G02' : 'A10')
      }
    })

    it('path ids beyond 32 bits, beyond 2^53, negative or not integers', async () => {
      for (const id of ['2147483648', '4294967296', '9007199254740993', '99999999999999999999999', '-1', '1.5', '1e3', '0x10', 'abc']) {
        for (const url of [`/api/servizio/${id}/schedaDettaglio`, `/api/servizio/cittadino/${id}`, `/api/servizio/cittadino/all/${id}`, `/api/questionarioTemplate/programma/${id}`]) {
          const res = await call(server, sara, 'POST', url, { body: url.includes('/cittadino/') && !url.includes('/all/') ? { idCittadino: 1, nuovoCittadino: false } : {} })
          expectClientError(res, 400)
        }
        expectClientError(await call(server, sara, 'PUT', `/api/servizio/${id}`, { body: servizioBody(sara, site) }), 400)
        expectClientError(await call(server, sara, 'DELETE', `/api/servizio/${id}`), 400)
      }
    })
  })

  describe('question ids named like Object.prototype members', () => {
    const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']

    it('in Q3 of a service create', async () => {
      for (const name of NAMES) {
        const res = await call(server, sara, 'POST', '/api/servizio', {
          body: servizioBody(sara, site, { data: '2025-03-15', nomeServizio: named(`Proto ${name}`), sezioneQuestionarioCompilatoQ3: sectionWithQuestion(SEZIONI_QUESTIONARIO.Q3.id, name) }),
        })
        expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500)
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ errorCode: expect.any(String), message: expect.any(String) })
      }
    })

    it('in Q4 of the facilitator compile and of the anonymous compile', async () => {
      for (const name of NAMES) {
        const q4 = sectionWithQuestion(SEZIONI_QUESTIONARIO.Q4.id, name)
        const own = await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: q4 } })
        expectClientError(own, 400)
        const anon = await server.app.inject({
          method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/compila/anonimo?t=${anonToken}`,
          headers: { host: TEST_HOST }, payload: { sezioneQ4Questionario: q4 },
        })
        expectClientError(anon, 400)
      }
    })
  })

  describe('survey sections nested deeply inside their string (found by the fuzz test)', () => {
    const deepSection = (sectionId: string) => `{"id":"${sectionId}","properties":[{"29":${'['.repeat(5000)}${']'.repeat(5000)}}]}`

    it('in Q3 of a service create and in Q4 of both compiles', async () => {
      const create = await call(server, sara, 'POST', '/api/servizio', {
        body: servizioBody(sara, site, { data: '2025-03-16', sezioneQuestionarioCompilatoQ3: deepSection(SEZIONI_QUESTIONARIO.Q3.id) }),
      })
      expectClientError(create, 400)
      const q4 = deepSection(SEZIONI_QUESTIONARIO.Q4.id)
      expectClientError(await call(server, sara, 'POST', `/api/servizio/cittadino/questionarioCompilato/${idQuestionario}/compila`, { body: { sezioneQ4Questionario: q4 } }), 400, 'A04')
      const anon = await server.app.inject({
        method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/compila/anonimo?t=${anonToken}`,
        headers: { host: TEST_HOST }, payload: { sezioneQ4Questionario: q4 },
      })
      expectClientError(anon, 400, 'A04')
    })
  })

  describe('deeply nested JSON with an Idempotency-Key', () => {
    it('on an authenticated write', async () => {
      const res = await server.app.inject({
        method: 'POST', url: '/api/servizio',
        headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC', 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        payload: deepJson(5000),
      })
      expectClientError(res, 400)
    })

    it('on the public anonymous survey endpoint, without any authentication', async () => {
      for (const t of ['qualsiasi', anonToken]) {
        const res = await server.app.inject({
          method: 'POST', url: `/api/servizio/cittadino/questionarioCompilato/${anonQuestionario}/compila/anonimo?t=${t}`,
          headers: { host: TEST_HOST, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          payload: deepJson(5000),
        })
        expectClientError(res, 400)
      }
    })

    it('an array nesting too, and a moderate depth is still accepted', async () => {
      const arrays = await server.app.inject({
        method: 'POST', url: '/api/servizio/all',
        headers: { host: TEST_HOST, authToken: sara.token, userRole: 'FAC', 'content-type': 'application/json' },
        payload: `{"filtroRequest":{"stato":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      })
      expectClientError(arrays, 400)
      const shallow = await call(server, sara, 'POST', '/api/servizio/all', { body: { filtroRequest: { criterioRicerca: named('nessuno') }, extra: JSON.parse(deepJson(20)) as unknown } })
      expect(shallow.statusCode, shallow.body).toBe(200)
    })
  })

  it('keeps serving after all of the above', async () => {
    const ready = await server.app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: TEST_HOST } })
    expect(ready.statusCode).toBe(200)
    const card = await call(server, sara, 'POST', `/api/servizio/${idServizio}/schedaDettaglio`)
    expect(card.statusCode, card.body).toBe(200)
  })
})
