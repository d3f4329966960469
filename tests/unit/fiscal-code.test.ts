import { describe, expect, it } from 'vitest'
import {
  ageAt,
  ageBandId,
  decodeFiscalCode,
  deriveFromFiscalCode,
  fiscalCodeError,
  hasFiscalCodeShape,
  isValidFiscalCode,
  loadCodiceFiscale,
  normalizeFiscalCode,
} from '../../src/lib/fiscal-code'

const SARA = 'RMNSRA92E51A944H' // F, 11 May 1992 (seed demo facilitator)
const ALESSANDRO = 'RSSLSN77R19G478N' // M, 19 Oct 1977
const LUCA = 'SPSLCU00B24F839F' // M, 24 Feb 2000
const OMOCODE_DIGIT_TO_LETTER = 'LMNPQRSTUV'

/** Omocodic variant built by hand: replace the last digit of the place code, then recompute the check character. */
async function handMadeOmocode(cf: string): Promise<string> {
  const CF = await loadCodiceFiscale()
  const chars = cf.slice(0, 15).split('')
  chars[14] = OMOCODE_DIGIT_TO_LETTER[Number(chars[14])] ?? chars[14]!
  const body = chars.join('')
  return body + CF.getCheckCode(body)
}

describe('fiscal code check (spec 000 §5)', () => {
  it.each([SARA, ALESSANDRO, LUCA, 'LMBNNA90L43B354D'])('accepts the valid code %s', async (cf) => {
    expect(await isValidFiscalCode(cf)).toBe(true)
  })

  it('upper-cases and trims input, so lowercase codes pass', async () => {
    expect(normalizeFiscalCode('  rmnsra92e51a944h ')).toBe(SARA)
    expect(await isValidFiscalCode('rmnsra92e51a944h')).toBe(true)
    expect(hasFiscalCodeShape('rmnsra92e51a944h')).toBe(true)
  })

  it('accepts omocodic codes (library variants and a hand-made one)', async () => {
    const CF = await loadCodiceFiscale()
    const variants = CF.getOmocodie(SARA)
    expect(variants.length).toBeGreaterThan(0)
    for (const v of variants.slice(0, 5)) expect(await isValidFiscalCode(v)).toBe(true)
    const mine = await handMadeOmocode(SARA)
    expect(mine).not.toBe(SARA)
    expect(mine.slice(0, 14)).toBe(SARA.slice(0, 14))
    expect(await isValidFiscalCode(mine)).toBe(true)
    const decoded = await decodeFiscalCode(mine)
    expect(decoded).toMatchObject({ gender: 'F', birthDate: '1992-05-11' })
  })

  it.each([
    ['RMNSRA92E51A944X', 'Codice fiscale non valido'], // wrong check character
    ['RMNSRA92Z51A944H', 'Codice fiscale non valido'], // Z is no month letter
    ['RMNSRA92E51A944', 'Il codice fiscale deve avere 16 caratteri'],
    ['RMNSRA92E51A944HH', 'Il codice fiscale deve avere 16 caratteri'],
    ['', 'Campo obbligatorio'],
  ])('rejects %j with %j', async (cf, message) => {
    expect(await isValidFiscalCode(cf)).toBe(false)
    expect(await fiscalCodeError(cf)).toBe(message)
  })

  it('gives no message for a valid code', async () => {
    expect(await fiscalCodeError(ALESSANDRO)).toBeNull()
  })
})

describe('derivations (spec 002 §5)', () => {
  it('decodes gender and birth date', async () => {
    expect(await decodeFiscalCode(SARA)).toEqual({ codiceFiscale: SARA, gender: 'F', birthDate: '1992-05-11' })
    expect(await decodeFiscalCode(ALESSANDRO)).toEqual({ codiceFiscale: ALESSANDRO, gender: 'M', birthDate: '1977-10-19' })
    expect(await decodeFiscalCode(LUCA)).toMatchObject({ gender: 'M', birthDate: '2000-02-24' })
    expect(await decodeFiscalCode('RMNSRA92E51A944X')).toBeNull()
  })

  it('computes the age on the day before and on the birthday', () => {
    expect(ageAt('1992-05-11', new Date(2025, 4, 10))).toBe(32)
    expect(ageAt('1992-05-11', new Date(2025, 4, 11))).toBe(33)
    expect(ageAt('2000-02-29', new Date(2018, 1, 28))).toBe(17)
    expect(ageAt('2000-02-29', new Date(2018, 2, 1))).toBe(18)
  })

  it.each([
    [13, 4],
    [14, 5],
    [17, 5],
    [18, 1],
    [29, 1],
    [30, 2],
    [54, 2],
    [55, 3],
    [74, 3],
    [75, 4],
    [99, 4],
  ])('age %i → band %i', (age, band) => {
    expect(ageBandId(age)).toBe(band)
  })

  it('derives the full citizen data at a given date', async () => {
    const at = new Date(2025, 5, 1)
    expect(await deriveFromFiscalCode(SARA, at)).toMatchObject({ gender: 'F', age: 33, fasciaDiEtaId: 2 })
    expect(await deriveFromFiscalCode(LUCA, at)).toMatchObject({ gender: 'M', age: 25, fasciaDiEtaId: 1 })
    expect(await deriveFromFiscalCode(ALESSANDRO, at)).toMatchObject({ age: 47, fasciaDiEtaId: 2 })
    const CF = await loadCodiceFiscale()
    const minor = CF.compute({ name: 'Marco', surname: 'Verdi', gender: 'M', day: 10, month: 3, year: 2010, birthplace: 'Roma', birthplaceProvincia: 'RM' })
    expect(await deriveFromFiscalCode(minor, at)).toMatchObject({ birthDate: '2010-03-10', age: 15, fasciaDiEtaId: 5 })
    const senior = CF.compute({ name: 'Anna', surname: 'Neri', gender: 'F', day: 2, month: 1, year: 1945, birthplace: 'Milano', birthplaceProvincia: 'MI' })
    expect(await deriveFromFiscalCode(senior, at)).toMatchObject({ gender: 'F', birthDate: '1945-01-02', age: 80, fasciaDiEtaId: 4 })
    expect(await deriveFromFiscalCode('XXXXXXXXXXXXXXXX', at)).toBeNull()
  })
})
