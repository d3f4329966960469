// @vitest-environment node
/** Keyed hashes identifying citizens (no clear fiscal code is ever stored). */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashDocumentNumber, hashFiscalCode } from '../../../server/db/citizen-hash'

describe('hashFiscalCode', () => {
  const cf = 'RSSMRA80A01H501U'

  it('is deterministic and case/space insensitive on the input', () => {
    const h = hashFiscalCode(cf, 'secret-1')
    expect(h).toMatch(/^[0-9a-f]{64}$/)
    expect(hashFiscalCode(cf, 'secret-1')).toBe(h)
    expect(hashFiscalCode(' rssmra80a01h501u ', 'secret-1')).toBe(h)
  })

  it('depends on the secret and is not the bare SHA-256 of the fiscal code', () => {
    expect(hashFiscalCode(cf, 'secret-1')).not.toBe(hashFiscalCode(cf, 'secret-2'))
    expect(hashFiscalCode(cf, 'secret-1')).not.toBe(createHash('sha256').update(cf).digest('hex'))
    expect(hashFiscalCode(cf, 'secret-1')).not.toBe(hashFiscalCode('RSSMRA80A01H501V', 'secret-1'))
  })

  it('refuses an empty secret', () => {
    expect(() => hashFiscalCode(cf, '')).toThrow()
  })
})

describe('hashDocumentNumber', () => {
  it('separates document types and ignores case', () => {
    expect(hashDocumentNumber('Patente', 'ab12345', 's')).toBe(hashDocumentNumber('PATENTE', 'AB12345', 's'))
    expect(hashDocumentNumber('Patente', 'AB12345', 's')).not.toBe(hashDocumentNumber('Passaporto', 'AB12345', 's'))
  })
})
