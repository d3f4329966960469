/**
 * Builds `public/assets/indirizzi/countries.json` (spec 000 §5, §7 "Phone prefixes"; platform-frontend
 * §10.6 shape `{code, prefix, label}`): every country libphonenumber-js knows (ISO 3166-1 alpha-2 code and
 * international calling code, from Google's libphonenumber metadata, MIT / Apache-2.0), named in Italian
 * by the Unicode CLDR data of the runtime's ICU (`Intl.DisplayNames('it')`). Italy (+39) first, then by
 * Italian name. Run: `node_modules/.bin/tsx scripts/build-countries.ts` (output is committed).
 */
import { writeFileSync } from 'node:fs'
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min'

const names = new Intl.DisplayNames(['it'], { type: 'region' })
const rows = getCountries().map((code) => ({ code, prefix: `+${getCountryCallingCode(code)}`, label: names.of(code) ?? code }))
const italy = rows.filter((r) => r.code === 'IT')
const others = rows.filter((r) => r.code !== 'IT').sort((a, b) => a.label.localeCompare(b.label, 'it'))
const out = [...italy, ...others]
writeFileSync(new URL('../public/assets/indirizzi/countries.json', import.meta.url), `${JSON.stringify(out)}\n`)
console.log(`countries: ${out.length}`)
