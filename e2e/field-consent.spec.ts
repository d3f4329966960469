/**
 * Issue 8 "Done when", points 1–3, in Chromium against the built app: a facilitator adds three citizens
 * offline (two fiscal codes, one document), records paper consent for two while compiling their surveys,
 * tells the three rows apart at a glance (masked identity and time added, the same mask the server then
 * stores) offline and online, at 1280 and 375 px; back online and synced, sends a link to the third, whose
 * row reads INVIATO with the link's expiry and 'Invia di nuovo' — also after a reload (the server's state)
 * and offline —, and prints the sheet of 'Invia questionario a tutti'. Axe-clean on each screen.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { maskDocumentNumber, maskFiscalCode } from '../src/lib/masked-identity'
import { DESKTOP, PHONE, expectNoA11yViolations } from './helpers'
import { callAs, citizensOf, documentNumber, servicesNamed } from './field-api'
import { addCitizenUI, citizenRows, closeToasts, compileSurveyUI, createServiceUI, freshFiscalCode, readyFacilitator, UNCONFIRMED_CHIP } from './field-ui'

/** The masks the rows show, in row order (table at 1280 px, accordion summaries at 375 px). */
async function masks(page: Page): Promise<string[]> {
  const phone = (page.viewportSize()?.width ?? 1280) < 768
  const scope: Locator = phone ? page.locator('main details > summary') : citizenRows(page)
  return scope.getByTestId('identificativo-cittadino').allTextContents()
}

test('consent, recognisable citizens and a sent link, offline then online, at 1280 and 375 px', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  const nome = `Sportello consensi ${Date.now()}`
  const cf1 = await freshFiscalCode()
  const cf2 = await freshFiscalCode()
  const doc = documentNumber()
  const attese = [maskFiscalCode(cf1), maskFiscalCode(cf2), maskDocumentNumber(doc)]

  await page.setViewportSize(DESKTOP)
  const fac = await readyFacilitator(page, request)

  // offline: the service and three citizens; each row shows its mask (computed on the device) and the time added
  await context.setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { cf: cf1 })
  await addCitizenUI(page, { cf: cf2 })
  await addCitizenUI(page, { documento: doc })
  await expect(citizenRows(page)).toHaveCount(3)
  expect(new Set(attese).size).toBe(3)
  expect(await masks(page)).toEqual(attese)
  for (let i = 0; i < 3; i += 1) await expect(citizenRows(page).nth(i)).toContainText(/Aggiunto alle \d\d:\d\d/)
  await expect(citizenRows(page).nth(2).getByRole('button', { name: /^Invia questionario del cittadino …/ })).toBeDisabled()

  // the wizard asks the consent at step Q1 (the third citizen's: it is left uncompiled)
  await citizenRows(page).nth(2).getByRole('link', { name: /Compila questionario/ }).click()
  const consenso = page.getByRole('group', { name: 'Consenso al trattamento dei dati personali' })
  await expect(consenso).toBeVisible()
  await expect(consenso.getByRole('radio')).toHaveCount(3)
  await page.getByRole('button', { name: 'Step successivo' }).click()
  await expect(page.getByText('Indica come il cittadino ha dato il consenso')).toBeVisible()
  await expectNoA11yViolations(page, 'compilazione, consenso al passo Q1 (offline)')
  await page.getByRole('link', { name: 'Vai alla lista cittadini' }).click()
  await expect(citizenRows(page)).toHaveCount(3)

  // paper consent for the first two, with their surveys
  await compileSurveyUI(page, 0, 'Cartaceo')
  await compileSurveyUI(page, 1, 'Cartaceo')
  await expect(citizenRows(page).filter({ hasText: /(?<!NON )COMPILATA/ })).toHaveCount(2)
  expect(await masks(page)).toEqual(attese)
  await expectNoA11yViolations(page, 'cittadini del servizio offline')
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // back online: everything reaches the server, with the consents and the same masks
  await context.setOffline(false)
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 15_000 }).toBe(1)
  const [servizio] = await servicesNamed(request, fac, nome)
  await expect.poll(async () => {
    const c = await citizensOf(request, fac, servizio!.id)
    return [c.numeroCittadini, c.numeroQuestionariCompilati]
  }, { timeout: 15_000 }).toEqual([3, 2])
  await expect(citizenRows(page).filter({ hasText: UNCONFIRMED_CHIP })).toHaveCount(0, { timeout: 15_000 })
  const server = await callAs<{ cittadini: { idQuestionario: string; statoQuestionario: string; identificativoMascherato: string | null }[] }>(
    request, fac, 'POST', `servizio/cittadino/all/${servizio!.id}?currPage=0&pageSize=10`, {})
  expect(server.cittadini.map((c) => c.identificativoMascherato).sort()).toEqual([...attese].sort())
  for (const c of server.cittadini.filter((x) => x.statoQuestionario === 'COMPILATA')) {
    const q = await callAs<{ sezioneQ1Questionario: string }>(request, fac, 'POST', `servizio/cittadino/questionarioCompilato/compilato/${c.idQuestionario}`, {})
    expect(q.sezioneQ1Questionario).toContain("'18':['Cartaceo']")
  }

  // the third citizen gets the link: its row reads INVIATO with the expiry and offers 'Invia di nuovo'
  const terza = citizenRows(page).nth(2)
  const invia = terza.getByRole('button', { name: /^Invia questionario del cittadino …/ })
  await expect(invia).toBeEnabled({ timeout: 15_000 })
  await closeToasts(page)
  await invia.click()
  const modal = page.getByRole('dialog')
  await expect(modal.getByRole('img', { name: 'Codice QR del link al questionario' })).toBeVisible()
  await modal.getByRole('button', { name: 'Chiudi' }).last().click()
  await expect(modal).toBeHidden()
  await expect(terza).toContainText('INVIATO')
  await expect(terza.getByTestId('scadenza-link')).toHaveText(/^Link valido fino al \d\d-\d\d-\d{4} alle \d\d:\d\d$/)
  await expect(terza.getByRole('button', { name: /^Invia di nuovo del cittadino …/ })).toBeVisible()
  await expect.poll(async () => (await citizensOf(request, fac, servizio!.id)).cittadini.filter((c) => c.statoQuestionario === 'INVIATO').length).toBe(1)

  // after a reload the device's copy comes from the server again: still INVIATO, the same masks
  await page.reload()
  await expect(citizenRows(page)).toHaveCount(3)
  await expect(citizenRows(page).filter({ hasText: 'INVIATO' })).toHaveCount(1)
  expect((await masks(page)).sort()).toEqual([...attese].sort())
  await expectNoA11yViolations(page, 'cittadini del servizio online')

  // on a phone, offline: the accordion rows are told apart the same way, the link's row still INVIATO
  await page.setViewportSize(PHONE)
  await expect(page.locator('main details')).toHaveCount(3)
  expect((await masks(page)).sort()).toEqual([...attese].sort())
  await context.setOffline(true)
  await expect(page.locator('main details > summary').filter({ hasText: 'INVIATO' })).toHaveCount(1)
  await expectNoA11yViolations(page, 'cittadini del servizio offline')
  await context.setOffline(false)

  // 'Invia questionario a tutti': one sheet with the QR code of the survey not compiled
  const aTutti = page.getByRole('button', { name: 'Invia questionario a tutti' })
  await expect(aTutti).toBeEnabled({ timeout: 15_000 })
  await aTutti.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Crea i link' }).click()
  await expect(page).toHaveURL(/\/stampa-link$/)
  await expect(page.getByTestId('foglio-link-scheda')).toHaveCount(1)
  await expect(page.getByTestId('foglio-link-scheda').getByRole('img', { name: /^Codice QR del questionario del cittadino/ })).toBeVisible()
  await expectNoA11yViolations(page, 'foglio dei link')
  await page.setViewportSize(DESKTOP)
  await expectNoA11yViolations(page, 'foglio dei link')
})
