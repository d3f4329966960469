/**
 * Full-page screenshots of every page of the application at 1280 and 375 px, for a before/after comparison
 * of a change that must not change what users see (delivery issue 7: the cut-down bootstrap-italia CSS).
 * NOT part of `npm test`: see scripts/visual/playwright.config.ts for how to run it and compare.mjs.
 *
 * Each run starts a server on a fresh database and goes through the same steps with the same data (fixed
 * names, fiscal code, document number and service date), so two runs render the same pages; what differs
 * by run (the survey link's token and QR code) is masked, run-dependent text that moves the layout (clock
 * times, random ids) rewritten to fixed text (`stabilise`). Motion is reduced, the caret hidden, fonts and
 * icons loaded before each shot. The pictures go to VISUAL_OUT (default .tmp/visual/current), never to git.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { chooseProfile, login, profileDialog, reachDevLoginPage, USERS, waitForServiceWorkerControl } from '../../e2e/helpers'
import { actorOf, addCitizenByDocumentApi, callAs, createServiceApi } from '../../e2e/field-api'
import { CF_VALIDO, citizenRows, closeToasts, completeStep2, createServiceUI, searchToStep2, tick, waitForFieldData } from '../../e2e/field-ui'
import { openSyncCentre, openUserMenu } from '../../e2e/session-steps'

const OUT = resolve(process.env.VISUAL_OUT ?? '.tmp/visual/current')
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 375, height: 812 }
const REG = { cf: 'CNTLRA75H61F205P' }

mkdirSync(OUT, { recursive: true })

/**
 * Waits until nothing moves: network idle (icon chunks), every fade-in done (reactstrap's Fade adds `show`
 * on a timer of its own), fonts loaded, two animation frames.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForFunction(() => !document.querySelector('.fade:not(.show)'), undefined, { timeout: 5_000 }).catch(() => undefined)
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
  await page.waitForTimeout(300)
}

/**
 * Values that differ by run: clock times ('Ultimo aggiornamento', 'Creata il', 'Ultima sincronizzazione'),
 * storage use, and the error page's logout countdown.
 */
function runDependent(page: Page): Locator {
  return page.locator('main dd, main td').filter({ hasText: /\b\d{1,2}:\d{2}\b|MB di / }).or(page.getByTestId('error-countdown'))
}

/**
 * Text that differs by run and changes the layout, so a mask is not enough (a wider id widens its column):
 * rewritten to fixed text in the page itself, whenever it appears (a MutationObserver installed before the app
 * starts, so rows rendered late are caught too). Clock times ('alle 23:12'), the short ids of survey templates
 * (8 hex characters of a random UUID) and database ids of 10 digits or more (a citizen's id on the print page).
 */
function stabiliseText(): void {
  const rewrite = (node: Node): void => {
    if (!node.parentElement?.closest('main')) return
    const before = node.textContent ?? ''
    const after = before.replace(/\b\d{1,2}:\d{2}\b/g, '00:00').replace(/\b\d{10,}\b/g, '0000000000')
      .replace(/^(?=\S*\d)(?=\S*[a-f])[0-9a-f]{8}$/, '00000000')
    if (after !== before) node.textContent = after
  }
  const walk = (root: Node): void => {
    if (root.nodeType === Node.TEXT_NODE) return rewrite(root)
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) rewrite(n)
  }
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') rewrite(r.target)
      else r.addedNodes.forEach(walk)
    }
  }).observe(document, { subtree: true, childList: true, characterData: true })
}

/** Before a shot: the page scrolled to the top (an open modal is drawn where the viewport is). */
async function stabilise(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
}

/** Full-page screenshots `<name>-1280.png` and `<name>-375.png` (or only the given widths). */
async function shot(page: Page, name: string, opts: { mask?: Locator[]; widths?: (typeof DESKTOP)[] } = {}): Promise<void> {
  for (const viewport of opts.widths ?? [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await settle(page)
    await stabilise(page)
    const mask = [runDependent(page), ...(opts.mask ?? [])]
    await page.screenshot({ path: join(OUT, `${name}-${viewport.width}.png`), fullPage: true, animations: 'disabled', caret: 'hide', mask, maskColor: '#ff00ff' })
  }
  await page.setViewportSize(DESKTOP)
}

async function h1(page: Page, name?: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first()).toBeVisible()
}

test.use({ viewport: DESKTOP })
test.beforeEach(async ({ page }) => page.addInitScript(stabiliseText))

test('anonymous pages', async ({ page }) => {
  for (const [name, path] of [
    ['landing', '/'],
    ['privacy', '/informativa-privacy-e-cookie'],
    ['accessibilita', '/legal'],
    ['open-data', '/open-data'],
    ['accedi', '/auth'],
    ['errore-A02', '/errore/A02'],
    ['errore-sconosciuto', '/errore/XYZ'],
  ] as const) {
    // the month's open-data file is generated by a job 10 s after the server's start: shoot the page once it is
    // there, whatever the time the run took to get here (two builds compared show the same state)
    if (name === 'open-data') await expect.poll(async () => ((await (await page.request.get('/api/open-data')).json()) as { files: unknown[] }).files.length, { timeout: 60_000 }).toBeGreaterThan(0)
    await page.goto(path)
    await h1(page)
    await shot(page, `anon-${name}`)
  }
  await page.goto('/')
  await h1(page)
  await page.getByRole('button', { name: 'Assistenza' }).last().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await shot(page, 'anon-modale-assistenza')
  await reachDevLoginPage(page)
  await shot(page, 'anon-login-sviluppo')
})

test('first access: registration', async ({ page }) => {
  await login(page, USERS.firstAccess.cf)
  await expect(page).toHaveURL(/\/registrazione/)
  await h1(page)
  await shot(page, 'registrazione')
  await page.locator('main').getByLabel('Email').fill('')
  await page.locator('main').getByRole('button', { name: /Conferma/ }).click()
  await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible()
  await shot(page, 'registrazione-errori')
})

test('several profiles: the role-choice modal', async ({ page }) => {
  await login(page, USERS.multi.cf)
  await expect(profileDialog(page)).toBeVisible()
  await shot(page, 'scelta-ruolo')
  await chooseProfile(page, /Facilitatore/i)
  await h1(page)
  await shot(page, 'multi-home')
})

test('DTD and REG pages', async ({ page, context }) => {
  await login(page, USERS.dtd.cf)
  await h1(page)
  await shot(page, 'dtd-home')
  for (const [name, path] of [
    ['programmi', '/area-amministrativa/programmi'],
    ['progetti', '/area-amministrativa/progetti'],
    ['enti', '/area-amministrativa/enti'],
    ['utenti', '/area-amministrativa/utenti'],
    ['questionari', '/area-amministrativa/questionari'],
    ['gestione-ruoli', '/gestione-ruoli'],
    ['gestione-configurazioni', '/gestione-configurazioni'],
    ['area-dati', '/area-dati'],
    ['report-dati', '/area-dati/report-dati'],
    ['notifiche', '/notifiche'],
  ] as const) {
    await page.goto(path)
    await h1(page)
    await shot(page, `dtd-${name}`)
  }
  await page.goto('/')
  await h1(page)
  await openUserMenu(page)
  await shot(page, 'dtd-menu-utente', { widths: [DESKTOP] })
  await page.setViewportSize(PHONE)
  await page.keyboard.press('Escape')
  await page.goto('/')
  await h1(page)
  await page.getByRole('button', { name: 'Mostra o nascondi il menu' }).click()
  await expect(page.locator('.navbar-collapsable.expanded')).toBeVisible()
  await shot(page, 'dtd-menu-telefono', { widths: [PHONE] })

  await context.clearCookies()
  const reg = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, viewport: DESKTOP, locale: 'it-IT', timezoneId: 'Europe/Rome', reducedMotion: 'reduce' })
  const p2 = await reg.newPage()
  await login(p2, REG.cf)
  await h1(p2)
  await shot(p2, 'reg-home')
  await p2.goto('/area-amministrativa/programmi')
  await h1(p2)
  await shot(p2, 'reg-programmi')
  await reg.close()
})

test('facilitator: field pages', async ({ page, request }) => {
  await login(page, USERS.fac.cf)
  await waitForServiceWorkerControl(page)
  await h1(page)
  await shot(page, 'fac-home')
  for (const [name, path] of [
    ['area-personale', '/area-personale'],
    ['cerca', '/home/cerca'],
    ['richiesta-assistenza', '/richiesta-assistenza'],
    ['bacheca', '/bacheca'],
    ['documenti', '/documenti'],
    ['forum', '/forum'],
    ['area-cittadini', '/area-cittadini'],
  ] as const) {
    await page.goto(path)
    await h1(page)
    await shot(page, `fac-${name}`)
  }

  await page.goto('/area-amministrativa/servizi')
  await h1(page, 'Elenco servizi')
  await waitForFieldData(page, USERS.fac.cf)
  await shot(page, 'fac-servizi-vuoto')
  await page.getByRole('link', { name: 'Crea servizio' }).click()
  await h1(page, 'Crea servizio')
  await shot(page, 'fac-crea-servizio')
  await page.locator('main').getByRole('button', { name: 'Crea servizio' }).click()
  await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible()
  await closeToasts(page)
  await shot(page, 'fac-crea-servizio-errori')

  await createServiceUI(page, { nome: 'Sportello digitale di prova' })
  await closeToasts(page)
  await shot(page, 'fac-servizio-dettaglio')
  await page.getByRole('link', { name: 'Informazioni', exact: true }).click()
  await expect(page.getByRole('link', { name: 'Informazioni', exact: true })).toHaveAttribute('aria-current', /.+/)
  await shot(page, 'fac-servizio-informazioni')
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Aggiungi cittadino' })).toBeVisible()
  await shot(page, 'fac-servizio-cittadini-vuoto')

  await page.getByRole('button', { name: 'Aggiungi cittadino' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await shot(page, 'fac-aggiungi-cittadino-1')
  await tick(dialog, 'Codice fiscale')
  await dialog.getByRole('textbox', { name: /Codice fiscale/ }).fill(CF_VALIDO)
  await shot(page, 'fac-aggiungi-cittadino-1-cf')
  await searchToStep2(dialog)
  await shot(page, 'fac-aggiungi-cittadino-2')
  await completeStep2(dialog)
  await expect(citizenRows(page)).toHaveCount(1)
  await expect(citizenRows(page).filter({ hasText: 'DA SINCRONIZZARE' })).toHaveCount(0, { timeout: 15_000 })
  await closeToasts(page)
  await shot(page, 'fac-servizio-cittadini')
  await page.setViewportSize(PHONE)
  await page.locator('main details summary').first().click()
  await shot(page, 'fac-servizio-cittadini-riga-aperta', { widths: [PHONE] })

  await page.setViewportSize(DESKTOP)
  const invia = citizenRows(page).first().getByRole('button', { name: /^Invia questionario del cittadino/ })
  await expect(invia).toBeEnabled({ timeout: 15_000 })
  await invia.click()
  const linkModal = page.getByRole('dialog', { name: /Invia il questionario al cittadino/ })
  await expect(linkModal.getByRole('img', { name: 'Codice QR del link al questionario' })).toBeVisible()
  await shot(page, 'fac-invia-questionario', { mask: [linkModal.getByRole('img'), linkModal.locator('input, a[href*="/online/"], code'), linkModal.getByText(/Valido fino/)] })
  await linkModal.locator('.modal-footer button, .modal-header button').filter({ hasText: /Chiudi/ }).first().click()
  await expect(linkModal).toBeHidden()

  await citizenRows(page).first().getByRole('link', { name: /Compila questionario/ }).click()
  await h1(page, 'Compilazione questionario')
  await shot(page, 'fac-compila-step-1')
  // step 1 asks the consent the citizen has not given yet (issue 8)
  await tick(page.getByRole('group', { name: 'Consenso al trattamento dei dati personali' }), 'Cartaceo')
  const next = page.getByRole('button', { name: 'Step successivo' })
  let step = 1
  while (await next.isVisible()) {
    await next.click()
    step += 1
    await shot(page, `fac-compila-step-${step}`)
  }
  await page.getByRole('button', { name: 'Invia questionario' }).click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await shot(page, 'fac-compila-errori')
  const main = page.locator('main')
  const groups = main.locator('fieldset')
  for (let i = 0; i < (await groups.count()); i += 1) {
    const g = groups.nth(i)
    if (!(await g.isVisible())) continue
    const choice = g.getByRole('radio').or(g.getByRole('checkbox'))
    if (!(await choice.count())) continue
    const star = g.getByRole('radio', { name: /^4/ })
    const target = (await star.count()) ? star.first() : choice.first()
    await main.locator(`label[for="${await target.getAttribute('id')}"]`).first().click()
  }
  for (const box of await main.getByRole('textbox').all()) if (await box.isVisible() && await box.isEditable()) await box.fill('Servizi online del Comune')
  for (const sel of await main.getByRole('combobox').all()) if (await sel.isVisible()) await sel.selectOption({ index: 1 })
  await shot(page, 'fac-compila-compilato')
  await closeToasts(page)
  await page.getByRole('button', { name: 'Invia questionario' }).click()
  await expect(page).toHaveURL(/\/cittadini$/, { timeout: 15_000 })
  await expect(citizenRows(page).filter({ hasText: 'DA SINCRONIZZARE' })).toHaveCount(0, { timeout: 15_000 })
  await closeToasts(page)

  await citizenRows(page).first().getByRole('link', { name: /Visualizza questionario/ }).click()
  await h1(page)
  await expect(page.locator('main')).toContainText(/COMPILAT/i)
  await shot(page, 'fac-questionario-compilato')
  await page.goBack()
  await citizenRows(page).first().getByRole('link', { name: /Stampa questionario/ }).click()
  await h1(page)
  await shot(page, 'fac-stampa-questionario')

  await openSyncCentre(page)
  await shot(page, 'fac-sincronizzazione')
  await page.goto('/area-amministrativa/servizi')
  await h1(page, 'Elenco servizi')
  await expect(page.locator('main')).toContainText('Sportello digitale di prova')
  await shot(page, 'fac-servizi')
  await openUserMenu(page)
  await shot(page, 'fac-menu-utente', { widths: [DESKTOP] })

  // the citizen's survey link (no login), on a service made through the API
  const fac = await actorOf(page, request, 'FAC')
  const idServizio = await createServiceApi(request, fac, 'Sportello app IO')
  const idQuestionario = await addCitizenByDocumentApi(request, fac, idServizio, 'E12345678')
  const invio = await callAs<{ link: string }>(request, fac, 'POST', `servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)
  const anon = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome', reducedMotion: 'reduce' })
  const phone = await anon.newPage()
  await phone.goto(new URL(invio.link, test.info().project.use.baseURL).pathname)
  const consent = phone.getByLabel(/informativa privacy/i)
  await expect(consent.or(phone.locator('fieldset[data-question]').first())).toBeVisible()
  await shot(phone, 'anon-questionario-link-consenso')
  if (await consent.count()) {
    await phone.locator(`label[for="${await consent.getAttribute('id')}"]`).click()
    await phone.getByRole('button', { name: /Prosegui|Continua|Avanti|Step successivo/ }).click()
    await expect(phone.locator('fieldset[data-question]').first()).toBeVisible()
    await shot(phone, 'anon-questionario-link-domande')
  }
  await anon.close()
})
