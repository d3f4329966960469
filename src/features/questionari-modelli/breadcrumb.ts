/** Registers the breadcrumb labels of the templates pages (path prefix → label) after render. */
import { useEffect } from 'react'
import { setBreadcrumbLabels } from '../../ui/breadcrumb/labels'

export function useBreadcrumbLabels(entries: Record<string, string | null | undefined>): void {
  const clean = Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => !!e[1]))
  const key = JSON.stringify(clean)
  useEffect(() => {
    setBreadcrumbLabels(JSON.parse(key) as Record<string, string>)
  }, [key])
}
