/**
 * Issue 9 points 2–3, programmes and projects for managers: the DTD creates a programme with the keyboard
 * only (Tab, Enter, Space, arrows, typing: no click after the login), then a project in it with a new
 * partner body; a facilitator is placed in a site of the partner through the API (the sites pages are
 * another journey), so the project becomes ATTIVABILE; the DTD activates it, reads the detail tabs and
 * terminates it. axe at 1280 and 375 px on the list, the form and the details.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, tabTo, waitForAppStarted } from './helpers'
import { actorOf, callAs } from './field-api'

async function loginManager(page: Page, cf: string): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
}


/** Tab to `target`, then Enter. */
async function enter(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target)
  await page.keyboard.press('Enter')
}

/** Tab to the field, then type. */
async function typeIn(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field)
  await page.keyboard.type(text)
}

const h1 = (page: Page, name: string | RegExp) => page.locator('main h1').filter({ hasText: name })
const stato = (page: Page) => page.getByTestId('stato-entita')

function oggi(): string {
  const d = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date())
  const p = (t: string) => d.find((x) => x.type === t)!.value
  return `${p('day')}-${p('month')}-${p('year')}`
}

test('a DTD creates a programme by keyboard, a project with a partner, activates and terminates it', PG_JOURNEY, async ({ page, request }) => {
  test.setTimeout(120_000)
  const tag = Date.now()
  const codice = `E2E-${tag}`
  const nomeProgramma = `Programma tastiera ${tag}`
  const nomeProgetto = `Progetto tastiera ${tag}`
  const nomeEnte = `Ente partner ${tag}`
  await page.setViewportSize(DESKTOP)
  await loginManager(page, USERS.dtd.cf)

  // ---- the programmes list: 'Crea nuovo programma', by keyboard
  await page.goto('/area-amministrativa/programmi')
  await expect(page.getByTestId('programmi-page')).toBeVisible()
  await expect(page.locator('main table tbody tr').first()).toBeVisible()
  await expectNoA11yViolations(page, 'elenco programmi 1280')
  await enter(page, page.getByRole('link', { name: 'Crea nuovo programma' }))
  await expect(h1(page, 'Crea nuovo programma')).toBeFocused()
  await expectNoA11yViolations(page, 'modulo programma 1280')

  // an empty submit shows the Italian errors
  await enter(page, page.getByRole('button', { name: 'Crea programma' }))
  await expect(page.getByTestId('form-errori')).toContainText('errori')
  await expect(page.getByTestId('error-programma-codice-error')).toHaveText('Campo obbligatorio')

  await typeIn(page, page.getByRole('textbox', { name: 'Codice', exact: true }), codice)
  await typeIn(page, page.getByRole('textbox', { name: 'Nome', exact: true }), nomeProgramma)
  await typeIn(page, page.getByRole('textbox', { name: 'Nome breve', exact: true }), 'Tastiera')
  await tabTo(page, page.getByRole('radio', { name: /^RFD/ }))
  await page.keyboard.press('Space')
  await expect(page.getByRole('radio', { name: /^RFD/ })).toBeChecked()
  await typeIn(page, page.getByRole('textbox', { name: 'Data di inizio', exact: true }), '01-01-2025')
  await typeIn(page, page.getByRole('textbox', { name: 'Data di fine', exact: true }), '31-12-2020')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('error-programma-data-fine-error')).toHaveText('La data di fine non può precedere la data di inizio')
  // the failed submit focused the error summary: back to the field
  await expect(page.getByTestId('form-errori')).toBeFocused()
  await tabTo(page, page.getByRole('textbox', { name: 'Data di fine', exact: true }))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('31-12-2027')
  // a target of facilitation points
  await enter(page, page.getByRole('button', { name: 'Aggiungi obiettivo di Punti di facilitazione' }))
  await typeIn(page, page.getByRole('textbox', { name: 'Punti di facilitazione: valore 1', exact: true }), '1')
  await typeIn(page, page.getByRole('textbox', { name: 'Punti di facilitazione: entro la data 1', exact: true }), '30-06-2026')
  await page.keyboard.press('Enter')

  // ---- the programme's detail
  await expect(h1(page, nomeProgramma)).toBeFocused()
  await expect(page).toHaveURL(/\/area-amministrativa\/programmi\/\d+\/info$/)
  const idProgramma = Number(/programmi\/(\d+)\/info/.exec(page.url())![1])
  await expect(stato(page)).toHaveText('NON ATTIVO')
  await expect(page.getByTestId('info-generali')).toContainText(codice)
  // terminate is not possible while NON ATTIVO: disabled with the reason
  await expect(page.getByRole('button', { name: 'Termina programma' })).toBeDisabled()
  await expect(page.getByText('Si può terminare solo un programma attivo', { exact: false })).toBeVisible()
  await enter(page, page.getByTestId('tab-puntiFacilitazione'))
  await expect(page.getByTestId('conteggio-puntiFacilitazione')).toContainText('0')
  await expect(page.getByTestId('step-puntiFacilitazione').locator('tbody tr')).toHaveCount(1)
  await expectNoA11yViolations(page, 'dettaglio programma 1280')

  // ---- a project in it
  await enter(page, page.getByTestId('tab-progetti'))
  await enter(page, page.getByRole('link', { name: 'Crea nuovo progetto' }))
  await expect(h1(page, 'Crea nuovo progetto')).toBeFocused()
  await typeIn(page, page.getByRole('textbox', { name: 'Nome', exact: true }), nomeProgetto)
  await typeIn(page, page.getByRole('textbox', { name: 'Nome breve', exact: true }), 'Tastiera')
  await page.keyboard.press('Enter')
  await expect(h1(page, nomeProgetto)).toBeFocused()
  const idProgetto = Number(/progetti\/(\d+)\/info/.exec(page.url())![1])
  await expect(stato(page)).toHaveText('NON ATTIVO')
  await expect(page.getByRole('button', { name: 'Attiva progetto' })).toBeDisabled()

  // ---- a new partner body
  await enter(page, page.getByTestId('tab-enti-partner'))
  await enter(page, page.getByRole('button', { name: 'Aggiungi ente partner' }))
  const dialog = page.getByRole('dialog', { name: 'Aggiungi ente partner' })
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('radio', { name: 'Scegli un ente esistente' }))
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('radio', { name: 'Crea un nuovo ente' })).toBeChecked()
  await typeIn(page, dialog.getByRole('textbox', { name: 'Nome', exact: true }), nomeEnte)
  await typeIn(page, dialog.getByRole('textbox', { name: 'Nome breve', exact: true }), 'Partner')
  await typeIn(page, dialog.getByRole('textbox', { name: 'Partita IVA', exact: true }), String(tag).slice(-11).padStart(11, '7'))
  await enter(page, dialog.getByRole('button', { name: 'Associa' }))
  await expect(dialog).toBeHidden()
  const partner = page.locator('main article').filter({ hasText: nomeEnte })
  await expect(partner).toContainText('NON ATTIVO')
  await expect(partner.getByRole('link', { name: nomeEnte })).toHaveAttribute('href', new RegExp(`/area-amministrativa/progetti/${idProgetto}/enti/\\d+$`))

  // ---- arrange through the API: a site of the partner with a facilitator → project ATTIVABILE
  const dtd = await actorOf(page, request, 'DTD')
  const scheda = await callAs<{ entiPartner: { id: number; nome: string }[] }>(request, dtd, 'POST', `progetto/${idProgetto}`)
  const idEnte = scheda.entiPartner.find((e) => e.nome === nomeEnte)!.id
  const { id: idSede } = await callAs<{ id: number }>(request, dtd, 'POST', 'sede', {
    nome: `Sede tastiera ${tag}`, indirizzi: [{ via: 'Via Principe Amedeo', civico: '10', comune: 'Roma', provincia: 'RM', cap: '00185', fasceOrarie: { lun: { apertura1: '09:00', chiusura1: '13:00' } } }],
  })
  await callAs(request, dtd, 'POST', `sede/associa/ente/${idEnte}/sede/${idSede}/progetto/${idProgetto}/ruoloEnte/partner`)
  await callAs(request, dtd, 'POST', 'sede/associa/facilitatore', {
    codiceFiscaleFacVol: USERS.fac.cf, idProgettoFacVol: idProgetto, idSedeFacVol: idSede, idEnteFacVol: idEnte, tipoContratto: 'Dipendente',
  })

  // ---- activate
  await page.goto(`/area-amministrativa/progetti/${idProgetto}/info`)
  await expect(stato(page)).toHaveText('ATTIVABILE')
  await enter(page, page.getByRole('button', { name: 'Attiva progetto' }))
  const attiva = page.getByRole('dialog', { name: 'Attiva progetto' })
  await enter(page, attiva.getByRole('button', { name: 'Attiva' }))
  await expect(attiva).toBeHidden()
  await expect(stato(page)).toHaveText('ATTIVO')

  // ---- the detail tabs
  await enter(page, page.getByTestId('tab-puntiFacilitazione'))
  await expect(page.getByTestId('conteggio-puntiFacilitazione')).toContainText('1')
  await expect(page.getByTestId('sedi-tabella')).toContainText(`Sede tastiera ${tag}`)
  await enter(page, page.getByTestId('tab-facilitatori'))
  await expect(page.getByTestId('facilitatori-tabella')).toContainText(`${USERS.fac.cognome} ${USERS.fac.nome}`)
  await enter(page, page.getByTestId('tab-info'))
  await expect(page.getByTestId('info-generali')).toContainText(nomeProgramma)
  await expectNoA11yViolations(page, 'dettaglio progetto 1280')
  // the programme's facilitators step lists the people of its projects' sites
  await page.goto(`/area-amministrativa/programmi/${idProgramma}/info?tab=facilitatori`)
  await expect(page.getByTestId('facilitatori-tabella')).toContainText(nomeProgetto)
  await expect(page.getByTestId('facilitatori-tabella')).toContainText(`${USERS.fac.cognome} ${USERS.fac.nome}`)
  await page.goto(`/area-amministrativa/progetti/${idProgetto}/info`)
  await expect(stato(page)).toHaveText('ATTIVO')

  // ---- terminate (a future date is refused in the dialog)
  await enter(page, page.getByRole('button', { name: 'Termina progetto' }))
  const termina = page.getByRole('dialog', { name: 'Termina progetto' })
  await typeIn(page, termina.getByRole('textbox', { name: 'Data di terminazione', exact: true }), '01-01-2099')
  await enter(page, termina.getByRole('button', { name: 'Termina' }))
  await expect(termina).toContainText('La data non può essere successiva a oggi')
  await tabTo(page, termina.getByRole('textbox', { name: 'Data di terminazione', exact: true }))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(oggi())
  await enter(page, termina.getByRole('button', { name: 'Termina' }))
  await expect(termina).toBeHidden()
  await expect(stato(page)).toHaveText('TERMINATO')
  await expect(page.getByRole('button', { name: 'Termina progetto' })).toHaveCount(0)

  // ---- phones: list, form and details
  await page.setViewportSize(PHONE)
  await page.goto('/area-amministrativa/programmi')
  await expect(page.getByTestId('programmi-page')).toBeVisible()
  await expectNoA11yViolations(page, 'elenco programmi 375')
  await page.goto('/area-amministrativa/programmi/crea')
  await expect(page.getByTestId('programma-form')).toBeVisible()
  await expectNoA11yViolations(page, 'modulo programma 375')
  await page.goto(`/area-amministrativa/progetti/${idProgetto}/info?tab=enti-partner`)
  await expect(page.locator('main article').filter({ hasText: nomeEnte })).toBeVisible()
  await expectNoA11yViolations(page, 'dettaglio progetto 375')
  // the programme's facilitation points step lists its projects' sites (terminated with the project)
  await page.goto(`/area-amministrativa/programmi/${idProgramma}/info?tab=puntiFacilitazione`)
  await expect(page.getByTestId('sedi-tabella')).toContainText(nomeProgetto)
  await expect(page.getByTestId('sedi-tabella')).toContainText('TERMINATO')
  await expectNoA11yViolations(page, 'dettaglio programma 375')
})
