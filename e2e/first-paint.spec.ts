/**
 * The landing page's first paint comes from the pre-rendered markup of index.html (delivery issue 7):
 * readable without any script, shown only where it is the page (`/` for a visitor without a session),
 * then replaced by the running application. What each document showed is read at DOMContentLoaded,
 * before any module script runs.
 */
import { expect, test, type Page } from '@playwright/test'
import { login, USERS } from './helpers'

/** Records, at DOMContentLoaded, whether the pre-rendered page or the plain boot placeholder is displayed. */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const shown = (sel: string) => {
        const el = document.querySelector(sel)
        return el !== null && getComputedStyle(el).display !== 'none'
      }
      sessionStorage.setItem('pd.test.firstPaint', JSON.stringify({ prerender: shown('.pd-prerender'), boot: shown('.pd-boot') }))
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

test('the pre-rendered landing shows on / for visitors only, and the application replaces it', async ({ page }) => {
  await recordFirstPaint(page)
  await page.goto('/')
  await expect(page.getByTestId('landing')).toBeVisible()
  expect(await firstPaint(page)).toEqual({ prerender: true, boot: false })
  await expect(page.locator('.pd-prerender')).toHaveCount(0)

  // another path: the neutral placeholder, never the landing page
  await page.goto('/informativa-privacy-e-cookie')
  expect(await firstPaint(page)).toEqual({ prerender: false, boot: true })

  // a logged-in user's home: never a flash of the visitor's page
  await login(page, USERS.fac.cf)
  await page.goto('/')
  expect(await firstPaint(page)).toEqual({ prerender: false, boot: true })
  await expect(page.getByTestId('landing')).toHaveCount(0)
})
