/**
 * Issue 3 "Done when", in Chromium against the built app: a facilitator logs in online, goes offline,
 * creates a service, adds three citizens (valid fiscal code, omocodic code, document number), compiles two
 * surveys, closes the browser and reopens it offline — everything is still there, marked as not yet sent;
 * back online, within 10 s everything is on the server exactly once, and the project's manager sees the
 * service and its citizens in /area-amministrativa/servizi.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { PG_JOURNEY, USERS, expectNoA11yViolations, login, waitForServiceWorkerControl } from './helpers'
import { DATA_SERVIZIO, actorOf, citizensOf, documentNumber, servicesNamed } from './field-api'
import { CF_OMOCODICO, CF_VALIDO, addCitizenUI, citizenRows, compileSurveyUI, createServiceUI, launchPersistent, readyFacilitator, UNCONFIRMED_CHIP, waitForFieldData } from './field-ui'

/** Project manager (REPP) of Sara Romano's project, 'Lazio Digitale Roma'. */
const REPP_ROMA = 'MRNLNE83T45D612L'

test('offline field day: service, three citizens, two surveys survive a browser restart and reach the server once', PG_JOURNEY, async ({ baseURL, request, browser }) => {
  test.setTimeout(180_000)
  const profileDir = mkdtempSync(join(tmpdir(), 'pd-e2e-profile-'))
  const nome = `Sportello digitale ${Date.now()}`
  let context = await launchPersistent(profileDir, baseURL ?? '')
  try {
    let page = context.pages()[0] ?? await context.newPage()
    await login(page, USERS.fac.cf)
    await waitForServiceWorkerControl(page)
    const fac = await actorOf(page, request, 'FAC')
    // the field bootstrap and the screens' code reach the device while online
    await page.goto('/area-amministrativa/servizi')
    await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
    await waitForFieldData(page, USERS.fac.cf)

    await context.setOffline(true)
    await createServiceUI(page, { nome })
    await expect(page.getByText('DA SINCRONIZZARE').first()).toBeVisible()
    await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
    await addCitizenUI(page, { cf: CF_VALIDO })
    await addCitizenUI(page, { cf: CF_OMOCODICO })
    await addCitizenUI(page, { documento: documentNumber() })
    await expect(citizenRows(page)).toHaveCount(3)
    await compileSurveyUI(page, 0)
    await compileSurveyUI(page, 1)
    await expect(citizenRows(page).filter({ hasText: /(?<!NON )COMPILATA/ })).toHaveCount(2)
    await expect(page.getByText(/in attesa/i).first()).toBeVisible()
    // the read-only survey (issue 8): Q3's date reads DD-MM-YYYY; the breadcrumb links only real pages
    await citizenRows(page).getByRole('link', { name: /Visualizza questionario/ }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Questionario del cittadino' })).toBeVisible()
    await expect(page.locator('main').getByText(DATA_SERVIZIO.split('-').reverse().join('-')).first()).toBeVisible()
    await expect(page.locator('main')).not.toContainText(DATA_SERVIZIO)
    const crumbs = page.getByTestId('breadcrumb')
    await expect(crumbs.getByText('Visualizza questionario')).toBeVisible()
    await expect(crumbs.getByRole('link', { name: 'Visualizza questionario' })).toHaveCount(0)
    await crumbs.getByRole('link', { name: 'Cittadini', exact: true }).click()
    await expect(citizenRows(page)).toHaveCount(3)
    // nothing reached the server
    expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

    // close the browser, reopen it offline
    await context.close()
    context = await launchPersistent(profileDir, baseURL ?? '')
    await context.setOffline(true)
    page = context.pages()[0] ?? await context.newPage()
    await page.goto('/area-amministrativa/servizi')
    const row = page.locator('main').getByRole('row').filter({ hasText: nome }).or(page.locator('main li, main .accordion-item').filter({ hasText: nome })).first()
    await expect(row).toBeVisible({ timeout: 15_000 })
    await expect(row).toContainText('DA SINCRONIZZARE')
    await expectNoA11yViolations(page, 'elenco servizi offline')
    await row.getByRole('link').first().click()
    await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
    await expect(citizenRows(page)).toHaveCount(3)
    await expect(citizenRows(page).filter({ hasText: 'DA SINCRONIZZARE' })).toHaveCount(3)
    await expectNoA11yViolations(page, 'cittadini del servizio offline')

    // back online: everything on the server within 10 s, exactly once
    await context.setOffline(false)
    await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 10_000 }).toBe(1)
    const [servizio] = await servicesNamed(request, fac, nome)
    await expect.poll(async () => {
      const c = await citizensOf(request, fac, servizio!.id)
      return [c.numeroCittadini, c.numeroQuestionariCompilati]
    }, { timeout: 10_000 }).toEqual([3, 2])
    await expect(citizenRows(page).filter({ hasText: UNCONFIRMED_CHIP })).toHaveCount(0, { timeout: 15_000 })
    expect((await servicesNamed(request, fac, nome))[0]?.stato).toBe('ATTIVO')
  } finally {
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }

  // the project's manager sees it
  const ctx = await browser.newContext({ baseURL })
  const manager = await ctx.newPage()
  await login(manager, REPP_ROMA)
  await manager.goto('/area-amministrativa/servizi')
  await manager.getByRole('searchbox', { name: 'Cerca servizio' }).fill(nome)
  await manager.getByRole('button', { name: 'Cerca' }).click()
  const link = manager.locator('main').getByRole('link', { name: nome })
  await expect(link).toBeVisible()
  await link.click()
  await manager.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await expect(citizenRows(manager)).toHaveCount(3)
  await ctx.close()
})

test('the same day with half the replayed requests failing (503, dropped, answer lost): nothing lost, nothing duplicated', PG_JOURNEY, async ({ page, request, context }) => {
  test.setTimeout(400_000)
  const nome = `Sportello instabile ${Date.now()}`
  const fac = await readyFacilitator(page, request)

  await context.setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { cf: CF_VALIDO })
  await addCitizenUI(page, { cf: CF_OMOCODICO })
  await addCitizenUI(page, { documento: documentNumber() })
  await compileSurveyUI(page, 0)
  await compileSurveyUI(page, 1)

  // every other outbox write fails, in turn: 503, connection dropped, answer lost after the server applied it
  let n = 0
  const seen = new Map<string, number>()
  await page.route('**/api/**', async (route) => {
    const key = route.request().headers()['idempotency-key']
    if (!key) return route.continue()
    seen.set(key, (seen.get(key) ?? 0) + 1)
    n += 1
    if (n % 2 === 0) return route.continue()
    const mode = Math.floor(n / 2) % 3
    if (mode === 0) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"errorCode":"G00","message":"Servizio non disponibile"}' })
    if (mode === 1) return route.abort('failed')
    await route.fetch()
    return route.abort('failed')
  })
  await context.setOffline(false)
  await page.goto('/area-personale/sincronizzazione')
  const syncNow = page.getByRole('button', { name: 'Sincronizza ora' })
  await expect.poll(async () => {
    if (await syncNow.isEnabled()) await syncNow.click().catch(() => undefined)
    const found = await servicesNamed(request, fac, nome)
    if (found.length !== 1) return [found.length, 0, 0]
    const c = await citizensOf(request, fac, found[0]!.id)
    return [found.length, c.numeroCittadini, c.numeroQuestionariCompilati]
  }, { timeout: 150_000, intervals: [3_000] }).toEqual([1, 3, 2])
  // six operations, each sent until confirmed: some more than once, all under one key each
  expect(seen.size).toBe(6)
  expect([...seen.values()].some((count) => count > 1)).toBe(true)
  // an operation whose answer was lost is confirmed by its next attempt (same key, stored answer)
  await page.unroute('**/api/**')
  await expect.poll(async () => {
    if (await syncNow.isEnabled()) await syncNow.click().catch(() => undefined)
    return page.getByText('Tutte le operazioni sono state inviate').isVisible()
  }, { timeout: 170_000, intervals: [5_000] }).toBe(true)
  const [servizio] = await servicesNamed(request, fac, nome)
  const c = await citizensOf(request, fac, servizio!.id)
  expect([c.numeroCittadini, c.numeroQuestionariCompilati]).toEqual([3, 2])
})
