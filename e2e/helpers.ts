/**
 * Shared steps of the end-to-end tests: login through the real UI and the development identity
 * provider, profile choice, reading the ID token the app stored, accessibility checks (axe-core,
 * WCAG 2.1 A/AA and best practices) and Chromium's installability report over CDP.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/** Demo identities used by the tests (server/seed/identities.ts). */
export const USERS = {
  fac: { cf: 'RMNSRA92E51A944H', nome: 'Sara', cognome: 'Romano' },
  multi: { cf: 'RSSLSN77R19G478N', nome: 'Alessandro', cognome: 'Rossi' },
  firstAccess: { cf: 'LMBNNA90L43B354D', nome: 'Anna', cognome: 'Lombardi' },
  dtd: { cf: 'FRRGLI78C54H501Q', nome: 'Giulia', cognome: 'Ferri' },
} as const

/**
 * Sets a checkbox (or radio) to `checked` the way a user does: bootstrap-italia hides the native input and
 * draws its own box, so the label is clicked — with Playwright's checks that it is visible and that nothing
 * covers it (a forced click on the hidden input may land on whatever lies on top, such as the sticky header)
 * — and the resulting state is asserted.
 */
export async function setTicked(scope: Page | Locator, name: string | RegExp, checked: boolean): Promise<void> {
  const exact = typeof name === 'string'
  const input = scope.getByRole('checkbox', { name, exact }).or(scope.getByRole('radio', { name, exact })).first()
  const page = 'page' in scope ? scope.page() : scope
  if ((await input.isChecked()) !== checked) {
    const id = await input.getAttribute('id')
    if (id) await page.locator(`label[for="${id}"]`).first().click()
    else await input.setChecked(checked, { force: true })
  }
  if (checked) await expect(input).toBeChecked()
  else await expect(input).not.toBeChecked()
}

/**
 * Tag of the journeys the PostgreSQL leg of CI runs again (`npm run test:db`: `playwright test --grep @pg`):
 * those whose behaviour depends on the database server rather than on the browser — replay and idempotency,
 * jobs and files, principal generation across sessions, aggregates and full-text search, registration.
 * The rest of the suite runs once, on PGlite.
 */
export const PG_JOURNEY = { tag: '@pg' }

export const DESKTOP = { width: 1280, height: 900 }
export const PHONE = { width: 375, height: 812 }

/**
 * Waits until the application runs (`<html data-pd-app="avviata">`, src/ui/shell/app-started.ts): before it,
 * `/` may still be the pre-rendered landing page, with its links but without the application's behaviour.
 */
export async function waitForAppStarted(page: Page, timeout = 20_000): Promise<void> {
  await expect(page.locator('html'), "l'applicazione è avviata").toHaveAttribute('data-pd-app', 'avviata', { timeout })
}

/** The development provider's login page (reached after 'Entra con SPID'). */
export async function reachDevLoginPage(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('link', { name: 'Accedi' }).or(page.getByRole('button', { name: 'Accedi' })).first().click()
  await expect(page).toHaveURL(/\/auth(?:[/?#]|$)/)
  await page.getByRole('button', { name: /Entra con SPID/ }).or(page.getByRole('link', { name: /Entra con SPID/ })).first().click()
  await expect(page.getByLabel('Codice fiscale')).toBeVisible()
}

/**
 * Logs in through the real UI: `/` → 'Accedi' → 'Entra con SPID' → dev provider → 'Codice fiscale'
 * → 'Entra' (plus the provider's consent step, if it shows one) → back in the app, outside `/auth`.
 */
export async function login(page: Page, cf: string): Promise<void> {
  await reachDevLoginPage(page)
  await page.getByLabel('Codice fiscale').fill(cf)
  await page.getByRole('button', { name: 'Entra', exact: true }).click()
  const consent = page.getByRole('button', { name: /^(Continua|Autorizza|Consenti|Continue)$/ })
  await expect
    .poll(async () => isInApp(page.url()) || (await consent.isVisible()), { timeout: 30_000, message: 'ritorno all\'app dopo il login' })
    .toBe(true)
  if (!isInApp(page.url())) {
    await consent.click()
    await page.waitForURL((url) => isInApp(url.href), { timeout: 30_000 })
  }
  await page.waitForLoadState('load')
}

/** True once the browser is back in the app, past the identity provider and the `/auth` callback. */
export function isInApp(href: string): boolean {
  const { pathname } = new URL(href)
  return !pathname.startsWith('/oidc') && !/^\/auth(?:\/|$)/.test(pathname)
}

/** The 'Scegli il ruolo' modal (spec 000 §2.7). */
export function profileDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: 'Scegli il ruolo' })
}

/**
 * Chooses, in the open 'Scegli il ruolo' modal, the profile whose label matches `label`, confirms,
 * and waits for the reload the app performs after `sceltaProfilo` (spec 000 §7: `/` then reload).
 */
export async function chooseProfile(page: Page, label: RegExp): Promise<void> {
  const dialog = profileDialog(page)
  await expect(dialog).toBeVisible()
  // bootstrap-italia draws its own radio: the native input is visually hidden, so click its label.
  const radio = dialog.getByRole('radio', { name: label }).first()
  const id = await radio.getAttribute('id')
  if (id) await dialog.locator(`label[for="${id}"]`).click()
  else await radio.check({ force: true })
  await expect(radio).toBeChecked()
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined)
  await dialog.getByRole('button', { name: /^(Conferma|Confermo|Scegli|Prosegui|Continua)$/ }).click()
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await reloaded
  await page.waitForLoadState('load')
}

/** Main navigation of the shell at desktop width. */
export function mainNav(page: Page): Locator {
  return page.locator('header').getByRole('navigation').or(page.getByRole('navigation', { name: /principale|menu/i })).first()
}

/** Names of every link/button of the header navigation, hidden dropdown items included. */
export async function navEntries(page: Page): Promise<string[]> {
  const items = page.locator('header').getByRole('link', { includeHidden: true }).or(page.locator('header').getByRole('button', { includeHidden: true }))
  const texts = await items.evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()))
  return texts.filter(Boolean)
}

/** Decodes the payload of a JWT (no verification). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
}

/**
 * Finds the ID token the app stored in localStorage (whatever the key): the JWT whose audience is the
 * app's client id. Throws when none is found.
 */
export async function readIdToken(page: Page): Promise<string> {
  const values = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? ''))
  const jwts = new Set<string>()
  for (const v of values) for (const m of v.matchAll(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g)) jwts.add(m[0])
  for (const jwt of jwts) {
    const aud = jwtPayload(jwt).aud
    if (aud === 'punto-digitale' || (Array.isArray(aud) && aud.includes('punto-digitale'))) return jwt
  }
  throw new Error(`Nessun ID token in localStorage (trovati ${jwts.size} JWT)`)
}

/** axe-core rule sets every page must pass: WCAG 2.0/2.1 A and AA, plus Deque's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * axe-core ({@link AXE_TAGS}: WCAG 2.0/2.1 A and AA rules and the best-practice ones — landmarks,
 * heading order, one main, unique landmark names…) on the current page, as "rule (impact): help —
 * targets" lines. Motion is off first (prefers-reduced-motion emulated: the app's CSS then ends every
 * transition and finite animation at once), so what axe measures is the page's settled state, never a
 * frame of a fade.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  return results.violations.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)
}

/** {@link axeViolations}, failing with a readable list; `label` names the page in the failure message. */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `violazioni axe su ${label} (${page.viewportSize()?.width ?? '?'} px)`).toEqual([])
}

/** Chromium's own installability verdict for the current page (CDP `Page.getInstallabilityErrors`). */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors')
    return errors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '))
  } finally {
    await cdp.detach()
  }
}

/** Waits until a service worker controls the page (first install claims the clients). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
}

/**
 * Waits until the service worker reports the offline set `set` complete on the device ('field': what a
 * FAC/VOL needs offline, asked for after the login; 'survey': the citizen's survey page), asking it with
 * {type: 'OFFLINE_SET_STATUS'} (sw/messages.ts) until it answers 'ready'.
 */
export async function waitForOfflineSet(page: Page, set: 'field' | 'survey' = 'field', timeout = 60_000): Promise<void> {
  await expect.poll(() => page.evaluate(async (name) => {
    const registration = await navigator.serviceWorker.ready
    return new Promise<string>((resolve) => {
      const timer = setTimeout(() => done('no answer'), 3_000)
      function done(status: string) {
        clearTimeout(timer)
        navigator.serviceWorker.removeEventListener('message', onMessage)
        resolve(status)
      }
      function onMessage(event: MessageEvent) {
        const data = event.data as { type?: string; set?: string; status?: string } | null
        if (data?.type === 'OFFLINE_SET_PROGRESS' && data.set === name) done(String(data.status))
      }
      navigator.serviceWorker.addEventListener('message', onMessage)
      registration.active?.postMessage({ type: 'OFFLINE_SET_STATUS', set: name })
    })
  }, set), { message: `insieme offline '${set}' sul dispositivo`, timeout, intervals: [250, 500, 1_000] }).toBe('ready')
}

/**
 * The words of `scope`'s table headers (or of any `selector` inside it) that the browser broke across
 * lines ('Inter|vent|o'): a Range over each word has more than one line box. [] when every word is whole.
 * Words are runs of characters between spaces and hyphens: '12-05-2026' may break after a hyphen.
 */
export async function brokenWords(scope: Locator, selector = 'th'): Promise<string[]> {
  return scope.locator(selector).evaluateAll((els) => els.flatMap((el) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/[^\s\-‐–—/]+/g)) {
        const range = document.createRange()
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
        if (tops.size > 1) broken.push(m[0])
      }
    }
    return broken
  }))
}

/** The box of `l`'s text (not of its element's line box): where the letters are drawn. */
export async function textBox(l: Locator): Promise<{ top: number; bottom: number }> {
  return l.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const r = range.getBoundingClientRect()
    return { top: r.top, bottom: r.bottom }
  })
}

/**
 * The managers' persisted reads on this device (IndexedDB `pd-query-cache`, store `queries`, one row per
 * query: src/api/query-persist.ts), each row as JSON (its key, owner and serialized value); [] before any save.
 */
export function storedQueryRows(page: Page): Promise<string[]> {
  return page.evaluate(() => new Promise<string[]>((resolve, reject) => {
    const open = indexedDB.open('pd-query-cache')
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      if (!db.objectStoreNames.contains('queries')) {
        db.close()
        resolve([])
        return
      }
      const req = db.transaction('queries').objectStore('queries').getAll()
      req.onsuccess = () => {
        db.close()
        resolve((req.result as unknown[]).map((row) => JSON.stringify(row)))
      }
      req.onerror = () => reject(req.error)
    }
  }))
}

/** Presses Tab until `target` has the focus (keyboard only); fails when it never does within `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
