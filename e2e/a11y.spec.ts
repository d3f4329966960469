/**
 * axe-core (WCAG 2.1 A/AA) on every page of issue 2, at desktop (1280 px) and phone (375 px) width.
 * /registrazione is checked inside auth.spec.ts, where the first-access user reaches it.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, reachDevLoginPage } from './helpers'

const WIDTHS = [DESKTOP, PHONE]

async function checkAtEveryWidth(page: Page, label: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(200)
    await expectNoA11yViolations(page, label)
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('#root')).not.toBeEmpty()
}

test.describe('public pages', () => {
  for (const path of ['/', '/auth', '/informativa-privacy-e-cookie', '/legal', '/open-data', '/errore/A02']) {
    test(`axe: ${path}`, async ({ page }) => {
      await page.goto(path)
      await settle(page)
      await checkAtEveryWidth(page, path)
    })
  }

  test('axe: development identity provider login page', async ({ page }) => {
    await reachDevLoginPage(page)
    await checkAtEveryWidth(page, 'pagina di login del provider di sviluppo')
  })
})

test.describe('logged-in pages', () => {
  test('axe: FAC home and /area-personale', async ({ page }) => {
    await login(page, USERS.fac.cf)
    if (await profileDialog(page).isVisible()) await chooseProfile(page, /facilitatore/i)
    await settle(page)
    await checkAtEveryWidth(page, 'home FAC')
    await page.goto('/area-personale')
    await settle(page)
    await checkAtEveryWidth(page, '/area-personale')
  })

  test('axe: DTD home', async ({ page }) => {
    await login(page, USERS.dtd.cf)
    if (await profileDialog(page).isVisible()) await chooseProfile(page, /./)
    await settle(page)
    await checkAtEveryWidth(page, 'home DTD')
  })

  test("axe: the 'Scegli il ruolo' modal open", async ({ page }) => {
    await login(page, USERS.multi.cf)
    await expect(profileDialog(page)).toBeVisible()
    await checkAtEveryWidth(page, "modale 'Scegli il ruolo'")
  })
})
