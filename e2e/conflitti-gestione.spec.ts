/**
 * Issue 27 "Done when" (c): two managers edit the same project in two browser contexts. The first saves; the second,
 * whose form was read before, saves too and meets the server's 409 V01: the side-by-side view opens with their
 * typing kept — the field changed by both ('Nome') is asked, the one changed only by the first ('CUP') is taken
 * from the saved version, the one changed only by the second ('Nome breve') is theirs. The choice is made with the
 * keyboard only (Tab, arrows, Enter) and the server ends with the merged record. axe-clean on the view at 1280 and
 * 375 px. Then the first, on the card it saved, deletes the project: the dialog says it changed meanwhile and what,
 * and the project goes only when confirmed again (issue 27 point 4).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog, tabTo, waitForAppStarted } from './helpers'
import { actorOf, callAs } from './field-api'

async function managerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.dtd.cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, /.*/)
  await waitForAppStarted(page)
  return page
}


async function openEdit(page: Page, idProgetto: number): Promise<void> {
  await page.goto(`/area-amministrativa/progetti/${idProgetto}/modifica`)
  await expect(page.getByTestId('progetto-form')).toBeVisible()
}

test('two managers edit the same project: the second merges field by field with the keyboard', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const tag = String(Date.now())
  const prima = await managerPage(browser)
  const seconda = await managerPage(browser)
  const dtd = await actorOf(prima, request, 'DTD')
  const { idProgrammaCreato } = await callAs<{ idProgrammaCreato: number }>(request, dtd, 'POST', 'programma', {
    codice: `CONF-${tag}`, nome: `Programma conflitti ${tag}`, nomeBreve: 'Conflitti', policy: 'RFD', dataInizio: '2026-01-01', dataFine: '2027-12-31',
  })
  const { idProgettoCreato: id } = await callAs<{ idProgettoCreato: number }>(request, dtd, 'POST', `progetto?idProgramma=${idProgrammaCreato}`, {
    nome: `Progetto conflitti ${tag}`, nomeBreve: 'Conflitti', dataInizio: '2026-01-01', dataFine: '2027-12-31',
  })

  // both open the form on version 1
  await openEdit(prima, id)
  await openEdit(seconda, id)

  // the first renames the project and sets the CUP, and saves
  await prima.getByRole('textbox', { name: 'Nome', exact: true }).fill(`Nome della prima ${tag}`)
  await prima.getByRole('textbox', { name: 'CUP' }).fill(`CUP${tag}`)
  await prima.getByRole('button', { name: 'Salva modifiche' }).click()
  await expect(prima).toHaveURL(new RegExp(`/progetti/${id}/info`))

  // the second, on the old version, renames it too and changes the short name
  await seconda.getByRole('textbox', { name: 'Nome', exact: true }).fill(`Nome della seconda ${tag}`)
  await seconda.getByRole('textbox', { name: 'Nome breve' }).fill('Breve seconda')
  await seconda.getByRole('button', { name: 'Salva modifiche' }).click()

  const vista = seconda.getByTestId('vista-conflitto')
  await expect(vista).toBeVisible()
  await expect(vista.getByRole('heading', { name: 'Modifica in conflitto' })).toBeFocused()
  const nome = vista.getByRole('group', { name: 'Nome' })
  await expect(nome.getByText('La tua modifica')).toBeVisible()
  await expect(nome.getByText(`Nome della seconda ${tag}`)).toBeVisible()
  await expect(nome.getByText(/^Modificato da altri il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}$/)).toBeVisible()
  await expect(nome.getByText(`Nome della prima ${tag}`)).toBeVisible()
  // only 'Nome' is asked; the CUP was taken from the saved version
  await expect(vista.getByRole('group')).toHaveCount(1)
  await expect(vista.getByText('Un campo modificato solo da altri è stato preso dalla versione salvata:')).toBeVisible()
  await expect(vista.getByRole('listitem').filter({ hasText: 'CUP' })).toBeVisible()
  await expect(vista.getByRole('button', { name: 'Salva' })).toBeDisabled()
  // the form with the typing is kept, hidden
  await expect(seconda.getByTestId('progetto-form')).toBeHidden()

  await expectNoA11yViolations(seconda, 'vista conflitto 1280')
  await seconda.setViewportSize(PHONE)
  await expectNoA11yViolations(seconda, 'vista conflitto 375')
  await seconda.setViewportSize(DESKTOP)

  // keyboard only: Tab into the group, arrow to 'Usa quella salvata', Tab to 'Salva', Enter
  await tabTo(seconda, nome.getByRole('radio', { name: 'Mantieni la mia' }))
  await seconda.keyboard.press('ArrowRight')
  await expect(nome.getByRole('radio', { name: 'Usa quella salvata' })).toBeChecked()
  await expect(vista.getByRole('status')).toHaveText('Hai scelto per tutti i campi: puoi salvare.')
  const salva = vista.getByRole('button', { name: 'Salva' })
  await tabTo(seconda, salva)
  await seconda.keyboard.press('Enter')
  await expect(seconda).toHaveURL(new RegExp(`/progetti/${id}/info`))

  // the server holds the merge: the first's name and CUP, the second's short name, version 3
  const scheda = await callAs<{ dettaglioProgetto: { nome: string; nomeBreve: string; cup: string | null; versione: number } }>(request, dtd, 'POST', `progetto/${id}`)
  expect(scheda.dettaglioProgetto).toMatchObject({ nome: `Nome della prima ${tag}`, nomeBreve: 'Breve seconda', versione: 3 })
  expect(scheda.dettaglioProgetto.cup).toContain(`CUP${tag}`)

  // issue 27 point 4: the first, still on the card it saved (version 2), deletes the project: the dialog says it
  // changed meanwhile and what, and deletes only when confirmed again
  await prima.getByRole('button', { name: 'Elimina progetto' }).click()
  const dialog = prima.getByRole('dialog', { name: 'Elimina progetto' })
  await dialog.getByRole('button', { name: 'Elimina' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Il progetto è stato modificato da altri nel frattempo')
  await expect(dialog.getByRole('alert')).toContainText('Nome breve: Breve seconda')
  await expectNoA11yViolations(prima, 'conferma di nuovo 1280')
  await dialog.getByRole('button', { name: 'Elimina' }).click()
  await expect(prima).toHaveURL(new RegExp(`/programmi/${idProgrammaCreato}/info`))
  await callAs(request, dtd, 'POST', `progetto/${id}`, {}, [404])
})
