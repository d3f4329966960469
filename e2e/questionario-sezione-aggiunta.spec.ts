/**
 * A section added to a survey template is asked (issue 24 point 4; spec 002 §2–§3): a DTD adds a section
 * with 'Aggiungi sezione' to the default RFD template — title, one required 'Lista valori' question — and
 * saves; the detail shows it. A facilitator's new service uses the new version: the compilation wizard
 * asks the section after Q4 (the facilitator answers it, the outbox sends it, the server stores it), and
 * the citizen's phone page shows it under its own heading after Q4, asks its question (required), and the
 * answer is stored and read back with the survey. axe at 1280 and 375 px on the editor and the phone page. The
 * shared world is left as it was (a further version without the section). Runs on PostgreSQL too (@pg).
 */
import { expect, test, type Page } from '@playwright/test'
import type { QuestionarioCompilato } from '../src/api/contract/questionario'
import { sezioneFromWire, sezioneToWire, type QuestionarioTemplateDettaglio } from '../src/api/contract/questionario-template'
import { modelloDaTemplate, rimuoviSezione, sezioniSchema } from '../src/lib/questionario-editor'
import { decodeSection } from '../src/lib/survey-sections'
import { actorOf, addCitizenByDocumentApi, callAs, createServiceApi, documentNumber, fieldSyncAs } from './field-api'
import { addCitizenUI, citizenRows, compileSurveyUI, createServiceUI, readyFacilitator, recordConsentUI } from './field-ui'
import { DESKTOP, PG_JOURNEY, PHONE, expectNoA11yViolations, login, setTicked, USERS } from './helpers'

async function axeAtBothWidths(page: Page, label: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
}

/** Answers every visible question of the page: choices with their first option, ratings with 4, texts with a sentence. */
async function answerAll(page: Page): Promise<void> {
  const questions = page.locator('fieldset[data-question]')
  for (let i = 0; i < (await questions.count()); i += 1) {
    const q = questions.nth(i)
    if (!(await q.isVisible())) continue
    const rating = q.getByRole('radio', { name: /^4 su/ })
    if (await rating.count()) {
      await q.locator(`label[for="${await rating.getAttribute('id')}"]`).click()
      continue
    }
    await q.locator('.form-check label').first().click()
  }
  const texts = page.locator('main').getByRole('textbox')
  for (let i = 0; i < (await texts.count()); i += 1) {
    if (await texts.nth(i).isVisible()) await texts.nth(i).fill('Servizi digitali della pubblica amministrazione')
  }
}

test('a DTD adds a section to the default RFD template; the wizard and the citizen’s phone page ask it and the answers are stored', PG_JOURNEY, async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  const titoloSezione = `Abitudini digitali ${Date.now()}`
  const domanda = 'Quanto spesso usi internet?'
  await page.setViewportSize(DESKTOP)
  await login(page, USERS.dtd.cf)
  await page.goto('/area-amministrativa/questionari')
  const table = page.getByRole('table', { name: 'Elenco questionari' })
  const rfdRow = table.getByRole('row').filter({ has: page.locator('.badge', { hasText: 'Default RFD' }) })
  await expect(rfdRow).toHaveCount(1)
  await rfdRow.getByRole('link', { name: /^Visualizza/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Questionario RFD/)
  await page.getByRole('link', { name: 'Modifica', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Modifica questionario' })).toBeVisible()

  // 'Aggiungi sezione': the new section's title has the focus
  await page.getByRole('button', { name: 'Aggiungi sezione' }).click()
  const titolo = page.locator(':focus')
  await expect(titolo).toHaveAttribute('type', 'text')
  await titolo.fill(titoloSezione)
  const sezione = page.locator('section.pd-sezione').last()
  const nuova = sezione.locator('fieldset.pd-domanda').first()
  await nuova.getByLabel('Testo della domanda *').fill(domanda)
  await nuova.getByLabel('Tipo di risposta').selectOption({ label: 'Lista valori' })
  await nuova.getByLabel('Valori (uno per riga) *').fill('Mai\nOgni giorno')
  await setTicked(nuova, 'Risposta obbligatoria', true)
  // the citizen's preview shows the added section with Q4
  const preview = page.getByTestId('anteprima')
  await preview.getByText('Cittadino (Q4 e sezioni aggiunte)').click()
  await expect(preview.locator('[data-sezione]')).toHaveCount(2)
  await expect(preview.getByRole('heading', { name: titoloSezione })).toBeVisible()
  await axeAtBothWidths(page, 'editor questionario con sezione aggiunta')

  await page.setViewportSize(DESKTOP)
  await page.getByRole('button', { name: 'Salva', exact: true }).click()
  await expect(page.getByText(/creata la versione/)).toBeVisible()
  const v2 = new URL(page.url()).pathname.split('/').pop()!
  const dettaglio = page.getByTestId('questionario-dettaglio')
  const salvata = dettaglio.getByRole('region', { name: titoloSezione })
  await expect(salvata.getByRole('heading', { level: 3, name: titoloSezione })).toBeVisible()
  await expect(salvata.getByRole('group', { name: `${domanda}*` })).toBeVisible()

  // a facilitator's new service uses the new version: the wizard asks the section after Q4
  const fac = await browser.newContext({ baseURL, viewport: DESKTOP })
  const facPage = await fac.newPage()
  const sara = await readyFacilitator(facPage, fac.request)
  const nomeServizio = `Sezione aggiunta nel wizard ${Date.now()}`
  await createServiceUI(facPage, { nome: nomeServizio })
  await facPage.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(facPage, { documento: documentNumber() })
  await citizenRows(facPage).first().getByRole('link', { name: /Compila questionario/ }).click()
  await recordConsentUI(facPage)
  const next = facPage.getByRole('button', { name: 'Step successivo' })
  for (let i = 0; i < 3 && (await next.isVisible()); i += 1) await next.click()
  const nelWizard = facPage.getByRole('region', { name: titoloSezione })
  await expect(nelWizard.getByRole('heading', { level: 3, name: titoloSezione })).toBeVisible()
  await expect(nelWizard.getByRole('group', { name: `${domanda}*` })).toBeVisible()
  await expectNoA11yViolations(facPage, 'compilazione con sezione aggiunta')
  await facPage.getByRole('link', { name: 'Vai alla lista cittadini' }).click()
  await compileSurveyUI(facPage, 0)
  // sent by the outbox: the server holds the answer of the added section ('Mai', the first option)
  await expect.poll(async () => {
    const b = await fieldSyncAs(fac.request, sara)
    const svc = b.servizi.find((x) => x.nome === nomeServizio)
    const q = b.questionari.find((x) => svc !== undefined && x.idServizio === svc.id)
    return (q?.sezioniAggiuntiveQuestionario ?? []).map((x) => decodeSection(x)).map((d) => [d.title, ...Object.values(d.answers).flat()])
  }, { timeout: 30_000 }).toEqual([[titoloSezione, 'Mai']])

  // the link goes to the citizen's phone
  const idServizio = await createServiceApi(fac.request, sara, `Con sezione aggiunta ${Date.now()}`)
  const idQuestionario = await addCitizenByDocumentApi(fac.request, sara, idServizio, documentNumber())
  const invio = await callAs<{ link: string }>(fac.request, sara, 'POST', `servizio/cittadino/questionarioCompilato/${idQuestionario}/invia`)

  const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true })
  const citizen = await phone.newPage()
  await citizen.goto(new URL(invio.link, baseURL).pathname)
  const consent = citizen.getByRole('checkbox', { name: 'Presa visione dell’informativa privacy' })
  await citizen.locator(`label[for="${await consent.getAttribute('id')}"]`).click()
  await citizen.getByRole('button', { name: 'Avanti' }).click()
  const aggiunta = citizen.getByRole('region', { name: titoloSezione })
  await expect(aggiunta.getByRole('heading', { level: 2, name: titoloSezione })).toBeVisible()
  await expect(aggiunta.locator('fieldset[data-question]').filter({ hasText: domanda })).toBeVisible()
  await expectNoA11yViolations(citizen, 'questionario anonimo con sezione aggiunta')
  await answerAll(citizen)
  const ogniGiorno = aggiunta.getByRole('radio', { name: 'Ogni giorno' })
  await aggiunta.locator(`label[for="${await ogniGiorno.getAttribute('id')}"]`).click()
  await citizen.getByRole('button', { name: 'Invia questionario' }).click()
  await expect(citizen.getByText('Questionario inviato. Grazie!')).toBeVisible()
  await phone.close()

  // stored and read back with the survey
  const letto = await callAs<QuestionarioCompilato>(fac.request, sara, 'POST', `servizio/cittadino/questionarioCompilato/compilato/${idQuestionario}`)
  expect(letto.statoQuestionario).toBe('COMPILATA')
  const sezioni = (letto.sezioniAggiuntiveQuestionario ?? []).map((s) => decodeSection(s))
  expect(sezioni.map((s) => s.title)).toEqual([titoloSezione])
  expect(Object.values(sezioni[0]!.answers)).toContainEqual(['Ogni giorno'])
  await fac.close()

  // leave the world as it was: a further version without the section
  const dtd = await actorOf(page, page.request, 'DTD')
  const d2 = await callAs<QuestionarioTemplateDettaglio>(page.request, dtd, 'POST', `questionarioTemplate/${v2}`)
  const m = modelloDaTemplate(d2['survey-name'], d2['survey-description'], d2['survey-sections'].map((s) => sezioneFromWire(s)!))
  const added = m.sezioni.find((s) => s.titolo === titoloSezione)!
  const restored = rimuoviSezione(m, added.id)
  await callAs(page.request, dtd, 'PUT', `questionarioTemplate/${v2}`, {
    'survey-name': restored.nome, 'survey-description': restored.descrizione, 'survey-sections': sezioniSchema(restored).map(sezioneToWire), versione: d2.versione,
  })
})
