/**
 * The landing page's first paint comes from the pre-rendered markup of index.html (delivery issue 7):
 * readable without any script, shown only where it is the page (`/` for a visitor without a session),
 * then hydrated in place by the application (the same elements, no second render). What each document
 * showed is read at DOMContentLoaded, before any module script runs.
 */
import { expect, test, type Page } from '@playwright/test'
import { login, USERS, waitForAppStarted } from './helpers'

/** Records, at DOMContentLoaded, whether the pre-rendered page or the plain boot placeholder is displayed. */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const shown = (sel: string) => {
        const el = document.querySelector(sel)
        return el !== null && getComputedStyle(el).display !== 'none'
      }
      sessionStorage.setItem('pd.test.firstPaint', JSON.stringify({ prerender: shown('.pd-prerender'), boot: shown('.pd-boot') }))
      // a mark on the parsed heading: still there after start-up only if the application kept the element
      const h1 = document.querySelector('h1') as (HTMLElement & { pdParsed?: boolean }) | null
      if (h1) h1.pdParsed = true
    })
  })
}
const firstPaint = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('pd.test.firstPaint') ?? 'null'))

test('without JavaScript the landing page is readable and leads to the login', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto su Punto Digitale' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Accedi' }).first()).toHaveAttribute('href', '/auth')
  await context.close()
})

test('the pre-rendered landing shows on / for visitors only, and the application hydrates it in place', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  await recordFirstPaint(page)
  await page.goto('/')
  await waitForAppStarted(page)
  expect(await firstPaint(page)).toEqual({ prerender: true, boot: false })
  // hydrated, not rendered again: the heading parsed from the HTML is the one on screen, and React reported
  // no mismatch (it would render the page again and warn 'Pagina pre-generata non riutilizzata')
  const h1 = page.getByRole('heading', { level: 1, name: 'Ti diamo il benvenuto su Punto Digitale' })
  expect(await h1.evaluate((el) => (el as HTMLElement & { pdParsed?: boolean }).pdParsed === true)).toBe(true)
  // the icons the pre-render drew are still drawn
  await expect(page.locator('.pd-prerender svg.icon path[d]:not([d="M0 0h24v24H0z"])').first()).toBeAttached()
  // the page is the application: 'Accedi' navigates inside it, without loading a new document
  await page.evaluate(() => ((window as Window & { pdSameDocument?: boolean }).pdSameDocument = true))
  await page.getByTestId('landing-login').click()
  await expect(page).toHaveURL(/\/auth$/)
  expect(await page.evaluate(() => (window as Window & { pdSameDocument?: boolean }).pdSameDocument)).toBe(true)
  expect(problems.filter((t) => !/service worker/i.test(t))).toEqual([])

  // another path: the neutral placeholder, never the landing page
  await page.goto('/informativa-privacy-e-cookie')
  expect(await firstPaint(page)).toEqual({ prerender: false, boot: true })

  // a logged-in user's home: never a flash of the visitor's page
  await login(page, USERS.fac.cf)
  await page.goto('/')
  expect(await firstPaint(page)).toEqual({ prerender: false, boot: true })
  await expect(page.getByTestId('landing')).toHaveCount(0)
})
