/**
 * Issue 28 part 3, the "Done when" journey through the real UI: a facilitator (Sara Romano, on her "tablet") adds a
 * citizen to a service and compiles the survey; the same citizen is on a second service whose survey the tablet,
 * offline, compiles and queues. The DTD (another browser) sees the facilitator's accesses in 'Registro degli
 * accessi', finds the citizen in 'Area cittadini' by the fiscal code, exports the data (the JSON file holds the survey's answers) and
 * the printable page; the programme's referent (REG) asks the erasure with a reason, and the DTD executes it from
 * 'Richieste di cancellazione' through the confirmation that names what goes (axe-clean at 1280 and 375 px: the
 * citizen's page, the printable page, the requests page, the confirmation). The tablet comes back online:
 * the queued survey is parked 'Richiede attenzione' with 'Il cittadino è stato cancellato su sua richiesta.' and the
 * first service's citizens tab no longer shows the citizen. After the erasure the fiscal code finds nobody.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PHONE, USERS, chooseProfile, expectNoA11yViolations, login, profileDialog } from './helpers'
import { callAs, citizensOf, createServiceApi } from './field-api'
import { addCitizenUI, citizenRows, compileSurveyUI, freshFiscalCode, readyFacilitator } from './field-ui'

const RUN = Math.random().toString(36).slice(2, 7).toUpperCase()
const MOTIVO = 'Il cittadino ha chiesto la cancellazione allo sportello'

async function axeBoth(page: Page, label: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport)
    await expectNoA11yViolations(page, label)
  }
  await page.setViewportSize(DESKTOP)
}

async function waitForCitizens(page: Page, idServizio: number, n: number): Promise<void> {
  await expect(async () => {
    await page.goto(`/area-amministrativa/servizi/${idServizio}/cittadini`)
    await expect(citizenRows(page)).toHaveCount(n, { timeout: 3_000 })
  }).toPass({ timeout: 45_000 })
}

test('a citizen\'s data exported and erased by the DTD; the tablet drops the citizen and parks its queued survey', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000)
  const tabletCtx = await browser.newContext({ baseURL, viewport: DESKTOP })
  const tablet = await tabletCtx.newPage()
  const fac = await readyFacilitator(tablet, request)
  const idA = await createServiceApi(request, fac, `Diritti A ${RUN}`)
  const idB = await createServiceApi(request, fac, `Diritti B ${RUN}`)

  // the facilitator adds the citizen and compiles the survey (online)
  const cf = await freshFiscalCode()
  await waitForCitizens(tablet, idA, 0)
  await addCitizenUI(tablet, { cf })
  await expect(citizenRows(tablet)).toHaveCount(1)
  await compileSurveyUI(tablet, 0)
  await expect.poll(async () => (await citizensOf(request, fac, idA)).numeroQuestionariCompilati, { timeout: 30_000 }).toBe(1)
  const idCittadino = (await citizensOf(request, fac, idA)).cittadini[0]!.idCittadino

  // the same citizen on a second service; the tablet, offline, compiles that survey: it waits in the outbox
  await callAs(request, fac, 'POST', `servizio/cittadino/${idB}`, {
    idCittadino, codiceFiscale: cf, nuovoCittadino: false, titoloDiStudio: 'Laurea (3 anni)', occupazione: 'Libero professionista', provinciaDiDomicilio: 'Roma', cittadinanza: 'Italiana',
  })
  await waitForCitizens(tablet, idB, 1)
  await tabletCtx.setOffline(true)
  await compileSurveyUI(tablet, 0)
  await expect(citizenRows(tablet).first()).toContainText(/DA SINCRONIZZARE/)

  const dtdCtx = await browser.newContext({ baseURL, viewport: DESKTOP, acceptDownloads: true })
  const dtd = await dtdCtx.newPage()
  try {
    await login(dtd, USERS.dtd.cf)
    if (await profileDialog(dtd).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)) await chooseProfile(dtd, /./)

    // the accesses in the register
    await dtd.goto('/registro-accessi?cerca=Romano&oggetto=cittadino')
    const registro = dtd.getByRole('table', { name: 'Registro degli accessi ai dati personali' })
    await expect(registro.getByRole('row').filter({ hasText: `ID ${idCittadino}` }).first()).toBeVisible({ timeout: 15_000 })

    // the citizen found in the registry by the fiscal code (through the keyed hash)
    const cerca = async () => {
      await dtd.goto('/area-cittadini')
      const box = dtd.getByRole('searchbox', { name: 'Cerca cittadino' }).or(dtd.getByLabel('Cerca cittadino')).first()
      await box.fill(cf.toLowerCase())
      await box.press('Enter')
    }
    await cerca()
    await expect(dtd.getByText('1 cittadino', { exact: true })).toBeVisible({ timeout: 15_000 })
    await dtd.getByRole('table', { name: 'Elenco cittadini' }).getByRole('link', { name: /^Visualizza/ }).click()
    await expect(dtd).toHaveURL(new RegExp(`/area-cittadini/${idCittadino}$`))
    const azioni = dtd.getByTestId('azioni-diritti')
    await expect(azioni.getByRole('heading', { name: 'Diritti dell’interessato' })).toBeVisible()
    await axeBoth(dtd, '/area-cittadini/{id} (diritti)')

    // the JSON file holds the survey's answers
    const [download] = await Promise.all([dtd.waitForEvent('download'), azioni.getByRole('button', { name: 'Esporta i dati del cittadino' }).click()])
    expect(download.suggestedFilename()).toBe(`dati-cittadino-${idCittadino}.json`)
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { questionari: { stato: string; sezioni: { risposte: { domanda: string | null; valori: string[] }[] }[] }[]; servizi: unknown[] }
    expect(file.servizi).toHaveLength(2)
    const compilato = file.questionari.find((q) => q.stato === 'COMPILATA')!
    expect(compilato.sezioni.flatMap((s) => s.risposte).some((r) => r.valori.includes('Servizi online del Comune'))).toBe(true)
    expect(JSON.stringify(file)).not.toContain(cf)

    // the printable page
    await azioni.getByRole('link', { name: 'Versione stampabile dei dati' }).click()
    await expect(dtd.getByRole('heading', { level: 1, name: `Dati personali del cittadino ${idCittadino}` })).toBeVisible({ timeout: 15_000 })
    await expect(dtd.getByTestId('dati-questionario').first()).toBeVisible()
    await expect(dtd.getByText('Servizi online del Comune').first()).toBeVisible()
    await axeBoth(dtd, '/area-cittadini/{id}/dati-personali')

    // the programme's referent asks the erasure, with the reason (REG: may request, never execute)
    const regCtx = await browser.newContext({ baseURL, viewport: DESKTOP })
    try {
      const reg = await regCtx.newPage()
      await login(reg, USERS.multi.cf)
      await chooseProfile(reg, /gestore.*programma|RFD-2024-LAZ/i)
      await reg.goto(`/area-cittadini/${idCittadino}`)
      const azioniReg = reg.getByTestId('azioni-diritti')
      await expect(azioniReg.getByRole('button', { name: 'Esporta i dati del cittadino' })).toHaveCount(0)
      await azioniReg.getByRole('button', { name: 'Chiedi la cancellazione' }).click()
      const richiesta = reg.getByRole('dialog', { name: 'Chiedi la cancellazione del cittadino' })
      await richiesta.getByLabel('Motivo (obbligatorio)').fill(MOTIVO)
      await richiesta.getByRole('button', { name: 'Invia la richiesta' }).click()
      await expect(richiesta).toBeHidden({ timeout: 15_000 })
    } finally {
      await regCtx.close()
    }

    // the data-protection role executes it, through the confirmation that names what goes
    await dtd.goto('/richieste-cancellazione')
    await expect(dtd.getByRole('heading', { level: 1, name: 'Richieste di cancellazione' })).toBeVisible()
    const esegui = dtd.getByRole('button', { name: /^Esegui la cancellazione di Cittadino/ }).first()
    await expect(esegui).toBeVisible({ timeout: 15_000 })
    await axeBoth(dtd, '/richieste-cancellazione')
    await esegui.click()
    const dialog = dtd.getByRole('dialog', { name: 'Cancella il cittadino' })
    await expect(dialog.getByTestId('cancellazione-riepilogo')).toContainText('2 servizi frequentati')
    await expect(dialog.getByTestId('cancellazione-riepilogo')).toContainText('2 questionari')
    await axeBoth(dtd, '/area-cittadini/{id} (conferma della cancellazione)')
    await expect(dialog.getByLabel('Motivo (obbligatorio)')).toHaveValue(MOTIVO)
    await dialog.getByLabel('Motivo (obbligatorio)').fill('')
    await dialog.getByRole('button', { name: 'Cancella definitivamente' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Indica il motivo')
    await dialog.getByLabel('Motivo (obbligatorio)').fill(MOTIVO)
    await dialog.getByRole('button', { name: 'Cancella definitivamente' }).click()
    await expect(dialog).toBeHidden({ timeout: 15_000 })
    await expect(dtd.getByRole('table', { name: 'Richieste di cancellazione' }).getByText(/Eseguita/).first()).toBeVisible({ timeout: 15_000 })
    await dtd.goto(`/area-cittadini/${idCittadino}`)
    await expect(dtd.getByTestId('cittadino-cancellato')).toBeVisible({ timeout: 15_000 })
    await expect(dtd.getByTestId('cittadino-dati')).not.toContainText('Libero professionista')
    // the fiscal code finds nobody any more
    await cerca()
    await expect(dtd.getByText('Questa sezione è vuota').or(dtd.getByText('0 cittadini', { exact: true })).first()).toBeVisible({ timeout: 15_000 })

  } finally {
    await dtdCtx.close()
  }

  // the tablet back online: the queued survey is parked with its reason; the citizen leaves the device
  await tabletCtx.setOffline(false)
  await tablet.goto('/area-personale/sincronizzazione')
  await expect(tablet.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible()
  const syncNow = tablet.getByRole('button', { name: 'Sincronizza ora' })
  await expect(syncNow).toBeEnabled({ timeout: 20_000 })
  await syncNow.click()
  await expect(tablet.getByText('Il cittadino è stato cancellato su sua richiesta.').first()).toBeVisible({ timeout: 30_000 })
  await expect(tablet.getByText(/Richiede attenzione/i).first()).toBeVisible()
  await waitForCitizens(tablet, idA, 0)
  await tabletCtx.close()
})
