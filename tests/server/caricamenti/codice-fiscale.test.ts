// @vitest-environment node
/**
 * The upload's fast fiscal-code reading (server/domain/caricamenti/codice-fiscale.ts) answers exactly what
 * `deriveFromFiscalCode` (src/lib/fiscal-code.ts, codice-fiscale-js) answers: valid codes of both genders
 * and many birth dates and places, their omocodic forms, wrong check characters, impossible days, unknown
 * birthplace codes, wrong shapes.
 */
import m from 'codice-fiscale-js'
import { describe, expect, it } from 'vitest'
import { derivaDaCodiceFiscale } from '../../../server/domain/codice-fiscale'
import { deriveFromFiscalCode } from '../../../src/lib/fiscal-code'

const CodiceFiscale = (m as unknown as { CodiceFiscale?: typeof m }).CodiceFiscale ?? m
const MONTHS = 'ABCDEHLMPRST'
const PLACES = ['H501', 'F205', 'A944', 'L219', 'Z404', 'Z999', 'A000', 'M999']
const withCheck = (base: string) => base + CodiceFiscale.getCheckCode(base)

function codes(): string[] {
  const out: string[] = []
  for (let i = 0; i < 400; i++) {
    const yy = String((i * 7) % 100).padStart(2, '0')
    const day = ((i * 13) % 35) + 1 + (i % 2 === 0 ? 40 : 0) // up to 35: some impossible days
    const base = `RSS${'MRA'}${yy}${MONTHS[i % 12]}${String(day).padStart(2, '0')}${PLACES[i % PLACES.length]}`
    const cf = withCheck(base)
    out.push(cf, `${cf.slice(0, 15)}${cf[15] === 'A' ? 'B' : 'A'}`, cf.toLowerCase(), ` ${cf} `)
    if (i % 5 === 0) {
      try {
        out.push(...CodiceFiscale.getOmocodie(cf).slice(0, 6))
      } catch { /* unknown birthplace: no omocodic forms */ }
    }
  }
  return [...out, '', 'RSSMRA80A01H501', 'RSSMRA80A01H501UU', 'RSSMRA80Z01H501U', '1234567890123456']
}

describe('fast fiscal-code reading of the mass upload', () => {
  it('answers as deriveFromFiscalCode for every code', async () => {
    const at = new Date('2026-06-15T10:00:00Z')
    const all = codes()
    expect(all.length).toBeGreaterThan(1500)
    let valid = 0
    for (const cf of all) {
      const expected = await deriveFromFiscalCode(cf, at)
      expect(await derivaDaCodiceFiscale(cf, at), cf).toEqual(expected)
      if (expected) valid++
    }
    expect(valid).toBeGreaterThan(500)
  })
})
