/**
 * Issue 27 point 2 in the community: a facilitator edits her forum topic in two browser contexts. The first saves a
 * new title; the second, whose dialog was opened before, changes the title and the tags and meets the server's 409
 * V01: the dialog shows the side-by-side view with her typing kept — 'Titolo' asked, 'Tag' hers — and she keeps her
 * title with the keyboard only; the server ends with her title and tags. axe-clean on the view at 1280 and 375 px.
 * Then a comment: changed elsewhere after the second page read it, edited there → the same view for
 * 'Testo del commento'; 'Usa quella salvata' keeps the saved text on the server.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, expectNoA11yViolations, login } from './helpers'
import { actorOf, callAs, type ApiActor } from './field-api'

async function facPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  await login(page, USERS.fac.cf)
  return page
}

/** Presses Tab until `target` has the focus (keyboard only). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

async function openEdit(page: Page, id: number, title: string): Promise<Locator> {
  await page.goto(`/forum/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.getByRole('article').getByRole('button', { name: 'Modifica', exact: true }).first().click()
  const edit = page.getByRole('dialog', { name: 'Modifica argomento' })
  await expect(edit.getByLabel('Titolo *')).toHaveValue(title)
  return edit
}

const query = (who: ApiActor) => new URLSearchParams(Object.entries(who.ids).flatMap(([k, v]) => (v === null ? [] : [[k, String(v)]]))).toString()

test('two contexts edit the same topic and comment: the second merges field by field in the dialog', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const stamp = Date.now() % 1_000_000
  const title = `Argomento conflitti ${stamp}`
  const prima = await facPage(browser)
  const seconda = await facPage(browser)
  const fac = await actorOf(prima, request, 'FAC')
  const { id: uid } = await callAs<{ id: number }>(request, fac, 'POST', 'contesto')
  const categories = await callAs<{ items: { id: number; name: string }[] }>(request, fac, 'GET', 'category/retrieve?term_type=community_categories')
  const { id } = await callAs<{ id: number }>(request, fac, 'POST', 'community/item/create', {
    title, category: categories.items[0]!.id, description: '<p>Testo iniziale</p>', tags: 'moduli',
  })
  const { id: commentId } = await callAs<{ id: number }>(request, fac, 'POST', `item/${id}/comment`, { comment_body: `Commento iniziale ${stamp}` })

  // both open the dialog on version 1; the first renames the topic and saves
  const editPrima = await openEdit(prima, id, title)
  const editSeconda = await openEdit(seconda, id, title)
  await editPrima.getByLabel('Titolo *').fill(`Titolo prima ${stamp}`)
  await editPrima.getByRole('button', { name: 'Conferma' }).click()
  await expect(prima.getByRole('dialog', { name: 'Argomento modificato correttamente!' })).toBeVisible()

  // the second renames it too and changes the tags
  await editSeconda.getByLabel('Titolo *').fill(`Titolo seconda ${stamp}`)
  await editSeconda.getByLabel('Tag').fill('moduli;accessibilità')
  await editSeconda.getByRole('button', { name: 'Conferma' }).click()

  const vista = seconda.getByTestId('vista-conflitto')
  await expect(vista).toBeVisible()
  await expect(vista.getByRole('heading', { name: 'Modifica in conflitto' })).toBeFocused()
  const titolo = vista.getByRole('group', { name: 'Titolo' })
  await expect(titolo.getByText('La tua modifica')).toBeVisible()
  await expect(titolo.getByText(`Titolo seconda ${stamp}`)).toBeVisible()
  await expect(titolo.getByText(/^Modificato da altri il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/)).toBeVisible()
  await expect(titolo.getByText(`Titolo prima ${stamp}`)).toBeVisible()
  await expect(vista.getByRole('group')).toHaveCount(1)
  // the form with the typing is kept, hidden
  await expect(editSeconda.getByLabel('Titolo *')).toBeHidden()
  await expect(editSeconda.getByLabel('Titolo *')).toHaveValue(`Titolo seconda ${stamp}`)

  await expectNoA11yViolations(seconda, 'vista conflitto argomento 1280')
  await seconda.setViewportSize(PHONE)
  await expectNoA11yViolations(seconda, 'vista conflitto argomento 375')
  await seconda.setViewportSize(DESKTOP)

  // keyboard only: Tab to 'Mantieni la mia', Space, Tab to 'Salva', Enter
  const mia = titolo.getByRole('radio', { name: 'Mantieni la mia' })
  await tabTo(seconda, mia)
  await seconda.keyboard.press('Space')
  await expect(mia).toBeChecked()
  await expect(vista.getByRole('status')).toHaveText('Hai scelto per tutti i campi: puoi salvare.')
  await tabTo(seconda, vista.getByRole('button', { name: 'Salva' }))
  await seconda.keyboard.press('Enter')
  await expect(seconda.getByRole('dialog', { name: 'Argomento modificato correttamente!' })).toBeVisible()

  const detail = `community/item/${id}/user/${uid}?${query(fac)}`
  const { items: [saved] } = await callAs<{ items: { title: string; tags: string; description: string; versione: number }[] }>(request, fac, 'GET', detail)
  expect(saved).toMatchObject({ title: `Titolo seconda ${stamp}`, tags: 'moduli;accessibilità', versione: 3 })
  expect(saved!.description).toContain('Testo iniziale')
  await seconda.getByRole('dialog').getByRole('button', { name: 'Chiudi', exact: true }).last().click()
  await expect(seconda.getByRole('heading', { level: 1, name: `Titolo seconda ${stamp}` })).toBeVisible()

  // the comment: the second page has read it (version 1); it is changed elsewhere, then edited here
  const comment = seconda.getByTestId('comment').filter({ hasText: `Commento iniziale ${stamp}` })
  await expect(comment).toBeVisible()
  await callAs(request, fac, 'POST', `comment/${commentId}/update`, { comment_body: `Commento di altri ${stamp}`, versione: 1 })
  await comment.getByRole('button', { name: 'Modifica' }).click()
  const dialog = seconda.getByRole('dialog', { name: 'Modifica commento' })
  await dialog.getByLabel('Digita qui sotto il testo *').fill(`Commento mio ${stamp}`)
  await dialog.getByRole('button', { name: 'Salva' }).click()
  const vistaCommento = dialog.getByTestId('vista-conflitto')
  await expect(vistaCommento.getByRole('heading', { name: 'Modifica in conflitto' })).toBeFocused()
  const testo = vistaCommento.getByRole('group', { name: 'Testo del commento' })
  await expect(testo.getByText(`Commento mio ${stamp}`)).toBeVisible()
  await expect(testo.getByText(`Commento di altri ${stamp}`)).toBeVisible()
  await expectNoA11yViolations(seconda, 'vista conflitto commento 1280')
  await seconda.setViewportSize(PHONE)
  await expectNoA11yViolations(seconda, 'vista conflitto commento 375')
  await seconda.setViewportSize(DESKTOP)
  await testo.getByText('Usa quella salvata').click()
  await vistaCommento.getByRole('button', { name: 'Salva' }).click()
  await expect(dialog).toBeHidden()

  const { items } = await callAs<{ items: { id: number; comment_body: string; versione: number }[] }>(request, fac, 'GET', `item/${id}/comments/user/${uid}?${query(fac)}`)
  expect(items.find((c) => c.id === commentId)).toMatchObject({ comment_body: `Commento di altri ${stamp}`, versione: 3 })
  await expect(seconda.getByTestId('comment').filter({ hasText: `Commento di altri ${stamp}` })).toBeVisible()
})
