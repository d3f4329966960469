/**
 * Rules of a site's address and opening hours for the site form (spec 002 §5 "Sites", §3 "Site";
 * platform-frontend §4 days `lun`…`dom`, two windows a day). Pure: the form shows each message next to
 * its field; the server applies the same rules through `primoErroreIndirizzi` (server/domain/amministrazione/sedi.ts)
 * and answers 400 G02 with the first problem: one implementation on both sides.
 *
 * - every non-deleted address needs via, civico, provincia, comune and a 5-digit CAP;
 * - the comune must be one of the province's comuni (ISTAT list, from `GET /sede/provincia/{sigla}/comuni`);
 * - an opening time needs its closing time and vice versa; closing after opening; the second window
 *   starts after the first ends; at least one opening time in the week.
 * Times are 'HH:MM' (24 h) strings, empty when not set.
 */
import type { FasciaGiorno, Giorno } from '../api/contract/gestione'

export const GIORNI_SETTIMANA: readonly { code: Giorno; label: string }[] = [
  { code: 'lun', label: 'Lunedì' }, { code: 'mar', label: 'Martedì' }, { code: 'mer', label: 'Mercoledì' }, { code: 'gio', label: 'Giovedì' },
  { code: 'ven', label: 'Venerdì' }, { code: 'sab', label: 'Sabato' }, { code: 'dom', label: 'Domenica' },
]

export type CampoFascia = 'apertura1' | 'chiusura1' | 'apertura2' | 'chiusura2'
export type ErroriFascia = Partial<Record<CampoFascia, string>>

const ORA = /^([01]\d|2[0-3]):[0-5]\d$/
const vuoto = (s: string | null | undefined) => s === null || s === undefined || s.trim() === ''

/** Per-field problems of one day's two windows (empty object when fine). */
export function erroriFascia(f: FasciaGiorno | undefined): ErroriFascia {
  const out: ErroriFascia = {}
  if (!f) return out
  for (const n of [1, 2] as const) {
    const a = f[`apertura${n}`]
    const c = f[`chiusura${n}`]
    if (!vuoto(a) && !ORA.test(a!)) out[`apertura${n}`] = 'Ora nel formato HH:MM'
    if (!vuoto(c) && !ORA.test(c!)) out[`chiusura${n}`] = 'Ora nel formato HH:MM'
    if (out[`apertura${n}`] || out[`chiusura${n}`]) continue
    if (!vuoto(a) && vuoto(c)) out[`chiusura${n}`] = 'Indica anche l\'orario di chiusura'
    else if (vuoto(a) && !vuoto(c)) out[`apertura${n}`] = 'Indica anche l\'orario di apertura'
    else if (!vuoto(a) && !vuoto(c) && c! <= a!) out[`chiusura${n}`] = 'La chiusura deve seguire l\'apertura'
  }
  if (!out.apertura2 && !out.chiusura1 && !vuoto(f.apertura2) && !vuoto(f.chiusura1) && f.apertura2! < f.chiusura1!) {
    out.apertura2 = 'La seconda fascia deve iniziare dopo la fine della prima'
  }
  return out
}

/** True when the day has at least one opening time. */
export const giornoAperto = (f: FasciaGiorno | undefined): boolean => !!f && (!vuoto(f.apertura1) || !vuoto(f.apertura2))

export interface IndirizzoForm {
  via: string
  civico: string
  provincia: string
  comune: string
  cap: string
  fasceOrarie: Partial<Record<Giorno, FasciaGiorno>>
}

export type CampoIndirizzo = 'via' | 'civico' | 'provincia' | 'comune' | 'cap' | 'orari'
export interface ErroriIndirizzo {
  campi: Partial<Record<CampoIndirizzo, string>>
  fasce: Partial<Record<Giorno, ErroriFascia>>
}

/** True for a 5-digit Italian postal code. */
export const capValido = (cap: string): boolean => /^\d{5}$/.test(cap.trim())

const norm = (s: string) => s.trim().toLocaleLowerCase('it').normalize('NFC')

/** True when `comune` (any case) is in `comuni` (the province's list). */
export function comuneDellaProvincia(comune: string, comuni: readonly string[]): boolean {
  const n = norm(comune)
  return comuni.some((c) => norm(c) === n)
}

/**
 * Problems of one address. `comuni`: the comuni of the chosen province, or null while not known (the
 * comune is then not checked against it; the server checks it anyway).
 */
export function erroriIndirizzo(i: IndirizzoForm, comuni: readonly string[] | null): ErroriIndirizzo {
  const campi: ErroriIndirizzo['campi'] = {}
  if (vuoto(i.via)) campi.via = 'Indica la via'
  if (vuoto(i.civico)) campi.civico = 'Indica il numero civico'
  if (vuoto(i.provincia)) campi.provincia = 'Scegli la provincia'
  if (vuoto(i.comune)) campi.comune = 'Scegli il comune'
  else if (!vuoto(i.provincia) && comuni && !comuneDellaProvincia(i.comune, comuni)) campi.comune = `Il comune non appartiene alla provincia ${i.provincia}`
  if (vuoto(i.cap)) campi.cap = 'Indica il CAP'
  else if (!capValido(i.cap)) campi.cap = 'Il CAP deve avere 5 cifre'
  const fasce: ErroriIndirizzo['fasce'] = {}
  let aperti = 0
  for (const { code } of GIORNI_SETTIMANA) {
    const e = erroriFascia(i.fasceOrarie[code])
    if (Object.keys(e).length > 0) fasce[code] = e
    if (giornoAperto(i.fasceOrarie[code])) aperti++
  }
  if (aperti === 0) campi.orari = 'Indica almeno un orario di apertura'
  return { campi, fasce }
}

/** True when the address has no problem. */
export const indirizzoValido = (e: ErroriIndirizzo): boolean => Object.keys(e.campi).length === 0 && Object.keys(e.fasce).length === 0

const CAMPI_IN_ORDINE: readonly CampoIndirizzo[] = ['via', 'civico', 'provincia', 'comune', 'cap']
const FASCE_IN_ORDINE: readonly CampoFascia[] = ['apertura1', 'chiusura1', 'apertura2', 'chiusura2']
const minuscola = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

/**
 * The first problem of a site's addresses as one Italian sentence (the server's 400 G02 message), or null when
 * they are fine. Addresses with `cancellato` are skipped; at least one must be left. `comuniDi(provincia)`: the
 * province's comuni (an unknown province: null, and then no comune belongs to it). Order: the address's fields
 * (via, civico, provincia, comune, CAP), the days' windows, the week's opening; " (indirizzo N)" when several.
 */
export function primoErroreIndirizzi(
  indirizzi: readonly (IndirizzoForm & { cancellato?: boolean })[], comuniDi: (provincia: string) => readonly string[] | null,
): string | null {
  const attivi = indirizzi.filter((i) => !i.cancellato)
  if (attivi.length === 0) return 'La sede deve avere almeno un indirizzo.'
  for (const [n, i] of attivi.entries()) {
    const dove = attivi.length > 1 ? ` (indirizzo ${n + 1})` : ''
    const e = erroriIndirizzo(i, vuoto(i.provincia) ? null : comuniDi(i.provincia.trim().toUpperCase()) ?? [])
    const campo = CAMPI_IN_ORDINE.find((c) => e.campi[c])
    if (campo) return `${e.campi[campo]}${dove}.`
    for (const { code, label } of GIORNI_SETTIMANA) {
      const fascia = FASCE_IN_ORDINE.find((c) => e.fasce[code]?.[c])
      if (fascia) return `Orari di ${label}: ${minuscola(e.fasce[code]?.[fascia] as string)}${dove}.`
    }
    if (e.campi.orari) return `${e.campi.orari}${dove}.`
  }
  return null
}

/** 'Lun 09:00–13:00, 14:00–18:00' style summary of one day (empty string for a closed day). */
export function descriviFascia(f: FasciaGiorno | undefined): string {
  if (!f) return ''
  const parts: string[] = []
  if (!vuoto(f.apertura1) && !vuoto(f.chiusura1)) parts.push(`${f.apertura1}–${f.chiusura1}`)
  if (!vuoto(f.apertura2) && !vuoto(f.chiusura2)) parts.push(`${f.apertura2}–${f.chiusura2}`)
  return parts.join(', ')
}
