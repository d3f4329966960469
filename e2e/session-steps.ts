/**
 * Steps of the outbox/session end-to-end tests (F2): a gate on the replayed writes (every request carrying
 * an `Idempotency-Key` is recorded and passed, aborted, refused or answered as the test decides), the sync
 * centre, logout through the user menu, 'Cambia ruolo', and a switch that makes IndexedDB writes fail with
 * `QuotaExceededError` (storage full).
 */
import { expect, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test'
import { chooseProfile, isInApp, jwtPayload } from './helpers'

/** What the gate does with a write: let it reach the server, drop it (network error), or answer itself. */
export type GateAnswer = 'pass' | 'abort' | { status: number; body?: unknown }
export type GateMode = GateAnswer | ((w: GateRequest) => GateAnswer)

/** A write as the gate saw it. */
export interface GateRequest {
  method: string
  /** path after `/api/` (query string included) */
  path: string
  idempotencyKey: string
  userRole: string | null
  authToken: string | null
  body: Record<string, unknown>
}

/** A recorded write with what happened to it (`passed`: the server answered `status`). */
export interface RecordedWrite extends GateRequest {
  outcome: 'passed' | 'aborted' | 'answered'
  status: number | null
}

function gateRequest(req: Request): GateRequest | null {
  const headers = req.headers()
  const key = headers['idempotency-key']
  if (!key) return null
  const url = new URL(req.url())
  let body: Record<string, unknown>
  try {
    body = (req.postDataJSON() as Record<string, unknown> | null) ?? {}
  } catch {
    body = {}
  }
  return {
    method: req.method(),
    path: `${url.pathname.replace(/^\/api\//, '')}${url.search}`,
    idempotencyKey: key,
    userRole: headers.userrole ?? null,
    authToken: headers.authtoken ?? null,
    body,
  }
}

/**
 * Intercepts the outbox's writes (requests with an `Idempotency-Key`) of a page or context; other requests
 * go on untouched. `mode` decides each write's fate; every write is recorded in `writes`.
 */
export class WriteGate {
  readonly writes: RecordedWrite[] = []
  mode: GateMode = 'pass'

  private constructor() {}

  static async install(target: Page | BrowserContext, mode: GateMode = 'pass'): Promise<WriteGate> {
    const gate = new WriteGate()
    gate.mode = mode
    await target.route('**/api/**', async (route) => {
      const w = gateRequest(route.request())
      if (!w) return route.fallback()
      const answer = typeof gate.mode === 'function' ? gate.mode(w) : gate.mode
      if (answer === 'abort') {
        gate.writes.push({ ...w, outcome: 'aborted', status: null })
        return route.abort('failed')
      }
      if (answer === 'pass') {
        const rec: RecordedWrite = { ...w, outcome: 'passed', status: null }
        gate.writes.push(rec)
        try {
          const response = await route.fetch()
          rec.status = response.status()
          return await route.fulfill({ response })
        } catch {
          // the page went away (reload, navigation) while the server answered: the server may have applied it
          rec.status = rec.status ?? -1
          return undefined
        }
      }
      gate.writes.push({ ...w, outcome: 'answered', status: answer.status })
      return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body ?? {}) })
    })
    return gate
  }

  /** Writes that reached the server. */
  passed(filter: (w: RecordedWrite) => boolean = () => true): RecordedWrite[] {
    return this.writes.filter((w) => w.outcome === 'passed' && filter(w))
  }

  /** How many times each idempotency key reached the server. */
  passedPerKey(filter?: (w: RecordedWrite) => boolean): Record<string, number> {
    const out: Record<string, number> = {}
    for (const w of this.passed(filter)) out[w.idempotencyKey] = (out[w.idempotencyKey] ?? 0) + 1
    return out
  }
}

/** True for the creation of a service (`POST servizio`). */
export const isServiceCreate = (w: GateRequest): boolean => w.method === 'POST' && /^servizio(\?|$)/.test(w.path)
/** True for the addition of a citizen to a service (`POST servizio/cittadino/{id}`). */
export const isCitizenAdd = (w: GateRequest): boolean => w.method === 'POST' && /^servizio\/cittadino\/\d+/.test(w.path)

/** The fiscal code (`fiscalNumber`/`sub`-like claim) a recorded token belongs to, for "sent as A" checks. */
export function tokenSubject(token: string | null): string {
  if (!token) return ''
  const p = jwtPayload(token)
  return String(p.sub ?? '')
}

/** Opens the sync centre and waits for its heading. */
export async function openSyncCentre(page: Page): Promise<void> {
  await page.goto('/area-personale/sincronizzazione')
  await expect(page.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible({ timeout: 15_000 })
}

/** The sync centre's card of the operation whose title matches `name`. */
export function syncEntry(scope: Page | Locator, name: string | RegExp): Locator {
  return ('goto' in scope ? scope.locator('main') : scope).getByRole('article', { name })
}

/** Every operation card of the sync centre. */
export function syncEntries(page: Page): Locator {
  return page.locator('main').getByRole('article')
}

/** The header's sync indicator link ('Sincronizzazione: …'). */
export function syncIndicator(page: Page): Locator {
  return page.locator('header').getByRole('link', { name: /^Sincronizzazione:/ })
}

/** Opens the header's user menu (the button 'Menu utente di …'). */
export async function openUserMenu(page: Page): Promise<void> {
  await page.locator('header').getByRole('button', { name: /^Menu utente di/ }).first().click()
}

/** A user-menu entry by name (a link or a button). */
function menuEntry(page: Page, name: string): Locator {
  const header = page.locator('header')
  return header.getByRole('button', { name, exact: true }).or(header.getByRole('link', { name, exact: true })).or(header.getByRole('menuitem', { name, exact: true })).first()
}

/** The logout warning about operations not yet sent. */
export function logoutWarning(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: /Operazioni non ancora inviate|Operazioni inviate/ })
}

/**
 * 'Esci' from the user menu; with unsent operations the warning must show and 'Esci comunque' confirms.
 * Online (default) the app goes through the identity provider's end-session page and back: resolves once
 * back in the app, logged out.
 */
export async function logoutUI(page: Page, opts: { unsent?: number; offline?: boolean } = {}): Promise<void> {
  const endSession = opts.offline ? null : page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname.startsWith('/oidc/'), { timeout: 20_000 })
  await openUserMenu(page)
  await menuEntry(page, 'Esci').click()
  if (opts.unsent) {
    const dialog = logoutWarning(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(opts.unsent === 1 ? 'Hai 1 operazione non ancora inviata' : `Hai ${opts.unsent} operazioni non ancora inviate`)
    await expect(dialog).toContainText('nessun altro utente')
    await dialog.getByRole('button', { name: 'Esci comunque' }).click()
  }
  if (endSession) {
    await endSession
    await page.waitForURL((u) => isInApp(u.href), { timeout: 20_000 })
    await page.waitForLoadState('load')
  }
  await expect(page.getByRole('link', { name: 'Accedi' }).or(page.getByRole('button', { name: 'Accedi' })).first()).toBeVisible({ timeout: 20_000 })
}

/** 'Cambia ruolo' from the user menu, then the profile matching `label` (the app reloads). */
export async function changeRoleUI(page: Page, label: RegExp): Promise<void> {
  await openUserMenu(page)
  await menuEntry(page, 'Cambia ruolo').click()
  await chooseProfile(page, label)
}

/**
 * Init script: while `window.__pdStorageFull` is true, `IDBObjectStore.put/add` throw a
 * `QuotaExceededError` DOMException, as a full device does.
 */
export async function installStorageFullSwitch(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { __pdStorageFull?: boolean }
    const proto = IDBObjectStore.prototype
    for (const name of ['put', 'add'] as const) {
      const original = proto[name] as (...args: unknown[]) => IDBRequest
      Object.defineProperty(proto, name, {
        configurable: true,
        writable: true,
        value: function (this: IDBObjectStore, ...args: unknown[]): IDBRequest {
          if (w.__pdStorageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
          return original.apply(this, args)
        },
      })
    }
  })
}

/** Turns the storage-full switch of {@link installStorageFullSwitch} on or off. */
export async function setStorageFull(page: Page, full: boolean): Promise<void> {
  await page.evaluate((v) => {
    ;(window as unknown as { __pdStorageFull?: boolean }).__pdStorageFull = v
  }, full)
}
