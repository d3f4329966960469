/**
 * Login, roles and guards through the real UI (issue 2 "Done when"): a facilitator's home with only the
 * entries FAC holds, /gestione-ruoli turned away, a multi-profile manager switching role, and the
 * first-access registration.
 */
import { expect, test, type Page } from '@playwright/test'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, navEntries, profileDialog } from './helpers'
import { logoutUI } from './session-steps'

/** Profile labels in 'Scegli il ruolo' (descrizioneRuolo / descrizioneRuoloCompleta + programme/project). */
const REG_PROFILE = /gestore.*programma|RFD-2024-LAZ/i
const FAC_PROFILE = /facilitatore/i

test.use({ viewport: DESKTOP })

/** Chooses a profile if the app asks for one (single-profile users may get it chosen automatically). */
async function settleSingleProfile(page: Page, label: RegExp): Promise<void> {
  const dialog = profileDialog(page)
  const asked = await dialog.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, label)
}

test('FAC: home shows only the entries the role holds; /gestione-ruoli is refused', async ({ page }) => {
  await login(page, USERS.fac.cf)
  await settleSingleProfile(page, FAC_PROFILE)
  await expect(page).toHaveURL(/\/$/)
  // Facilitator: the programmes/projects entry is relabelled 'Progetto' (spec 000 §2.3); wait for the
  // menu of the chosen profile (a single profile is chosen automatically, then the page reloads).
  await expect.poll(() => navEntries(page), { timeout: 15_000 }).toContain('Progetto')
  const entries = await navEntries(page)
  expect(entries).toContain('Area amministrativa')
  expect(entries).not.toContain('Gestione ruoli')
  expect(entries).not.toContain('Area gestionale')
  expect(entries).not.toContain('Programmi')
  expect(entries).not.toContain('Programma')

  await page.goto('/gestione-ruoli')
  await expect(page).not.toHaveURL(/gestione-ruoli/)
  await expect(page.locator('header')).toBeVisible()
})

test('manager with several profiles: REG shows Programma, switching to FAC shows Progetto', async ({ page }) => {
  await login(page, USERS.multi.cf)
  await chooseProfile(page, REG_PROFILE)
  await expect.poll(() => navEntries(page)).toContain('Programma')
  expect(await navEntries(page)).not.toContain('Progetto')

  await page.locator('header').getByRole('button', { name: new RegExp(`${USERS.multi.nome}|${USERS.multi.cognome}|profilo|utente`, 'i') }).first().click()
  await page.getByRole('menuitem', { name: 'Cambia ruolo' }).or(page.getByRole('button', { name: 'Cambia ruolo' })).or(page.getByRole('link', { name: 'Cambia ruolo' })).first().click()
  await chooseProfile(page, FAC_PROFILE)
  await expect.poll(() => navEntries(page)).toContain('Progetto')
  expect(await navEntries(page)).not.toContain('Programma')
})

test('first access: /registrazione, consent, profile, home', PG_JOURNEY, async ({ page }) => {
  await login(page, USERS.firstAccess.cf)
  await expect(page).toHaveURL(/\/registrazione$/)
  await expect(page.getByLabel(/^Nome/)).toBeVisible()

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, '/registrazione')
  }
  await page.setViewportSize(DESKTOP)

  const nome = page.getByLabel(/^Nome/)
  if (!(await nome.inputValue())) await nome.fill(USERS.firstAccess.nome)
  const cognome = page.getByLabel(/^Cognome/)
  if (!(await cognome.inputValue())) await cognome.fill(USERS.firstAccess.cognome)
  await page.getByLabel(/^Email/).fill('anna.lombardi@example.it')
  await page.getByLabel(/^Telefono/).fill('3335550999')
  await expect(page.getByLabel(/^Codice fiscale/)).toHaveValue(USERS.firstAccess.cf)
  // bootstrap-italia draws its own checkbox (the native one is visually hidden): use the keyboard.
  const consent = page.getByRole('checkbox', { name: /acconsento/i })
  await consent.focus()
  await page.keyboard.press('Space')
  await expect(consent).toBeChecked()
  await page.getByRole('button', { name: 'Conferma', exact: true }).click()

  const dialog = profileDialog(page)
  const asked = await dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, FAC_PROFILE)
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 })
  await expect.poll(() => navEntries(page)).toContain('Progetto')
})

test('logout from the services page sends nothing without a role (issue 8 point 11)', async ({ page }) => {
  await login(page, USERS.multi.cf)
  await chooseProfile(page, REG_PROFILE)
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await expect(page.locator('main').getByRole('status').filter({ hasText: /\d+ serviz/ })).toBeVisible()
  const roleless: string[] = []
  page.on('request', (r) => {
    const { pathname } = new URL(r.url())
    // the reachability probe is anonymous by design; every other API call carries the profile's role
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/health') && !r.headers()['userrole']) roleless.push(`${r.method()} ${pathname}`)
  })
  await logoutUI(page)
  expect(roleless).toEqual([])
})
