/**
 * First step of loading the notification wiring from the shell: a chunk with no static imports (as
 * src/features/sincronizzazione/start.ts), so the landing page lists one small file for it.
 */
import type { startNotificationsWiring } from './wiring'

/** Loads the wiring module and returns its start function. */
export async function loadNotificationsWiring(): Promise<typeof startNotificationsWiring> {
  return (await import('./wiring')).startNotificationsWiring
}
