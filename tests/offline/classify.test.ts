import { describe, expect, it } from 'vitest'
import { HTTPError, NetworkError, TimeoutError } from 'ky'
import { ApiCallError, toApiCallError } from '../../src/api/client'
import { classifyFailure, stopsTheRun, type FailureClass } from '../../src/lib/failure-classify'
import { InvalidAnswerError } from '../../src/offline/handlers'

const http = (status: number, code: string | null = null, message = 'msg') => new ApiCallError(status, code, message, 'http')

function kyHttpError(status: number, data: unknown): HTTPError {
  const request = new Request('http://localhost/api/servizio', { method: 'POST' })
  const response = new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
  const err = new HTTPError(response, request, {} as never)
  ;(err as unknown as { data: unknown }).data = data
  return err
}

describe('failure classifier', () => {
  const table: [string, unknown, FailureClass, string][] = [
    ['network (ApiCallError)', new ApiCallError(0, null, 'Network error', 'network'), 'retry', 'network'],
    ['timeout (ApiCallError)', new ApiCallError(0, null, 'Timeout', 'timeout'), 'retry', 'timeout'],
    ['500 G01', http(500, 'G01'), 'retry', 'server'],
    ['501', http(501), 'retry', 'server'],
    ['502', http(502), 'retry', 'unavailable'],
    ['503 G04', http(503, 'G04'), 'retry', 'unavailable'],
    ['504', http(504), 'retry', 'unavailable'],
    ['408', http(408), 'retry', 'timeout'],
    ['429', http(429), 'retry', 'rate-limit'],
    ['409 G06 (same key in flight)', http(409, 'G06'), 'retry', 'in-progress'],
    ['401', http(401), 'auth', 'unauthorized'],
    ['403 A02', http(403, 'A02', 'Il tuo profilo non consente di accedere a questa risorsa.'), 'attention', 'forbidden'],
    ['400 G02', http(400, 'G02', "Il campo 'data' è obbligatorio"), 'attention', 'validation'],
    ['422 G05 (key reused for another request)', http(422, 'G05'), 'attention', 'validation'],
    ['422 A06', http(422, 'A06', 'La data è fuori dal periodo del progetto'), 'attention', 'validation'],
    ['404', http(404, 'C01'), 'attention', 'not-found'],
    ['409 S10 duplicate service', http(409, 'S10', 'Esiste già un servizio identico per la stessa data.'), 'attention', 'conflict'],
    ['409 U23 citizen already on the service', http(409, 'U23'), 'attention', 'conflict'],
    ['409 Q02 already compiled', http(409, 'Q02'), 'attention', 'conflict'],
    ['410', http(410), 'attention', 'client'],
    ['413 G02 body over the limit', http(413, 'G02', 'La richiesta supera la dimensione massima accettata (1 MB): riduci i dati o gli allegati e riprova.'), 'attention', 'too-large'],
    ['413 CO05 file over the limit', http(413, 'CO05', 'Il file supera la dimensione massima di 10 MB.'), 'attention', 'too-large'],
    ['2xx not matching the schema (ApiCallError validation)', new ApiCallError(200, null, 'Risposta non valida', 'validation'), 'attention', 'invalid-answer'],
    ['2xx not matching the schema (InvalidAnswerError)', new InvalidAnswerError([{ message: 'x' }]), 'attention', 'invalid-answer'],
    ['fetch TypeError', new TypeError('Failed to fetch'), 'retry', 'network'],
    ['DOMException AbortError', new DOMException('aborted', 'AbortError'), 'retry', 'network'],
    ['DOMException TimeoutError (AbortSignal.timeout)', new DOMException('signal timed out', 'TimeoutError'), 'retry', 'timeout'],
    ['ApiCallError unknown wrapping a TimeoutError', new ApiCallError(0, null, 'x', 'unknown', { cause: new DOMException('t', 'TimeoutError') }), 'retry', 'timeout'],
    ['ApiCallError unknown wrapping a TypeError', new ApiCallError(0, null, 'x', 'unknown', { cause: new TypeError('Failed to fetch') }), 'retry', 'network'],
    ['ApiCallError unknown (a bug)', new ApiCallError(0, null, 'boom', 'unknown', { cause: new RangeError('boom') }), 'attention', 'unknown'],
    ['plain Error thrown by a handler', new Error('idServizio mancante'), 'attention', 'unknown'],
    ['a string', 'boom', 'attention', 'unknown'],
  ]
  it.each(table)('%s → %s', (_name, error, cls, reason) => {
    const c = classifyFailure(error)
    expect(c.class).toBe(cls)
    expect(c.reason).toBe(reason)
    expect(c.message.length).toBeGreaterThan(0)
  })

  it('a 413 is a refusal to fix, never a failure to retry: the server\'s message, or a readable one without it (a proxy\'s page)', () => {
    const fromServer = classifyFailure(kyHttpError(413, { errorCode: 'CO05', message: 'Il file supera la dimensione massima di 10 MB.' }))
    expect(fromServer).toMatchObject({ class: 'attention', reason: 'too-large', status: 413, message: 'Il file supera la dimensione massima di 10 MB. (errore CO05)' })
    expect(stopsTheRun(fromServer)).toBe(false)
    // a proxy's own 413 page: no catalogue code, no message of the server's
    const proxy = toApiCallError(kyHttpError(413, '<html>413 Request Entity Too Large</html>'))
    expect(classifyFailure(proxy)).toMatchObject({ class: 'attention', reason: 'too-large', status: 413, message: expect.stringMatching(/^I dati inviati superano la dimensione massima accettata dal server/) })
    expect(classifyFailure(kyHttpError(413, null))).toMatchObject({ class: 'attention', reason: 'too-large', message: expect.stringMatching(/dimensione massima accettata dal server/) })
  })

  it("keeps the server's message and code for refusals", () => {
    const c = classifyFailure(http(422, 'A06', 'La data è fuori dal periodo del progetto'))
    expect(c).toMatchObject({ status: 422, errorCode: 'A06', message: 'La data è fuori dal periodo del progetto (errore A06)' })
  })

  it('reads ky errors directly (HTTPError with its parsed body, NetworkError, TimeoutError)', () => {
    expect(classifyFailure(kyHttpError(422, { errorCode: 'G02', message: 'Durata non valida' }))).toMatchObject({ class: 'attention', status: 422, errorCode: 'G02', message: 'Durata non valida (errore G02)' })
    expect(classifyFailure(kyHttpError(503, {}))).toMatchObject({ class: 'retry', reason: 'unavailable' })
    expect(classifyFailure(kyHttpError(401, {}))).toMatchObject({ class: 'auth' })
    const request = new Request('http://localhost/api/x')
    expect(classifyFailure(new TimeoutError(request))).toMatchObject({ class: 'retry', reason: 'timeout' })
    expect(classifyFailure(new NetworkError(request, { cause: new TypeError('Failed to fetch') }))).toMatchObject({ class: 'retry', reason: 'network' })
  })

  it('classifies what the HTTP client turns ky errors into the same way', () => {
    const request = new Request('http://localhost/api/x')
    expect(classifyFailure(toApiCallError(new TimeoutError(request)))).toMatchObject({ class: 'retry', reason: 'timeout' })
    expect(classifyFailure(toApiCallError(kyHttpError(409, { errorCode: 'G06', message: 'in corso' })))).toMatchObject({ class: 'retry', reason: 'in-progress' })
  })

  it('never returns done-duplicate by itself: a 409/422 is not a success (the server replays with 2xx)', () => {
    for (const s of [409, 422]) expect(classifyFailure(http(s, 'S10')).class).not.toBe('done-duplicate')
  })

  it('stops the run only when the server is unreachable or overloaded', () => {
    expect(stopsTheRun(classifyFailure(new TypeError('x')))).toBe(true)
    expect(stopsTheRun(classifyFailure(http(503)))).toBe(true)
    expect(stopsTheRun(classifyFailure(http(429)))).toBe(true)
    expect(stopsTheRun(classifyFailure(http(500)))).toBe(false)
    expect(stopsTheRun(classifyFailure(http(422)))).toBe(false)
  })
})
