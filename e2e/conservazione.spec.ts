/**
 * Issue 28 point 2 through the real UI: the DTD opens 'Conservazione dei dati' from the management menu, changes the
 * retention date of both policies (to a future date: the seeded world the other specs use stays whole), prepares a
 * report, reads it (nothing past its date), confirms it through the dialog that names the counts, and the report
 * says the anonymisation ran; the privacy notice then states the configured dates. axe-clean at 1280 and 375 px.
 * The seeded dates are restored at the end.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog } from './helpers'
import { actorOf, callAs, type ApiActor } from './field-api'

test.use({ viewport: DESKTOP })

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
  await page.setViewportSize(DESKTOP)
}

let dtd: ApiActor | null = null

test.afterAll(async ({ request }) => {
  if (!dtd) return
  const periodi = await callAs<{ policy: string; versione: number }[]>(request, dtd, 'GET', 'conservazione/periodi')
  const seed: Record<string, string> = { RFD: '2026-06-30', SCD: '2025-12-31' }
  for (const p of periodi) await callAs(request, dtd, 'PUT', `conservazione/periodi/${p.policy}`, { conservazioneFino: seed[p.policy], versione: p.versione })
})

test('the DTD edits the retention periods, prepares a report, reads it and confirms it', async ({ page, request }) => {
  test.setTimeout(120_000)
  await login(page, USERS.dtd.cf)
  if (await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) await chooseProfile(page, /./)
  dtd = await actorOf(page, request, 'DTD')

  await page.goto('/gestione-configurazioni/conservazione')
  await expect(page.getByRole('heading', { level: 1, name: 'Conservazione dei dati' })).toBeVisible()
  const rfd = page.getByTestId('periodo-RFD')
  await expect(rfd.getByLabel('Dati personali conservati fino al*')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await axeBoth(page, '/gestione-configurazioni/conservazione')

  for (const [policy, data, testo] of [['RFD', '2099-06-30', '30 giugno 2099'], ['SCD', '2099-12-31', '31 dicembre 2099']] as const) {
    const form = page.getByTestId(`periodo-${policy}`)
    await form.getByLabel('Dati personali conservati fino al*').fill(data)
    await form.getByRole('button', { name: `Salva il periodo ${policy}` }).click()
    await expect(page.getByText(`Periodo di conservazione ${policy} salvato: fino al ${testo}`)).toBeVisible()
    await expect(form.getByText(`In vigore: ${testo}`)).toBeVisible()
  }

  await page.getByRole('button', { name: 'Prepara ora il rapporto' }).click()
  const rapporto = page.getByTestId('rapporto-conservazione')
  await expect(rapporto).toContainText('Periodi applicati: RFD fino al 30 giugno 2099; SCD fino al 31 dicembre 2099.', { timeout: 30_000 })
  await expect(page.getByTestId('rapporto-totali')).toHaveText('Da anonimizzare: 0 cittadini, 0 servizi, 0 questionari, 0 consensi registrati, 0 utenti.')
  await expect(rapporto).toContainText('Da confermare')
  await axeBoth(page, '/gestione-configurazioni/conservazione (rapporto)')

  await page.getByRole('button', { name: 'Conferma l’anonimizzazione' }).click()
  const dialog = page.getByRole('dialog', { name: 'Conferma l’anonimizzazione' })
  await expect(dialog).toContainText('Confermi l’anonimizzazione di 0 cittadini, 0 servizi, 0 questionari, 0 consensi registrati, 0 utenti?')
  await axeBoth(page, '/gestione-configurazioni/conservazione (conferma)')
  await dialog.getByRole('button', { name: 'Anonimizza' }).click()
  await expect(dialog).toBeHidden()
  await expect(rapporto).toContainText('Anonimizzazione eseguita', { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Conferma l’anonimizzazione' })).toHaveCount(0)

  await page.goto('/informativa-privacy-e-cookie')
  await expect(page.getByTestId('conservazione-SCD')).toHaveText('fino al 31 dicembre 2099')
  await expect(page.getByTestId('conservazione-RFD').first()).toHaveText('fino al 30 giugno 2099')
})
