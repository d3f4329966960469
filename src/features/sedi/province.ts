/**
 * Provinces for the site form: sigla and name from the static `/data/province.json` (spec 002 §3
 * "Province: the full Italian list"), loaded once; `useProvinceSigle()` returns [] while loading.
 */
import { useEffect, useState } from 'react'

export interface Provincia { sigla: string; nome: string }

let cache: Promise<Provincia[]> | null = null

/** Loads the provinces once, sorted by name (a failed load is retried on the next call). */
export function caricaProvinceSigle(): Promise<Provincia[]> {
  cache ??= fetch('/data/province.json', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`province.json ${res.status}`)
      const rows = (await res.json()) as { sigla?: unknown; nome?: unknown }[]
      return rows
        .filter((r): r is Provincia => typeof r.sigla === 'string' && typeof r.nome === 'string')
        .map((r) => ({ sigla: r.sigla, nome: r.nome }))
        .sort((a, b) => a.nome.localeCompare(b.nome, 'it'))
    })
    .catch((e: unknown) => {
      cache = null
      throw e
    })
  return cache
}

export function useProvinceSigle(): Provincia[] {
  const [list, setList] = useState<Provincia[]>([])
  useEffect(() => {
    let alive = true
    caricaProvinceSigle().then((l) => alive && setList(l)).catch(() => alive && setList([]))
    return () => {
      alive = false
    }
  }, [])
  return list
}
