// @vitest-environment node
/**
 * The pure parts of the input guard (server/input-guard.ts) and of the id/database-error helpers
 * (server/domain/db-errors.ts), with fast-check properties where a reference is easy to state: the
 * linear depth scan agrees with the depth of the parsed value; NUL and lone surrogates are found at any
 * depth, in keys too, while paired surrogates (emoji) are accepted.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { containsForbiddenCharacter, exceedsJsonDepth, hasForbiddenCharacter, MAX_JSON_DEPTH } from '../../../server/input-guard'
import { isBadInputDbError, parseIdParam, sqlState } from '../../../server/domain/db-errors'
import { ApiError } from '../../../server/errors'
import { decodeSection, InvalidQuestionIdError, SectionFormatError } from '../../../server/domain/survey-codec'

/** Nesting depth of a parsed JSON value (`{}` and `[]` are 1). */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0
  const children = Array.isArray(value) ? value : Object.values(value)
  return 1 + children.reduce<number>((max, child) => Math.max(max, depthOf(child)), 0)
}

describe('exceedsJsonDepth', () => {
  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
      expect(exceedsJsonDepth(JSON.stringify(value), max)).toBe(depthOf(value) > max)
    }), { numRuns: 500 })
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ a: '[[[[[[[[{{{{{{', b: 'x\\"[[[[[[' }), 1)).toBe(false)
    expect(exceedsJsonDepth('{"a":"\\\\"}', 1)).toBe(false)
  })

  it('refuses the 5,000-deep body of the issue and accepts the default depth', () => {
    expect(exceedsJsonDepth('{"a":'.repeat(5000) + '{}' + '}'.repeat(5000))).toBe(true)
    expect(exceedsJsonDepth('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false)
    expect(exceedsJsonDepth('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe(true)
  })
})

describe('forbidden characters', () => {
  it('finds NUL and lone surrogates in values and keys at any depth, never in clean values', () => {
    const bad = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000', 'x\udc00y')
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), bad, fc.boolean(), (clean, b, asKey) => {
      const safe = JSON.parse(JSON.stringify(clean).replace(/\\u0000|\\ud[89a-f][0-9a-f]{2}/gi, '')) as unknown
      expect(containsForbiddenCharacter(safe)).toBe(false)
      const dirty = asKey ? { wrap: [safe, { [b]: 1 }] } : { wrap: [safe, [b]] }
      expect(containsForbiddenCharacter(dirty)).toBe(true)
    }), { numRuns: 300 })
  })

  it('accepts emoji (paired surrogates) and accented letters', () => {
    expect(hasForbiddenCharacter('😀 e\u0301 ü')).toBe(false)
    expect(containsForbiddenCharacter({ nome: 'Niccolò 😀', tipi: ['Facilitazione individuale'] })).toBe(false)
  })
})

describe('parseIdParam', () => {
  it('accepts positive decimal integers within the column range', () => {
    expect(parseIdParam('1')).toBe(1)
    expect(parseIdParam('2147483647')).toBe(2147483647)
    expect(parseIdParam('9007199254740991', Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER)
  })

  it('refuses everything else with 400 G02', () => {
    const cases: [string, number?][] = [['0'], ['-1'], ['1.5'], ['1e3'], ['0x10'], ['01'], [' 1'], ['abc'], [''], ['2147483648'],
      ['9007199254740992', Number.MAX_SAFE_INTEGER], ['99999999999999999999', Number.MAX_SAFE_INTEGER]]
    for (const [value, max] of cases) {
      let error: unknown
      try {
        parseIdParam(value, max)
      } catch (err) {
        error = err
      }
      expect(error, value).toBeInstanceOf(ApiError)
      expect(error, value).toMatchObject({ status: 400, errorCode: 'G02' })
    }
  })
})

describe('isBadInputDbError', () => {
  it('recognises the input-caused SQLSTATEs through wrappers, not the others', () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) })
    for (const code of ['22003', '22P02', '22021', '22P05', '54001']) expect(isBadInputDbError(wrapped(code)), code).toBe(true)
    for (const code of ['23505', '40001', '08006', '57014']) expect(isBadInputDbError(wrapped(code)), code).toBe(false)
    expect(sqlState(new Error('x'))).toBeUndefined()
  })
})

describe('survey sections', () => {
  it('refuse question ids named like Object.prototype members, keep ordinary ones', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(() => decodeSection(`{"id":"s","properties":[{'${name}':['a']}]}`), name).toThrow(InvalidQuestionIdError)
      expect(() => decodeSection(JSON.stringify({ id: 's', properties: { [name]: ['a'] } })), name).toThrow(InvalidQuestionIdError)
    }
    expect(decodeSection(`{"id":"s","properties":[{'29':['a']}]}`).properties['29']).toEqual(['a'])
  })

  it('refuse answers nested deeper than the encodings need', () => {
    expect(() => decodeSection(`{"id":"s","properties":[{"29":${'['.repeat(5000)}${']'.repeat(5000)}}]}`)).toThrow(SectionFormatError)
  })
})
