/**
 * The survey link for the citizen's phone (issue 3 point 4 and "Done when"): a facilitator's survey link
 * opened in a new browser context with no login at 375 px shows consent + Q4 only, submits, and the survey
 * becomes COMPILATA on the server; a submission made while the phone is offline is kept on the phone and
 * sent once the network is back; a second use of the link is refused (Q02).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { PHONE, USERS, expectNoA11yViolations, login } from './helpers'
import { actorOf, addCitizenByDocumentApi, callAs, citizensOf, createServiceApi, documentNumber, type ApiActor } from './field-api'

/** Answers every choice question of the page with its first option, the rating with 4, free texts with a sentence. */
async function answerQ4(page: Page): Promise<void> {
  const questions = page.locator('fieldset[data-question]')
  const n = await questions.count()
  expect(n, 'domande Q4 mostrate').toBeGreaterThan(0)
  for (let i = 0; i < n; i += 1) {
    const q = questions.nth(i)
    if (!(await q.isVisible())) continue
    const rating = q.getByRole('radio', { name: /^4 su/ })
    if (await rating.count()) {
      await q.locator(`label[for="${await rating.getAttribute('id')}"]`).click()
      continue
    }
    await q.locator('.form-check label').first().click()
  }
  const texts = page.locator('main').getByRole('textbox')
  for (let i = 0; i < (await texts.count()); i += 1) {
    if (await texts.nth(i).isVisible()) await texts.nth(i).fill('Servizi digitali della pubblica amministrazione')
  }
}

/** Waits for the survey to load and goes past the consent step when the page shows it. */
async function passConsent(page: Page): Promise<void> {
  const consent = page.getByLabel(/informativa privacy/i)
  await expect(consent.or(page.locator('fieldset[data-question]').first())).toBeVisible()
  if (await consent.count()) {
    await page.locator(`label[for="${await consent.getAttribute('id')}"]`).click()
    await page.getByRole('button', { name: /Prosegui|Continua|Avanti|Step successivo/ }).click()
  }
}

async function surveyLink(browser: Browser, baseURL: string): Promise<{ link: string; idServizio: number; idQuestionario: string; fac: ApiActor }> {
  const ctx = await browser.newContext({ baseURL })
  const page = await ctx.newPage()
  await login(page, USERS.fac.cf)
  const fac = await actorOf(page, ctx.request, 'FAC')
  const idServizio = await createServiceApi(ctx.request, fac, `Sportello app IO ${Date.now()}`)
  const idQuestionario = await addCitizenByDocumentApi(ctx.request, fac, idServizio, documentNumber())
  const invio = await callAs<{ link: string; token: string; scadenza: string }>(ctx.request, fac, 'POST', `servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)
  expect(invio.link).toContain(`/servizi/questionario/${idQuestionario}/online/`)
  expect(invio.token.length).toBeGreaterThanOrEqual(22) // ≥ 128 bits in base64url
  await ctx.close()
  return { link: new URL(invio.link, baseURL).pathname, idServizio, idQuestionario, fac }
}

test.describe('anonymous survey on a phone', () => {
  test('consent + Q4, submitted from a new browser with no login: COMPILATA, and the link is then refused', async ({ browser, baseURL, request }) => {
    const { link, idServizio, idQuestionario, fac } = await surveyLink(browser, baseURL ?? '')

    const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoA11yViolations(page, 'questionario anonimo')
    // nothing of the facilitator's shell
    await expect(page.getByRole('link', { name: 'Accedi' })).toHaveCount(0)
    await passConsent(page)
    await answerQ4(page)
    // no horizontal scrolling at 375 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.getByRole('button', { name: 'Invia questionario' }).click()
    await expect(page.getByText('Questionario inviato. Grazie!')).toBeVisible()
    await expectNoA11yViolations(page, 'questionario anonimo inviato')

    const state = await citizensOf(request, fac, idServizio)
    expect(state.cittadini.find((c) => c.idQuestionario === idQuestionario)?.statoQuestionario).toBe('COMPILATA')
    expect(state.numeroQuestionariCompilati).toBe(1)

    // the link is spent
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Questionario già compilato' })).toBeVisible()
    await phone.close()
  })

  test('offline on the phone: answers kept on the device and sent when the network is back, exactly once', async ({ browser, baseURL, request }) => {
    const { link, idServizio, idQuestionario, fac } = await surveyLink(browser, baseURL ?? '')
    const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true })
    const page = await phone.newPage()
    const submissions: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/compila/anonimo')) submissions.push(r.headers()['idempotency-key'] ?? '')
    })
    await page.goto(link)
    await passConsent(page)
    await answerQ4(page)
    await phone.setOffline(true)
    await page.getByRole('button', { name: 'Invia questionario' }).click()
    await expect(page.getByText(/Le tue risposte sono salvate su questo telefono/)).toBeVisible()
    expect((await citizensOf(request, fac, idServizio)).numeroQuestionariCompilati).toBe(0)

    await phone.setOffline(false)
    await expect(page.getByText('Questionario inviato. Grazie!')).toBeVisible({ timeout: 40_000 })
    const state = await citizensOf(request, fac, idServizio)
    expect(state.cittadini.find((c) => c.idQuestionario === idQuestionario)?.statoQuestionario).toBe('COMPILATA')
    // every attempt carried the same idempotency key
    expect(new Set(submissions.filter(Boolean)).size).toBe(1)
    await phone.close()
  })
})
