/**
 * axe-core (WCAG 2.1 A/AA and best practices, `AXE_TAGS`) on every page of the shell, at desktop (1280 px)
 * and phone (375 px) width: the public pages, the homes, every section page an administrator reaches (at
 * 1280 px; the shell around them is checked at 375 px on the homes), the phone menu open, the 'Scegli il
 * ruolo' modal. Each page also carries its own title (WCAG 2.4.2). /registrazione is checked inside
 * auth.spec.ts, where the first-access user reaches it; the field pages in field-a11y.spec.ts, offline in
 * field-offline.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, reachDevLoginPage } from './helpers'

const WIDTHS = [DESKTOP, PHONE]

/** Every section page of the shell an administrator (DTD) reaches, with its title (before ' – Punto Digitale'). */
const SECTION_PAGES: readonly (readonly [path: string, title: string])[] = [
  ['/area-amministrativa', 'Area amministrativa'],
  ['/area-amministrativa/programmi', 'Programmi – Area amministrativa'],
  ['/area-amministrativa/progetti', 'Progetti – Area amministrativa'],
  ['/area-amministrativa/enti', 'Enti – Area amministrativa'],
  ['/area-amministrativa/utenti', 'Utenti – Area amministrativa'],
  ['/area-amministrativa/questionari', 'Questionari – Area amministrativa'],
  ['/area-amministrativa/servizi', 'Elenco servizi – Area amministrativa'],
  // the detail pages are titled with the entity's name once read (seed: server/seed/programmes.ts)
  ['/area-amministrativa/programmi/1/info', 'Rete dei servizi di facilitazione digitale - Regione Lazio – Programmi'],
  ['/area-amministrativa/progetti/1/info', 'Punti di facilitazione digitale di Roma Capitale – Progetti'],
  ['/area-amministrativa/enti/1', 'Regione Lazio – Enti'],
  ['/area-amministrativa/utenti/1', 'Ferri Giulia – Utenti'],
  ['/area-cittadini', 'Area cittadini'],
  ['/area-dati', 'Area dati'],
  ['/area-dati/report-dati', 'Report dati – Area dati'],
  ['/area-dati/monitoraggio-caricamenti-massivi', 'Monitoraggio dei caricamenti massivi – Area dati'],
  ['/bacheca', 'Bacheca'],
  ['/forum', 'Forum'],
  ['/documenti', 'Documenti'],
  ['/notifiche', 'Notifiche'],
  ['/gestione-ruoli', 'Gestione ruoli'],
  ['/gestione-ruoli/crea-nuovo', 'Crea nuovo ruolo – Gestione ruoli'],
  ['/gestione-ruoli/FAC', 'Ruolo FAC – Gestione ruoli'],
  ['/gestione-ruoli/FAC/modifica', 'Modifica ruolo FAC – Gestione ruoli'],
  ['/gestione-configurazioni/minorenni', 'Minorenni – Gestione configurazioni'],
  ['/area-gestionale/gestione-categorie', 'Gestione categorie – Area gestionale'],
  ['/area-gestionale/gestione-segnalazioni', 'Gestione segnalazioni – Area gestionale'],
  ['/area-personale', 'Area personale'],
  ['/area-personale/contenuti-pubblicati', 'Contenuti pubblicati – Area personale'],
  ['/area-personale/sincronizzazione', 'Sincronizzazione – Area personale'],
  ['/home/cerca', 'Cerca'],
  ['/richiesta-assistenza', 'Richiesta di assistenza tecnica'],
]

async function checkAtEveryWidth(page: Page, label: string): Promise<void> {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(200)
    await expectNoA11yViolations(page, label)
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('#root')).not.toBeEmpty()
}

test.describe('public pages', () => {
  for (const path of ['/', '/auth', '/informativa-privacy-e-cookie', '/legal', '/open-data', '/errore/A02']) {
    test(`axe: ${path}`, async ({ page }) => {
      await page.goto(path)
      await settle(page)
      await checkAtEveryWidth(page, path)
    })
  }

  test('axe: development identity provider login page', async ({ page }) => {
    await reachDevLoginPage(page)
    await checkAtEveryWidth(page, 'pagina di login del provider di sviluppo')
  })
})

test.describe('logged-in pages', () => {
  test('axe: FAC home and /area-personale', async ({ page }) => {
    await login(page, USERS.fac.cf)
    if (await profileDialog(page).isVisible()) await chooseProfile(page, /facilitatore/i)
    await settle(page)
    await checkAtEveryWidth(page, 'home FAC')
    await page.goto('/area-personale')
    await settle(page)
    await checkAtEveryWidth(page, '/area-personale')
  })

  test('axe: DTD home, then every section page with its title', async ({ page }) => {
    test.setTimeout(120_000)
    await login(page, USERS.dtd.cf)
    if (await profileDialog(page).isVisible()) await chooseProfile(page, /./)
    await settle(page)
    await checkAtEveryWidth(page, 'home DTD')
    await page.setViewportSize(DESKTOP)
    for (const [path, title] of SECTION_PAGES) {
      // a client-side navigation (as the app's links do), cheaper than loading the app again
      await page.evaluate((to) => {
        history.pushState(history.state, '', to)
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
      }, path)
      await expect(page).toHaveURL(path)
      await expect(page.locator('#main-content h1')).toBeFocused()
      await expect(page, `titolo di ${path}`).toHaveTitle(`${title} – Punto Digitale`)
      await expectNoA11yViolations(page, path)
    }
  })

  test('axe: the phone menu open', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await login(page, USERS.fac.cf)
    await settle(page)
    await page.getByRole('button', { name: 'Mostra o nascondi il menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu di navigazione' })
    await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused()
    await menu.getByRole('button', { name: 'Area amministrativa' }).click()
    await expect(menu.getByRole('link', { name: 'Servizi', exact: true })).toBeVisible()
    await expectNoA11yViolations(page, 'menu del telefono aperto')
  })

  test("axe: the 'Scegli il ruolo' modal open", async ({ page }) => {
    await login(page, USERS.multi.cf)
    await expect(profileDialog(page)).toBeVisible()
    await checkAtEveryWidth(page, "modale 'Scegli il ruolo'")
  })
})
