/**
 * Issue 11 points 3–4: a facilitator sends a technical-assistance request with two attachments (an
 * 11 MB file is refused with a clear message, nothing lost); the DTD sees the ticket in the list of
 * received requests and publishes this month's open-data file; anyone sees `/open-data` with the file,
 * its metadata and the DCAT-AP_IT description. Every page axe-clean at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, waitForAppStarted } from './helpers'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4])

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  await page.setViewportSize(PHONE)
  await expectNoA11yViolations(page, `${label} (375 px)`)
  await page.setViewportSize(DESKTOP)
  await expectNoA11yViolations(page, `${label} (1280 px)`)
}

async function loginAs(page: Page, cf: string): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /./)
  await waitForAppStarted(page)
}

test('assistance request with two attachments reaches the DTD; open data published with metadata', PG_JOURNEY, async ({ page, browser, request }) => {
  test.setTimeout(150_000)
  const oggetto = `Errore nel salvataggio ${Date.now()}`

  // the facilitator's request
  await loginAs(page, USERS.fac.cf)
  await page.goto('/richiesta-assistenza')
  await expect(page.getByRole('heading', { name: 'Stai per inviare una richiesta con il ruolo di:' })).toBeVisible()
  await axeAtBothWidths(page, 'richiesta di assistenza, passo 1')
  await page.getByRole('button', { name: 'Prosegui' }).click()

  const oggettoField = page.getByLabel(/Oggetto della richiesta/)
  await expect(oggettoField).toBeDisabled()
  await page.getByLabel(/Area tematica/).selectOption({ label: 'Registrazione dei servizi' })
  await expect(oggettoField).toBeEnabled()
  await oggettoField.fill(oggetto)
  const editor = page.getByRole('textbox', { name: /Descrizione/ })
  await editor.click()
  const grassetto = page.getByRole('button', { name: 'Grassetto' })
  await grassetto.click()
  await expect(grassetto).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Non riesco a salvare')
  await grassetto.click()
  await expect(grassetto).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.type(' il servizio di oggi.')
  await expect(editor).toHaveText('Non riesco a salvare il servizio di oggi.')
  await expect(page.getByText(/^41 di 1500 caratteri$/)).toBeVisible()
  const input = page.locator('input[type="file"]')
  await input.setInputFiles([{ name: 'schermata.png', mimeType: 'image/png', buffer: PNG }, { name: 'ricevuta.pdf', mimeType: 'application/pdf', buffer: PDF }])
  const lista = page.getByTestId('allegati-lista')
  await expect(lista.getByRole('listitem')).toHaveCount(2)
  await input.setInputFiles({ name: 'grande.txt', mimeType: 'text/plain', buffer: Buffer.alloc(11 * 1024 * 1024, 0x61) })
  await expect(page.getByTestId('allegati-errore')).toContainText('superano in tutto il limite di 10 MB')
  await expect(lista.getByRole('listitem')).toHaveCount(2)
  await expect(oggettoField).toHaveValue(oggetto)
  await axeAtBothWidths(page, 'richiesta di assistenza, modulo compilato')
  await page.getByRole('button', { name: 'Invia' }).click()
  await expect(page.getByRole('heading', { name: 'La tua richiesta è stata inviata.' })).toBeVisible()
  await axeAtBothWidths(page, 'richiesta di assistenza, inviata')

  // the DTD sees it and publishes this month's open data
  const dtdContext = await browser.newContext()
  try {
    const dtd = await dtdContext.newPage()
    await loginAs(dtd, USERS.dtd.cf)
    await dtd.goto('/richieste-assistenza')
    const row = dtd.getByRole('row').filter({ hasText: oggetto })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Sara Romano')
    await expect(row.locator('strong')).toHaveText('Non riesco a salvare')
    await axeAtBothWidths(dtd, 'richieste di assistenza ricevute')

    await dtd.goto('/open-data')
    await dtd.getByRole('button', { name: 'Genera il file di questo mese' }).click()
    await expect(dtd.getByRole('status').filter({ hasText: 'Generazione del file' })).toBeVisible()
  } finally {
    await dtdContext.close()
  }
  const mese = new Date().toISOString().slice(0, 7)
  await expect.poll(async () => {
    const info = await (await request.get('/api/open-data')).json() as { files: { mese: string }[] }
    return info.files.some((f) => f.mese === mese)
  }, { timeout: 30_000, message: 'il file del mese è pubblicato' }).toBe(true)

  // anyone: the page with the file and its metadata
  const anon = await browser.newContext()
  try {
    const p = await anon.newPage()
    await p.goto('/open-data')
    const metadati = p.getByTestId('open-data-metadati')
    await expect(metadati).toContainText('Mensile')
    await expect(metadati).toContainText('CC BY 4.0')
    await expect(metadati).toContainText(new Date().getFullYear().toString())
    await expect(p.getByRole('note').filter({ hasText: 'Anonimizzazione' })).toContainText('meno di 3 persone')
    const download = p.getByRole('link', { name: /Scarica il csv \(\d+ Kb\)/ }).first()
    await expect(download).toBeVisible()
    await expect(p.getByTestId('open-data-dcat')).toHaveAttribute('href', '/api/open-data/dcat.jsonld')
    await axeAtBothWidths(p, '/open-data')
    const csv = await request.get(`/api/open-data/file/${mese}`)
    expect(csv.headers()['content-disposition']).toContain(`opendata_cittadini_${mese}.csv`)
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^ID;FASCIA_DI_ETA;GENERE;/)
    const dcat = await (await request.get('/api/open-data/dcat.jsonld')).json() as { 'dcat:dataset': { 'dcat:distribution': unknown[] }[] }
    expect(dcat['dcat:dataset'][0]!['dcat:distribution'].length).toBeGreaterThan(0)
  } finally {
    await anon.close()
  }
})
