import { describe, expect, it } from 'vitest'
import { loadCodiceFiscale } from '../../src/lib/fiscal-code'
import { isDocumentMask, maskDocumentNumber, maskFiscalCode, MASK_CHAR, NO_MASK, shortMask } from '../../src/lib/masked-identity'

describe('masked identity of a citizen (issue 8 point 2)', () => {
  it('keeps the surname code and the birth year of a fiscal code, hides the rest', () => {
    expect(maskFiscalCode('RSSMRA90E12H501F')).toBe('RSS•••90••••••••')
    expect(maskFiscalCode(' vrdmra58d43h501j ')).toBe('VRD•••58••••••••')
    expect(maskFiscalCode('RSSMRA90E12H501F')).toHaveLength(16)
  })

  it('gives a code and every omocodic variant the same mask (year letters decoded, check character hidden)', async () => {
    const CF = await loadCodiceFiscale()
    for (const body of ['SPSGNN90P15F839', 'RMNSRA92E51A944', 'SPSLCU00B24F839']) {
      const base = body + CF.getCheckCode(body)
      const variants = CF.getOmocodie(base)
      expect(variants.length).toBeGreaterThan(5)
      const masks = new Set([base, ...variants].map(maskFiscalCode))
      expect(masks).toEqual(new Set([maskFiscalCode(base)]))
    }
    // every numeric position written as a letter: year '92' written 'VN'
    const full = 'RMNSRAVNEQMAQRQ'
    expect(CF.check(full + CF.getCheckCode(full))).toBe(true)
    expect(maskFiscalCode(full + CF.getCheckCode(full))).toBe('RMN•••92••••••••')
    // the e2e's omocodic code (place digit 9 written V)
    expect(maskFiscalCode('SPSGNN90P15F83VX')).toBe('SPS•••90••••••••')
  })

  it('never shows the name code, the birth month and day, the place or the check character', () => {
    const mask = maskFiscalCode('RSSMRA90E12H501F')!
    for (const part of ['MRA', 'E12', 'H501', 'F']) expect(mask.slice(3)).not.toContain(part)
    expect([...mask].filter((c) => c === MASK_CHAR)).toHaveLength(11)
  })

  it('refuses what is not shaped like a fiscal code', () => {
    for (const bad of ['', 'RSSMRA90E12H501', 'RSSMRA90E12H501FF', '1SSMRA90E12H501F', 'RSSMRA9AE12H501F', 'RSSMRA90112H501F', 'RSSMRA90E12H5A1F']) {
      expect(maskFiscalCode(bad), bad).toBeNull()
    }
  })

  it('shows only the last 3 characters of a document number', () => {
    expect(maskDocumentNumber('CA12345AB')).toBe('••••••5AB')
    expect(maskDocumentNumber('ab123')).toBe('••123')
    expect(maskDocumentNumber('E12345678')).toBe('••••••678')
    expect(maskDocumentNumber('1234')).toBeNull()
    expect(maskDocumentNumber('12345678901')).toBeNull()
    expect(maskDocumentNumber('AB 123')).toBeNull()
  })

  it('tells document masks from fiscal-code masks and shortens them for labels read aloud', () => {
    expect(isDocumentMask(maskDocumentNumber('CA12345AB')!)).toBe(true)
    expect(isDocumentMask(maskFiscalCode('RSSMRA90E12H501F')!)).toBe(false)
    expect(shortMask('RSS•••90••••••••')).toBe('RSS…90…')
    expect(shortMask('••••••5AB')).toBe('…5AB')
    expect(shortMask(null)).toBe(NO_MASK)
  })
})
