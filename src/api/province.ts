/**
 * The one loader of the provinces (issue 26 point 10; spec 002 §3 "Province: the full Italian list"): the
 * static `/data/province.json` (`{sigla, nome, regione}`; precached by the service worker with the field
 * set, so it loads offline too), fetched once per page and shared by
 * - 'Provincia di domicilio' of the citizen forms: {@link caricaProvince} / {@link useProvince}, the names in
 *   the file's order;
 * - the site form: {@link caricaProvinceSigle} / {@link useProvinceSigle}, sigla and name sorted by name.
 * A failed load is retried on the next call; the hooks return [] while loading or on error.
 */
import { useEffect, useState } from 'react'

/** A province of the site form. */
export interface Provincia { sigla: string; nome: string }

type Riga = { sigla?: unknown; nome?: unknown }

let cache: Promise<Riga[]> | null = null

/** The rows of the file, fetched once (a failed load is forgotten, so the next call tries again). */
function caricaRighe(): Promise<Riga[]> {
  cache ??= fetch('/data/province.json', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`province.json ${res.status}`)
      return (await res.json()) as Riga[]
    })
    .catch((e: unknown) => {
      cache = null
      throw e
    })
  return cache
}

/** The province names, in the file's order. */
export async function caricaProvince(): Promise<string[]> {
  const rows = await caricaRighe()
  return rows.map((r) => (typeof r.nome === 'string' ? r.nome : '')).filter((n) => n !== '')
}

/** The provinces with their sigla, sorted by name (Italian collation). */
export async function caricaProvinceSigle(): Promise<Provincia[]> {
  const rows = await caricaRighe()
  return rows
    .filter((r): r is Provincia => typeof r.sigla === 'string' && typeof r.nome === 'string')
    .map((r) => ({ sigla: r.sigla, nome: r.nome }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'it'))
}

/** React: the result of `load` once it arrives ([] while loading or on error). */
function useElenco<T>(load: () => Promise<T[]>): T[] {
  const [list, setList] = useState<T[]>([])
  useEffect(() => {
    let alive = true
    load()
      .then((l) => alive && setList(l))
      .catch(() => alive && setList([]))
    return () => {
      alive = false
    }
  }, [load])
  return list
}

/** React hook over {@link caricaProvince}. */
export function useProvince(): string[] {
  return useElenco(caricaProvince)
}

/** React hook over {@link caricaProvinceSigle}. */
export function useProvinceSigle(): Provincia[] {
  return useElenco(caricaProvinceSigle)
}

/** Test helper: forgets the cached file. */
export function resetProvinceForTests(): void {
  cache = null
}
