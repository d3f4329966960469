/**
 * Issue 10 point 5, mass upload: the referent of a project's managing body (REGP) uploads a small XLSX
 * with some bad rows, follows the job until its counters, downloads the report (the bad rows with their
 * reasons), finds the imported services in the services list and the job on the monitoring page (today's row
 * of the project and body, its counters, the row's jobs); both
 * pages are axe-clean at 1280 and 375 px.
 */
import ExcelJS from 'exceljs'
import m from 'codice-fiscale-js'
import { expect, test, type Page } from '@playwright/test'
import { COLONNE, type Riga } from '../server/domain/caricamenti/tracciato'
import { PG_JOURNEY, DESKTOP, PHONE, USERS, brokenWords, chooseProfile, expectNoA11yViolations, login, profileDialog, waitForAppStarted } from './helpers'
import { actorOf, callAs } from './field-api'

const CodiceFiscale = (m as unknown as { CodiceFiscale?: typeof m }).CodiceFiscale ?? m
/** Francesca Moretti, REGP of Lazio Digitale Roma (README "Utenti di prova"), Sara Romano's project. */
const REGP_ROMA = 'MRTFNC80A70F839W'
const DATA = '2026-05-12'

/** A valid fiscal code unique to this run. */
function fiscalCode(i: number): string {
  const cons = 'BCDFGHLMNPRSTVZ'
  const r = Math.floor(Math.random() * 3375)
  const base = `${cons[r % 15]}${cons[Math.floor(r / 15) % 15]}${cons[Math.floor(r / 225) % 15]}NNA${70 + i}A${String(10 + i).padStart(2, '0')}H501`
  return base + CodiceFiscale.getCheckCode(base)
}

function riga(idSede: number, i: number, over: Partial<Riga> = {}): Riga {
  const r = {} as Riga
  for (const c of COLONNE) r[c] = ''
  return Object.assign(r, {
    IDFacilitatore: USERS.fac.cf, NominativoFacilitatore: 'Romano Sara', IDSede: String(idSede), NominativoSede: 'Sede', AN1: 'Anna', AN2: 'Rossi',
    AN3: fiscalCode(i), AN4: 'NO', AN7: 'A', AN8: '2', AN9: 'C', AN10: 'A', AN11: 'A', AN12: 'Roma', PR1: 'SI', SE1: DATA, SE2: '1:00', SE3: 'A',
    SE4: 'A', SE5: '1:4', SE6: 'A', SE7: `Import e2e ${Date.now()} ${i}`, ES1: 'A', ES2: 'F', ES3: 'A', ES4: 'Pagamenti online', ES5: 'C', ES6: '5',
  }, over)
}

async function xlsx(rows: Riga[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Servizi')
  sheet.addRow([...COLONNE])
  for (const r of rows) sheet.addRow(COLONNE.map((c) => r[c]))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function loginManager(page: Page, cf: string, profile: RegExp): Promise<void> {
  await login(page, cf)
  const asked = await profileDialog(page).waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false)
  if (asked) await chooseProfile(page, profile)
  await waitForAppStarted(page)
}

test('a project referent uploads an XLSX, follows the job, gets the report; services and job are listed', PG_JOURNEY, async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  // Sara's site (the facilitator named in the rows)
  const fieldContext = await browser.newContext()
  let idSede: number
  try {
    const fieldPage = await fieldContext.newPage()
    await login(fieldPage, USERS.fac.cf)
    const fac = await actorOf(fieldPage, request, 'FAC')
    idSede = (await callAs<{ id: number }[]>(request, fac, 'POST', 'servizio/facilitatore/sedi/dropdown'))[0]!.id
  } finally {
    await fieldContext.close()
  }
  const rows = [0, 1, 2].map((i) => riga(idSede, i))
  rows.push(riga(idSede, 3, { AN3: 'RSSMRA80A01H501X' })) // wrong check character
  rows.push({ ...rows[0]! }) // duplicate of the first row

  await page.setViewportSize(DESKTOP)
  await loginManager(page, REGP_ROMA, /Lazio Digitale Roma/i)
  await page.goto('/gestione-configurazioni/caricamenti-massivi')
  await expect(page.getByRole('heading', { level: 1, name: 'Caricamento massivo dei dati sui servizi' })).toBeVisible()
  await expect(page.getByTestId('upload-contesto')).toContainText('Roma Capitale')

  // a file of another type is refused on the page, before any call
  await page.getByLabel('File da caricare (CSV o XLSX)').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') })
  await page.getByRole('button', { name: 'Carica', exact: true }).click()
  await expect(page.getByTestId('upload-error')).toHaveText('Tipo file non supportato: carica un file CSV o XLSX.')

  await page.getByLabel('File da caricare (CSV o XLSX)').setInputFiles({
    name: 'servizi.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await xlsx(rows),
  })
  await page.getByRole('button', { name: 'Carica', exact: true }).click()
  const job = page.getByTestId('upload-job')
  await expect(job).toBeVisible()
  await expect(page.getByTestId('upload-job-state')).toHaveText(/Caricamento (in corso|completato)/)
  await expect(page.getByTestId('upload-job-state')).toHaveText('Caricamento completato', { timeout: 30_000 })
  await expect(page.getByTestId('upload-totale')).toHaveText('5')
  await expect(page.getByTestId('upload-scartate')).toHaveText('2')
  await expect(page.getByTestId('upload-servizi')).toHaveText('3')
  await expect(page.getByTestId('upload-cittadini')).toHaveText('3')
  const idCaricamento = (await job.getByRole('heading').textContent())!.replace(/\D/g, '')

  const download = page.waitForEvent('download')
  await job.getByRole('button', { name: 'Scarica il report' }).click()
  const report = await (await download).createReadStream()
  let text = ''
  for await (const chunk of report) text += String(chunk)
  expect(text).toContain('5;Scartata;AN3: codice fiscale del cittadino non valido')
  expect(text).toContain('6;Scartata;riga duplicata: è uguale alla riga 2')
  await expect(page.getByRole('table', { name: 'Elenco dei caricamenti massivi' }).getByRole('row').filter({ hasText: idCaricamento }).first()).toContainText('COMPLETATO')
  // issue 24 point 23: no header nor cell of the registry broken mid-word at 1280 px ('Inter|vent|o')
  expect(await brokenWords(page.getByRole('table', { name: 'Elenco dei caricamenti massivi' }), 'th, td')).toEqual([])
  await expectNoA11yViolations(page, 'caricamento massivo 1280')
  await page.setViewportSize(PHONE)
  await expectNoA11yViolations(page, 'caricamento massivo 375')

  // the imported services in the services list
  await page.setViewportSize(DESKTOP)
  await page.goto('/area-amministrativa/servizi')
  await page.getByRole('searchbox').first().fill('Import_facind_20260512')
  await page.keyboard.press('Enter')
  await expect(page.locator('main table tbody tr').filter({ hasText: 'Import_facind_20260512' }).first()).toBeVisible()

  // the job on the monitoring page: today's row of the project and body, its counters, then its jobs
  await page.goto('/area-dati/monitoraggio-caricamenti-massivi')
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoraggio dei caricamenti massivi' })).toBeVisible()
  await expect(page.getByTestId('monitoraggio-caricamenti')).toHaveText(/^[1-9][\d.]*$/)
  const oggi = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()).replace(/\//g, '-')
  const gruppo = page.getByRole('table', { name: 'Caricamenti massivi per giorno, ente e progetto' }).getByRole('row')
    .filter({ hasText: oggi }).filter({ hasText: 'Roma Capitale' }).first()
  await expect(gruppo).toBeVisible()
  await gruppo.getByRole('button', { name: /^Vedi i caricamenti/ }).click()
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Caricamenti del ${oggi}`) })).toBeFocused()
  const row = page.getByRole('table', { name: `Elenco dei caricamenti massivi del ${oggi}` }).getByRole('row').filter({ hasText: idCaricamento }).first()
  await expect(row).toContainText('COMPLETATO')
  await expect(row.getByRole('button', { name: `Scarica il report del caricamento ${idCaricamento}` })).toBeVisible()
  await expectNoA11yViolations(page, 'monitoraggio 1280')
  await page.setViewportSize(PHONE)
  await expect(page.getByRole('link', { name: 'Vai al caricamento dati' })).toBeVisible()
  await expectNoA11yViolations(page, 'monitoraggio 375')
})
