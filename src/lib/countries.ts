/**
 * Countries of the phone prefix selector (spec 000 §5, §7 "Phone prefixes"): the static file
 * `/assets/indirizzi/countries.json` (`[{code, prefix, label}]`, Italy first; built by
 * scripts/build-countries.ts) and the search of the selector. Pure.
 */

/** One country: ISO 3166-1 alpha-2 `code`, international `prefix` ('+41'), Italian `label`. */
export interface Country { code: string; prefix: string; label: string }

/** URL of the static country file. */
export const COUNTRIES_URL = '/assets/indirizzi/countries.json'

const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim()

/**
 * Countries matching `query`: by Italian name (start of any word, accents and case ignored) or by prefix
 * ('+41', '41' or '0041' match the prefixes starting with those digits). Empty query: every country.
 * Order kept (Italy first).
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  const q = fold(query)
  if (q === '') return [...countries]
  const digits = /^(\+|00)?\d+$/.test(q.replace(/\s/g, '')) ? q.replace(/\s/g, '').replace(/^(\+|00)/, '') : null
  if (digits !== null) return countries.filter((c) => c.prefix.slice(1).startsWith(digits))
  return countries.filter((c) => {
    const name = fold(c.label)
    return name.startsWith(q) || name.split(/[\s'-]+/).some((w) => w.startsWith(q)) || c.code.toLowerCase() === q
  })
}

/** The option text read by the selector: 'Svizzera (+41)'. */
export const countryText = (c: Country) => `${c.label} (${c.prefix})`
