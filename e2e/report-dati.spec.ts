/**
 * Issue 11 points 1–2, 'Report dati' and the 'Area dati' landing: the national administrator (DTD) and a
 * facilitator (FAC) open Report dati and read their own numbers (those the API gives their profile), switch a
 * chart to its table, filter by policy (kept in the URL); the DTD opens the landing with its call to action
 * and, on a phone, the sub-menu. Every page is axe-clean at 1280 and 375 px, charts included.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { ReportDati } from '../src/api/contract/dati'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, waitForAppStarted } from './helpers'
import { actorOf, callAs, createServiceApi, type ApiActor } from './field-api'

const it = new Intl.NumberFormat('it-IT')

async function enter(page: Page, cf: string): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
}

const report = (request: APIRequestContext, who: ApiActor, filtro: Record<string, unknown> = {}) =>
  callAs<ReportDati>(request, who, 'POST', 'dati/report', { filtro })

/** A service of Sara Romano (FAC), created through the API in a context of its own: the demo seed has none. */
async function withService(page: Page, request: APIRequestContext): Promise<void> {
  const context = await page.context().browser()!.newContext()
  try {
    const fieldPage = await context.newPage()
    await login(fieldPage, USERS.fac.cf)
    await createServiceApi(request, await actorOf(fieldPage, request, 'FAC'), `Report e2e ${Date.now()}`)
  } finally {
    await context.close()
  }
}

async function chartsDrawn(page: Page): Promise<void> {
  for (const id of ['andamento', 'tipologia', 'regione']) {
    await expect(page.getByTestId(`grafico-${id}`), `grafico ${id}`).toHaveAttribute('data-pronto', 'si', { timeout: 20_000 })
  }
}

test('DTD: landing, report with its numbers, chart → table, policy filter in the URL; axe at 1280 and 375', PG_JOURNEY, async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await enter(page, USERS.dtd.cf)
  const dtd = await actorOf(page, request, 'DTD')
  await withService(page, request)
  await callAs(request, dtd, 'POST', 'dati/aggiorna') // the views as of now (other specs may have written)

  await page.goto('/area-dati')
  await expect(page.getByRole('heading', { level: 1, name: 'Area dati' })).toBeVisible()
  await expect(page.getByTestId('area-dati-cta')).toHaveText('Monitoraggio dei caricamenti massivi')
  await expect(page.getByRole('navigation', { name: "Sezioni dell'area dati" }).locator('[aria-current="page"]')).toHaveText('Monitoraggio dei caricamenti massivi')
  await expectNoA11yViolations(page, '/area-dati')
  await page.setViewportSize(PHONE)
  await expect(page.getByTestId('area-dati-sottomenu').getByRole('heading', { name: 'Area amministrativa' })).toBeVisible()
  await expectNoA11yViolations(page, '/area-dati')
  await page.getByTestId('area-dati-sottomenu').getByRole('link', { name: 'Report dati' }).click()
  await expect(page).toHaveURL(/\/area-dati\/report-dati/)
  await page.setViewportSize(DESKTOP)
  const atteso = await report(request, dtd)
  expect(atteso.totali.servizi).toBeGreaterThan(0)
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(atteso.totali.servizi))
  await expect(page.getByTestId('totale-partecipazioni')).toHaveText(it.format(atteso.totali.partecipazioni))
  await expect(page.getByTestId('report-aggiornamento')).toContainText('Dati aggiornati al')
  await chartsDrawn(page)

  const tipologia = page.getByTestId('report-tipologia')
  await tipologia.getByRole('button', { name: 'Tabella' }).click()
  const tabella = page.getByTestId('tabella-tipologia')
  await expect(tabella).toBeVisible()
  await expect(tabella.locator('caption')).toHaveText('Servizi per tipologia')
  const prima = atteso.dimensioni.tipologia[0]!
  await expect(tabella.locator('tbody tr').first()).toHaveText(`${prima.valore}${it.format(prima.n)}`)
  await expect(tabella.locator('tbody tr')).toHaveCount(atteso.dimensioni.tipologia.length)
  // the DTD's 'Utilizzo' panel (issue 13): usage-event counts under the report
  await expect(page.getByTestId('utilizzo-panel').getByRole('heading', { name: 'Utilizzo' })).toBeVisible()
  await expect(page.getByTestId('utilizzo-panel').getByRole('status')).toHaveCount(0)
  await expectNoA11yViolations(page, '/area-dati/report-dati')

  await page.getByLabel('Intervento').selectOption('SCD')
  await expect(page).toHaveURL(/[?&]policy=SCD/)
  const scd = await report(request, dtd, { policy: 'SCD' })
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(scd.totali.servizi))
  await page.reload()
  await expect(page.getByLabel('Intervento')).toHaveValue('SCD')
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(scd.totali.servizi))

  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Cancella filtri' }).click()
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(atteso.totali.servizi))
  await chartsDrawn(page)
  await expectNoA11yViolations(page, '/area-dati/report-dati')
})

test('FAC: the report of her own services, read live; axe at 375 and 1280', async ({ page, request }) => {
  test.setTimeout(90_000)
  await page.setViewportSize(PHONE)
  await enter(page, USERS.fac.cf)
  const fac = await actorOf(page, request, 'FAC')
  await createServiceApi(request, fac, `Report e2e ${Date.now()}`)
  await page.goto('/area-dati/report-dati')
  const atteso = await report(request, fac)
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(atteso.totali.servizi))
  await expect(page.getByTestId('report-aggiornamento')).toHaveText('Dati in tempo reale sui tuoi servizi.')
  expect(atteso.totali.servizi).toBeGreaterThan(0)
  await chartsDrawn(page)
  await page.getByTestId('report-genere').getByRole('button', { name: 'Tabella' }).click()
  await expect(page.getByTestId('utilizzo-panel')).toHaveCount(0) // DTD only
  await expectNoA11yViolations(page, '/area-dati/report-dati (FAC)')
  await page.setViewportSize(DESKTOP)
  await expectNoA11yViolations(page, '/area-dati/report-dati (FAC)')
})

test('anonymous visitor: the national figures with policy and period filters only; axe at 1280', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/area-dati/report-dati?policy=RFD&programma=1')
  const res = await request.post('/api/dati/pubblico', { data: { filtro: { policy: 'RFD' } } })
  expect(res.status()).toBe(200)
  const atteso = (await res.json()) as ReportDati
  await expect(page.getByTestId('totale-servizi')).toHaveText(it.format(atteso.totali.servizi))
  await expect(page.getByLabel('Intervento')).toHaveValue('RFD')
  await expect(page.getByLabel('Programma')).toHaveCount(0)
  await expectNoA11yViolations(page, '/area-dati/report-dati (anonimo)')
})
