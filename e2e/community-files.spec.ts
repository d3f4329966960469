/**
 * Files of the community dialog (issue 24 points 5 and 6), as the DTD meets them in 'Crea annuncio' and
 * 'Carica documento':
 * - a file the dialog can judge (an SVG renamed .png, a file over 10 MB) is refused by its field at once,
 *   and the dialog cannot go on;
 * - a file only the server can judge (a PNG that does not decode) is refused on 'Conferma' BEFORE anything
 *   is published: the form comes back with the message by the field; with a good image it is published once;
 * - a 'Conferma' whose answer is lost (the create reached the server) and is pressed again publishes ONE
 *   announcement (same Idempotency-Key);
 * - the cover is shown, decoded (`naturalWidth > 0`), on the card and on the item page: it is loaded by the
 *   `<img>` from its versioned URL, which the CSP allows (a `blob:` URL was refused);
 * - a document is published with its attachment in one step.
 * The dialog with a refused file is axe-clean at 1280 and 375 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { actorOf, callAs, type ApiActor } from './field-api'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, expectNoA11yViolations, login } from './helpers'

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#0066cc' } }).png().toBuffer()
const pdf = (size: number) => {
  const b = Buffer.alloc(size, 0x20)
  b.write('%PDF-1.7\n', 0, 'latin1')
  return b
}

async function itemsTitled(request: Parameters<typeof callAs>[0], who: ApiActor, section: 'board' | 'document', title: string): Promise<{ id: number; cover: string | null; attachment: string | null }[]> {
  const qs = new URLSearchParams({ items_per_page: '24' })
  for (const [k, v] of Object.entries(who.ids)) if (v !== null) qs.set(k, String(v))
  const res = await callAs<{ items: { id: number; title: string; cover: string | null; attachment: string | null }[] }>(request, who, 'GET', `${section}/items?${qs.toString()}`)
  return res.items.filter((i) => i.title === title)
}

async function fillAnnouncement(dialog: Locator, title: string): Promise<void> {
  await dialog.getByLabel('Titolo *').fill(title)
  await dialog.getByLabel('Categoria *').selectOption({ index: 1 })
  await dialog.getByRole('textbox', { name: /Testo/ }).fill('Un annuncio con la sua immagine di copertina.')
}

async function decodedWidth(img: Locator): Promise<number> {
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0)
  return img.evaluate((el: HTMLImageElement) => el.naturalWidth)
}

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, `${label} ${viewport.width}px`)
  }
  await page.setViewportSize(DESKTOP)
}

test('a refused cover publishes nothing, a lost answer publishes once, and the cover is shown decoded', PG_JOURNEY, async ({ page, request }) => {
  const title = `Annuncio con copertina ${Date.now() % 100000}`
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.dtd.cf)
  const dtd = await actorOf(page, request, 'DTD')
  await page.goto('/bacheca')
  await page.getByRole('button', { name: 'Crea annuncio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Crea annuncio' })
  await fillAnnouncement(dialog, title)
  const cover = dialog.getByLabel(/Immagine di copertina/)
  const next = dialog.getByRole('button', { name: 'Anteprima' })

  // judged by the dialog: an SVG renamed .png, a file over 10 MB
  await cover.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') })
  await expect(dialog.getByRole('alert')).toHaveText('Il contenuto del file non corrisponde al formato .png.')
  await expect(cover).toHaveAttribute('aria-invalid', 'true')
  await expect(next).toBeDisabled()
  await axeAtBothWidths(page, 'Crea annuncio, copertina rifiutata')
  const big = Buffer.concat([await png(10, 10), Buffer.alloc(Math.round(10.1 * 1024 * 1024))])
  await cover.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big })
  await expect(dialog.getByRole('alert')).toHaveText('Il file supera la dimensione massima di 10 MB.')
  await expect(next).toBeDisabled()

  // judged by the server only: a PNG signature over bytes that do not decode
  const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 1)])
  await cover.setInputFiles({ name: 'rotta.png', mimeType: 'image/png', buffer: broken })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await next.click()
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Il file non è un\'immagine leggibile.')
  await expect(dialog.getByLabel(/Immagine di copertina/)).toBeFocused()
  await expect(dialog.getByLabel('Titolo *')).toHaveValue(title)
  expect(await itemsTitled(request, dtd, 'board', title)).toHaveLength(0)

  // a good image; the create's answer is lost once (the request did reach the server), 'Conferma' again
  await dialog.getByLabel(/Immagine di copertina/).setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await png(1600, 900) })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  let lost = 0
  await page.route('**/api/board/item/create', async (route) => {
    if (lost++ > 0) return route.fallback()
    await route.fetch()
    await route.abort('connectionreset')
  })
  await next.click()
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect.poll(() => lost).toBe(1)
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeEnabled()
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(page.getByRole('dialog', { name: 'Annuncio creato correttamente!' })).toBeVisible()
  const published = await itemsTitled(request, dtd, 'board', title)
  expect(published).toHaveLength(1)
  expect(published[0]!.cover).toMatch(/^\/api\/item\/\d+\/cover\/cover-[0-9a-f]{32}\.webp$/)

  // the cover, decoded, on the item page and on the card
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi', exact: true }).last().click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(await decodedWidth(page.getByTestId('community-cover').getByRole('img', { name: title }))).toBe(1200)
  await page.goto('/bacheca')
  const card = page.getByTestId('community-card').filter({ hasText: title })
  expect(await decodedWidth(card.getByRole('img', { name: title }))).toBe(1200)
})

test('a document is published with its attachment in one step', PG_JOURNEY, async ({ page, request }) => {
  const title = `Verbale con allegato ${Date.now() % 100000}`
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.dtd.cf)
  const dtd = await actorOf(page, request, 'DTD')
  await page.goto('/documenti')
  await page.getByRole('button', { name: 'Carica documento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Crea documento' })
  await dialog.getByLabel('Titolo *').fill(title)
  await dialog.getByLabel('Categoria *').selectOption({ index: 1 })
  await dialog.getByRole('textbox', { name: /Descrizione/ }).fill('Il verbale della riunione.')
  const attachment = dialog.getByLabel(/Allegato/)
  await attachment.setInputFiles({ name: 'verbale.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) })
  await expect(dialog.getByRole('alert')).toHaveText('Il contenuto del file non corrisponde al formato .pdf.')
  await expect(dialog.getByRole('button', { name: 'Conferma' })).toBeDisabled()
  await attachment.setInputFiles({ name: 'verbale.pdf', mimeType: 'application/pdf', buffer: pdf(Math.round(9.9 * 1024 * 1024)) })
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Conferma' }).click()
  await expect(page.getByRole('dialog', { name: 'Documento caricato correttamente!' })).toBeVisible()
  const published = await itemsTitled(request, dtd, 'document', title)
  expect(published).toHaveLength(1)
  expect(published[0]!.attachment).not.toBeNull()
})
