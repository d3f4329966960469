/**
 * Issue 10 points 2–4 through the real UI (one journey per capability):
 * - a facilitator finds her citizen in 'Area cittadini' by fiscal code, opens him, sees his services and
 *   edits a field (the REPP of another project not finding him is a server test:
 *   tests/server/i10/registro-cittadini.test.ts);
 * - a DTD creates a custom role from two permission groups, it is given to a user (Chiara, MOD), whose menu
 *   shows the role's entries ('Area cittadini', 'Report dati'); the DTD swaps a group and Chiara's menu
 *   changes at her next request ('Bacheca' instead of 'Report dati');
 * - the DTD enables a programme for minors from a date and revokes it.
 * axe at 1280 and 375 px on every new page. The role and the enablement are removed at the end, so the
 * other specs find the seeded world.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { PG_JOURNEY, setTicked, DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, navEntries, profileDialog } from './helpers'
import { actorOf, callAs, createServiceApi, type ApiActor } from './field-api'
import { freshFiscalCode } from './field-ui'

test.use({ viewport: DESKTOP })

const RUN = Math.random().toString(36).slice(2, 7).toUpperCase()
const CHIARA = 'CLMCHR88M48L736C'

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
  await page.setViewportSize(DESKTOP)
}

/** Logs in and chooses the profile matching `label` if the app asks (single profiles are chosen by themselves). */
async function loginAs(page: Page, cf: string, label: RegExp): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, label)
}

test('a facilitator finds her citizen by fiscal code, sees his services and edits him', async ({ page, request }) => {
  test.setTimeout(120_000)
  await loginAs(page, USERS.fac.cf, /facilitatore/i)
  const sara = await actorOf(page, request, 'FAC')
  const nome = `Registro ${RUN}`
  const idServizio = await createServiceApi(request, sara, nome)
  const cf = await freshFiscalCode()
  await callAs(request, sara, 'POST', `servizio/cittadino/${idServizio}`, {
    nuovoCittadino: true, codiceFiscale: cf, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Libero professionista', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana',
  })

  await expect.poll(() => navEntries(page), { timeout: 15_000 }).toContain('Area cittadini')
  await page.locator('header').getByRole('link', { name: 'Area cittadini' }).first().click()
  await expect(page).toHaveURL(/\/area-cittadini$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Area cittadini' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Elenco cittadini' })).toBeVisible()
  await axeBoth(page, '/area-cittadini')

  await page.getByRole('searchbox', { name: 'Cerca cittadino' }).or(page.getByLabel('Cerca cittadino')).first().fill(cf.toLowerCase())
  await page.getByRole('searchbox', { name: 'Cerca cittadino' }).or(page.getByLabel('Cerca cittadino')).first().press('Enter')
  await expect(page.getByText('1 cittadino', { exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Elenco cittadini' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText(`${cf.slice(0, 3)}•••`)
  await expect(page.locator('body')).not.toContainText(cf)

  await table.getByRole('link', { name: /^Visualizza/ }).click()
  await expect(page).toHaveURL(/\/area-cittadini\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cittadino')
  const servizi = page.getByRole('table', { name: 'Servizi del cittadino' })
  await expect(servizi.getByRole('link', { name: nome })).toBeVisible()
  await expect(servizi).toContainText('NON COMPILATA')
  await expect(page.getByTestId('cittadino-dati')).toContainText('Libero professionista')
  await axeBoth(page, 'pagina del cittadino')

  await page.getByRole('link', { name: 'Modifica' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Modifica')
  await expect(page.getByLabel('Genere')).toHaveAttribute('readonly', '')
  await axeBoth(page, 'modifica del cittadino')
  await page.getByLabel('Stato occupazionale*').selectOption('Imprenditore')
  await page.getByRole('button', { name: 'Salva' }).click()
  await expect(page).toHaveURL(/\/area-cittadini\/\d+$/)
  await expect(page.getByTestId('cittadino-dati')).toContainText('Imprenditore')
})

test.describe('role management and minors (DTD)', () => {
  const nomeRuolo = `Osservatore ${RUN}`
  let dtd: ApiActor | null = null
  let idChiara: number | null = null

  test.afterAll(async ({ request }) => {
    if (!dtd) return
    if (idChiara) await callAs(request, dtd, 'DELETE', `utente/${idChiara}/ruolo/${encodeURIComponent(nomeRuolo)}`, {}, [200, 409, 404])
    const ruolo = await callAs<{ versione?: number }>(request, dtd, 'GET', `ruolo/${encodeURIComponent(nomeRuolo)}`, {}, [200, 404])
    if (typeof ruolo.versione === 'number') await callAs(request, dtd, 'DELETE', `ruolo/${encodeURIComponent(nomeRuolo)}`, { versione: ruolo.versione }, [200, 404])
  })

  async function chiaraPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    await loginAs(page, CHIARA, new RegExp(nomeRuolo))
    return page
  }

  test('a custom role from two groups changes its holder\'s menu at her next request', PG_JOURNEY, async ({ page, request, browser }) => {
    test.setTimeout(180_000)
    await loginAs(page, USERS.dtd.cf, /./)
    dtd = await actorOf(page, request, 'DTD')

    await page.goto('/gestione-ruoli')
    await expect(page.getByRole('table', { name: 'Elenco ruoli' })).toContainText('FACILITATORE')
    await axeBoth(page, '/gestione-ruoli')
    await page.getByRole('link', { name: 'Crea nuovo ruolo' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Crea nuovo ruolo' })).toBeVisible()
    await expect(page.getByTestId('ruolo-form')).toBeVisible()
    await axeBoth(page, '/gestione-ruoli/crea-nuovo')
    await page.getByRole('button', { name: 'Crea ruolo' }).click()
    await expect(page.getByText('Campo obbligatorio', { exact: true })).toBeVisible()
    await expect(page.getByLabel('Nome del ruolo*')).toBeFocused()
    await page.getByLabel('Nome del ruolo*').fill(nomeRuolo)
    await setTicked(page, /Visualizzazione dei cittadini/, true)
    await setTicked(page, /^Visualizzazione della dashboard/, true)
    await expect(page.getByTestId('ruolo-permessi')).toHaveText('Gruppi scelti: 2; permessi concessi: 5')
    await page.getByRole('button', { name: 'Crea ruolo' }).click()
    await expect(page.getByRole('heading', { level: 1, name: nomeRuolo })).toBeVisible()
    await expect(page.getByTestId('gruppi-ruolo')).toContainText('VIS.CITT')
    await axeBoth(page, 'pagina del ruolo')

    // given to Chiara (a moderator) through the users' API
    const utenti = await callAs<{ utenti: { id: number }[] }>(request, dtd, 'POST', 'utente/all?currPage=0&pageSize=8', { filtroRequest: { criterioRicerca: CHIARA } })
    idChiara = utenti.utenti[0]!.id
    await callAs(request, dtd, 'PUT', `utente/${idChiara}/ruolo`, { codiceRuolo: nomeRuolo })

    const chiara = await chiaraPage(browser)
    await expect.poll(() => navEntries(chiara), { timeout: 15_000 }).toContain('Area cittadini')
    expect(await navEntries(chiara)).toContain('Report dati')
    expect(await navEntries(chiara)).not.toContain('Bacheca')

    // the DTD swaps the dashboard group for the bulletin board's
    await page.getByRole('link', { name: 'Modifica' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Modifica ruolo')
    await axeBoth(page, 'modifica del ruolo')
    await setTicked(page, /^Visualizzazione della dashboard/, false)
    await setTicked(page, /^Visualizzazione, commento e like della bacheca/, true)
    await page.getByRole('button', { name: 'Salva' }).click()
    await expect(page.getByTestId('gruppi-ruolo')).toContainText('VIS.NEWS')

    // Chiara's next request (a reload) brings the new menu
    await chiara.reload()
    await expect.poll(() => navEntries(chiara), { timeout: 15_000 }).toContain('Bacheca')
    expect(await navEntries(chiara)).not.toContain('Report dati')
    expect(await navEntries(chiara)).toContain('Area cittadini')
    await chiara.context().close()

    // held: deleting it is refused with the catalogue's message
    await page.getByRole('button', { name: 'Elimina' }).click()
    await page.getByTestId('confirm-modal').getByRole('button', { name: 'Elimina' }).click()
    await expect(page.getByText(/assegnato a degli utenti/)).toBeVisible()
  })

  test('the minors configuration enables a programme from a date and revokes it', async ({ page }) => {
    test.setTimeout(120_000)
    await loginAs(page, USERS.dtd.cf, /./)
    await page.goto('/gestione-configurazioni')
    await expect(page).toHaveURL(/\/gestione-configurazioni\/minorenni$/)
    const table = page.getByRole('table', { name: 'Programmi abilitati ai minorenni' })
    await expect(table).toContainText('Regione Lazio')
    await axeBoth(page, '/gestione-configurazioni/minorenni')

    await table.getByRole('button', { name: 'Data di Decorrenza' }).click()
    await expect(table.getByRole('columnheader', { name: 'Data di Decorrenza' })).toHaveAttribute('aria-sort', 'ascending')
    await expect(page).toHaveURL(/data_decorrenza/)

    await page.getByRole('button', { name: 'Abilita un programma' }).click()
    const form = page.getByTestId('abilita-form')
    await form.getByLabel('Programma*').selectOption({ label: 'Rete dei servizi di facilitazione digitale - Regione Lombardia (RFD-2024-LOM)' })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await form.getByLabel('Data di decorrenza*').fill(tomorrow)
    await axeBoth(page, 'abilita un programma')
    await form.getByRole('button', { name: 'Abilita' }).click()
    await expect(form).toBeHidden()
    const row = table.getByRole('row').filter({ hasText: 'Regione Lombardia' })
    await expect(row).toContainText('PROGRAMMATA')
    await expect(row).toContainText(tomorrow.split('-').reverse().join('-'))

    await row.getByRole('button', { name: /^Revoca/ }).click()
    await page.getByTestId('confirm-modal').getByRole('button', { name: 'Revoca' }).click()
    await expect(table.getByRole('row').filter({ hasText: 'Regione Lombardia' })).toHaveCount(0)
  })
})
