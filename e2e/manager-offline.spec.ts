/**
 * Issue 9 point 6, "Managers read offline too": the DTD opens the services list and a service card online,
 * goes offline and reloads: the same rows and the card are there, marked 'Dati aggiornati al …', and
 * 'Scarica CSV' is disabled with its reason. After the logout the device keeps nothing of the DTD's reads,
 * and the next user (a REG) offline never sees them.
 */
import { expect, test, type Page } from '@playwright/test'
import { USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, storedQueryRows, waitForAppStarted, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'
import { actorOf, createServiceApi } from './field-api'
import { logoutUI } from './session-steps'

/** Laura Conti, REG of programme RFD-2024-LOM (README "Utenti di prova"). */
const REG_LOM = 'CNTLRA75H61F205P'
const UPDATED_AT = /Dati aggiornati al \d{2}-\d{2}-\d{4} \d{2}:\d{2}/
const NON_SALVATI = 'Senza connessione questi dati non sono disponibili'

async function loginManager(page: Page, cf: string): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
}

const listRows = (page: Page) => page.locator('main table tbody tr')
const countStatus = (page: Page) => page.locator('main').getByRole('status').filter({ hasText: /\d+ serviz/ })

test('a manager reads the services list and card offline; the next user never sees them', async ({ page, context, browser, request }) => {
  test.setTimeout(150_000)
  // two services of Sara Romano (FAC, Lazio Digitale Roma), outside the REG of Lombardia's programme
  const fieldContext = await browser.newContext()
  try {
    const fieldPage = await fieldContext.newPage()
    await login(fieldPage, USERS.fac.cf)
    const fac = await actorOf(fieldPage, request, 'FAC')
    const tag = Date.now()
    await createServiceApi(request, fac, `Sportello offline ${tag}`)
    await createServiceApi(request, fac, `Laboratorio offline ${tag}`)
  } finally {
    await fieldContext.close()
  }

  await loginManager(page, USERS.dtd.cf)
  await waitForServiceWorkerControl(page)

  // online: the list and one card
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await expect(countStatus(page)).toBeVisible()
  await expect(listRows(page).first()).toBeVisible()
  const names = await listRows(page).locator('td:first-child, th:first-child').allInnerTexts()
  expect(names.length).toBeGreaterThan(0)
  await expect(page.getByText(UPDATED_AT)).toHaveCount(0)
  await listRows(page).first().getByRole('link').first().click()
  const cardTitle = page.getByRole('heading', { level: 1 })
  await expect(cardTitle).toHaveText(names[0]!.trim())
  await page.getByRole('link', { name: "Torna all'elenco" }).or(page.getByRole('link', { name: /Torna/ })).first().click()
  await expect(countStatus(page)).toBeVisible()

  // the pages' code and the reads are on the device
  await waitForOfflineSet(page, 'field')
  // the list's row and the card's own row (a save follows a change within a second: wait for the card's)
  await expect.poll(async () => (await storedQueryRows(page)).some((v) => v.includes(names[0]!.trim())), { timeout: 15_000 }).toBe(true)
  await expect.poll(async () => (await storedQueryRows(page)).some((v) => v.includes('\\"servizi\\",\\"scheda\\"')), { timeout: 15_000 }).toBe(true)
  const stored = (await storedQueryRows(page)).join('\n')
  expect(stored).not.toContain(USERS.dtd.cf)
  expect(stored).not.toMatch(/[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]/i)

  // offline, reloaded: same rows, the notice, CSV disabled with its reason
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(UPDATED_AT)).toBeVisible()
  await expect(listRows(page).first()).toBeVisible()
  expect(await listRows(page).locator('td:first-child, th:first-child').allInnerTexts()).toEqual(names)
  const csv = page.getByRole('button', { name: 'Scarica CSV' })
  await expect(csv).toHaveAttribute('aria-disabled', 'true')
  await expect(csv).toHaveAccessibleDescription('Sei offline: per scaricare il file CSV serve la connessione.')
  await expectNoA11yViolations(page, 'elenco servizi del gestore offline')

  // the card, offline
  await listRows(page).first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[0]!.trim())
  await expect(page.getByText(UPDATED_AT)).toBeVisible()

  // back online, logout: nothing of the DTD's reads stays on the device
  await context.setOffline(false)
  await logoutUI(page)
  await expect.poll(() => storedQueryRows(page)).toEqual([])

  // another manager logs in: offline, her list is not on the device, and the DTD's rows never show
  await loginManager(page, REG_LOM)
  await context.setOffline(true)
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(NON_SALVATI)).toBeVisible()
  await expect(listRows(page)).toHaveCount(0)
  await expect(page.getByText(UPDATED_AT)).toHaveCount(0)

  // online again: her own list
  await context.setOffline(false)
  await page.reload()
  await expect(countStatus(page)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(UPDATED_AT)).toHaveCount(0)
})
