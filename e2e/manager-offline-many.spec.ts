/**
 * Issue 24 point 8, "Managers' offline reading keeps only the last page": a REG opens three lists and three
 * cards, partly in a second window of the app (an installed app and a browser tab share the device), then
 * starts the app without network: every list and card is there, marked 'Dati aggiornati al …', and no page
 * says it was never opened on this device. (The former store held one row per user with the whole client:
 * each window's save overwrote what the other had saved.)
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PG_JOURNEY, chooseProfile, expectNoA11yViolations, login, profileDialog, storedQueryRows, waitForAppStarted, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'

test.use({ viewport: DESKTOP })

/** Laura Conti, REG of programme RFD-2024-LOM (README "Utenti di prova"). */
const REG_LOM = 'CNTLRA75H61F205P'
const UPDATED_AT = /Dati aggiornati al \d{2}-\d{2}-\d{4} \d{2}:\d{2}/
const NON_SALVATI = 'non sono stati aperti su questo dispositivo'

const listRows = (page: Page) => page.locator('main table tbody tr')

/** How the query key of a card of `area` reads inside the stored text (JSON within JSON). */
const cardKey = (area: string) => `\\"${area}\\",\\"scheda\\"`

interface Visited {
  path: string
  /** the heading of a card, or a row of a list */
  text: string
  kind: 'lista' | 'scheda'
}

/** Opens a list and returns its first row's text (the page is read online). */
async function openList(page: Page, path: string, heading: string): Promise<Visited> {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
  await expect(listRows(page).first()).toBeVisible({ timeout: 20_000 })
  const text = (await listRows(page).first().locator('td, th').first().innerText()).trim()
  return { path, text, kind: 'lista' }
}

/** From a list on screen, opens the first row's card and returns it. */
async function openFirstCard(page: Page): Promise<Visited> {
  const name = (await listRows(page).first().locator('td, th').first().innerText()).trim()
  await listRows(page).first().getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name, { timeout: 20_000 })
  return { path: new URL(page.url()).pathname, text: name, kind: 'scheda' }
}

test('lists and cards opened in two windows are all readable at the next offline start', PG_JOURNEY, async ({ page, context }) => {
  test.setTimeout(180_000)
  await login(page, REG_LOM)
  if (await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
  await waitForServiceWorkerControl(page)

  const visited: Visited[] = []
  visited.push(await openList(page, '/area-amministrativa/programmi', 'Elenco programmi'))

  // a second window of the app, opened now: it restored only what was stored so far
  const second = await context.newPage()
  await second.goto('/area-amministrativa/programmi')
  await expect(listRows(second).first()).toBeVisible({ timeout: 20_000 })

  // the first window goes on: two more lists and two cards
  visited.push(await openList(page, '/area-amministrativa/progetti', 'Elenco progetti'))
  visited.push(await openFirstCard(page))
  visited.push(await openList(page, '/area-amministrativa/enti', 'Elenco enti'))
  visited.push(await openFirstCard(page))
  for (const v of visited) await expect.poll(async () => (await storedQueryRows(page)).join('\n').includes(v.text), { timeout: 15_000 }).toBe(true)
  for (const card of ['progetti', 'enti']) await expect.poll(async () => (await storedQueryRows(page)).join('\n').includes(cardKey(card)), { timeout: 15_000 }).toBe(true)

  // the second window opens one more card: its save must not erase the first window's reads
  await second.goto('/area-amministrativa/programmi')
  await expect(listRows(second).first()).toBeVisible({ timeout: 20_000 })
  const lastCard = await openFirstCard(second)
  visited.push(lastCard)
  await expect.poll(async () => (await storedQueryRows(second)).join('\n').includes(cardKey('programmi')), { timeout: 15_000 }).toBe(true)
  // the second window keeps saving (a list read again) after the first window's reads were stored
  await second.goto('/area-amministrativa/programmi')
  await expect(listRows(second).first()).toBeVisible({ timeout: 20_000 })
  await second.close()

  // the installed app opened without network
  await waitForOfflineSet(page, 'field')
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
  for (const v of visited) {
    await page.goto(v.path)
    const main = page.locator('main')
    if (v.kind === 'scheda') await expect(page.getByRole('heading', { level: 1 }), v.path).toHaveText(v.text, { timeout: 20_000 })
    else await expect(listRows(page).first(), v.path).toContainText(v.text, { timeout: 20_000 })
    await expect(main.getByText(UPDATED_AT).first(), v.path).toBeVisible()
    await expect(main.getByText(NON_SALVATI), v.path).toHaveCount(0)
  }
  await expectNoA11yViolations(page, 'scheda letta offline')
  await context.setOffline(false)
})
