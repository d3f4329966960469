/**
 * Issue 12 point 9, "Offline, a comment is queued and reaches the server once on reconnect": a facilitator
 * opens a bacheca announcement online, goes offline, comments and likes it — the comment shows at once
 * 'In attesa di invio', both writes are in the sync centre with their Italian names — reloads offline and
 * still reads the announcement (dated), goes online: the comment reaches the server once and the like
 * count is right (checked through the API). axe on the offline states.
 */
import { expect, test } from '@playwright/test'
import { actorOf, callAs } from './field-api'
import { PG_JOURNEY, USERS, expectNoA11yViolations, login, storedQueryRows, waitForOfflineSet, waitForServiceWorkerControl } from './helpers'
import { openSyncCentre, syncEntries } from './outbox-steps'

const UPDATED_AT = /Dati aggiornati al \d{2}-\d{2}-\d{4} \d{2}:\d{2}/

test('offline, a comment and a like are queued and reach the server once on reconnect', PG_JOURNEY, async ({ browser, page, context, request }) => {
  test.setTimeout(150_000)
  const title = `Incontro offline ${Date.now() % 100000}`
  const dtdContext = await browser.newContext()
  const dtdPage = await dtdContext.newPage()
  await login(dtdPage, USERS.dtd.cf)
  const dtd = await actorOf(dtdPage, request, 'DTD')
  const categories = await callAs<{ items: { id: number }[] }>(request, dtd, 'GET', 'category/retrieve?term_type=board_categories')
  const { id } = await callAs<{ id: number }>(request, dtd, 'POST', 'board/item/create', {
    title, program: 'public', intervention: 'public', category: categories.items[0]?.id, enable_comments: true,
    description: '<p>Ci vediamo in biblioteca.</p>',
  })
  await dtdContext.close()

  // online: the facilitator opens the announcement; the app and the read are kept on the device
  await login(page, USERS.fac.cf)
  const fac = await actorOf(page, request, 'FAC')
  await waitForServiceWorkerControl(page)
  await page.goto(`/bacheca/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await waitForOfflineSet(page, 'field')
  await expect.poll(async () => (await storedQueryRows(page)).join('\n'), { timeout: 15_000 }).toContain(title)

  // offline: comment and like
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Aggiungi commento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Aggiungi commento' })
  await dialog.getByLabel('Digita qui sotto il testo').fill('Scritto senza rete')
  await dialog.getByRole('button', { name: 'Pubblica' }).click()
  await expect(dialog).toBeHidden()
  const pending = page.getByTestId('comment').filter({ hasText: 'Scritto senza rete' })
  await expect(pending.getByTestId('comment-pending')).toHaveText('In attesa di invio')
  const like = page.getByRole('button', { name: /^Mi piace/ }).first()
  await like.click()
  await expect(page.getByRole('button', { name: /Non mi piace più/ })).toHaveAttribute('aria-pressed', 'true')
  await expectNoA11yViolations(page, 'dettaglio bacheca offline con commento in attesa')

  // the sync centre lists both, with their names
  await openSyncCentre(page)
  await expect(syncEntries(page).filter({ hasText: `Commento a «${title}»` })).toHaveCount(1)
  await expect(syncEntries(page).filter({ hasText: `Mi piace a «${title}»` })).toHaveCount(1)

  // reloaded offline: the announcement is read from the device, dated, with the queued comment
  await page.goto(`/bacheca/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(UPDATED_AT)).toBeVisible()
  await expect(pending.getByTestId('comment-pending')).toBeVisible()
  await expectNoA11yViolations(page, 'dettaglio bacheca riaperto offline')

  // online again: sent once, the mark goes, the server has one comment and one like
  await context.setOffline(false)
  await expect(page.getByTestId('comment-pending')).toHaveCount(0, { timeout: 30_000 })
  await expect(page.getByTestId('comment').filter({ hasText: 'Scritto senza rete' })).toHaveCount(1)
  const qs = Object.entries(fac.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join('&')
  const list = await callAs<{ items: { id: number; likes: number; comment_count: number }[] }>(request, fac, 'GET', `board/items?${qs}&sort=created&page=0`)
  expect(list.items.find((i) => i.id === id)).toMatchObject({ comment_count: 1, likes: 1 })
})
