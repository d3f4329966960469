/**
 * First step of loading the offline wiring from the shell: a chunk with no static imports, so the landing
 * page's JavaScript lists one file for it instead of every chunk the wiring needs (Vite keeps the preload
 * list of each dynamic import in the importing chunk). The second step, `import('./wiring')`, happens
 * here, after login, and its preload list lives in this chunk.
 */
import type { startSyncWiring } from './wiring'

/** Loads the wiring module and returns its `startSyncWiring`. */
export async function loadSyncWiring(): Promise<typeof startSyncWiring> {
  return (await import('./wiring')).startSyncWiring
}
