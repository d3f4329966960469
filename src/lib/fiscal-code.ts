/**
 * Italian fiscal code rules (spec 000 §5 "Fiscal code", spec 002 §5 age band).
 * The checksum and decoding come from codice-fiscale-js, loaded on demand by dynamic import (a 315 KB
 * bundle that must stay out of the landing route). Omocodic codes are accepted.
 * Note: the library turns the 2-digit birth year into 20yy when yy ≤ the current year's yy, else 19yy,
 * so people over 100 come out 100 years younger.
 */
import type CodiceFiscaleType from 'codice-fiscale-js'

export type CodiceFiscaleClass = typeof CodiceFiscaleType
export type Gender = 'M' | 'F'
/** Age band ids (spec 002 §5): 1 = 18–29, 2 = 30–54, 3 = 55–74, 4 = otherwise (75+), 5 = 14–17. */
export type AgeBandId = 1 | 2 | 3 | 4 | 5

export const FISCAL_CODE_LENGTH = 16
const SHAPE = /^[A-Z0-9]{16}$/

let loading: Promise<CodiceFiscaleClass> | null = null

/** Loads codice-fiscale-js once (dynamic import; its runtime export is `{ CodiceFiscale }`, see toolchain P8). */
export function loadCodiceFiscale(): Promise<CodiceFiscaleClass> {
  loading ??= import('codice-fiscale-js')
    .then((mod) => {
      const m = mod as unknown as { CodiceFiscale?: CodiceFiscaleClass; default?: CodiceFiscaleClass & { CodiceFiscale?: CodiceFiscaleClass } }
      const found = m.CodiceFiscale ?? m.default?.CodiceFiscale ?? m.default
      if (!found) throw new Error('codice-fiscale-js non disponibile')
      return found
    })
    .catch((e: unknown) => {
      loading = null
      throw e
    })
  return loading
}

/** Trims and upper-cases the input (the field forces upper case). */
export function normalizeFiscalCode(input: string): string {
  return input.trim().toUpperCase()
}

/** Shape only: exactly 16 letters/digits after normalisation (no checksum). */
export function hasFiscalCodeShape(input: string): boolean {
  return SHAPE.test(normalizeFiscalCode(input))
}

/** Full check: 16 characters and a valid fiscal code (checksum, month letter, omocodia allowed). */
export async function isValidFiscalCode(input: string): Promise<boolean> {
  const cf = normalizeFiscalCode(input)
  if (!SHAPE.test(cf)) return false
  const CF = await loadCodiceFiscale()
  return CF.check(cf)
}

/** Italian message for the field, or null when valid. */
export async function fiscalCodeError(input: string): Promise<string | null> {
  const cf = normalizeFiscalCode(input)
  if (cf.length === 0) return 'Campo obbligatorio'
  if (cf.length !== FISCAL_CODE_LENGTH) return 'Il codice fiscale deve avere 16 caratteri'
  if (!(await isValidFiscalCode(cf))) return 'Codice fiscale non valido'
  return null
}

export interface FiscalCodeData {
  codiceFiscale: string
  gender: Gender
  /** 'YYYY-MM-DD' */
  birthDate: string
}

/** Decodes gender and birth date; null when the code is not valid. */
export async function decodeFiscalCode(input: string): Promise<FiscalCodeData | null> {
  const cf = normalizeFiscalCode(input)
  if (!(await isValidFiscalCode(cf))) return null
  const CF = await loadCodiceFiscale()
  try {
    const decoded = new CF(cf)
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      codiceFiscale: cf,
      gender: decoded.gender,
      birthDate: `${decoded.year}-${pad(decoded.month)}-${pad(decoded.day)}`,
    }
  } catch {
    return null
  }
}

/** Completed years between `birthDate` ('YYYY-MM-DD') and the local calendar date of `at`. */
export function ageAt(birthDate: string, at: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number)
  if (y === undefined || m === undefined || d === undefined || [y, m, d].some((n) => !Number.isFinite(n))) return NaN
  let age = at.getFullYear() - y
  const month = at.getMonth() + 1
  if (month < m || (month === m && at.getDate() < d)) age -= 1
  return age
}

/** Age band id of spec 002 §5: 18–29 → 1, 30–54 → 2, 55–74 → 3, 14–17 → 5, otherwise 4. */
export function ageBandId(age: number): AgeBandId {
  if (age >= 14 && age <= 17) return 5
  if (age >= 18 && age <= 29) return 1
  if (age >= 30 && age <= 54) return 2
  if (age >= 55 && age <= 74) return 3
  return 4
}

export interface CitizenDerivedData extends FiscalCodeData {
  age: number
  fasciaDiEtaId: AgeBandId
}

/** Gender, birth date, age and age band derived from a fiscal code at date `at`; null when invalid. */
export async function deriveFromFiscalCode(input: string, at: Date = new Date()): Promise<CitizenDerivedData | null> {
  const data = await decodeFiscalCode(input)
  if (!data) return null
  const age = ageAt(data.birthDate, at)
  return { ...data, age, fasciaDiEtaId: ageBandId(age) }
}
