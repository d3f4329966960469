/**
 * `deriveFromFiscalCode` (src/lib/fiscal-code.ts) at the speed of the server (mass upload rows, citizens added, Q1 corrections): the same answer for every
 * input, without building a codice-fiscale-js instance per row (its constructor looks the birthplace up
 * and costs about 0.5 ms: 50 s of a 100,000-row file). The checksum is still the library's
 * (`CodiceFiscale.check`, omocodic codes accepted), the omocodic code goes back to its original with the
 * library's `fromOmocodiaToOriginal`, and whether the birthplace code is known — the only other reason the
 * library refuses a code — is asked of the library once per birthplace code (an instance built for it,
 * the answer cached). Gender and birth date are read as the library's `reverse()` reads them (two-digit
 * year: 20yy unless after the current year, then 19yy; day > 31 → female, day − 40; `Date.UTC` rolls an
 * impossible day over exactly as the library does). Checked against `deriveFromFiscalCode` by
 * tests/server/caricamenti/codice-fiscale.test.ts.
 */
import {
  ageAt, ageBandId, loadCodiceFiscale, normalizeFiscalCode, type CitizenDerivedData, type CodiceFiscaleClass,
} from '../../src/lib/fiscal-code'

const SHAPE = /^[A-Z0-9]{16}$/
const MONTHS = 'ABCDEHLMPRST'
const NUMERIC_POS = [6, 7, 9, 10, 12, 13, 14]

type Lib = CodiceFiscaleClass & { isOmocodia(cf: string): boolean; fromOmocodiaToOriginal(cf: string): string }

/** Birthplace code → whether the library knows it. */
const luoghi = new Map<string, boolean>()

const pad = (n: number) => String(n).padStart(2, '0')

/** What the fiscal code says at date `at` (see the module comment); null when the library would refuse it. */
export async function derivaDaCodiceFiscale(input: string, at: Date = new Date()): Promise<CitizenDerivedData | null> {
  const cf = normalizeFiscalCode(input)
  if (!SHAPE.test(cf)) return null
  const CF = (await loadCodiceFiscale()) as Lib
  if (!CF.check(cf)) return null
  const original = NUMERIC_POS.some((p) => cf[p]! < '0' || cf[p]! > '9') ? CF.fromOmocodiaToOriginal(cf) : cf
  const luogo = original.slice(11, 15)
  let noto = luoghi.get(luogo)
  if (noto === undefined) {
    try {
      new CF(cf)
      noto = true
    } catch {
      noto = false
    }
    luoghi.set(luogo, noto)
  }
  if (!noto) return null
  const yy = original.slice(6, 8)
  const year = Number(`20${yy}`) > new Date().getFullYear() ? Number(`19${yy}`) : Number(`20${yy}`)
  let day = Number.parseInt(original.slice(9, 11), 10)
  let gender: 'M' | 'F' = 'M'
  if (day > 31) {
    gender = 'F'
    day -= 40
  }
  const birthday = new Date(Date.UTC(year, MONTHS.indexOf(original[8]!), day))
  const birthDate = `${birthday.getUTCFullYear()}-${pad(birthday.getUTCMonth() + 1)}-${pad(birthday.getUTCDate())}`
  const age = ageAt(birthDate, at)
  return { codiceFiscale: cf, gender, birthDate, age, fasciaDiEtaId: ageBandId(age) }
}
