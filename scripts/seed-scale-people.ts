/**
 * Synthetic people for `npm run seed:scale` (scripts/seed-scale.ts): valid Italian fiscal codes (spec 000 §5:
 * surname and name codes, birth date, real cadastral code of the birthplace, check character), built from
 * lists of common names, and the derived data the real insert path stores for a citizen (gender, age band).
 * Deterministic for a given seed (`rng`), unique within one generator (it remembers every code it gave).
 */
import { ageBandId } from '../src/lib/fiscal-code'

/** A seeded pseudo-random generator (mulberry32), numbers in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T

export const COGNOMI = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti',
  'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti', 'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi',
  'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone', 'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola',
  'De Santis', "D'Angelo", 'Marchetti', 'Parisi', 'Villa', 'Conte', 'Ferraro', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini',
  'Messina', 'Sala', 'De Angelis', 'Gatti', 'Pellegrini', 'Palumbo', 'Sanna', 'Farina', 'Rizzi', 'Monti', 'Cattaneo', 'Niccolò',
]
export const NOMI_F = [
  'Giulia', 'Sofia', 'Aurora', 'Alice', 'Ginevra', 'Emma', 'Giorgia', 'Beatrice', 'Anna', 'Maria', 'Francesca', 'Chiara', 'Sara',
  'Martina', 'Elena', 'Laura', 'Paola', 'Rosa', 'Lucia', 'Giuseppina', 'Carla', 'Silvia', 'Federica', 'Noemi', 'Irene', 'Bianca',
]
export const NOMI_M = [
  'Leonardo', 'Francesco', 'Alessandro', 'Lorenzo', 'Mattia', 'Andrea', 'Gabriele', 'Riccardo', 'Tommaso', 'Edoardo', 'Marco',
  'Giuseppe', 'Antonio', 'Giovanni', 'Luca', 'Paolo', 'Stefano', 'Roberto', 'Salvatore', 'Nicolò', 'Davide', 'Fabio', 'Matteo',
  'Pietro', 'Simone', 'Emanuele',
]
/** Real cadastral (Belfiore) codes of large comuni, the birthplaces of the synthetic codes. */
export const BELFIORE = [
  'H501', 'F205', 'F839', 'L219', 'G273', 'D969', 'A944', 'D612', 'A662', 'C351', 'L736', 'L781', 'F158', 'I452', 'B354',
  'E506', 'G224', 'L424', 'B157', 'H224', 'G478', 'A271', 'L049', 'E625', 'C933', 'G702', 'F257', 'H294', 'A479', 'D643',
]

const MONTHS = 'ABCDEHLMPRST'
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23]
const letters = (s: string) => s.toUpperCase().normalize('NFD').replace(/[^A-Z]/g, '')
const consonants = (s: string) => letters(s).replace(/[AEIOU]/g, '')
const vowels = (s: string) => letters(s).replace(/[^AEIOU]/g, '')

/** The 3-letter surname code. */
export function surnameCode(surname: string): string {
  return `${consonants(surname)}${vowels(surname)}XXX`.slice(0, 3)
}

/** The 3-letter name code (1st, 3rd and 4th consonant when there are more than 3). */
export function nameCode(name: string): string {
  const c = consonants(name)
  if (c.length > 3) return `${c[0]}${c[2]}${c[3]}`
  return `${c}${vowels(name)}XXX`.slice(0, 3)
}

/** The check character of the first 15 characters. */
export function checkChar(first15: string): string {
  let sum = 0
  for (let i = 0; i < 15; i++) {
    const ch = first15.charCodeAt(i)
    const v = ch >= 48 && ch <= 57 ? ch - 48 : ch - 65
    sum += i % 2 === 0 ? (ODD[v] as number) : v
  }
  return String.fromCharCode(65 + (sum % 26))
}

/** A fiscal code for the person (birth date 'YYYY-MM-DD'). */
export function fiscalCode(surname: string, name: string, gender: 'M' | 'F', birth: string, belfiore: string): string {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number]
  const day = String(gender === 'F' ? d + 40 : d).padStart(2, '0')
  const first15 = `${surnameCode(surname)}${nameCode(name)}${String(y % 100).padStart(2, '0')}${MONTHS[m - 1]}${day}${belfiore}`
  return first15 + checkChar(first15)
}

/** One synthetic person: names, gender, birth date, fiscal code, age and age band (at `at`). */
export interface Person {
  cognome: string
  nome: string
  genere: 'M' | 'F'
  nascita: string
  codiceFiscale: string
  eta: number
  fasciaDiEtaId: number
}

/**
 * A generator of people with distinct fiscal codes, aged `minAge`–`maxAge` on `at`. `taken` holds codes
 * that must not be produced (e.g. the users already in the database); it is filled as codes are given.
 */
export function peopleGenerator(seed: number, at: Date, minAge: number, maxAge: number, taken = new Set<string>()): () => Person {
  const r = rng(seed)
  const atYear = at.getUTCFullYear()
  return () => {
    for (;;) {
      const genere = r() < 0.5 ? 'F' : 'M'
      const nome = pick(r, genere === 'F' ? NOMI_F : NOMI_M)
      const cognome = pick(r, COGNOMI)
      const eta = minAge + Math.floor(r() * (maxAge - minAge + 1))
      const year = atYear - eta - 1
      const month = 1 + Math.floor(r() * 12)
      const day = 1 + Math.floor(r() * 28)
      const nascita = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
      const codiceFiscale = fiscalCode(cognome, nome, genere, nascita, pick(r, BELFIORE))
      if (taken.has(codiceFiscale)) continue
      taken.add(codiceFiscale)
      const ageNow = atYear - year - (Date.UTC(atYear, month - 1, day) > at.getTime() ? 1 : 0)
      return { cognome, nome, genere, nascita, codiceFiscale, eta: ageNow, fasciaDiEtaId: ageBandId(ageNow) }
    }
  }
}
