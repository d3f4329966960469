/**
 * The words and the pure helpers of the conflict view (issue 27 point 2): the other change's time line, a
 * field's value as shown, and the fields a three-way merge took from the saved version without asking.
 */
import { formatRomeDateTime } from '../../lib/dates'
import { uguali, type Campi } from '../../lib/merge3'

/** 'Modificato da altri il 28-11-2026 alle 10:05' (Italian time); 'Modificato da altri' without a readable time. */
export function testoModificatoDaAltri(modificatoIl?: string | null): string {
  const quando = modificatoIl ? formatRomeDateTime(modificatoIl) : ''
  if (!quando) return 'Modificato da altri'
  const [data, ora] = quando.split(' ')
  return `Modificato da altri il ${data} alle ${ora}`
}

/** A value as the view shows it when the caller gives no formatter: empty → '(vuoto)', Sì/No, lists joined. */
export function formatValore(v: unknown): string {
  if (v === undefined || v === null || v === '') return '(vuoto)'
  if (typeof v === 'boolean') return v ? 'Sì' : 'No'
  if (Array.isArray(v)) return v.length === 0 ? '(vuoto)' : v.map(formatValore).join(', ')
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

const isPlainObject = (v: unknown): v is Campi =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype

/**
 * The dotted paths where `merged` differs from `mine`: the fields the merge took from the saved version
 * (changed by others only), shown read-only by the view. Nested objects are walked key by key.
 */
export function campiPresiDaAltri(mine: Campi, merged: Campi, prefix = ''): string[] {
  const out: string[] = []
  for (const k of new Set([...Object.keys(mine), ...Object.keys(merged)])) {
    const percorso = prefix ? `${prefix}.${k}` : k
    const m = mine[k]
    const g = merged[k]
    if (uguali(m, g)) continue
    if (isPlainObject(m) && isPlainObject(g)) out.push(...campiPresiDaAltri(m, g, percorso))
    else out.push(percorso)
  }
  return out
}
