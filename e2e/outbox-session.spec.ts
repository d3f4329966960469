/**
 * The outbox across server refusals and sessions (issue 3 point 6; reference/offline-field-systems.md §2
 * #11 and #16; ARCHITECTURE.md "The offline outbox" points 4, 6, 8): a write the server refuses as invalid
 * needs attention and stays editable/exportable/discardable-with-confirmation; a full device keeps the
 * form; a 401 in the middle of the queue pauses it until the user logs in again; two users on one browser
 * never see or send each other's operations; a role switch does not change the profile a queued write
 * is sent with.
 */
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, USERS, chooseProfile, isInApp, jwtPayload, login, profileDialog, readIdToken, waitForServiceWorkerControl } from './helpers'
import { DATA_SERVIZIO, actorOf, citizensOf, documentNumber, servicesNamed } from './field-api'
import { addCitizenUI, citizenRows, closeToasts, createServiceUI, tick, waitForFieldData } from './field-ui'
import {
  WriteGate, changeRoleUI, installStorageFullSwitch, isCitizenAdd, isServiceCreate, logoutUI, openSyncCentre, setStorageFull, syncEntries,
  syncEntry, syncIndicator, tokenSubject,
} from './session-steps'

test.use({ viewport: DESKTOP })

/** Matteo De Luca, facilitator of 'Lazio Digitale Latina' (a second FAC on the same tablet). */
const FAC_B = 'DLCMTT95C15A662J'
/** Profile labels of Alessandro Rossi in 'Scegli il ruolo'. */
const FAC_PROFILE = /facilitatore/i
const REG_PROFILE = /gestore.*programma|RFD-2024-LAZ/i

/** Logged in as the facilitator, on the services list (the field bootstrap reached the device). */
async function facOnServices(page: Page, cf: string = USERS.fac.cf): Promise<void> {
  await login(page, cf)
  const dialog = profileDialog(page)
  if (await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false)) await chooseProfile(page, FAC_PROFILE)
  await waitForServiceWorkerControl(page)
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await waitForFieldData(page, cf)
}

test('#11 server refuses a queued service as invalid: needs attention, exportable, discard asks first, fixed and sent once', async ({ page, request }) => {
  test.setTimeout(120_000)
  const marker = 'NOME NON VALIDO'
  const nome = `Sportello rifiutato ${Date.now()}`
  const fixed = nome.replace('rifiutato', 'corretto')
  const refusal = { errorCode: 'G02', message: 'Dati non validi: il nome del servizio contiene parole non ammesse' }
  const gate = await WriteGate.install(page, (w) => {
    const servizio = w.body.nomeServizio
    return isServiceCreate(w) && typeof servizio === 'string' && servizio.includes(marker) ? { status: 400, body: refusal } : 'pass'
  })
  await facOnServices(page)
  const fac = await actorOf(page, request, 'FAC')

  await createServiceUI(page, { nome: `${nome} ${marker}` })
  await expect.poll(() => gate.writes.filter(isServiceCreate).length).toBeGreaterThanOrEqual(1)
  await expect(page.getByText('RICHIEDE ATTENZIONE').first()).toBeVisible({ timeout: 15_000 })
  await expect(syncIndicator(page)).toHaveAccessibleName(/1 da verificare/)

  await openSyncCentre(page)
  const group = page.locator('main section').filter({ has: page.getByRole('heading', { name: /^Richiede attenzione \(1\)/ }) })
  await expect(group).toBeVisible()
  const card = syncEntry(group, new RegExp(nome))
  await expect(card).toBeVisible()
  await expect(card).toContainText('Richiede attenzione')
  await expect(card).toContainText(refusal.message)
  await expect(card).toContainText('G02')

  // exportable: the downloaded JSON holds the refused entry
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Esporta (JSON)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^punto-digitale-operazioni-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as { entries: { kind: string; status: string; payload: { servizio?: { nomeServizio?: string } }; lastError?: { message: string } }[] }
  const entry = exported.entries.find((e) => e.payload.servizio?.nomeServizio?.includes(nome))
  expect(entry, 'operazione nel file esportato').toBeTruthy()
  expect(entry?.status).toBe('attention')
  expect(entry?.lastError?.message).toContain(refusal.message)
  await expect(page.getByRole('status').filter({ hasText: /scaricato/ })).toBeVisible()

  // discard asks first; 'Annulla' keeps the entry
  await card.getByRole('button', { name: /^Elimina/ }).click()
  const discard = page.getByRole('dialog', { name: /Eliminare l.operazione/ })
  await expect(discard).toBeVisible()
  await expect(discard).toContainText('andranno persi')
  await discard.getByRole('button', { name: 'Annulla' }).click()
  await expect(discard).toBeHidden()
  await expect(card).toBeVisible()

  // 'Riprova' unchanged: refused again, still needs attention, nothing on the server
  await card.getByRole('button', { name: /^Riprova/ }).click()
  await expect.poll(() => gate.writes.filter((w) => isServiceCreate(w) && w.outcome === 'answered').length).toBe(2)
  await expect(card).toContainText('Richiede attenzione')
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // fixed in 'Modifica': back in the queue and sent once
  await card.getByRole('button', { name: /^Modifica/ }).click()
  const edit = page.getByRole('dialog', { name: 'Modifica operazione' })
  await expect(edit).toBeVisible()
  const field = edit.getByRole('textbox', { name: 'Nome servizio', exact: true })
  await expect(field).toHaveValue(`${nome} ${marker}`)
  await field.fill(fixed)
  await edit.getByRole('button', { name: 'Salva' }).click()
  await expect(edit).toBeHidden()
  await expect.poll(async () => (await servicesNamed(request, fac, fixed)).length, { timeout: 15_000 }).toBe(1)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 15_000 })
  const sent = gate.passed(isServiceCreate)
  expect(sent, 'creazioni arrivate al server').toHaveLength(1)
  expect(sent[0]?.body.nomeServizio).toBe(fixed)
  expect(sent[0]?.status).toBeLessThan(300)
  // each refused attempt had its own key, the accepted one a new one
  expect(new Set(gate.writes.filter(isServiceCreate).map((w) => w.idempotencyKey)).size).toBe(3)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)
})

test('#16 storage full: creating a service says so in Italian, keeps the form, and saves once space is back', async ({ page, request }) => {
  test.setTimeout(90_000)
  await installStorageFullSwitch(page)
  const gate = await WriteGate.install(page)
  await facOnServices(page)
  const fac = await actorOf(page, request, 'FAC')
  const nome = `Sportello memoria piena ${Date.now()}`

  await page.getByRole('link', { name: 'Crea servizio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Crea servizio' })).toBeVisible()
  const main = page.locator('main')
  await main.getByRole('textbox', { name: 'Nome', exact: true }).fill(nome)
  const sede = main.getByRole('combobox', { name: 'Sede', exact: true })
  if (await sede.isEnabled()) await sede.selectOption({ index: 1 })
  await main.getByRole('textbox', { name: 'Data', exact: true }).fill(DATA_SERVIZIO)
  await main.getByRole('textbox', { name: 'Durata', exact: true }).fill('1:30')
  await tick(main, 'Facilitazione individuale')
  await tick(main, 'Sicurezza')
  const competenza = main.getByRole('group', { name: /Sicurezza/ }).getByRole('checkbox').first()
  await main.locator(`label[for="${await competenza.getAttribute('id')}"]`).click()
  await tick(main, 'App IO')
  await main.getByLabel(/Descrivi i dettagli del servizio/).fill('Attivazione di SPID e dell’app IO')
  await closeToasts(page)

  await setStorageFull(page, true)
  await main.getByRole('button', { name: 'Crea servizio' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /Memoria del dispositivo piena/i }).first()).toBeVisible()
  await expect(page.getByText(/Libera spazio sul dispositivo/).first()).toBeVisible()
  // still on the form, with what was typed
  await expect(page.getByRole('heading', { level: 1, name: 'Crea servizio' })).toBeVisible()
  await expect(main.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(nome)
  await expect(main.getByRole('textbox', { name: 'Durata', exact: true })).toHaveValue('1:30')
  await expect(main.getByLabel(/Descrivi i dettagli del servizio/)).toHaveValue('Attivazione di SPID e dell’app IO')
  expect(gate.writes.filter(isServiceCreate)).toHaveLength(0)

  await setStorageFull(page, false)
  await closeToasts(page)
  await main.getByRole('button', { name: 'Crea servizio' }).click()
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible({ timeout: 15_000 })
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 15_000 }).toBe(1)
  expect(gate.passed(isServiceCreate)).toHaveLength(1)
})

test('401 in the middle of the queue: paused with "nessun dato andrà perso", sent once after logging in again', async ({ page, context, request }) => {
  test.setTimeout(150_000)
  const gate = await WriteGate.install(page)
  await facOnServices(page)
  const fac = await actorOf(page, request, 'FAC')
  const stamp = Date.now()
  const names = [`Sportello coda A ${stamp}`, `Sportello coda B ${stamp}`, `Sportello coda C ${stamp}`]

  await context.setOffline(true)
  for (const nome of names) await createServiceUI(page, { nome })
  await expect(syncIndicator(page)).toHaveAccessibleName(/3 in attesa/)

  // the first write goes through; then the session is revoked: every write with a token issued before the
  // new login (refreshed ones included) answers 401
  let firstKey: string | null = null
  let reloginAt = Number.POSITIVE_INFINITY
  gate.mode = (w) => {
    firstKey ??= w.idempotencyKey
    if (w.idempotencyKey === firstKey) return 'pass'
    const iat = Number(jwtPayload(w.authToken ?? '').iat ?? 0) * 1000
    return iat >= reloginAt ? 'pass' : { status: 401, body: { errorCode: 'A01', message: 'Sessione non valida' } }
  }
  await context.setOffline(false)
  const alert = page.getByRole('alert').filter({ hasText: 'La sessione è scaduta' })
  await expect(alert).toBeVisible({ timeout: 20_000 })
  await expect(alert).toContainText('Nessun dato andrà perso')
  // the queue paused at the refused one: the third was never tried
  await expect.poll(async () => (await servicesNamed(request, fac, `${stamp}`)).length).toBe(1)
  const refusedKeys = new Set(gate.writes.filter((w) => w.outcome === 'answered').map((w) => w.idempotencyKey))
  expect(refusedKeys.size, 'operazioni provate con 401').toBe(1)
  // (the refused one may be tried again by each forced trigger — network back, Background Sync — but never another)
  expect(gate.writes.filter((w) => w.outcome === 'answered').length).toBeLessThanOrEqual(4)
  // after a reload the same revoked session is refused again: still paused, the alert is back
  await openSyncCentre(page)
  await expect(page.getByRole('heading', { name: /In pausa: accesso richiesto \(2\)/ })).toBeVisible()
  await expect(alert).toBeVisible({ timeout: 20_000 })
  expect(await servicesNamed(request, fac, `${stamp}`)).toHaveLength(1)

  // log in again from the alert
  await alert.getByRole('button', { name: 'Accedi' }).click()
  const modal = page.getByRole('dialog', { name: 'Accedi di nuovo' })
  await expect(modal).toBeVisible()
  await page.waitForTimeout(1_100) // token iat has a 1 s resolution
  reloginAt = Math.floor(Date.now() / 1000) * 1000
  await modal.getByRole('button', { name: /Entra con SPID/ }).or(modal.getByRole('link', { name: /Entra con SPID/ })).first().click()
  // the provider may still hold a session (single sign-on, no form) or ask for the identity again
  const cfField = page.getByLabel('Codice fiscale')
  await expect.poll(async () => (await cfField.isVisible()) || isInApp(page.url()) && !(await modal.isVisible()), { timeout: 30_000 }).toBe(true)
  if (await cfField.isVisible()) {
    await cfField.fill(USERS.fac.cf)
    await page.getByRole('button', { name: 'Entra', exact: true }).click()
  }
  await page.waitForURL((u) => !u.pathname.startsWith('/oidc') && !/^\/auth(\/|$)/.test(u.pathname), { timeout: 30_000 })

  await expect.poll(async () => (await servicesNamed(request, fac, `${stamp}`)).length, { timeout: 20_000 }).toBe(3)
  for (const [key, n] of Object.entries(gate.passedPerKey(isServiceCreate))) expect(n, `invii della chiave ${key}`).toBe(1)
  expect(gate.passed(isServiceCreate)).toHaveLength(3)
  await openSyncCentre(page)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('alert').filter({ hasText: 'La sessione è scaduta' })).toHaveCount(0)
})

test('two users on one browser: B never sees or sends A\'s operations; A\'s are sent once, as A, at A\'s next login', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  const gate = await WriteGate.install(page)
  await facOnServices(page)
  const facA = await actorOf(page, request, 'FAC')
  const nome = `Sportello di Sara ${Date.now()}`

  await context.setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { documento: documentNumber() })
  await expect(citizenRows(page)).toHaveCount(1)
  // back online, but A's writes do not get through (the logout must happen online: see the offline-logout test)
  gate.mode = 'abort'
  await context.setOffline(false)
  await expect.poll(() => gate.writes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  await logoutUI(page, { unsent: 2 })
  expect(gate.passed()).toHaveLength(0)
  gate.mode = 'pass'
  const beforeB = gate.writes.length

  // B on the same browser
  await facOnServices(page, FAC_B)
  await expect(page.locator('main')).not.toContainText(nome)
  await openSyncCentre(page)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible()
  await expect(syncEntries(page)).toHaveCount(0)
  await expect(syncIndicator(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Sincronizza ora' }).click()
  await expect(page.getByTestId('sync-message')).toContainText('Tutto è già sincronizzato')
  expect(gate.writes.slice(beforeB), 'scritture inviate durante la sessione di B').toHaveLength(0)
  expect(await servicesNamed(request, facA, nome)).toHaveLength(0)
  await logoutUI(page)

  // A again, online: sent once, as A
  await facOnServices(page)
  await expect.poll(async () => (await servicesNamed(request, facA, nome)).length, { timeout: 20_000 }).toBe(1)
  const [servizio] = await servicesNamed(request, facA, nome)
  await expect.poll(async () => (await citizensOf(request, facA, servizio!.id)).numeroCittadini, { timeout: 15_000 }).toBe(1)
  expect(gate.passed()).toHaveLength(2)
  for (const n of Object.values(gate.passedPerKey())) expect(n).toBe(1)
  // the service was sent with the key A's device had already tried before the logout
  expect(gate.writes.slice(0, beforeB).map((x) => x.idempotencyKey)).toContain(gate.passed(isServiceCreate)[0]?.idempotencyKey)
  for (const w of gate.passed()) {
    expect(tokenSubject(w.authToken)).toBe(USERS.fac.cf)
    expect(w.userRole).toBe('FAC')
    expect(w.body).toMatchObject(facA.ids)
  }
  expect(tokenSubject(await readIdToken(page))).toBe(USERS.fac.cf)
})

test('role switch between queueing and replay: the writes are sent with the FAC profile they were made in', async ({ page, context, request }) => {
  test.setTimeout(180_000)
  const gate = await WriteGate.install(page)
  await login(page, USERS.multi.cf)
  await chooseProfile(page, FAC_PROFILE)
  await waitForServiceWorkerControl(page)
  const fac = await actorOf(page, request, 'FAC')
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await waitForFieldData(page, USERS.multi.cf)
  const nome = `Sportello Milano ${Date.now()}`

  await context.setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { documento: documentNumber() })
  await expect(citizenRows(page)).toHaveCount(1)

  // back online with the writes held
  gate.mode = 'abort'
  await context.setOffline(false)
  await expect.poll(() => gate.writes.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
  await changeRoleUI(page, REG_PROFILE)
  await expect(page.locator('header')).toContainText(/Programma/)
  expect(gate.passed()).toHaveLength(0)

  // writes let through: replayed as FAC, with the FAC profile's ids
  gate.mode = 'pass'
  await context.setOffline(true)
  await context.setOffline(false)
  // both through and answered (a write is recorded as it leaves, its status when the server's answer is back)
  await expect.poll(() => gate.passed((w) => w.status !== null).length, { timeout: 45_000 }).toBe(2)
  for (const w of gate.passed()) {
    expect(w.userRole, `${w.method} ${w.path}`).toBe('FAC')
    expect(w.body, `${w.method} ${w.path}`).toMatchObject(fac.ids)
    expect(w.status).toBeLessThan(300)
  }
  expect(gate.passed(isServiceCreate)).toHaveLength(1)
  expect(gate.passed(isCitizenAdd)).toHaveLength(1)
  for (const n of Object.values(gate.passedPerKey())) expect(n).toBe(1)
  const found = await servicesNamed(request, fac, nome)
  expect(found).toHaveLength(1)
  expect((await citizensOf(request, fac, found[0]!.id)).numeroCittadini).toBe(1)
})

test('logout while offline, then another user logs in online: the provider asks who is logging in', async ({ page, context }) => {
  // An offline logout cannot reach the provider's end-session page: the app remembers it and the next
  // login asks the provider for its form again (prompt=login), so nobody is signed in as the previous user.
  test.setTimeout(90_000)
  await facOnServices(page)
  await context.setOffline(true)
  await logoutUI(page, { offline: true })
  await context.setOffline(false)

  await page.getByRole('link', { name: 'Accedi' }).or(page.getByRole('button', { name: 'Accedi' })).first().click()
  await expect(page).toHaveURL(/\/auth(?:[/?#]|$)/)
  await page.getByRole('button', { name: /Entra con SPID/ }).or(page.getByRole('link', { name: /Entra con SPID/ })).first().click()
  await expect(page.getByLabel('Codice fiscale'), 'il provider chiede di nuovo l\'identità').toBeVisible({ timeout: 15_000 })
  // …and the next person completes the login as themselves
  await page.getByLabel('Codice fiscale').fill(USERS.dtd.cf)
  await page.getByRole('button', { name: 'Entra', exact: true }).click()
  await page.waitForURL((u) => isInApp(u.href), { timeout: 30_000 })
  await expect(page.getByRole('button', { name: new RegExp(`Menu utente di ${USERS.dtd.nome} ${USERS.dtd.cognome}`) })).toBeVisible({ timeout: 20_000 })
})
