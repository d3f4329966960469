/**
 * Issue 24 point 7, "A 401 at reconnect throws the facilitator out without a word": offline, the facilitator
 * creates a service and adds a citizen; meanwhile the ID token expires and the provider refuses the refresh.
 * Back online she stays where she was: the alert says the session expired and "Nessun dato andrà perso",
 * the sync centre is reachable and shows the queue 'In pausa: accesso richiesto'; after logging in again
 * from the alert everything is sent, once. A token whose signature the server rejects ends the session
 * here, with the app's own message, never on the provider's end-session page with that token as hint.
 */
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, PG_JOURNEY, USERS, chooseProfile, expectNoA11yViolations, isInApp, login, profileDialog, waitForServiceWorkerControl } from './helpers'
import { actorOf, citizensOf, documentNumber, servicesNamed } from './field-api'
import { addCitizenUI, citizenRows, createServiceUI, waitForFieldData } from './field-ui'
import { WriteGate, isCitizenAdd, isServiceCreate, openSyncCentre, syncIndicator, type RecordedWrite } from './session-steps'

test.use({ viewport: DESKTOP })

/** Logged in as the facilitator, on the services list (the field bootstrap reached the device). */
async function facOnServices(page: Page): Promise<void> {
  await login(page, USERS.fac.cf)
  const dialog = profileDialog(page)
  if (await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false)) await chooseProfile(page, /facilitatore/i)
  await waitForServiceWorkerControl(page)
  await page.goto('/area-amministrativa/servizi')
  await expect(page.getByRole('heading', { level: 1, name: 'Elenco servizi' })).toBeVisible()
  await waitForFieldData(page, USERS.fac.cf)
}

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url')

/**
 * Rewrites the stored ID token with a new payload (the signature no longer matches: the server refuses
 * it, 401 A08) and, with `expired`, the stored lifetime as over.
 */
async function forgeStoredToken(page: Page, payload: (p: Record<string, unknown>) => Record<string, unknown>, expired: boolean): Promise<void> {
  const raw = await page.evaluate(() => localStorage.getItem('pd.auth'))
  const auth = JSON.parse(raw ?? 'null') as { id_token: string; session_timestamp: number; expires_in: number }
  const [header, body, signature] = auth.id_token.split('.')
  const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>
  const forged = { ...auth, id_token: `${header}.${b64url(payload(claims))}.${signature}` }
  if (expired) forged.session_timestamp = Date.now() - (auth.expires_in + 120) * 1000
  await page.evaluate((value) => localStorage.setItem('pd.auth', value), JSON.stringify(forged))
}

const alertOf = (page: Page) => page.getByRole('alert').filter({ hasText: 'La sessione è scaduta' })

test('offline work, token expired and refresh refused: she stays in the app, the queue pauses, a new login sends it once', PG_JOURNEY, async ({ page, context, request }) => {
  test.setTimeout(180_000)
  const gate = await WriteGate.install(page)
  await facOnServices(page)
  const fac = await actorOf(page, request, 'FAC')
  const nome = `Sportello sessione scaduta ${Date.now()}`

  // offline work: a service and a citizen
  await context.setOffline(true)
  await createServiceUI(page, { nome })
  await page.getByRole('link', { name: 'Cittadini', exact: true }).click()
  await addCitizenUI(page, { documento: documentNumber() })
  await expect(citizenRows(page)).toHaveCount(1)
  await expect(syncIndicator(page)).toHaveAccessibleName(/2 in attesa/)
  const where = new URL(page.url()).pathname

  // meanwhile the token expired, and the provider refuses the refresh
  const now = Math.floor(Date.now() / 1000)
  await forgeStoredToken(page, (c) => ({ ...c, iat: now - 3720, exp: now - 120 }), true)
  await page.route('**/oidc/token', async (route) => {
    if (!(route.request().postData() ?? '').includes('grant_type=refresh_token')) return route.fallback()
    return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }) })
  })

  // back online: still in the app, on the same page, with the alert
  await context.setOffline(false)
  const alert = alertOf(page)
  await expect(alert).toBeVisible({ timeout: 20_000 })
  await expect(alert).toContainText('Nessun dato andrà perso')
  expect(new URL(page.url()).pathname).toBe(where)
  await expect(citizenRows(page)).toHaveCount(1)
  // the expired token was refused (the first write found out), nothing was applied, nothing was lost; the
  // alert may show before the refused write's answer is recorded (the refresh fails first): wait for it
  const sending = (w: RecordedWrite) => (isServiceCreate(w) || isCitizenAdd(w)) && w.status === null
  await expect.poll(() => gate.passed(sending).length, { timeout: 15_000 }).toBe(0)
  expect(gate.passed((w) => isServiceCreate(w) || isCitizenAdd(w)).filter((w) => w.status !== 401)).toHaveLength(0)
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // the sync centre is reachable (from the alert) and shows the paused queue
  await alert.getByRole('link', { name: 'Vedi le operazioni in attesa' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sincronizzazione' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('heading', { name: /In pausa: accesso richiesto \(2\)/ })).toBeVisible({ timeout: 15_000 })
  await expect(alertOf(page)).toBeVisible()
  await expectNoA11yViolations(page, 'centro di sincronizzazione con la sessione scaduta')
  // after a reload too (the expired state is kept on the device)
  await page.reload()
  await expect(page.getByRole('heading', { name: /In pausa: accesso richiesto \(2\)/ })).toBeVisible({ timeout: 20_000 })
  await expect(alertOf(page)).toBeVisible()
  expect(await servicesNamed(request, fac, nome)).toHaveLength(0)

  // log in again from the alert
  await alertOf(page).getByRole('button', { name: 'Accedi' }).click()
  const modal = page.getByRole('dialog', { name: 'Accedi di nuovo' })
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: /Entra con SPID/ }).or(modal.getByRole('link', { name: /Entra con SPID/ })).first().click()
  // the provider may still hold a session (single sign-on, no form) or ask for the identity again
  const cfField = page.getByLabel('Codice fiscale')
  await expect.poll(async () => (await cfField.isVisible()) || isInApp(page.url()) && !(await modal.isVisible()), { timeout: 30_000 }).toBe(true)
  if (await cfField.isVisible()) {
    await cfField.fill(USERS.fac.cf)
    await page.getByRole('button', { name: 'Entra', exact: true }).click()
  }
  await page.waitForURL((u) => !u.pathname.startsWith('/oidc') && !/^\/auth(\/|$)/.test(u.pathname), { timeout: 30_000 })

  // sent once each
  await expect.poll(async () => (await servicesNamed(request, fac, nome)).length, { timeout: 30_000 }).toBe(1)
  const [servizio] = await servicesNamed(request, fac, nome)
  await expect.poll(async () => (await citizensOf(request, fac, servizio!.id)).cittadini.length, { timeout: 30_000 }).toBe(1)
  // accepted once each (the attempt refused with the expired token aside)
  const accepted = (w: RecordedWrite) => (isServiceCreate(w) || isCitizenAdd(w)) && w.status !== 401
  expect(gate.passed(accepted).filter(isServiceCreate)).toHaveLength(1)
  for (const [key, n] of Object.entries(gate.passedPerKey(accepted))) expect(n, `invii della chiave ${key}`).toBe(1)
  await openSyncCentre(page)
  await expect(page.getByText('Tutte le operazioni sono state inviate')).toBeVisible({ timeout: 15_000 })
  await expect(alertOf(page)).toHaveCount(0)
})

test('a token whose signature the server rejects: the local session ends with the app\'s message, never on the provider\'s end-session page', async ({ page }) => {
  test.setTimeout(90_000)
  await facOnServices(page)
  const visited: string[] = []
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) visited.push(f.url())
  })
  // same claims, still within their lifetime, but a signature that does not match them
  await forgeStoredToken(page, (c) => ({ ...c, jti: 'alterato' }), false)
  await page.reload()
  const toast = page.getByText('Il server non ha accettato le credenziali di accesso', { exact: false })
  await expect(toast).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('SESSIONE NON VALIDA')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('pd.auth'))).toBeNull()
  expect(isInApp(page.url())).toBe(true)
  expect(visited.filter((u) => /session\/end|end_session|id_token_hint/.test(u))).toEqual([])
  await expect(page.getByText('could not validate id_token_hint')).toHaveCount(0)
  await expectNoA11yViolations(page, 'sessione non valida: messaggio dell\'app')
})
