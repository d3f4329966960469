/**
 * Field sync on a real server (issue 25 point 2), as Matteo De Luca (facilitator of 'Lazio Digitale Latina')
 * on a fresh device: a first sync of more than one page shows its progress ('Primo allineamento in corso:
 * 200 di N record', a progress bar) and then the list; a service renamed and one deleted by another session
 * reach the device by an incremental sync (the kept cursor is sent); a service older than the window is not
 * on the device, is listed under 'Servizi precedenti' online, opens from there and then stays on the device;
 * offline the older list says it needs the network. axe at 1280 and 375 px on the list with the progress and
 * with the window note and the older services.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PG_JOURNEY, PHONE, axeViolations, login } from './helpers'
import { actorOf, createServiceApi, createServicesApi, deleteServiceApi, renameServiceApi } from './field-api'
import { toWireDate } from '../src/lib/dates'

/** Matteo De Luca, FAC of 'Lazio Digitale Latina' (server/seed/identities.ts). */
const MATTEO = 'DLCMTT95C15A662J'
/** More services than a whole sync page holds (server/domain/campo-sync.ts `PAGINA_RECORD`, a few hundred). */
const SERVIZI = 305

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    expect.soft(await axeViolations(page), `violazioni axe su ${label} (${viewport.width} px)`).toEqual([])
  }
  await page.setViewportSize(DESKTOP)
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Cerca servizio')
  await box.fill(text)
  await box.press('Enter')
}

test('field sync: progress of a long first sync, incremental changes from another session, an older service opened online', PG_JOURNEY, async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000)
  const run = Date.now().toString(36)

  // another session of Matteo (the office PC) creates more than a page of services before the tablet's first sync
  const office = await browser.newContext({ baseURL, viewport: DESKTOP })
  const officePage = await office.newPage()
  await login(officePage, MATTEO)
  const matteo = await actorOf(officePage, request, 'FAC')
  const nomi = Array.from({ length: SERVIZI }, (_, i) => `Sync ${run} n${i}`)
  const ids = await createServicesApi(request, matteo, nomi)
  const vecchio = `Archivio ${run}`
  await createServiceApi(request, matteo, vecchio, toWireDate(new Date(Date.now() - 200 * 86_400_000)))

  // the tablet: a fresh device; the pages after the first wait until the test has seen the progress
  const tablet = await browser.newContext({ baseURL, viewport: DESKTOP })
  const page = await tablet.newPage()
  let release: () => void = () => undefined
  const held = new Promise<void>((r) => {
    release = r
  })
  const cursors: (string | null)[] = []
  await page.route('**/api/campo/sync?*', async (route) => {
    const cursore = new URL(route.request().url()).searchParams.get('cursore')
    cursors.push(cursore)
    if (cursore) await held
    await route.fallback()
  })
  await login(page, MATTEO)
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  const bar = page.getByRole('progressbar', { name: 'Record scaricati su questo dispositivo' })
  await expect(bar).toBeVisible({ timeout: 30_000 })
  // the first page is on the device, the rest is held back: records received of the whole sync's total
  const inviati = Number(await bar.getAttribute('aria-valuenow'))
  const totale = Number(await bar.getAttribute('aria-valuemax'))
  expect(inviati).toBeGreaterThan(0)
  expect(totale).toBeGreaterThanOrEqual(SERVIZI)
  expect(inviati).toBeLessThan(totale)
  const num = (n: number) => new Intl.NumberFormat('it-IT', { useGrouping: 'always' }).format(n)
  await expect(page.getByTestId('allineamento-campo')).toContainText(`Primo allineamento in corso: ${num(inviati)} di ${num(totale)} record`)
  await expect(page.getByRole('status').filter({ hasText: 'Primo allineamento in corso' })).toHaveCount(1)
  await axeBoth(page, 'elenco servizi durante il primo allineamento')

  release()
  await expect(bar).toHaveCount(0, { timeout: 30_000 })
  await search(page, `Sync ${run} n${SERVIZI - 1}`)
  await expect(page.getByRole('link', { name: `Sync ${run} n${SERVIZI - 1}` })).toBeVisible()
  // the older service is not on the device
  await search(page, vecchio)
  await expect(page.getByRole('link', { name: vecchio })).toHaveCount(0)

  // another session renames one service and deletes another: an incremental sync brings both changes
  await renameServiceApi(request, matteo, ids[0]!, `Rinominato ${run}`)
  await deleteServiceApi(request, matteo, ids[1]!)
  const incremental = page.waitForResponse((r) => r.url().includes('/api/campo/sync?') && new URL(r.url()).searchParams.has('cursore'))
  cursors.length = 0
  await page.reload()
  const answer = (await (await incremental).json()) as { modalita: string; servizi: { nome: string }[]; rimossi: { servizi: number[] } }
  expect(answer.modalita).toBe('incrementale')
  expect(answer.servizi.map((s) => s.nome)).toContain(`Rinominato ${run}`)
  expect(answer.rimossi.servizi).toContain(ids[1])
  expect(cursors[0]).toBeTruthy()
  await search(page, `Rinominato ${run}`)
  await expect(page.getByRole('link', { name: `Rinominato ${run}` })).toBeVisible({ timeout: 15_000 })
  await search(page, `Sync ${run} n1`)
  await expect(page.getByRole('link', { name: `Sync ${run} n1`, exact: true })).toHaveCount(0)

  // the window, and the older services read online
  await expect(page.getByTestId('nota-finestra')).toHaveText('Sul dispositivo: servizi degli ultimi 90 giorni e quelli con questionari aperti.')
  const toggle = page.getByRole('button', { name: 'Servizi precedenti' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const older = page.getByTestId('servizi-precedenti-lista').getByRole('link', { name: vecchio })
  await expect(older).toBeVisible()
  await axeBoth(page, 'elenco servizi con i servizi precedenti')
  await older.click()
  await expect(page.getByRole('heading', { level: 1, name: vecchio })).toBeVisible()

  // now on the device: offline it stays in the list and opens; the older list needs the network
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await tablet.setOffline(true)
  await search(page, vecchio)
  await expect(page.getByRole('table').getByRole('link', { name: vecchio })).toBeVisible()
  const offlineToggle = page.getByRole('button', { name: 'Servizi precedenti' })
  await expect(offlineToggle).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByText('Sei offline: per vedere i servizi precedenti serve la connessione a internet.')).toBeVisible()
  await expect(page.getByTestId('nota-finestra')).toHaveCount(0)
  await page.getByRole('table').getByRole('link', { name: vecchio }).click()
  await expect(page.getByRole('heading', { level: 1, name: vecchio })).toBeVisible()

  await tablet.close()
  await office.close()
})
