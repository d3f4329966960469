/** Error page and unknown paths (spec 000 §2.1, §8). */
import { expect, test } from '@playwright/test'

test('/errore/XYZ shows the unknown-code title', async ({ page }) => {
  await page.goto('/errore/XYZ')
  await expect(page.getByText('SI È VERIFICATO UN ERRORE', { exact: false }).first()).toBeVisible()
  await expect(page.getByText('Ti invitiamo a riprovare più tardi').first()).toBeVisible()
})

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/questa-pagina-non-esiste/davvero')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Accedi' }).or(page.getByRole('button', { name: 'Accedi' })).first()).toBeVisible()
})
