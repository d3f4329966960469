/** Phone numbers with prefix (src/lib/phone.ts) and the prefix selector's search over the static country file. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { countryText, searchCountries, type Country } from '../../src/lib/countries'
import { DEFAULT_PREFIX, phoneDigits, phoneError } from '../../src/lib/phone'

const countries = JSON.parse(readFileSync('public/assets/indirizzi/countries.json', 'utf8')) as Country[]

describe('countries.json', () => {
  it('lists every country with code, Italian name and prefix, Italy +39 first', () => {
    expect(countries.length).toBeGreaterThan(200)
    expect(countries[0]).toEqual({ code: 'IT', prefix: '+39', label: 'Italia' })
    expect(DEFAULT_PREFIX).toBe('+39')
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/)
      expect(c.prefix).toMatch(/^\+\d{1,4}$/)
      expect(c.label.length).toBeGreaterThan(1)
    }
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length)
    expect(countries.find((c) => c.code === 'CH')).toEqual({ code: 'CH', prefix: '+41', label: 'Svizzera' })
  })
})

describe('searchCountries', () => {
  it('finds by Italian name, ignoring case and accents, at the start of any word', () => {
    expect(searchCountries(countries, 'sviz').map((c) => c.code)).toEqual(['CH'])
    expect(searchCountries(countries, 'REGNO').map((c) => c.code)).toContain('GB')
    expect(searchCountries(countries, 'unito').map((c) => c.code)).toContain('GB')
    expect(searchCountries(countries, 'sao tome').map((c) => c.code)).toEqual(['ST'])
    expect(searchCountries(countries, 'ch').map((c) => c.code)).toContain('CH')
    expect(searchCountries(countries, 'san marino').map((c) => c.code)).toEqual(['SM'])
  })

  it('finds by prefix written as +41, 41 or 0041', () => {
    for (const q of ['+41', '41', '0041', ' +4 1 ']) expect(searchCountries(countries, q).map((c) => c.code), q).toContain('CH')
    expect(searchCountries(countries, '+39').map((c) => c.code)).toEqual(expect.arrayContaining(['IT', 'VA']))
    expect(searchCountries(countries, '+1').length).toBeGreaterThan(10)
  })

  it('keeps the whole list (Italy first) for an empty query and finds nothing for nonsense', () => {
    expect(searchCountries(countries, '  ')[0]?.code).toBe('IT')
    expect(searchCountries(countries, 'zzzz')).toEqual([])
    expect(countryText({ code: 'CH', prefix: '+41', label: 'Svizzera' })).toBe('Svizzera (+41)')
  })
})

describe('phoneError', () => {
  it('accepts Italian and Swiss numbers, separators allowed', () => {
    expect(phoneError('+39', '333 123 4567')).toBeNull()
    expect(phoneError('+39', '06-1234567')).toBeNull()
    expect(phoneError('+41', '79 123 45 67')).toBeNull()
    expect(phoneDigits('(079) 123-45.67')).toBe('0791234567')
  })

  it('says what is wrong, in Italian', () => {
    expect(phoneError('+39', '')).toBe('Campo obbligatorio')
    expect(phoneError('+39', '', false)).toBeNull()
    expect(phoneError('+39', '12345')).toBe('Il numero di telefono deve avere da 6 a 20 cifre')
    expect(phoneError('+39', '33312a4567')).toBe('Il numero di telefono deve avere da 6 a 20 cifre')
    expect(phoneError('41', '791234567')).toBe('Il prefisso deve iniziare con + seguito da cifre')
    expect(phoneError('+41', '791234')).toBe('Il numero è troppo corto per il prefisso +41')
    expect(phoneError('+41', '7912345678901')).toBe('Il numero è troppo lungo per il prefisso +41')
    expect(phoneError('+999', '791234567')).toBe('Il prefisso +999 non corrisponde ad alcun paese')
  })
})
