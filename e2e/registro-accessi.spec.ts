/**
 * Issue 28 part 1 through the real UI: a facilitator opens her citizen's card in 'Area cittadini'; the DTD finds that
 * access in 'Registro degli accessi' (filtered by user, object and action) and in 'Chi ha visto i dati di un
 * cittadino' by the citizen's fiscal code, which is checked with the app's rules first. axe at 1280 and 375 px on
 * both views. Nothing of the seeded world is changed but one new service and citizen.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog } from './helpers'
import { actorOf, callAs, createServiceApi } from './field-api'
import { freshFiscalCode } from './field-ui'

test.use({ viewport: DESKTOP })

const RUN = Math.random().toString(36).slice(2, 7).toUpperCase()

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
  await page.setViewportSize(DESKTOP)
}

async function loginAs(page: Page, cf: string, label: RegExp): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, label)
}

test('the DTD finds a facilitator\'s reading of a citizen\'s card in the register and in the per-citizen view', async ({ browser, page, request }) => {
  test.setTimeout(150_000)
  await loginAs(page, USERS.fac.cf, /facilitatore/i)
  const sara = await actorOf(page, request, 'FAC')
  const idServizio = await createServiceApi(request, sara, `Registro accessi ${RUN}`)
  const cf = await freshFiscalCode()
  const { id: idCittadino } = await callAs<{ id: number }>(request, sara, 'POST', `servizio/cittadino/${idServizio}`, {
    nuovoCittadino: true, codiceFiscale: cf, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Libero professionista', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana',
  })
  // the facilitator opens the citizen's card
  await page.goto(`/area-cittadini/${idCittadino}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cittadino')
  await expect(page.getByTestId('cittadino-dati')).toContainText('Libero professionista')

  const context = await browser.newContext({ viewport: DESKTOP })
  const dtd = await context.newPage()
  try {
    await loginAs(dtd, USERS.dtd.cf, /amministratore|DTD/i)
    // the management area's entry
    await dtd.goto('/registro-accessi')
    await expect(dtd.getByRole('heading', { level: 1, name: 'Registro degli accessi' })).toBeVisible()
    const table = dtd.getByRole('table', { name: 'Registro degli accessi ai dati personali' })
    await expect(table).toBeVisible()
    await axeBoth(dtd, '/registro-accessi')

    // Sara's reading of the card: search the user, filter object and action
    await dtd.goto('/registro-accessi?cerca=Romano&oggetto=cittadino&azione=lettura')
    await expect(table.getByRole('row').filter({ hasText: `ID ${idCittadino}` }).first()).toBeVisible({ timeout: 15_000 })
    await expect(table.getByRole('row').filter({ hasText: `ID ${idCittadino}` }).first()).toContainText('Sara')
    await expect(dtd.locator('body')).not.toContainText(cf)

    // "who accessed my data?": a malformed code is refused on the device, the right one answers
    await dtd.getByRole('link', { name: 'Chi ha visto i dati di un cittadino' }).click()
    await expect(dtd).toHaveURL(/\/registro-accessi\/cittadino$/)
    const field = dtd.getByLabel('Codice fiscale del cittadino')
    await field.fill('ABCDEF12G34H567')
    await dtd.getByRole('button', { name: 'Cerca' }).click()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await field.fill(cf.toLowerCase())
    await dtd.getByRole('button', { name: 'Cerca' }).click()
    const esito = dtd.getByTestId('registro-cittadino-esito')
    await expect(esito).toContainText(`Cittadino ID ${idCittadino}`)
    const righe = esito.getByRole('table', { name: 'Accessi ai dati del cittadino' })
    await expect(righe.getByRole('row').filter({ hasText: 'Romano' }).filter({ hasText: 'Lettura' }).first()).toBeVisible()
    await expect(righe.getByRole('row').filter({ hasText: 'Romano' }).filter({ hasText: 'Modifica' }).first()).toBeVisible()
    await axeBoth(dtd, '/registro-accessi/cittadino')
  } finally {
    await context.close()
  }
})
