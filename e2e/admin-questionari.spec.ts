/**
 * Survey templates in the administrative area (issue 10 point 1, "Done when"): a DTD opens the default RFD
 * template from 'Elenco questionari', edits it adding a 'Gradimento' question (range 1–5) in Q4 — the live
 * preview shows it at once — and saves: a new version replaces it. A facilitator's new service then uses
 * the new version: the citizen's phone page shows the new question. axe at 1280 and 375 px on the list,
 * the detail and the editor. The shared world is left as it was (a further version without the question).
 */
import { expect, test, type Page } from '@playwright/test'
import { SEZIONI_QUESTIONARIO } from '../src/api/contract/enums'
import { sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../src/api/contract/questionario-template'
import { modelloDaTemplate, rimuoviDomanda, sezioniSchema } from '../src/lib/questionario-editor'
import { DESKTOP, PHONE, USERS, expectNoA11yViolations, login } from './helpers'
import { actorOf, addCitizenByDocumentApi, callAs, createServiceApi, documentNumber } from './field-api'

const Q4 = SEZIONI_QUESTIONARIO.Q4.id

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
}

test('a DTD adds a Gradimento question to the default RFD template; new services use the new version', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.dtd.cf)
  await page.goto('/area-amministrativa/questionari')
  const table = page.getByRole('table', { name: 'Elenco questionari' })
  await expect(table).toBeVisible()
  const rfdRow = table.getByRole('row').filter({ has: page.locator('.badge', { hasText: 'Default RFD' }) })
  await expect(rfdRow).toHaveCount(1)
  await axeAtBothWidths(page, 'elenco questionari')

  await page.setViewportSize(DESKTOP)
  await rfdRow.getByRole('link', { name: /^Visualizza/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Questionario RFD/)
  const v1 = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByText('Versione', { exact: true })).toBeVisible()
  await axeAtBothWidths(page, 'dettaglio questionario')

  await page.setViewportSize(DESKTOP)
  await page.getByRole('link', { name: 'Modifica', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Modifica questionario' })).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'salvando crei la versione' })).toBeVisible()
  const q4 = page.locator(`section[data-sezione="${Q4}"]`).first()
  await q4.getByRole('button', { name: 'Aggiungi domanda in Q4' }).click()
  // the new question's text field has the focus: type its text, then choose 'Gradimento'
  const titolo = page.locator(':focus')
  await expect(titolo).toHaveAttribute('type', 'text')
  await titolo.fill('Gradimento')
  const nuova = q4.locator('fieldset.pd-domanda').last()
  await nuova.getByLabel('Tipo di risposta').selectOption({ label: 'Gradimento' })
  // keyboard-operable moves: up one place and back
  await nuova.getByRole('button', { name: /^Sposta su/ }).click()
  await expect(q4.locator('fieldset.pd-domanda').nth(-2).getByLabel('Testo della domanda *')).toHaveValue('Gradimento')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(q4.locator('fieldset.pd-domanda').last().getByLabel('Testo della domanda *')).toHaveValue('Gradimento')

  // live preview: the new question drawn by the survey renderer, as a 1–5 rating
  const preview = page.getByTestId('anteprima')
  const drawn = preview.locator(`[data-sezione="${Q4}"] [data-question]`).filter({ hasText: 'Gradimento' })
  await expect(drawn).toBeVisible()
  await expect(drawn.getByRole('radio')).toHaveCount(5)
  await preview.getByText('Cittadino (Q4 e sezioni aggiunte)').click()
  await expect(preview.locator('[data-sezione]')).toHaveCount(1)
  await expect(preview.locator('fieldset[data-question]').filter({ hasText: 'Gradimento' }).getByRole('radio', { name: /^5/ })).toBeVisible()
  await axeAtBothWidths(page, 'editor questionario')

  await page.setViewportSize(DESKTOP)
  await page.getByRole('button', { name: 'Salva', exact: true }).click()
  await expect(page.getByText(/creata la versione 2/)).toBeVisible()
  await expect(page).not.toHaveURL(new RegExp(v1))
  const v2 = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByTestId('questionario-dettaglio').getByRole('heading', { level: 3, name: SEZIONI_QUESTIONARIO.Q4.titolo })).toBeVisible()
  await expect(page.getByTestId('questionario-dettaglio').getByText('Gradimento', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Versione 1' })).toBeVisible()

  // a facilitator's new service uses version 2: the citizen's phone page shows the question
  const fac = await browser.newContext({ baseURL })
  const facPage = await fac.newPage()
  await login(facPage, USERS.fac.cf)
  const sara = await actorOf(facPage, fac.request, 'FAC')
  const idServizio = await createServiceApi(fac.request, sara, `Dopo la nuova versione ${Date.now()}`)
  const scheda = await callAs<{ dettaglioServizio?: unknown; idQuestionarioTemplateSnapshot?: string }>(fac.request, sara, 'POST', `servizio/${idServizio}/schedaDettaglio`)
  expect(JSON.stringify(scheda)).toContain(v2)
  const idQuestionario = await addCitizenByDocumentApi(fac.request, sara, idServizio, documentNumber())
  const invio = await callAs<{ link: string }>(fac.request, sara, 'POST', `servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)
  await fac.close()
  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true })
  const citizen = await phone.newPage()
  await citizen.goto(new URL(invio.link, baseURL).pathname)
  const consent = citizen.getByRole('checkbox', { name: 'Presa visione dell’informativa privacy' })
  await citizen.locator(`label[for="${await consent.getAttribute('id')}"]`).click()
  await citizen.getByRole('button', { name: 'Avanti' }).click()
  await expect(citizen.locator('fieldset[data-question]').filter({ hasText: 'Gradimento' })).toBeVisible()
  await phone.close()

  // leave the world as it was: version 3 without the question
  const dtd = await actorOf(page, page.request, 'DTD')
  const d2 = await callAs<QuestionarioTemplateDettaglio>(page.request, dtd, 'POST', `questionarioTemplate/${v2}`)
  const m = modelloDaTemplate(d2['survey-name'], d2['survey-description'], d2['survey-sections'].map((s) => sezioneFromWire(s)!))
  const added = m.sezioni.find((s) => s.id === Q4)!.domande.find((d) => d.titolo === 'Gradimento')!
  const restored = rimuoviDomanda(m, Q4, added.id)
  await callAs(page.request, dtd, 'PUT', `questionarioTemplate/${v2}`, {
    'survey-name': restored.nome, 'survey-description': restored.descrizione, 'survey-sections': sezioniSchema(restored).map(sezioneToWire), versione: d2.versione,
  })
})
