/**
 * Issue 9 "Done when", the bodies/sites/users part, in Chromium against the built app: a DTD creates a body
 * and adds it as partner to a project, creates a site with opening hours and a facilitator (a user the DTD
 * creates) on it; the facilitator logs in for the first time, finds the profile and registers a service at
 * that site online, then one offline; the project's REGP sees them in the services list; the DTD terminates
 * the project and the facilitator can no longer register services there (the catalogue's message): back
 * online they are told their profile ended, and read what their device holds.
 * The new pages pass axe at 1280 and 375 px.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, textBox, waitForAppStarted, waitForServiceWorkerControl } from './helpers'
import { actorOf, callAs, servicesNamed, type ApiActor } from './field-api'
import { closeToasts, createServiceUI, freshFiscalCode, waitForFieldData } from './field-ui'
import { openSyncCentre, syncEntry } from './session-steps'

test.use({ viewport: DESKTOP })

async function axeBoth(page: Page, label: string): Promise<void> {
  await page.setViewportSize(DESKTOP)
  await expectNoA11yViolations(page, `${label} (1280)`)
  await page.setViewportSize(PHONE)
  await expectNoA11yViolations(page, `${label} (375)`)
  await page.setViewportSize(DESKTOP)
}

/** First access of a user a manager created: '/registrazione', consent, then the only profile. */
async function firstAccess(page: Page, cf: string, email: string): Promise<void> {
  await login(page, cf)
  await expect(page).toHaveURL(/\/registrazione$/)
  const nome = page.getByLabel(/^Nome/)
  await expect(nome).toBeVisible()
  if (!(await nome.inputValue())) await nome.fill('Nome')
  const cognome = page.getByLabel(/^Cognome/)
  if (!(await cognome.inputValue())) await cognome.fill('Cognome')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Telefono/).fill('3335550123')
  const consent = page.getByRole('checkbox', { name: /acconsento/i })
  await consent.focus()
  await page.keyboard.press('Space')
  await expect(consent).toBeChecked()
  await page.getByRole('button', { name: 'Conferma', exact: true }).click()
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
}

const today = () => {
  const d = new Date()
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`
}

test('a DTD sets up a partner body with a site and a facilitator, who works there until the project ends', async ({ page, browser, request }) => {
  test.setTimeout(300_000)
  const tag = String(Date.now())
  const nomeProgetto = `Progetto enti ${tag}`
  const nomeEnte = `Associazione Partner ${tag}`
  const nomeSede = `Punto Digitale Partner ${tag}`
  const facCf = await freshFiscalCode()
  const regpCf = await freshFiscalCode()

  await login(page, USERS.dtd.cf)
  await waitForAppStarted(page)
  const dtd: ApiActor = await actorOf(page, request, 'DTD')

  // set up through the API: e2e/admin-programmi.spec.ts walks the programme and project forms (and termination) in the UI
  const { idProgrammaCreato } = await callAs<{ idProgrammaCreato: number }>(request, dtd, 'POST', 'programma', {
    codice: `ENTI-${tag}`, nome: `Programma enti ${tag}`, nomeBreve: 'Enti', policy: 'RFD', dataInizio: '2026-01-01', dataFine: '2027-12-31',
  })
  const { idProgettoCreato: idProgetto } = await callAs<{ idProgettoCreato: number }>(request, dtd, 'POST', `progetto?idProgramma=${idProgrammaCreato}`, {
    nome: nomeProgetto, nomeBreve: `Enti ${tag}`, dataInizio: '2026-01-01', dataFine: '2027-12-31',
  })
  // the managing body and its referent (REGP, a user at first access) through the API as well
  const gestore = await callAs<{ id: number }>(request, dtd, 'POST', 'ente', { nome: `Comune gestore ${tag}`, nomeBreve: 'Gestore', partitaIva: `1${tag.slice(-10)}` })
  await callAs(request, dtd, 'PUT', `progetto/${idProgetto}/assegna/enteGestore/${gestore.id}`)
  await callAs(request, dtd, 'POST', 'utente', { codiceFiscale: regpCf, nome: 'Rita', cognome: 'Referente', email: `rita.${tag}@example.it` })
  await callAs(request, dtd, 'POST', 'ente/associa/referenteDelegato/gestoreProgetto', { codiceFiscaleUtente: regpCf, idEnteRef: gestore.id, idEntita: idProgetto, codiceRuolo: 'REGP' })

  // the facilitator-to-be: 'Crea utente'
  await page.goto('/area-amministrativa/utenti')
  await page.getByRole('link', { name: 'Crea utente' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Crea utente' })).toBeVisible()
  await page.getByRole('button', { name: 'Crea utente' }).click()
  await expect(page.getByTestId('error-utente-cf-error')).toBeVisible()
  await axeBoth(page, 'crea utente (con errori)')
  await page.getByLabel(/^Codice fiscale/).fill(facCf)
  await page.getByLabel(/^E-mail/).fill(`franco.${tag}@example.it`)
  await page.getByLabel(/^Nome/).fill('Franco')
  await page.getByLabel(/^Cognome/).fill('Facilitatore')
  await page.getByRole('button', { name: 'Crea utente' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Facilitatore Franco' })).toBeVisible()
  await expect(page.getByTestId('utente-info')).toContainText('NON ATTIVO')
  // a directly assignable role: added, then removed (after a confirmation)
  await page.getByLabel(/^Ruolo da aggiungere/).selectOption('MOD')
  await page.getByRole('button', { name: 'Aggiungi ruolo' }).click()
  const roles = page.getByTestId('utente-ruoli')
  await expect(roles.getByTestId('role-card').filter({ hasText: 'MODERATORE' })).toBeVisible()
  await axeBoth(page, 'scheda utente')
  await roles.getByRole('button', { name: 'Rimuovi il ruolo MODERATORE' }).click()
  await page.getByRole('dialog', { name: 'Rimuovi ruolo' }).getByRole('button', { name: 'Rimuovi' }).click()
  await expect(roles.getByTestId('role-card')).toHaveCount(0)

  // the body: 'Crea ente', then partner of the project
  await page.goto('/area-amministrativa/enti')
  await page.getByRole('link', { name: 'Crea ente' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Crea ente' })).toBeVisible()
  await axeBoth(page, 'crea ente')
  await page.locator('#ente-nome').fill(nomeEnte)
  await page.getByLabel(/^Nome breve/).fill('Partner')
  await page.getByLabel(/^Partita IVA/).fill(`2${tag.slice(-10)}`)
  await page.getByLabel(/^Tipologia ente/).fill('Associazione')
  await page.getByRole('button', { name: 'Crea ente' }).click()
  await expect(page.getByRole('heading', { level: 1, name: nomeEnte })).toBeVisible()
  await page.getByRole('button', { name: 'Aggiungi a un progetto come partner' }).click()
  await page.getByLabel('Cerca il progetto per nome o ID').fill(nomeProgetto)
  await page.getByRole('button', { name: 'Cerca', exact: true }).click()
  await expect(page.getByLabel(/^Progetto/)).toHaveValue(String(idProgetto))
  await axeBoth(page, 'scheda ente (associa partner)')
  await page.getByRole('button', { name: 'Aggiungi come ente partner' }).click()
  await expect(page).toHaveURL(new RegExp(`/progetti/${idProgetto}/enti/\\d+$`))
  await expect(page.getByRole('heading', { level: 1, name: nomeEnte })).toBeVisible()
  await expect(page.getByTestId('ente-progetto-info')).toContainText('Ente partner')

  // a site with opening hours: the form checks the address and the slots before sending
  await page.getByRole('button', { name: 'Aggiungi sede' }).click()
  const form = page.getByTestId('sede-form')
  // issue 24 point 16: the 'Indirizzo' heading clear of the floating label of 'Via'; one chevron per select;
  // the referent row's 'Codice fiscale' label inside its own row, above its field
  const referenti = page.getByTestId('referente-form')
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    expect((await textBox(form.getByText('Indirizzo', { exact: true }))).bottom).toBeLessThanOrEqual((await textBox(form.locator('label[for="sede-via"]'))).top)
    const doubleChevrons = await form.locator('select').evaluateAll((els) => els.filter((e) => getComputedStyle(e).appearance !== 'none' && getComputedStyle(e).backgroundImage !== 'none').length)
    expect(doubleChevrons).toBe(0)
    const cfLabel = await textBox(referenti.locator('label', { hasText: /^Codice fiscale/ }))
    expect(cfLabel.top).toBeGreaterThanOrEqual((await referenti.boundingBox())!.y)
    expect(cfLabel.bottom).toBeLessThanOrEqual((await referenti.getByRole('textbox', { name: /Codice fiscale/ }).boundingBox())!.y)
  }
  await page.setViewportSize(DESKTOP)
  await form.getByLabel(/^Nome della sede/).fill(nomeSede)
  await form.getByLabel(/^Via/).fill('Via dei Partner')
  await form.getByLabel(/^Numero civico/).fill('12')
  await form.getByLabel(/^Provincia/).selectOption('RM')
  await expect(form.getByLabel(/^Comune/)).toBeEnabled()
  await form.getByLabel(/^Comune/).selectOption('Frascati')
  await form.getByLabel(/^CAP/).fill('0004')
  await form.getByLabel('Lunedì: Apertura (prima fascia)').fill('09:00')
  await form.getByRole('button', { name: 'Crea sede' }).click()
  await expect(form.getByText('Il CAP deve avere 5 cifre')).toBeVisible()
  await expect(form.getByText("Indica anche l'orario di chiusura")).toBeVisible()
  await axeBoth(page, 'ente nel progetto (nuova sede con errori)')
  await form.getByLabel(/^CAP/).fill('00044')
  await form.getByLabel('Lunedì: Chiusura (prima fascia)').fill('13:00')
  await form.getByLabel('Lunedì: Riapertura (seconda fascia)').fill('14:30')
  await form.getByLabel('Lunedì: Chiusura (seconda fascia)').fill('18:00')
  await form.getByLabel('Giovedì: Apertura (prima fascia)').fill('10:00')
  await form.getByLabel('Giovedì: Chiusura (prima fascia)').fill('12:00')
  await form.getByRole('button', { name: 'Crea sede' }).click()
  const card = page.getByTestId('sede-card').filter({ hasText: nomeSede })
  await expect(card).toBeVisible()
  await expect(card).toContainText('NON ATTIVO')

  // the facilitator on it: unknown fiscal code refused by the server (U20), then the user just created
  await card.getByLabel(/^Codice fiscale/).fill(await freshFiscalCode())
  await card.getByLabel(/^Tipo di contratto/).selectOption('Dipendente')
  await card.getByRole('button', { name: 'Aggiungi' }).click()
  // the server's message for this action, not the catalogue's login wording ('Il tuo codice fiscale…')
  const u20 = page.getByText(/\(errore U20\)/).first()
  await expect(u20).toContainText('Nessun utente ha questo codice fiscale')
  await expect(u20).not.toContainText('Il tuo codice fiscale')
  await closeToasts(page)
  await card.getByLabel(/^Codice fiscale/).fill(facCf)
  await card.getByRole('button', { name: 'Aggiungi' }).click()
  await expect(card.getByRole('link', { name: 'Facilitatore Franco' })).toBeVisible()
  await expect(card.getByText('ATTIVO', { exact: true })).toBeVisible()
  await axeBoth(page, 'ente nel progetto')

  // the site's page: address, slots, facilitator
  await card.getByRole('link', { name: nomeSede }).click()
  await expect(page.getByRole('heading', { level: 1, name: nomeSede })).toBeVisible()
  await expect(page.getByTestId('sede-indirizzo')).toContainText('Frascati')
  await expect(page.getByRole('row', { name: /Lunedì/ })).toContainText('09:00–13:00, 14:30–18:00')
  await expect(page.getByRole('row', { name: /Martedì/ })).toContainText('Chiuso')
  await expect(page.getByTestId('sede-progetti')).toContainText('Facilitatore Franco')
  await axeBoth(page, 'scheda sede')

  // the facilitator's first access: the profile the DTD gave is there; a service online, then one offline
  const facContext = await browser.newContext({ viewport: DESKTOP })
  try {
    const fp = await facContext.newPage()
    await firstAccess(fp, facCf, `franco.${tag}@example.it`)
    await waitForServiceWorkerControl(fp)
    const fac = await actorOf(fp, request, 'FAC')
    expect(fac.ids.idProgetto).toBe(idProgetto)
    await fp.goto('/area-amministrativa/servizi')
    await expect(fp.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
    await waitForFieldData(fp, facCf)
    const online = `Sportello partner ${tag}`
    await createServiceUI(fp, { nome: online, data: '2026-11-02' })
    await expect.poll(async () => (await servicesNamed(request, fac, online)).length, { timeout: 15_000 }).toBe(1)
    const offline = `Sportello partner offline ${tag}`
    await facContext.setOffline(true)
    await createServiceUI(fp, { nome: offline, data: '2026-11-03' })
    expect(await servicesNamed(request, fac, offline)).toHaveLength(0)
    await facContext.setOffline(false)
    await expect.poll(async () => (await servicesNamed(request, fac, offline)).length, { timeout: 15_000 }).toBe(1)

    // the project's REGP sees both services
    const regpContext = await browser.newContext({ viewport: DESKTOP })
    try {
      const rp = await regpContext.newPage()
      await firstAccess(rp, regpCf, `rita.${tag}@example.it`)
      await rp.goto('/area-amministrativa/servizi')
      await expect(rp.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
      await expect(rp.locator('main').getByText(online)).toBeVisible()
      await expect(rp.locator('main').getByText(offline)).toBeVisible()
    } finally {
      await regpContext.close()
    }

    // the DTD terminates the project (the project page's button is walked in admin-programmi) while the facilitator works
    // offline: the service registered meanwhile is refused when it reaches the server, with the catalogue's message
    await facContext.setOffline(true)
    const { dettaglioProgetto } = await callAs<{ dettaglioProgetto: { versione: number } }>(request, dtd, 'POST', `progetto/${idProgetto}`)
    await callAs(request, dtd, 'PUT', `progetto/termina/${idProgetto}`, { dataTerminazione: today(), versione: dettaglioProgetto.versione })
    await page.reload()
    await expect(page.getByTestId('sede-progetti')).toContainText('TERMINATO')
    const refused = `Sportello dopo la fine ${tag}`
    await createServiceUI(fp, { nome: refused, data: '2026-11-04' })
    await facContext.setOffline(false)
    // back online: the user sees that the profile ended, with a way on; the service page reads the device's
    // copy, read-only (never an endless 'Caricamento in corso…')
    const ended = fp.getByTestId('profilo-non-attivo')
    await expect(ended).toContainText('Il profilo con cui lavoravi non è più attivo')
    await expect(ended.getByRole('button', { name: 'Esci' })).toBeVisible()
    await expect(fp.getByTestId('servizi-notice')).toContainText('Sola consultazione')
    await expect(fp.getByRole('heading', { level: 1, name: refused })).toBeVisible()
    await expect(fp.getByRole('link', { name: 'Modifica' })).toHaveCount(0)
    await axeBoth(fp, 'servizio con profilo non più attivo')
    await ended.getByRole('link', { name: 'Vedi i servizi salvati sul dispositivo' }).click()
    await expect(fp.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
    await expect(fp.getByTestId('servizi-notice')).toContainText('Sola consultazione')
    await expect(fp.locator('main').getByText(online)).toBeVisible()
    await expect(fp.getByRole('link', { name: 'Crea servizio' })).toHaveCount(0)
    await expect(fp.getByText('Caricamento in corso…')).toHaveCount(0)
    // the refusal is in the sync centre as soon as the server answered it
    await openSyncCentre(fp)
    const entry = syncEntry(fp, new RegExp(refused))
    await expect(entry).toContainText('Richiede attenzione')
    await expect(entry).toContainText('Programma, progetto o ente indicati non appartengono al tuo profilo.')
    expect(await servicesNamed(request, dtd, refused)).toHaveLength(0)
  } finally {
    await facContext.close()
  }
})
