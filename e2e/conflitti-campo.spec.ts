/**
 * Offline edits and versions (issue 27 point 3, "Done when" (a) and (b)): one facilitator (Sara Romano) on two
 * browser contexts, a "tablet" and a "desktop", each a device with its own outbox. Two services created through the
 * API reach both devices. The tablet goes offline and edits service A's name and duration and service B's name; the
 * desktop, online, edits A's description and B's name. Back online, the tablet's outbox replays:
 * (a) A is merged on the device without a question — the server has the three changes;
 * (b) B's name changed on both sides: the sync centre shows 'In conflitto', 'Risolvi il conflitto' opens the
 *     side-by-side view (axe-clean at 1280 and 375 px), the user keeps the tablet's name, 'Salva' sends it with the
 *     server's version: the server has the choice and the desktop's other changes, the outbox is empty.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DESKTOP, PHONE, axeViolations } from './helpers'
import { callAs, createServiceApi, type ApiActor } from './field-api'
import { readyFacilitator } from './field-ui'
import { decodeSection } from '../src/lib/survey-sections'

interface ServizioServer {
  servizio: { nome: string; durataServizio: string; sezioneQ3Questionario: string; versione?: number }
}

/** The service as the server has it now (`GET /campo/servizio/{id}`). */
async function serverService(request: APIRequestContext, who: ApiActor, id: number) {
  const q = Object.entries(who.ids).filter(([, v]) => v !== null).map(([k, v]) => `${k}=${v}`).join('&')
  const { servizio } = await callAs<ServizioServer>(request, who, 'GET', `campo/servizio/${id}?${q}`)
  return { nome: servizio.nome, durata: servizio.durataServizio, dettagli: decodeSection(servizio.sezioneQ3Questionario).answers['28']?.[0] ?? null, versione: servizio.versione }
}

/** Opens 'Modifica servizio' of service `id` (its server id) on a device that holds it. */
async function openEdit(page: Page, id: number, nome: string): Promise<void> {
  await page.goto(`/area-amministrativa/servizi/${id}/modifica`)
  await expect(page.getByRole('heading', { level: 1, name: /Modifica servizio/ })).toBeVisible()
  await expect(page.locator('main').getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(nome, { timeout: 15_000 })
}

async function save(page: Page, nome: string): Promise<void> {
  await page.locator('main').getByRole('button', { name: 'Salva', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible({ timeout: 15_000 })
}

async function waitForService(page: Page, nome: string): Promise<void> {
  await expect(async () => {
    await page.goto('/area-amministrativa/servizi')
    const box = page.getByLabel('Cerca servizio')
    await box.fill(nome)
    await box.press('Enter')
    await expect(page.getByRole('link', { name: nome })).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
}

test('offline edits on the tablet meet online edits on the desktop: merged without asking, or asked in the sync centre', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000)
  const run = Date.now().toString(36)
  const nomeA = `Versioni A ${run}`
  const nomeB = `Versioni B ${run}`

  const desktopCtx = await browser.newContext({ baseURL, viewport: DESKTOP })
  const desktop = await desktopCtx.newPage()
  const fac = await readyFacilitator(desktop, request)
  const idA = await createServiceApi(request, fac, nomeA)
  const idB = await createServiceApi(request, fac, nomeB)
  await waitForService(desktop, nomeA)
  await waitForService(desktop, nomeB)

  const tabletCtx = await browser.newContext({ baseURL, viewport: DESKTOP })
  const tablet = await tabletCtx.newPage()
  await readyFacilitator(tablet, request)
  await waitForService(tablet, nomeA)
  await waitForService(tablet, nomeB)

  // the tablet, offline: A's name and duration, B's name
  await openEdit(tablet, idA, nomeA)
  await tabletCtx.setOffline(true)
  const main = tablet.locator('main')
  await main.getByRole('textbox', { name: 'Nome', exact: true }).fill(`${nomeA} tablet`)
  await main.getByRole('textbox', { name: 'Durata', exact: true }).fill('2:15')
  await save(tablet, `${nomeA} tablet`)
  await tablet.goto(`/area-amministrativa/servizi/${idB}/modifica`)
  await expect(main.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(nomeB, { timeout: 15_000 })
  await main.getByRole('textbox', { name: 'Nome', exact: true }).fill(`${nomeB} tablet`)
  await save(tablet, `${nomeB} tablet`)

  // the desktop, online: A's description, B's name
  await openEdit(desktop, idA, nomeA)
  await desktop.locator('main').getByLabel(/Descrivi i dettagli del servizio/).fill(`Descrizione dal desktop ${run}`)
  await save(desktop, nomeA)
  await openEdit(desktop, idB, nomeB)
  await desktop.locator('main').getByRole('textbox', { name: 'Nome', exact: true }).fill(`${nomeB} desktop`)
  await save(desktop, `${nomeB} desktop`)
  await expect.poll(async () => (await serverService(request, fac, idA)).dettagli, { timeout: 30_000 }).toBe(`Descrizione dal desktop ${run}`)
  await expect.poll(async () => (await serverService(request, fac, idB)).nome, { timeout: 30_000 }).toBe(`${nomeB} desktop`)

  // the tablet reconnects and sends its outbox
  await tabletCtx.setOffline(false)
  await tablet.goto('/area-personale/sincronizzazione')
  await expect(tablet.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible()
  const syncNow = tablet.getByRole('button', { name: 'Sincronizza ora' })
  await expect(syncNow).toBeEnabled({ timeout: 20_000 })
  await syncNow.click()

  // (a) merged without a question: the server has the tablet's name and duration and the desktop's description
  await expect.poll(async () => serverService(request, fac, idA), { timeout: 30_000 })
    .toMatchObject({ nome: `${nomeA} tablet`, durata: '2:15', dettagli: `Descrizione dal desktop ${run}` })

  // (b) the same field on both sides: asked in the sync centre
  const conflitti = tablet.getByTestId('sync-group-conflict')
  await expect(conflitti.getByRole('heading', { name: 'In conflitto (1)' })).toBeVisible({ timeout: 20_000 })
  await expect(conflitti.getByTestId('sync-entry')).toHaveCount(1)
  await expect(conflitti.getByText('In conflitto', { exact: true })).toBeVisible()
  await conflitti.getByRole('button', { name: /Risolvi il conflitto/ }).click()
  const vista = tablet.getByTestId('vista-conflitto')
  await expect(vista).toBeVisible()
  const nome = vista.getByRole('group', { name: 'Nome del servizio' })
  await expect(nome.getByText(`${nomeB} tablet`)).toBeVisible()
  await expect(nome.getByText(`${nomeB} desktop`)).toBeVisible()
  await expect(vista.getByText(/Modificato da altri il \d{2}-\d{2}-\d{4} alle \d{2}:\d{2}/).first()).toBeVisible()
  for (const viewport of [DESKTOP, PHONE]) {
    await tablet.setViewportSize(viewport)
    expect.soft(await axeViolations(tablet), `violazioni axe sulla vista del conflitto (${viewport.width} px)`).toEqual([])
  }
  await tablet.setViewportSize(DESKTOP)
  // keyboard only: the radio of the tablet's value, then 'Salva'
  await nome.getByRole('radio', { name: 'Mantieni la mia' }).focus()
  await tablet.keyboard.press('Space')
  await expect(nome.getByRole('radio', { name: 'Mantieni la mia' })).toBeChecked()
  await vista.getByRole('button', { name: 'Salva' }).focus()
  await tablet.keyboard.press('Enter')

  await expect.poll(async () => (await serverService(request, fac, idB)).nome, { timeout: 30_000 }).toBe(`${nomeB} tablet`)
  await expect(tablet.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 20_000 })
  await desktopCtx.close()
  await tabletCtx.close()
})
