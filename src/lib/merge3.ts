/**
 * Three-way merge of a record's edit (issue 27 points 2–3): `base` is the record as it was when the edit
 * started (the form's first read, the device's copy when the outbox entry was made), `mine` the edit, `theirs`
 * the server's current record (the `corrente` of a 409 V01). Field by field:
 * - the same value on both sides (changed the same way, or not changed) → that value;
 * - changed on one side only → that side's value, without asking;
 * - changed on both sides to different values → a {@link Conflitto}: the user chooses (the merged record
 *   holds `mine` until then, so nothing typed is lost).
 * A field cleared on one side (absent, null or '') is a change like any other. Plain objects (the Q3
 * answers, a site's opening hours by day) are merged key by key, their fields named by a dotted path
 * ('q3.29'); arrays and other values are compared whole (deep equality). Pure: no I/O.
 */

/** A record as JSON: what forms, outbox payloads and the API's answers hold. */
export type Campi = Record<string, unknown>

/** A field changed on both sides to different values. `percorso`: the field's key, dotted for nested objects. */
export interface Conflitto {
  percorso: string
  base: unknown
  mine: unknown
  theirs: unknown
}

export interface EsitoMerge {
  /** the merged record: every non-conflicting field resolved, the conflicting ones with `mine` */
  merged: Campi
  /** the fields to ask about, in the order of their first appearance (mine, then theirs, then base) */
  conflitti: Conflitto[]
}

/** The side the user keeps for a conflicting field: 'mine' ('Mantieni la mia') or 'theirs' ('Usa quella salvata'). */
export type Scelta = 'mine' | 'theirs'

const isPlainObject = (v: unknown): v is Campi =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype

/** Deep equality of JSON-like values (objects by key regardless of order, arrays by position). */
export function uguali(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => uguali(x, b[i]))
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const k of keys) if (!uguali(a[k], b[k])) return false
    return true
  }
  return false
}

function mergeLevel(base: Campi, mine: Campi, theirs: Campi, prefix: string, conflitti: Conflitto[]): Campi {
  const merged: Campi = {}
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])]
  for (const k of keys) {
    const b = base[k]
    const m = mine[k]
    const t = theirs[k]
    const percorso = prefix ? `${prefix}.${k}` : k
    let value: unknown
    if (uguali(m, t)) value = m
    else if (uguali(m, b)) value = t
    else if (uguali(t, b)) value = m
    else if (isPlainObject(m) && isPlainObject(t)) value = mergeLevel(isPlainObject(b) ? b : {}, m, t, percorso, conflitti)
    else {
      conflitti.push({ percorso, base: b, mine: m, theirs: t })
      value = m
    }
    if (value !== undefined) merged[k] = value
  }
  return merged
}

/** The three-way merge of the module comment. */
export function merge3(base: Campi, mine: Campi, theirs: Campi): EsitoMerge {
  const conflitti: Conflitto[] = []
  const merged = mergeLevel(base, mine, theirs, '', conflitti)
  return { merged, conflitti }
}

/** `record` with the value at the dotted `percorso` replaced by `value` (removed when undefined); a copy. */
export function conValore(record: Campi, percorso: string, value: unknown): Campi {
  const [head, ...rest] = percorso.split('.') as [string, ...string[]]
  const copy: Campi = { ...record }
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else copy[head] = value
    return copy
  }
  const inner = isPlainObject(record[head]) ? (record[head] as Campi) : {}
  copy[head] = conValore(inner, rest.join('.'), value)
  return copy
}

/**
 * The record to send after the user's choices: `esito.merged` with each conflicting field set to the chosen
 * side. Throws when a conflict has no choice (the 'Salva' of the conflict view is enabled only when each has one).
 */
export function applicaScelte(esito: EsitoMerge, scelte: Readonly<Record<string, Scelta>>): Campi {
  let out = esito.merged
  for (const c of esito.conflitti) {
    const s = scelte[c.percorso]
    if (s === undefined) throw new Error(`Nessuna scelta per il campo ${c.percorso}`)
    out = conValore(out, c.percorso, s === 'mine' ? c.mine : c.theirs)
  }
  return out
}
