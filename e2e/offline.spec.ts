/**
 * Offline shell (issue 2 "Done when"): after a login online, once the service worker controls the page
 * and has the field's offline set (fetched after a FAC/VOL login, delivery issue 7 item 3), reloading `/`
 * and the deep route `/area-personale` with the network off renders the styled shell of the last user —
 * documents, JS, CSS and fonts all answered by the service worker.
 */
import { expect, test, type Page, type Response } from '@playwright/test'
import { DESKTOP, USERS, login, profileDialog, chooseProfile, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'

test.use({ viewport: DESKTOP })

/** Header styled by bootstrap-italia (primary #0066cc band) and Titillium Web really loaded. */
async function expectStyledShell(page: Page): Promise<void> {
  await expect(page.locator('header').first()).toBeVisible()
  const hasPrimaryBand = await page.locator('header').first().evaluate((header) =>
    [header, ...header.querySelectorAll('*')].some((el) => getComputedStyle(el).backgroundColor === 'rgb(0, 102, 204)'),
  )
  expect(hasPrimaryBand, 'header con lo sfondo primario di bootstrap-italia').toBe(true)
  const font = await page.evaluate(async () => {
    await document.fonts.ready
    const faces = await document.fonts.load('16px "Titillium Web"')
    return { faces: faces.length, check: document.fonts.check('16px "Titillium Web"'), body: getComputedStyle(document.body).fontFamily }
  })
  expect(font.faces, 'font-face Titillium Web caricati').toBeGreaterThan(0)
  expect(font.check).toBe(true)
  expect(font.body).toMatch(/Titillium Web/)
}

test('with the network off, / and /area-personale reload into the styled shell', async ({ page, context }) => {
  await login(page, USERS.fac.cf)
  if (await profileDialog(page).isVisible()) await chooseProfile(page, /facilitatore/i)
  await waitForServiceWorkerControl(page)
  await waitForOfflineSet(page, 'field')
  await expect(page.locator('header').first()).toBeVisible()

  const responses: Response[] = []
  page.on('response', (r) => responses.push(r))
  await context.setOffline(true)

  for (const path of ['/', '/area-personale']) {
    responses.length = 0
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expectStyledShell(page)
    await expect(page.locator('header').first()).toContainText(new RegExp(`${USERS.fac.nome}|${USERS.fac.cognome}`, 'i'))
    const fromNetwork = responses
      .filter((r) => ['document', 'script', 'stylesheet', 'font'].includes(r.request().resourceType()))
      .filter((r) => !r.fromServiceWorker())
      .map((r) => r.url())
    expect(fromNetwork, 'risorse non servite dal service worker').toEqual([])
  }

  // and a plain reload of the deep route
  await page.reload()
  await expectStyledShell(page)
  await context.setOffline(false)
})
