/**
 * Community management journey (issue 12 points 4, 6 and editing): a facilitator opens a forum topic and
 * comments it (API); a volunteer reports the comment (API); the moderator finds the report in 'Gestione
 * segnalazioni' and deletes the comment with a required reason; the DTD creates and renames a category in
 * 'Gestione categorie' and cannot delete one in use; the facilitator edits her topic through 'Modifica' and
 * finds it in 'I miei contenuti'. The three pages and their dialogs are axe-clean at 1280 and 375 px.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { actorOf, callAs } from './field-api'
import { DESKTOP, PHONE, USERS, expectNoA11yViolations, login } from './helpers'

const VOL = 'SPSLCU00B24F839F'
const MOD = 'CLMCHR88M48L736C'

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, `${label} ${viewport.width}px`)
  }
  await page.setViewportSize(DESKTOP)
}

async function loggedIn(browser: Browser, cf: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  await login(page, cf)
  return page
}

async function search(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: label }).or(page.getByLabel(label)).first()
  await box.fill(text)
  await box.press('Enter')
}

test('a moderator deletes a reported comment, a DTD manages categories, a facilitator edits her topic and finds it in her contents', async ({ browser, page, request }) => {
  const stamp = Date.now() % 1_000_000
  const title = `Accessibilità dei moduli ${stamp}`
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.fac.cf)
  const fac = await actorOf(page, request, 'FAC')
  const categories = await callAs<{ items: { id: number; name: string }[] }>(request, fac, 'GET', 'category/retrieve?term_type=community_categories')
  const category = categories.items.find((c) => c.name === 'Domande e risposte')?.id
  const { id } = await callAs<{ id: number }>(request, fac, 'POST', 'community/item/create', { title, category, description: '<p>Come rendete accessibili i moduli?</p>' })
  const { id: commentId } = await callAs<{ id: number }>(request, fac, 'POST', `item/${id}/comment`, { comment_body: `Commento da moderare ${stamp}` })

  const volPage = await loggedIn(browser, VOL)
  const vol = await actorOf(volPage, request, 'VOL')
  await callAs(request, vol, 'POST', `comment/${commentId}/report`, { reason: `Linguaggio offensivo ${stamp}` })
  await volPage.context().close()

  // the moderator: the report, then the comment deleted with a reason
  const mod = await loggedIn(browser, MOD)
  await mod.goto('/area-gestionale/gestione-segnalazioni')
  await expect(mod.getByRole('heading', { level: 1, name: 'Gestione segnalazioni' })).toBeVisible()
  await search(mod, 'Cerca segnalazione', String(stamp))
  const row = mod.getByRole('row').filter({ hasText: `Linguaggio offensivo ${stamp}` })
  await expect(row).toContainText(title)
  await expect(row).toContainText('Forum')
  await expect(row).toContainText('Sara Romano')
  await expect(row).toContainText('Luca Esposito')
  await axeAtBothWidths(mod, 'gestione-segnalazioni')
  await row.getByRole('button', { name: /^Elimina commento segnalato/ }).click()
  const del = mod.getByRole('dialog', { name: 'Elimina commento segnalato' })
  await expect(del.getByRole('button', { name: 'Elimina' })).toBeDisabled()
  await expectNoA11yViolations(mod, 'elimina commento segnalato')
  await del.getByLabel("Inserisci il motivo dell'eliminazione *").fill('Contenuto offensivo')
  await del.getByRole('button', { name: 'Elimina' }).click()
  await expect(del).toBeHidden()
  await expect(mod.getByText('0 segnalazioni')).toBeVisible()
  await mod.context().close()

  // the DTD: create, rename, and a refused delete of a category in use
  const dtd = await loggedIn(browser, USERS.dtd.cf)
  await dtd.goto('/area-gestionale/gestione-categorie')
  await expect(dtd.getByRole('heading', { level: 1, name: 'Gestione categorie' })).toBeVisible()
  await dtd.getByRole('button', { name: 'Crea categoria' }).click()
  const create = dtd.getByRole('dialog', { name: 'Crea categoria' })
  await expectNoA11yViolations(dtd, 'crea categoria')
  await create.getByLabel('Nome *').fill(`Eventi ${stamp}`)
  await create.getByLabel('Sezione *').selectOption({ label: 'Forum' })
  await create.getByLabel('Nome *').press('Enter')
  await expect(create).toBeHidden()
  await search(dtd, 'Cerca categoria', String(stamp))
  await expect(dtd.getByRole('row').filter({ hasText: `Eventi ${stamp}` })).toContainText('Forum')
  await dtd.getByRole('button', { name: `Rinomina Eventi ${stamp} (Forum)` }).click()
  const rename = dtd.getByRole('dialog', { name: 'Rinomina categoria' })
  await expect(rename.getByLabel('Nome *')).toHaveValue(`Eventi ${stamp}`)
  await rename.getByLabel('Nome *').fill(`Incontri ${stamp}`)
  await rename.getByRole('button', { name: 'Salva' }).click()
  await expect(rename).toBeHidden()
  await expect(dtd.getByRole('row').filter({ hasText: `Incontri ${stamp}` })).toBeVisible()
  await axeAtBothWidths(dtd, 'gestione-categorie')

  await search(dtd, 'Cerca categoria', 'Domande e risposte')
  await dtd.getByRole('button', { name: 'Elimina Domande e risposte (Forum)' }).click()
  const remove = dtd.getByRole('dialog', { name: 'Elimina categoria' })
  await remove.getByRole('button', { name: 'Elimina' }).click()
  await expect(remove.getByRole('alert')).toContainText('Non puoi eliminare la categoria perché è usata da almeno un contenuto')
  await expectNoA11yViolations(dtd, 'elimina categoria in uso')
  await remove.getByRole('button', { name: 'Chiudi', exact: true }).last().click()
  await expect(remove).toBeHidden()
  await expect(dtd.getByRole('row').filter({ hasText: 'Domande e risposte' })).toBeVisible()
  await dtd.context().close()

  // the facilitator edits her topic and finds it in 'I miei contenuti'
  const edited = `Moduli accessibili ${stamp}`
  await page.goto(`/forum/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('button', { name: 'Modifica', exact: true }).click()
  const edit = page.getByRole('dialog', { name: 'Modifica argomento' })
  await expect(edit.getByLabel('Titolo *')).toHaveValue(title)
  await expect(edit.getByLabel('Categoria *')).toHaveValue(String(category))
  await expectNoA11yViolations(page, 'modifica argomento')
  await edit.getByLabel('Titolo *').fill(edited)
  await edit.getByRole('button', { name: 'Conferma' }).click()
  await expect(page.getByRole('dialog', { name: 'Argomento modificato correttamente!' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi', exact: true }).last().click()
  await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/forum/${id}$`))

  await page.goto('/area-personale')
  await page.getByRole('link', { name: 'I miei contenuti' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'I miei contenuti' })).toBeVisible()
  await page.getByRole('button', { name: 'Forum' }).click()
  await expect(page.getByRole('button', { name: 'Forum' })).toHaveAttribute('aria-pressed', 'true')
  await search(page, 'Cerca tra i miei contenuti', String(stamp))
  await expect(page.getByRole('link', { name: edited })).toBeVisible()
  await axeAtBothWidths(page, 'contenuti-pubblicati')
  await page.getByRole('link', { name: edited }).click()
  await expect(page).toHaveURL(new RegExp(`/forum/${id}$`))
})
