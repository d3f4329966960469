/**
 * Province names for 'Provincia di domicilio' (spec 002 §3 "Province: the full Italian list"), read once
 * from the static `/data/province.json` ({sigla, nome, regione}; precached by the service worker, so it
 * loads offline too). `useProvince()` returns the names sorted as in the file, [] while loading or on error.
 */
import { useEffect, useState } from 'react'

let cache: Promise<string[]> | null = null

/** Loads the province names once (a failed load is retried on the next call). */
export function caricaProvince(): Promise<string[]> {
  cache ??= fetch('/data/province.json', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`province.json ${res.status}`)
      const rows = (await res.json()) as { nome?: unknown }[]
      return rows.map((r) => (typeof r.nome === 'string' ? r.nome : '')).filter((n) => n !== '')
    })
    .catch((e: unknown) => {
      cache = null
      throw e
    })
  return cache
}

/** React hook over {@link caricaProvince}. */
export function useProvince(): string[] {
  const [list, setList] = useState<string[]>([])
  useEffect(() => {
    let alive = true
    caricaProvince()
      .then((l) => alive && setList(l))
      .catch(() => alive && setList([]))
    return () => {
      alive = false
    }
  }, [])
  return list
}

/** Test helper: forgets the cached list. */
export function resetProvinceForTests(): void {
  cache = null
}
