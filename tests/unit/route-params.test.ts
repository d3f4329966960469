// @vitest-environment node
/**
 * Path params parsed with valibot (src/lib/route-params.ts, issue 26 point 4): each kind recognises the form
 * the server issues, and a value in another form reaches the page unchanged — the page then shows the
 * server's answer as before (never the router's not-found route, which would go back to '/').
 */
import { describe, expect, it } from 'vitest'
import {
  DEVICE_ID, ERROR_CODE, isWellFormed, NUMERIC_ID, parseParam, pathParams, ROLE_CODE, TEMPLATE_ID, URL_TOKEN, type PathParam,
} from '../../src/lib/route-params'

const UUID = '3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a2b'

describe('kinds of path params', () => {
  it.each<[string, PathParam<string>, string[], string[]]>([
    ['NUMERIC_ID', NUMERIC_ID, ['1', '42', '000123'], ['', 'abc', '12a', '-1', ' 12', UUID]],
    ['DEVICE_ID', DEVICE_ID, ['7', UUID, UUID.toUpperCase()], ['', 'abc', '12-34', `${UUID}x`]],
    ['TEMPLATE_ID', TEMPLATE_ID, [UUID, 'Q1', 'questionario-base.v2'], ['', 'a b', 'a/b']],
    ['ROLE_CODE', ROLE_CODE, ['DTD', 'REGP', 'RUOLO_NUOVO'], ['', 'DT D', 'a/b']],
    ['URL_TOKEN', URL_TOKEN, ['AbC-_d9', 'x.y~z='], ['', 'a b', 'a/b', 'a?b']],
    ['ERROR_CODE', ERROR_CODE, ['A01', 'G03', 'QT05'], ['', 'a01', '01', 'A']],
  ])('%s: well formed and not', (_name, kind, good, bad) => {
    for (const raw of good) expect(isWellFormed(kind, raw), raw).toBe(true)
    for (const raw of bad) expect(isWellFormed(kind, raw), raw).toBe(false)
  })

  it('gives the page every value as it is, well formed or not (the server answers a malformed one)', () => {
    for (const kind of [NUMERIC_ID, DEVICE_ID, TEMPLATE_ID, ROLE_CODE, URL_TOKEN, ERROR_CODE]) {
      for (const raw of ['12', UUID, 'abc', '', ' 1', 'à è', '../x']) expect(parseParam(kind, raw)).toBe(raw)
    }
  })
})

describe('pathParams', () => {
  const params = pathParams({ serviceId: DEVICE_ID, idQuestionarioCompilato: DEVICE_ID })

  it('parses its own params out of the whole path\'s, never refusing one', () => {
    expect(params.parse({ serviceId: '12', idQuestionarioCompilato: UUID, other: 'x' } as never)).toEqual({ serviceId: '12', idQuestionarioCompilato: UUID })
    expect(params.parse({ serviceId: 'non-un-id', idQuestionarioCompilato: '' })).toEqual({ serviceId: 'non-un-id', idQuestionarioCompilato: '' })
  })

  it('stringifies back to the same segments', () => {
    const raw = { serviceId: UUID, idQuestionarioCompilato: '9' }
    expect(params.stringify(params.parse(raw))).toEqual(raw)
  })
})
