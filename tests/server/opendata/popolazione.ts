/**
 * A realistic population for the open-data tests (issue 24 point 3) and the k-anonymity check over every
 * combination of published columns.
 *
 * `popolazione(seed)` draws, with a seeded generator, citizens (age bands, genders, employment and
 * education with national-like weights) who mostly come back to their own site, and services over six months
 * at the sites given (individual ones mostly alone, group and training ones with several citizens), each with
 * Q3 answers (public digital services, competences).
 *
 * `violazioni(righe, colonne, k)`: the groups of every non-empty subset of `colonne` that hold fewer than k
 * distinct citizens. It groups the distinct full rows first (each with its citizens), then, for each subset,
 * unions their citizens by the subset's values: the same answer as grouping the rows, with far fewer keys.
 */
import { AMBITO_SERVIZI_PUBBLICI, COMPETENZE_LIVELLO_1, GENERE, STATO_OCCUPAZIONALE, TIPOLOGIA_SERVIZIO, TITOLO_DI_STUDIO } from '../../../src/api/contract/enums'
import type { Colonna, RigaDataset } from '../../../server/domain/opendata/anonimizza'
import { rng } from '../../../scripts/seed-scale-people'

function pesato<T>(r: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0)
  let x = r() * total
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0
    if (x < 0) return items[i] as T
  }
  return items[items.length - 1] as T
}
const uno = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T
function alcuni<T>(r: () => number, items: readonly T[], max: number): T[] {
  const n = 1 + Math.floor(r() * max)
  return [...new Set(Array.from({ length: n }, () => uno(r, items)))]
}

/** A site of the population: where services are given, with its project. */
export interface SedePopolazione { idSede: number; idProgetto: number }

export interface CittadinoPopolazione { id: number; genere: string; fasciaDiEtaId: number; occupazione: string; titoloDiStudio: string; sede: number }
export interface ServizioPopolazione {
  sede: SedePopolazione; data: string; tipologia: string; ambito: string[]; competenze: string[]; cittadini: number[]
}

/**
 * `cittadini` citizens and about `servizi` services over January–June 2026 at `sedi`, drawn from `seed`.
 * Citizen ids are 2^52 + 1…n (the id range of the real insert path).
 */
export function popolazione(seed: number, sedi: readonly SedePopolazione[], cittadini = 600, servizi = 700): { cittadini: CittadinoPopolazione[]; servizi: ServizioPopolazione[] } {
  const r = rng(seed)
  const people: CittadinoPopolazione[] = Array.from({ length: cittadini }, (_, i) => ({
    id: 2 ** 52 + 1 + i,
    genere: pesato(r, GENERE, [52, 46, 1, 1]),
    // ids of FASCE_DI_ETA: 1 18-29, 2 30-54, 3 55-74, 4 75+, 5 14-17
    fasciaDiEtaId: pesato(r, [1, 2, 3, 4, 5], [14, 34, 36, 13, 3]),
    occupazione: pesato(r, STATO_OCCUPAZIONALE, STATO_OCCUPAZIONALE.map((_, j) => (j < 3 ? 8 : 4))),
    titoloDiStudio: pesato(r, TITOLO_DI_STUDIO, TITOLO_DI_STUDIO.map((_, j) => (j < 3 ? 6 : 2))),
    sede: Math.floor(r() * sedi.length),
  }))
  const bySite = sedi.map((_, s) => people.filter((p) => p.sede === s))
  const out: ServizioPopolazione[] = []
  for (let i = 0; i < servizi; i++) {
    const s = Math.floor(r() * sedi.length)
    const tipologia = pesato(r, TIPOLOGIA_SERVIZIO, TIPOLOGIA_SERVIZIO.map((_, j) => (j === 0 ? 10 : 2)))
    const size = tipologia === TIPOLOGIA_SERVIZIO[0] ? 1 : 2 + Math.floor(r() * 5)
    const pool = bySite[s]!.length ? bySite[s]! : people
    const who = new Set<number>()
    for (let j = 0; j < size; j++) who.add((r() < 0.85 ? uno(r, pool) : uno(r, people)).id) // mostly their own site
    const month = 1 + Math.floor(r() * 6)
    const day = 1 + Math.floor(r() * 28)
    out.push({
      sede: sedi[s]!, data: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, tipologia,
      ambito: alcuni(r, AMBITO_SERVIZI_PUBBLICI.slice(0, 5), 2), competenze: alcuni(r, COMPETENZE_LIVELLO_1, 2), cittadini: [...who],
    })
  }
  return { cittadini: people, servizi: out }
}

/** Every non-empty subset of `colonne`. */
export function sottoinsiemi<T>(colonne: readonly T[]): T[][] {
  const out: T[][] = []
  for (let mask = 1; mask < 1 << colonne.length; mask++) out.push(colonne.filter((_, i) => mask & (1 << i)))
  return out
}

/**
 * The groups (of every non-empty subset of `colonne`, or of `colonne` alone with `soloTutte`) holding fewer
 * than `k` distinct citizens; empty when k-anonymous. Values are interned per column, and a group stops
 * collecting citizens once it holds k.
 */
export function violazioni(righe: readonly RigaDataset[], colonne: readonly Colonna[], k: number, opts: { soloTutte?: boolean } = {}): { colonne: Colonna[]; valori: string; persone: number }[] {
  const interned = colonne.map(() => new Map<string | null, number>())
  const id = (i: number, value: unknown) => {
    const v = value === null || value === undefined ? null : String(value)
    const m = interned[i]!
    let n = m.get(v)
    if (n === undefined) m.set(v, (n = m.size))
    return n
  }
  const classi = new Map<string, { valori: number[]; persone: Set<number> }>()
  for (const r of righe) {
    const valori = colonne.map((c, i) => id(i, r[c]))
    const key = valori.join(',')
    let cl = classi.get(key)
    if (!cl) classi.set(key, (cl = { valori, persone: new Set() }))
    cl.persone.add(r.idCittadino)
  }
  const list = [...classi.values()]
  const out: { colonne: Colonna[]; valori: string; persone: number }[] = []
  const subsets = opts.soloTutte ? [colonne.map((_, i) => i)] : sottoinsiemi(colonne.map((_, i) => i))
  for (const sub of subsets) {
    const groups = new Map<string, Set<number>>()
    for (const cl of list) {
      let key = ''
      for (const i of sub) key += `${cl.valori[i]!},`
      let g = groups.get(key)
      if (!g) groups.set(key, (g = new Set()))
      if (g.size >= k) continue
      for (const p of cl.persone) {
        g.add(p)
        if (g.size >= k) break
      }
    }
    for (const [valori, g] of groups) if (g.size < k) out.push({ colonne: sub.map((i) => colonne[i]!), valori, persone: g.size })
  }
  return out
}
