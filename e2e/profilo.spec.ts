/**
 * Issue 13 'Done when': a facilitator changes her e-mail and phone (+41, chosen by keyboard in the prefix
 * selector), uploads a picture (cropped to a square) and sees it in the header and on her comment; an invalid e-mail is
 * refused with a clear message and nothing typed is lost; the multi-profile user sees three role cards
 * with the fields of each role; axe-clean at 1280 and 375 px on the profile page and the prefix selector.
 * Sara's original data are put back at the end (other specs log in as her).
 */
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { actorOf, callAs } from './field-api'
import { chooseProfile, DESKTOP, expectNoA11yViolations, login, PHONE, profileDialog, readIdToken, USERS } from './helpers'

async function axeBoth(page: Page, label: string): Promise<void> {
  await page.setViewportSize(DESKTOP)
  await expectNoA11yViolations(page, `${label} (1280)`)
  await page.setViewportSize(PHONE)
  await expectNoA11yViolations(page, `${label} (375)`)
  await page.setViewportSize(DESKTOP)
}

async function openProfile(page: Page): Promise<void> {
  await page.goto('/area-personale')
  await expect(page.getByRole('heading', { level: 1, name: 'Il mio profilo' })).toBeVisible()
  await expect(page.getByTestId('role-cards')).toBeVisible()
}

test('a facilitator edits her data with a Swiss number, uploads a picture and sees it in the header and on her comment', async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  if (await profileDialog(page).isVisible()) await chooseProfile(page, /facilitatore/i)
  await openProfile(page)
  await expect(page.locator('header [data-testid="avatar-initials"]')).toHaveText('RS')

  const email = page.getByLabel(/^Email/)
  const phone = page.getByLabel(/^Telefono/)
  const prefix = page.getByRole('combobox', { name: 'Prefisso' })
  await expect(prefix).toHaveValue('Italia (+39)')

  // the prefix by keyboard: type, arrows, Enter; axe with the list open
  await prefix.focus()
  await prefix.fill('sviz')
  const list = page.getByRole('listbox', { name: /Prefisso/ })
  await expect(list.getByRole('option')).toHaveCount(1)
  await prefix.press('ArrowDown')
  await expect(prefix).toHaveAttribute('aria-activedescendant', /.+/)
  await axeBoth(page, 'selettore del prefisso aperto')
  await prefix.press('Enter')
  await expect(list).toBeHidden()
  await expect(prefix).toHaveValue('Svizzera (+41)')

  // an invalid e-mail: refused next to the field, everything typed stays
  await email.fill('sara.romano@')
  await phone.fill('79 123 45 67')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByText('Inserisci un indirizzo email valido')).toBeVisible()
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveValue('sara.romano@')
  await expect(phone).toHaveValue('79 123 45 67')
  await expect(prefix).toHaveValue('Svizzera (+41)')
  await axeBoth(page, 'il mio profilo con errori')

  // an e-mail of another user: the server refuses (U21), the message sits at the field, nothing lost
  await email.fill('alessandro.rossi@example.it')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.locator('#profilo-email-errore')).toContainText('già usato')
  await expect(phone).toHaveValue('79 123 45 67')

  await email.fill('sara.romano.ch@example.it')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page.getByTestId('profile-notice')).toHaveText('I tuoi dati sono stati salvati.')
  await page.reload()
  await expect(page.getByLabel(/^Email/)).toHaveValue('sara.romano.ch@example.it')
  await expect(page.getByLabel(/^Telefono/)).toHaveValue('791234567')
  await expect(page.getByRole('combobox', { name: 'Prefisso' })).toHaveValue('Svizzera (+41)')

  // the picture: choose, crop (the crop area moves by keyboard), save → the header shows it
  await page.getByRole('button', { name: 'Carica un\'immagine' }).click()
  const dialog = page.getByRole('dialog', { name: 'Immagine del profilo' })
  const png = await sharp({ create: { width: 400, height: 260, channels: 3, background: '#2a7ab0' } }).png().toBuffer()
  await dialog.getByLabel('Scegli un\'immagine').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png })
  const area = dialog.getByRole('group', { name: 'Area di ritaglio' })
  await expect(area).toBeVisible()
  await area.focus()
  await area.press('ArrowRight')
  await axeBoth(page, 'ritaglio dell\'immagine')
  await dialog.getByRole('button', { name: 'Salva' }).click()
  await expect(dialog).toBeHidden()
  const headerImg = page.locator('header [data-testid="avatar-image"] img')
  await expect(headerImg).toHaveAttribute('src', /\/api\/utente\/download\/immagineProfilo\/\d+\/[a-f0-9]+\/39\.webp$/)
  await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('img', { name: 'La tua immagine del profilo' })).toBeVisible()
  await axeBoth(page, 'il mio profilo con immagine')

  // …and on her comments: she opens a forum topic and comments it; the thread shows her picture
  const fac = await actorOf(page, request, 'FAC')
  const categories = await callAs<{ items: { id: number; name: string }[] }>(request, fac, 'GET', 'category/retrieve?term_type=community_categories')
  const title = `Foto nei commenti ${Date.now() % 1_000_000}`
  const { id } = await callAs<{ id: number }>(request, fac, 'POST', 'community/item/create', { title, category: categories.items[0]?.id, description: '<p>Prova</p>' })
  await callAs(request, fac, 'POST', `item/${id}/comment`, { comment_body: 'Con la mia foto' })
  await page.goto(`/forum/${id}`)
  const comment = page.getByTestId('comment').filter({ hasText: 'Con la mia foto' })
  const commentImg = comment.getByTestId('avatar-image').locator('img')
  await expect(commentImg).toHaveAttribute('src', /\/api\/utente\/download\/immagineProfilo\/\d+\/[a-f0-9]+\/\d+\.webp$/)
  await expect.poll(() => commentImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  // put Sara's data back for the other specs
  const token = await readIdToken(page)
  const restored = await page.evaluate(async (authToken) => {
    const headers = { authToken, 'content-type': 'application/json' }
    // the profile's current version (issue 27): the context read that feeds the profile form
    const { versione } = await (await fetch('/api/contesto', { method: 'POST', headers, body: '{}' })).json() as { versione: number }
    const a = await fetch('/api/utente/profilo', { method: 'POST', headers,
      body: JSON.stringify({ nome: 'Sara', cognome: 'Romano', email: 'sara.romano@example.it', telefono: '3335550101', prefissoTelefono: '+39', versione }) })
    const b = await fetch('/api/utente/immagineProfilo', { method: 'DELETE', headers: { authToken } })
    return [a.status, b.status]
  }, token)
  expect(restored).toEqual([200, 200])
})

test('the multi-profile user sees three role cards with the fields of each role', async ({ page }) => {
  await login(page, USERS.multi.cf)
  // three profiles: the choice is always asked (chooseProfile waits for the modal)
  await chooseProfile(page, /Referente.*programma/i)
  await openProfile(page)
  const cards = page.getByTestId('role-card')
  await expect(cards).toHaveCount(3)
  const reg = page.locator('[data-testid="role-card"][data-ruolo="REG"]')
  const regp = page.locator('[data-testid="role-card"][data-ruolo="REGP"]')
  const fac = page.locator('[data-testid="role-card"][data-ruolo="FAC"]')
  await expect(reg).toContainText('Programma:')
  await expect(reg).not.toContainText('Progetto:')
  await expect(reg).toContainText('Facilitatori attivi:')
  // the card of the profile in use links its programme (the page opens); the other cards do not link
  await expect(reg.getByRole('link', { name: /programma/ })).toHaveAttribute('href', /^\/area-amministrativa\/programmi\/\d+\/info$/)
  await expect(regp.getByRole('link')).toHaveCount(0)
  await expect(regp).toContainText('Progetto: Lombardia in Rete Bergamo')
  await expect(regp).toContainText('Ente:')
  await expect(fac).toContainText('Progetto:')
  await expect(fac).not.toContainText('Ente:')
  await expect(fac).toContainText('Servizi erogati:')
  await axeBoth(page, 'il mio profilo con tre ruoli')
})
