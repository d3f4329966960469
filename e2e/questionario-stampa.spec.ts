/**
 * Issue 8 points 1, 4 and 5, in Chromium against the built app and the real server: a facilitator adds a
 * citizen by document, goes offline, corrects the citizen's data in step Q1 of the compilation ('Stato
 * occupazionale', 'Genere'), records on the same step the paper consent, and compiles the survey;
 * 'Stampa questionario' on that row prints THAT citizen's questionnaire from the device (corrected Q1 with
 * the consent, Q4's answers marked, the consent text to sign, no form control, no shell), while 'Stampa
 * questionario vuoto' prints the blank template with the consent text; back online, the corrections and
 * the consent reach the server with the compilation. Axe at 1280 and 375 px on the corrections step and on the citizen's print.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, expectNoA11yViolations } from './helpers'
import { callAs, citizensOf, documentNumber, servicesNamed } from './field-api'
import { addCitizenUI, citizenRows, closeToasts, createServiceUI, readyFacilitator, recordConsentUI, tick, UNCONFIRMED_CHIP } from './field-ui'

test.use({ viewport: DESKTOP })

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
  await page.setViewportSize(DESKTOP)
}

/** Answers Q4 on screen: the first option of each group, 4 stars, a sentence in each text box. */
async function answerQ4(page: Page): Promise<void> {
  const main = page.locator('main')
  const groups = main.locator('fieldset')
  for (let i = 0; i < (await groups.count()); i += 1) {
    const g = groups.nth(i)
    const star = g.getByRole('radio', { name: /^4/ })
    const target = (await star.count()) ? star.first() : g.getByRole('radio').or(g.getByRole('checkbox')).first()
    await main.locator(`label[for="${await target.getAttribute('id')}"]`).first().click()
  }
  for (const box of await main.getByRole('textbox').all()) await box.fill('Servizi online del Comune')
}

test("step Q1 corrects the citizen's data offline; 'Stampa questionario' prints that citizen's answers, the blank survey is its own action", async ({ page, context, request }) => {
  test.setTimeout(150_000)
  const fac = await readyFacilitator(page, request)
  const nome = `Sportello stampa ${Date.now()}`
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { documento: documentNumber() })
  // confirmed by the server: the row knows its citizen id
  await expect(citizenRows(page).filter({ hasText: UNCONFIRMED_CHIP })).toHaveCount(0, { timeout: 15_000 })

  await context.setOffline(true)
  await closeToasts(page)
  await citizenRows(page).first().getByRole('link', { name: /Compila questionario/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Compilazione questionario' })).toBeVisible()
  const back = page.getByRole('button', { name: 'Step precedente' })
  while (await back.isEnabled()) await back.click()
  const main = page.locator('main')
  const occupazione = main.getByRole('combobox', { name: 'Stato occupazionale' })
  await expect(occupazione).toBeVisible()
  await occupazione.selectOption('Casalinga/o')
  await tick(main, 'F')
  // the same step asks the consent: no consent is recorded for this citizen yet
  expect(await recordConsentUI(page, 'Cartaceo')).toBe(true)
  await axeBoth(page, 'compilazione – correzione dei dati del cittadino e consenso (Q1)')
  const next = page.getByRole('button', { name: 'Step successivo' })
  while (await next.isVisible()) await next.click()
  await answerQ4(page)
  await page.getByRole('button', { name: 'Invia questionario' }).click()
  await expect(page).toHaveURL(/\/cittadini$/, { timeout: 15_000 })
  const row = citizenRows(page).first()
  await expect(row).toContainText(/(?<!NON )COMPILATA/)

  // THAT citizen's survey, from the device, offline
  await closeToasts(page)
  await row.getByRole('link', { name: /Stampa questionario/ }).click()
  const sheet = page.getByTestId('stampa-questionario')
  await expect(page.getByTestId('stampa-cittadino')).toContainText(/Cittadino \d+/)
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(sheet.locator('[data-question="8"]')).toContainText('Casalinga/o')
  await expect(sheet.locator('[data-question="5"] .pd-print-checked')).toHaveCount(1)
  await expect(sheet.locator('[data-question="29"] .pd-print-checked')).toHaveCount(1)
  // the consent given at the compilation, read as the shared renderer shows it (date DD-MM-YYYY), and the text to sign
  await expect(sheet.locator('[data-question="18"] .pd-print-checked')).toHaveCount(1)
  await expect(sheet.locator('[data-question="18"]')).toContainText('Cartaceo')
  await expect(sheet.locator('[data-question="19"]')).toContainText(/\d\d-\d\d-\d{4}/)
  await expect(sheet.getByTestId('consenso-da-firmare')).toContainText('Firma del cittadino')
  await expect(sheet.locator('input, select, textarea')).toHaveCount(0)
  await axeBoth(page, 'stampa del questionario del cittadino')

  // the blank survey is its own action
  await page.getByRole('link', { name: 'Torna al servizio' }).click()
  await page.getByRole('link', { name: 'Stampa questionario vuoto' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(sheet.locator('[data-question="29"] .pd-print-check').first()).toBeVisible()
  await expect(sheet.locator('.pd-print-checked')).toHaveCount(0)
  await expect(page.getByTestId('stampa-cittadino')).toHaveCount(0)
  await expect(sheet.getByTestId('consenso-da-firmare')).toBeVisible()

  // back online: the corrections reach the server with the compilation
  await context.setOffline(false)
  const [servizio] = await servicesNamed(request, fac, nome)
  await expect.poll(async () => {
    const c = (await citizensOf(request, fac, servizio!.id)).cittadini[0]
    if (c?.statoQuestionario !== 'COMPILATA') return 'in attesa'
    const q = await callAs<{ sezioneQ1Questionario: string }>(request, fac, 'POST', `servizio/cittadino/questionarioCompilato/compilato/${c.idQuestionario}`)
    const q1 = q.sezioneQ1Questionario
    return q1.includes("'8':['Casalinga/o']") && q1.includes("'5':['F']") && q1.includes("'18':['Cartaceo']") ? 'corretto' : q1
  }, { timeout: 20_000 }).toBe('corretto')
})
