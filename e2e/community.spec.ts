/**
 * Community journey (issue 12, first increment): the DTD publishes a highlighted announcement for all
 * programmes through the API; a facilitator finds it first in 'Bacheca', opens it (the view is
 * counted), comments through the comment dialog, and finds it again from the search page with another
 * inflection of a word of its title. The list, the detail and the search page are axe-clean at 1280 and
 * 375 px. She then opens a forum topic through the creation dialog.
 */
import { expect, test, type Page } from '@playwright/test'
import { actorOf, callAs } from './field-api'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, expectNoA11yViolations, login } from './helpers'

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, `${label} ${viewport.width}px`)
  }
  await page.setViewportSize(DESKTOP)
}

test('a DTD announcement reaches a facilitator first in Bacheca; she comments and finds it by search', PG_JOURNEY, async ({ browser, page, request }) => {
  const title = `Formazioni sulla facilitazione ${Date.now() % 100000}`
  const dtdContext = await browser.newContext()
  const dtdPage = await dtdContext.newPage()
  await login(dtdPage, USERS.dtd.cf)
  const dtd = await actorOf(dtdPage, request, 'DTD')
  const categories = await callAs<{ items: { id: number; name: string }[] }>(request, dtd, 'GET', 'category/retrieve?term_type=board_categories')
  const category = categories.items.find((c) => c.name === 'Formazione')?.id
  const { id } = await callAs<{ id: number }>(request, dtd, 'POST', 'board/item/create', {
    title, program: 'public', intervention: 'public', category, highlighted: true, enable_comments: true,
    description: '<p>Calendario degli incontri di <strong>formazione</strong> per la rete.</p><script>alert(1)</script>',
  })
  // a second announcement, so that the carousel has two slides on a phone
  await callAs(request, dtd, 'POST', 'board/item/create', {
    title: `Sportello digitale aperto ${Date.now() % 100000}`, program: 'public', intervention: 'public', category, description: '<p>Orari dello sportello.</p>',
  })
  await dtdContext.close()

  await page.setViewportSize(DESKTOP)
  await login(page, USERS.fac.cf)
  await page.goto('/bacheca')
  const cards = page.getByTestId('community-card')
  await expect(cards.first()).toContainText(title)
  await expect(cards.first()).toContainText('In evidenza')
  await axeAtBothWidths(page, '/bacheca')
  // the card carousel: one card per slide on a phone, moved by labelled buttons, position announced
  await page.setViewportSize(PHONE)
  const position = page.getByTestId('carousel-position')
  await expect(position).toHaveText(/^Slide 1 di \d+$/)
  await expect(cards).toHaveCount(1)
  await page.getByRole('button', { name: 'Slide successiva' }).click()
  await expect(position).toHaveText(/^Slide 2 di \d+$/)
  await page.getByRole('button', { name: 'Slide precedente' }).click()
  await expect(position).toHaveText(/^Slide 1 di \d+$/)
  await page.setViewportSize(DESKTOP)

  await cards.first().getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/bacheca/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Calendario degli incontri di')).toBeVisible()
  await expect(page.getByTestId('counter-visualizzazioni')).toContainText('1')

  await page.getByRole('button', { name: 'Aggiungi commento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Aggiungi commento' })
  const publish = dialog.getByRole('button', { name: 'Pubblica' })
  await expect(publish).toBeDisabled()
  await dialog.getByLabel('Digita qui sotto il testo').fill('Parteciperò volentieri!')
  await publish.click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('comment')).toContainText('Parteciperò volentieri!')
  await expect(page.getByTestId('comment')).toContainText('Sara Romano')
  // the author's avatar: her picture when she has one, else her initials (surname, name)
  await expect(page.getByTestId('comment').getByTestId(/^avatar-(image|initials)$/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Commenti (1)' })).toBeVisible()
  await axeAtBothWidths(page, `/bacheca/${id}`)

  await page.goto('/home/cerca')
  await page.getByLabel('Parole da cercare').fill('formazione facilitazioni')
  await page.getByRole('button', { name: 'Cerca', exact: true }).click()
  const results = page.getByTestId('search-results')
  await expect(results.getByRole('link', { name: title })).toBeVisible()
  await expect(results).toContainText('Non ci sono argomenti')
  await axeAtBothWidths(page, '/home/cerca')

  // she opens a forum topic through the creation dialog; closing the confirmation opens it
  await page.goto('/forum')
  await page.getByRole('button', { name: 'Crea argomento' }).click()
  const create = page.getByRole('dialog', { name: 'Crea argomento' })
  await expect(create.getByRole('option', { name: 'Domande e risposte' })).toBeAttached()
  await expectNoA11yViolations(page, 'Crea argomento')
  await create.getByLabel('Titolo *').fill('Lettori di schermo consigliati')
  await create.getByLabel('Categoria *').selectOption({ label: 'Domande e risposte' })
  await create.getByRole('textbox', { name: /Descrizione/ }).fill('Quali lettori di schermo usate con i cittadini?')
  await create.getByRole('button', { name: 'Conferma' }).click()
  await expect(page.getByRole('dialog', { name: 'Argomento creato correttamente!' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi', exact: true }).last().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Lettori di schermo consigliati' })).toBeVisible()
  await expect(page).toHaveURL(/\/forum\/\d+$/)
})
