/**
 * The tabs of the programme and project detail pages (`?tab=`, platform-frontend §1.4) and the parsing of the
 * `tab` search parameter. Kept apart from the pages: the route files' `validateSearch` runs in the route tree every
 * visitor loads, so what they import must stay light (no page, no field-work code).
 */
import { FAMIGLIE_OBIETTIVI } from '../../lib/famiglie-obiettivi'

export const TABS_PROGRAMMA = [
  { key: 'info', label: 'Informazioni generali' },
  ...FAMIGLIE_OBIETTIVI.map((f) => ({ key: f.key, label: f.label })),
  { key: 'ente-gestore', label: 'Ente gestore' },
  { key: 'progetti', label: 'Progetti' },
] as const

export const TABS_PROGETTO = [
  { key: 'info', label: 'Informazioni generali' },
  ...FAMIGLIE_OBIETTIVI.map((f) => ({ key: f.key, label: f.label })),
  { key: 'ente-gestore', label: 'Ente gestore' },
  { key: 'enti-partner', label: 'Enti partner' },
] as const

/** A programme's `?tab=` value → a known tab (default 'info'). */
export function tabProgramma(tab: unknown): string {
  return TABS_PROGRAMMA.some((t) => t.key === tab) ? (tab as string) : 'info'
}

/** A project's `?tab=` value → a known tab (default 'info'). */
export function tabProgetto(tab: unknown): string {
  return TABS_PROGETTO.some((t) => t.key === tab) ? (tab as string) : 'info'
}
