/**
 * Steps of the outbox failure tests (e2e/outbox-failures.spec.ts, offline-field-systems.md §2): a
 * facilitator ready for field work, a log of every outbox write the browser sends (one line per
 * attempt: Idempotency-Key, method, path, when it started and ended, how it ended) and a switchable
 * interceptor of those writes (pass, 503, abort, answer lost after the server applied it, hold open).
 * Only requests carrying `Idempotency-Key` (the outbox's writes) are touched; every other request passes.
 */
import { expect, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test'
import { addCitizenUI } from './field-ui'
export { readyFacilitator } from './field-ui'

/** What happened to one attempt of an outbox write, as the interceptor saw it. */
export type Outcome = 'passed' | 'lost-answer' | 'fulfilled-503' | 'aborted' | 'held' | 'in-flight'

/** One attempt of an outbox write. */
export interface WriteAttempt {
  key: string
  method: string
  /** path without the origin ('/api/servizio') */
  path: string
  start: number
  end: number | null
  outcome: Outcome
  /** HTTP status the server (or the fulfilment) gave; null when none */
  status: number | null
  /** the server answered `Idempotent-Replayed: true` (a repeat of an applied request) */
  replayed: boolean
}

/** How the interceptor treats the next write: by default every write passes. */
export type Mode = 'pass' | '503' | 'abort' | 'lose-answer' | 'hold'

/** The modes chosen per attempt; `decide` may look at the attempt (path, key) and the log. */
export type Decide = (a: { key: string; method: string; path: string }, log: WriteAttempt[]) => Mode

const isWrite = (route: Route) => route.request().headers()['idempotency-key'] !== undefined

/**
 * Intercepts the outbox writes of `context` (service, citizen and survey endpoints under `/api/servizio`).
 * `decide` picks the mode of each attempt; `delayMs` keeps each passing attempt open that long after the
 * server answered (to make runs overlap). Held attempts stay open until {@link WriteInterceptor.releaseHeld}
 * (or the page drops them).
 */
export class WriteInterceptor {
  readonly log: WriteAttempt[] = []
  decide: Decide = () => 'pass'
  delayMs = 0
  private held: Array<{ route: Route; attempt: WriteAttempt }> = []

  static async attach(context: BrowserContext): Promise<WriteInterceptor> {
    const w = new WriteInterceptor()
    await context.route(/\/api\/servizio(?:[/?]|$)/, (route) => w.handle(route))
    return w
  }

  private async handle(route: Route): Promise<void> {
    if (!isWrite(route)) return route.fallback()
    const req = route.request()
    const key = req.headers()['idempotency-key'] ?? ''
    const path = new URL(req.url()).pathname
    const attempt: WriteAttempt = { key, method: req.method(), path, start: Date.now(), end: null, outcome: 'in-flight', status: null, replayed: false }
    const mode = this.decide({ key, method: attempt.method, path }, this.log)
    this.log.push(attempt)
    const finish = (outcome: Outcome, status: number | null) => {
      attempt.outcome = outcome
      attempt.status = status
      attempt.end = Date.now()
    }
    try {
      if (mode === '503') {
        await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ errorCode: 'G99', message: 'Servizio non disponibile (test)' }) })
        finish('fulfilled-503', 503)
      } else if (mode === 'abort') {
        await route.abort('failed')
        finish('aborted', null)
      } else if (mode === 'hold') {
        attempt.outcome = 'held'
        this.held.push({ route, attempt })
      } else {
        const res = await route.fetch()
        attempt.status = res.status()
        attempt.replayed = res.headers()['idempotent-replayed'] === 'true'
        if (mode === 'lose-answer') {
          await route.abort('failed')
          finish('lost-answer', res.status())
        } else {
          if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs))
          await route.fulfill({ response: res })
          finish('passed', res.status())
        }
      }
    } catch {
      // the page went away meanwhile (reload/close): the browser dropped the request
      if (attempt.end === null) finish('aborted', attempt.status)
    }
  }

  /** Lets the held attempts through to the server (those whose page is gone end as 'aborted'). */
  async releaseHeld(): Promise<void> {
    const held = this.held
    this.held = []
    for (const { route, attempt } of held) {
      try {
        const res = await route.fetch()
        await route.fulfill({ response: res })
        attempt.status = res.status()
        attempt.replayed = res.headers()['idempotent-replayed'] === 'true'
        attempt.outcome = 'passed'
      } catch {
        attempt.outcome = 'aborted'
      }
      attempt.end = Date.now()
    }
  }

  /** Marks held attempts as dropped without sending them (their page was reloaded or closed). */
  dropHeld(): void {
    for (const { attempt } of this.held) {
      attempt.outcome = 'aborted'
      attempt.end = Date.now()
    }
    this.held = []
  }

  /** Attempts whose path matches. */
  to(path: RegExp): WriteAttempt[] {
    return this.log.filter((a) => path.test(a.path))
  }

  /** Attempts grouped by Idempotency-Key (insertion order). */
  byKey(): Map<string, WriteAttempt[]> {
    const m = new Map<string, WriteAttempt[]>()
    for (const a of this.log) m.set(a.key, [...(m.get(a.key) ?? []), a])
    return m
  }
}

/** Path of a service creation, of a citizen added to a service, of a compiled survey. */
export const SERVICE_CREATE = /^\/api\/servizio$/
export const CITIZEN_ADD = /^\/api\/servizio\/cittadino\/\d+$/
export const SURVEY_COMPILE = /^\/api\/servizio\/cittadino\/questionarioCompilato\/[^/]+\/compila$/

/** Opens the sync centre. */
export async function openSyncCentre(page: Page): Promise<void> {
  await page.goto('/area-personale/sincronizzazione')
  await expect(page.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible({ timeout: 15_000 })
}

/** The sync centre's operation cards (every state). */
export function syncEntries(page: Page): Locator {
  return page.getByTestId('sync-entry')
}

/** The row of a service in the services list (table row or card). */
export function serviceRow(page: Page, nome: string): Locator {
  return page.locator('main').getByRole('row').filter({ hasText: nome }).or(page.locator('main li, main .accordion-item').filter({ hasText: nome })).first()
}

/** True when two attempts were open at the same time (ends of still-open attempts count as now). */
export function overlap(a: WriteAttempt, b: WriteAttempt): boolean {
  const ae = a.end ?? Date.now()
  const be = b.end ?? Date.now()
  return a.start < be && b.start < ae
}

/** 'Aggiungi cittadino' by document number on the open service's 'Cittadini' tab, online or offline. */
export function addCitizenByDocumentUI(page: Page, numeroDocumento: string): Promise<void> {
  return addCitizenUI(page, { documento: numeroDocumento })
}
