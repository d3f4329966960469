/**
 * Starts the offline wiring while a user is logged in (ARCHITECTURE.md "The offline outbox"): the
 * per-user database and replay (`startOfflineSession`), the field data layer (`startCampo`), the header
 * sync indicator, the session/storage alerts, the logout warning, the Background Sync relay and the
 * update gate — all in `src/features/sincronizzazione/wiring.ts`. The shell does not know that module (ui/
 * never imports features/): the application's entry registers how to load it ({@link registerSessionWiring},
 * src/main.tsx, with dynamic `import()`s through the import-free `start.ts`, keeping the wiring's chunk list
 * off the landing page) so neither Dexie nor the feature code reaches the landing page's JavaScript.
 * Stopped at logout.
 * The shell hands the wiring its own registries ({@link ShellHooks}) instead of the lazy chunk importing
 * them: shared imports would make the bundler split landing modules into extra chunks.
 */
import { useEffect } from 'react'
import { setUpdateBlocked } from '../../pwa/update-store'
import { registerHeaderStatus } from '../header/HeaderStatusSlot'
import { registerShellSlot } from './ShellSlot'

/** The shell's registries the offline wiring plugs into. */
export interface ShellHooks {
  registerHeaderStatus: typeof registerHeaderStatus
  registerShellSlot: typeof registerShellSlot
  setUpdateBlocked: typeof setUpdateBlocked
}

const hooks: ShellHooks = { registerHeaderStatus, registerShellSlot, setUpdateBlocked }

/** Loads the offline wiring and resolves its start function (which returns its stop function). */
export type SessionWiringLoader = () => Promise<(hooks: ShellHooks) => () => void>

let loadWiring: SessionWiringLoader | null = null

/** Sets (or clears, with null) how the shell loads the offline wiring; without one, nothing starts. */
export function registerSessionWiring(loader: SessionWiringLoader | null): void {
  loadWiring = loader
}

/** Loads and starts the offline wiring while `loggedIn`; stops it when the user logs out or the shell unmounts. */
export function useFieldSession(loggedIn: boolean): void {
  useEffect(() => {
    const load = loadWiring
    if (!loggedIn || !load) return
    let cancelled = false
    let stop: (() => void) | null = null
    load()
      .then((startSyncWiring) => {
        if (!cancelled) stop = startSyncWiring(hooks)
      })
      .catch((error: unknown) => {
        // chunk not reachable (offline before the precache was complete): the app still works online
        console.warn('Avvio della sincronizzazione non riuscito', error)
      })
    return () => {
      cancelled = true
      stop?.()
      stop = null
    }
  }, [loggedIn])
}
