/**
 * Notifications journey (issue 12 point 7): a REG publishes an announcement for her programme; a FAC of
 * that programme comments it; the REG's bell goes +1 without reloading (server-sent events), the side
 * panel 'Notifiche non lette' lists it (focus trapped, Esc closes, focus back on the bell), and on
 * /notifiche she marks it read. Panel and page are axe-clean at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test'
import { actorOf, callAs } from './field-api'
import { DESKTOP, PG_JOURNEY, PHONE, USERS, expectNoA11yViolations, login } from './helpers'

const LAURA_REG = 'CNTLRA75H61F205P'

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, `${label} ${viewport.width}px`)
  }
  await page.setViewportSize(DESKTOP)
}

/** The unread count the bell announces (0 without a badge). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notifications-button').getAttribute('aria-label')) ?? ''
  const m = /, (\d+|99\+) non lette/.exec(label)
  return m ? Number.parseInt(m[1] as string, 10) : 0
}

test('a comment on her announcement reaches the REG live: badge, panel, page', PG_JOURNEY, async ({ browser, page, request }) => {
  const title = `Incontro di rete ${Date.now() % 100000}`
  await page.setViewportSize(DESKTOP)
  await login(page, LAURA_REG)
  const bell = page.getByTestId('notifications-button')
  // the wiring is running once the bell opens the panel (a button, no longer the plain link)
  await expect(bell).toHaveAttribute('aria-haspopup', 'dialog')
  const reg = await actorOf(page, request, 'REG')
  const categories = await callAs<{ items: { id: number; name: string }[] }>(request, reg, 'GET', `category/retrieve?term_type=board_categories&idProgramma=${reg.ids.idProgramma}`)
  const { id } = await callAs<{ id: number }>(request, reg, 'POST', 'board/item/create', {
    title, program: reg.ids.idProgramma, intervention: 'RFD', category: categories.items[0]?.id, enable_comments: true,
    description: '<p>Ci vediamo giovedì.</p>',
  })

  const facContext = await browser.newContext()
  const facPage = await facContext.newPage()
  await login(facPage, USERS.multi.cf)
  const fac = await actorOf(facPage, request, 'FAC')
  await facContext.close()

  const before = await bellCount(page)
  await callAs(request, fac, 'POST', `item/${id}/comment`, { comment_body: 'Ci sarò!' })
  await expect.poll(() => bellCount(page), { message: 'il contatore cresce senza ricaricare' }).toBe(before + 1)

  await bell.click()
  const panel = page.getByRole('dialog', { name: 'Notifiche non lette' })
  await expect(panel).toBeVisible()
  const entry = panel.getByRole('link', { name: new RegExp(`Alessandro Rossi ha commentato «${title}»`) })
  await expect(entry).toBeVisible()
  await axeAtBothWidths(page, 'pannello Notifiche non lette')
  await page.keyboard.press('Tab')
  await expect(panel.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(bell).toBeFocused()

  await bell.click()
  await panel.getByRole('link', { name: 'Vai alle notifiche' }).click()
  await expect(page).toHaveURL(/\/notifiche$/)
  await expect(page.getByRole('heading', { level: 1, name: /Le mie notifiche/ })).toBeVisible()
  const item = page.getByTestId('notifiche-list').getByRole('listitem').filter({ hasText: `ha commentato «${title}»` })
  await expect(item).toContainText('Non letta')
  await axeAtBothWidths(page, '/notifiche')
  await item.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Segna come già letto' }).click()
  await expect(item).not.toContainText('Non letta')
  await expect.poll(() => bellCount(page)).toBe(before)
})
