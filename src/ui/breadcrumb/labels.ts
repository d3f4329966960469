/**
 * Stored id → label list of the breadcrumb (spec 000 §2.5). Keys are a path prefix
 * ('/area-amministrativa/programmi/12') or a bare segment id; features register the names of the
 * entities they load, the shell registers the names of the user's own programme and project.
 */
import { useEffect } from 'react'
import { createStore, useStore } from '../../lib/store'

/** Labels known before any feature registers its own (static pages whose slug reads badly). */
export const DEFAULT_BREADCRUMB_LABELS: Readonly<Record<string, string>> = {
  '/legal': 'Dichiarazione di accessibilità',
  '/open-data': 'Open data',
  '/home': 'Home',
}

const store = createStore<Readonly<Record<string, string>>>(DEFAULT_BREADCRUMB_LABELS)

export function setBreadcrumbLabels(entries: Record<string, string>): void {
  const labels = store.get()
  const changed = Object.entries(entries).some(([k, v]) => labels[k] !== v)
  if (!changed) return
  store.set({ ...labels, ...entries })
}

export function getBreadcrumbLabels(): Readonly<Record<string, string>> {
  return store.get()
}

export function useBreadcrumbLabels(): Readonly<Record<string, string>> {
  return useStore(store)
}

/**
 * Registers breadcrumb labels (path prefix → label) after render, for the entities a page loads
 * ('/bacheca/12' → the announcement's title); entries with an empty label are skipped (not loaded yet).
 */
export function useRegisterBreadcrumbLabels(entries: Record<string, string | null | undefined>): void {
  const clean = Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => !!e[1]))
  const key = JSON.stringify(clean)
  useEffect(() => {
    setBreadcrumbLabels(JSON.parse(key) as Record<string, string>)
  }, [key])
}
