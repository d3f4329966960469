/**
 * Stored id → label list of the breadcrumb (spec 000 §2.5). Keys are a path prefix
 * ('/area-amministrativa/programmi/12') or a bare segment id; features register the names of the
 * entities they load, the shell registers the names of the user's own programme and project.
 */
import { useEffect, useSyncExternalStore } from 'react'

/** Labels known before any feature registers its own (static pages whose slug reads badly). */
export const DEFAULT_BREADCRUMB_LABELS: Readonly<Record<string, string>> = {
  '/legal': 'Dichiarazione di accessibilità',
  '/open-data': 'Open data',
  '/home': 'Home',
}

let labels: Readonly<Record<string, string>> = DEFAULT_BREADCRUMB_LABELS
const listeners = new Set<() => void>()

export function setBreadcrumbLabels(entries: Record<string, string>): void {
  const changed = Object.entries(entries).some(([k, v]) => labels[k] !== v)
  if (!changed) return
  labels = { ...labels, ...entries }
  listeners.forEach((l) => l())
}

export function getBreadcrumbLabels(): Readonly<Record<string, string>> {
  return labels
}

export function useBreadcrumbLabels(): Readonly<Record<string, string>> {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    getBreadcrumbLabels,
    getBreadcrumbLabels,
  )
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
